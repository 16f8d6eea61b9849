/**
 * The languages Refactoring Lens reads: ONE table from file extensions to language modules, and
 * `parseFile`, the single API the rest of the code uses to turn a file into its CST.
 * Adding a language: one module (a LanguageSpec) and one row here.
 */
import type { FileCst } from '../core/cst';
import { buildFileCst } from './builder';
import { c, cHeader } from './c';
import { cpp } from './cpp';
import { go } from './go';
import { csharp } from './csharp';
import { java } from './java';
import { javascript } from './javascript';
import { kotlin } from './kotlin';
import { php } from './php';
import { python } from './python';
import { ruby } from './ruby';
import { rust } from './rust';
import type { LanguageSpec } from './spec';
import { withTree } from './treesitter';
import { tsx, typescript } from './typescript';

const table: Array<[LanguageSpec, string[]]> = [
  [java, ['.java']],
  [javascript, ['.js', '.mjs', '.cjs', '.jsx']],
  [python, ['.py']],
  [c, ['.c']],
  [cHeader, ['.h']], // the same language, with prototypes as functions
  [typescript, ['.ts', '.mts', '.cts']],
  [tsx, ['.tsx']],
  [go, ['.go']],
  [csharp, ['.cs']],
  [kotlin, ['.kt', '.kts']],
  [rust, ['.rs']],
  [cpp, ['.cpp', '.cc', '.cxx', '.hpp', '.hh', '.hxx']],
  [php, ['.php']],
  [ruby, ['.rb']],
];

export { ParseCancelled, parserRuntimeBroken, startParserRuntime } from './treesitter';

/** Files with these endings are generated, not written: never analysed. */
const skippedEndings = ['.min.js'];

const byExtension = new Map(table.flatMap(([spec, extensions]) => extensions.map((extension) => [extension, spec] as const)));
const byId = new Map([...table].reverse().map(([spec]) => [spec.id, spec])); // the first module of an id

/** Ids of every supported language, in table order. */
export const languageIds: readonly string[] = [...new Set(table.map(([spec]) => spec.id))];

function specOf(path: string): LanguageSpec | undefined {
  const lower = path.toLowerCase();
  if (skippedEndings.some((ending) => lower.endsWith(ending))) return undefined;
  const dot = lower.lastIndexOf('.');
  if (dot <= lower.lastIndexOf('/')) return undefined;
  return byExtension.get(lower.slice(dot));
}

/** The language id of a path ('java', 'javascript', ...), undefined when no language reads it. */
export function languageOf(path: string): string | undefined {
  return specOf(path)?.id;
}

/** The language module of an id, undefined when there is none. */
export function languageSpec(id: string): LanguageSpec | undefined {
  return byId.get(id);
}

/**
 * The CST of one file. `path` (relative, '/' separators) decides the language and goes into every
 * location; syntax errors do not throw (the recovered nodes are returned and `errors` counts them).
 */
export async function parseFile(path: string, text: string, options: { deadline?: number } = {}): Promise<FileCst> {
  const spec = specOf(path);
  if (!spec) throw new Error(`no language reads ${path}`);
  try {
    return await withTree(spec.grammar, text, (tree) => buildFileCst(tree, text, path, spec), options.deadline);
  } catch (error) {
    throw new Error(`cannot parse ${path} as ${spec.id}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
