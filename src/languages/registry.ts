/**
 * The languages Refactoring Lens reads: ONE table from file extensions to language modules, and
 * `parseFile`, the single API the rest of the code uses to turn a file into its CST.
 * Adding a language: one module (a LanguageSpec) and one row here.
 */
import type { ArgumentFitRules, FileCst } from '../core/cst';
import { buildFileCst } from './builder';
import { c, cHeader } from './c';
import { cpp } from './cpp';
import { go } from './go';
import { csharp } from './csharp';
import { java } from './java';
import { javascript } from './javascript';
import { kotlin } from './kotlin';
import { lua } from './lua';
import { php } from './php';
import { python } from './python';
import { ruby } from './ruby';
import { rust } from './rust';
import { scala } from './scala';
import type { LanguageSpec } from './spec';
import { withTree } from './treesitter';
import type { ComparableTypeRules } from './type-aliases';
import { comparableType } from './type-spelling';
import { tsx, typescript } from './typescript';

/** A language the text of a file may be written in instead of its extension's, and what its parse must show to be taken (see parseFile). */
interface Instead {
  spec: LanguageSpec;
  /** Whether to try this language, given the text and its parse in the extension's (which has syntax errors); always when absent. */
  worthTrying?(own: FileCst, text: string): boolean;
  /** Whether the text is in this language, given its parse here (which has fewer syntax errors) and in the extension's. */
  fits(cst: FileCst, own: FileCst): boolean;
  /** The extension is this language's too (`.h` of C++): reading the file in it is no surprise to tell the user. */
  shared?: boolean;
  /**
   * Whether to read the text in this language before the extension's (in place of worthTrying): a
   * clean parse here that fits (`fits` is then given this parse as `own` too, so it must not need
   * the other) is taken without the extension's, which the text would only make recover from
   * errors. A text for which it is false is not tried in this language at all.
   */
  readFirst?(text: string): boolean;
  /**
   * With readFirst: a parse here that fits is taken even with syntax errors, the extension's not
   * parsed at all. For a language whose fit is what the extension's cannot read (a class, a
   * namespace), over which the extension's parse only recovers from more errors.
   */
  fitDecides?: boolean;
}

/** A line that opens a class or a namespace (a `template<…>` before it or not). */
const opensClassOrNamespace = (text: string) => /^[ \t]*(?:template\s*<[^>\n]*>\s*)?(?:class|namespace)\b/m.test(text);

/**
 * A `.h` header is C++ when it opens a class or a namespace and the C++ parse finds one: what C
 * has not. A C header full of macros, which opens neither, parses badly in both (tmux.h: 141 errors
 * as C, 54 as C++) and stays C, whose reading of it (prototypes as functions) is the one that tells most.
 */
const cppHeader: Instead = {
  spec: cpp,
  shared: true,
  // only a header with such a line, else the C++ parse cannot fit (trying every header cost c-refdiff
  // 14 % more time), and it first: C cannot parse a class or a namespace cleanly, and its error
  // recovery over C++ text is the slow part (fmt's headers: 623 ms as C, 271 ms as C++)
  readFirst: opensClassOrNamespace,
  // and taken when that parse finds one, with syntax errors too (macros): C, reading neither, has
  // more (fmt's format.h: 99 as C++, 2,421 as C), and was parsed only to say so
  fitDecides: true,
  fits: (cst) => cst.nodes.some((n) => n.kind === 'class' || n.kind === 'namespace'),
};

/**
 * Java and Kotlin text under each other's extension: the extension's language reads little of it
 * (more syntax errors than declarations: Kotlin text read as Java gave 359 errors and 5
 * declarations), and the other parses it cleanly, finding at least as many. A Java file with a
 * typo is no Kotlin file, though the Kotlin grammar, more lenient, may stumble less over it.
 */
const jvmPort = (spec: LanguageSpec): Instead => ({
  spec,
  worthTrying: (own) => own.errors > own.nodes.length,
  fits: (cst, own) => cst.errors === 0 && cst.nodes.length >= own.nodes.length,
});

/**
 * Extension → language, and the languages the text may be written in instead: a Kotlin port
 * committed under the old `.java` name (or Java text renamed to `.kt` before its conversion), C++
 * in a `.h` header. Such a file is read in the language that parses it markedly better, so that
 * both sides of a rename read alike.
 */
const table: Array<[LanguageSpec, string[], Instead[]?]> = [
  [java, ['.java'], [jvmPort(kotlin)]],
  [javascript, ['.js', '.mjs', '.cjs', '.jsx']],
  [python, ['.py']],
  [c, ['.c']],
  [cHeader, ['.h'], [cppHeader]], // the same language, with prototypes as functions
  [typescript, ['.ts', '.mts', '.cts']],
  [tsx, ['.tsx']],
  [go, ['.go']],
  [csharp, ['.cs']],
  [kotlin, ['.kt', '.kts'], [jvmPort(java)]],
  [rust, ['.rs']],
  [cpp, ['.cpp', '.cc', '.cxx', '.hpp', '.hh', '.hxx']],
  [php, ['.php']],
  [ruby, ['.rb']],
  [scala, ['.scala', '.sc']],
  [lua, ['.lua']],
];

export { ParseCancelled, parserRuntimeBroken, startParserRuntime } from './treesitter';

/** Files with these endings are generated, not written: never analysed. */
const skippedEndings = ['.min.js'];

const byExtension = new Map(table.flatMap(([spec, extensions]) => extensions.map((extension) => [extension, spec] as const)));
const insteadOf = new Map(table.map(([spec, , instead]) => [spec, instead ?? []]));
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

const names: Record<string, string> = {
  c: 'C', cpp: 'C++', csharp: 'C#', go: 'Go', java: 'Java', javascript: 'JavaScript', kotlin: 'Kotlin', lua: 'Lua',
  php: 'PHP', python: 'Python', ruby: 'Ruby', rust: 'Rust', scala: 'Scala', typescript: 'TypeScript',
};

/** How a user names a language: 'C++' for 'cpp'. */
export function languageName(id: string): string {
  return names[id] ?? id;
}

/**
 * A file read in another language than its extension names, where that is worth telling: Kotlin
 * under `.java`, not C++ in a `.h` header. The language's user name when so, else undefined.
 */
export function surprisingLanguage(path: string, read: string): string | undefined {
  const spec = specOf(path);
  if (!spec || spec.id === read) return undefined;
  return insteadOf.get(spec)?.some((other) => other.spec.id === read && other.shared) ? undefined : languageName(read);
}

/** The language module of an id, undefined when there is none. */
export function languageSpec(id: string): LanguageSpec | undefined {
  return byId.get(id);
}

/** The languages' rules for typed call arguments (LanguageSpec.argumentFit), for assembleCst. */
export const argumentFitRules: ArgumentFitRules = (id) => byId.get(id)?.argumentFit;

/** The languages' comparable spellings of a parameter type (LanguageSpec.comparableType, else the shared one), for resolveTypeAliases. */
export const comparableTypeRules: ComparableTypeRules = (id) => byId.get(id)?.comparableType ?? comparableType;

/**
 * The CST of one file. `path` (relative, '/' separators) decides the language and goes into every
 * location; syntax errors do not throw (the recovered nodes are returned and `errors` counts them).
 * A file with syntax errors is parsed again in the languages its text may be in instead (see
 * `table`), and read in one of them when that parse has fewer errors and fits: a clean parse is
 * never second-guessed, and a file no language reads well stays in its extension's. A language
 * that reads such text first (`readFirst`: C++ for a header that opens a class) is taken at once
 * when its parse fits and is clean (or `fitDecides`), and otherwise compared as the others are,
 * not parsed again.
 */
export async function parseFile(path: string, text: string, options: { deadline?: number } = {}): Promise<FileCst> {
  const spec = specOf(path);
  if (!spec) throw new Error(`no language reads ${path}`);
  const early = new Map<Instead, FileCst>();
  for (const other of insteadOf.get(spec)!) {
    if (!other.readFirst?.(text)) continue;
    const cst = await parseAs(other.spec, path, text, options.deadline).catch(() => undefined);
    if (cst && (cst.errors === 0 || other.fitDecides) && other.fits(cst, cst)) return cst;
    if (cst) early.set(other, cst);
  }
  const started = performance.now();
  const own = await parseAs(spec, path, text, options.deadline);
  if (own.errors === 0) return own;
  // another grammar may be slow on text not its own: a few times what the extension's took, at most
  const deadline = Math.min(options.deadline ?? Infinity, performance.now() + OTHER_PARSE_BUDGET * (performance.now() - started) + 100);
  let best = own;
  for (const other of insteadOf.get(spec)!) {
    // one read first was parsed then, or not at all (readFirst false): it is not parsed again
    if (other.readFirst ? !early.has(other) : other.worthTrying && !other.worthTrying(own, text)) continue;
    const cst = early.get(other) ?? (await parseAs(other.spec, path, text, deadline).catch(() => undefined));
    if (cst && cst.errors < best.errors && other.fits(cst, own)) best = cst;
  }
  return best;
}

/** How many times the time of the extension's parse another language's may take (see parseFile). */
const OTHER_PARSE_BUDGET = 10;

async function parseAs(spec: LanguageSpec, path: string, text: string, deadline: number | undefined): Promise<FileCst> {
  try {
    const source = spec.prepare ? spec.prepare(text) : text;
    return await withTree(spec.grammar, source, (tree) => buildFileCst(tree, source, path, spec), deadline);
  } catch (error) {
    throw new Error(`cannot parse ${path} as ${spec.id}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
