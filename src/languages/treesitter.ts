/**
 * Loading web-tree-sitter: the runtime once per process, each grammar lazily once, one parser per
 * grammar reused for every file. The `.wasm` files are found beside the running bundle (dist/) and
 * otherwise in node_modules (tests run the TypeScript sources, where __dirname is src/languages).
 */
import TS = require('web-tree-sitter');
import { existsSync } from 'node:fs';
import path from 'node:path';

export type SyntaxTree = TS.Tree;
export type SyntaxNode = TS.Node;

/** Where a grammar comes from: the npm package that ships it and the file name of its wasm. */
export interface Grammar {
  package: string;
  wasm: string;
}

const runtime: Grammar = { package: 'web-tree-sitter', wasm: 'web-tree-sitter.wasm' };

let initialised: Promise<void> | undefined;
const parsers = new Map<string, Promise<TS.Parser>>();
/**
 * Set when the WebAssembly runtime trapped (its 64 KB stack overflows on some deeply nested
 * input, e.g. ~2,000 TypeScript `<a>` in a row). The trap leaves the runtime's memory and stack
 * pointer broken, for every grammar, and web-tree-sitter cannot be started again in the same
 * thread: parsing then fails at once, with this reason, instead of giving wrong trees or traps.
 */
let broken: string | undefined;

/** A parse cancelled at its deadline (the time budget of a commit). */
export class ParseCancelled extends Error {
  override name = 'ParseCancelled';
}

/** Why this thread can no longer parse (a trap of the WebAssembly runtime), if it cannot. */
export function parserRuntimeBroken(): string | undefined {
  return broken;
}

/** The path of a grammar's wasm file: next to this code (the bundle in dist/) first, then in its npm package. */
export function wasmPath(grammar: Grammar): string {
  const beside = path.join(__dirname, grammar.wasm);
  if (existsSync(beside)) return beside;
  try {
    return require.resolve(`${grammar.package}/${grammar.wasm}`);
  } catch (error) {
    throw new Error(`${grammar.wasm} is neither beside ${__dirname} nor in an installed package ${grammar.package}`, { cause: error });
  }
}

/** Starts the WebAssembly runtime ahead of the first parse (a worker kept warm for later jobs). */
export function startParserRuntime(): Promise<void> {
  return init();
}

function init(): Promise<void> {
  initialised ??= TS.Parser.init({ locateFile: () => wasmPath(runtime) }).catch((error: unknown) => {
    initialised = undefined;
    throw new Error(`cannot start web-tree-sitter: ${String(error)}`, { cause: error });
  });
  return initialised;
}

async function createParser(grammar: Grammar): Promise<TS.Parser> {
  await init();
  const file = wasmPath(grammar);
  let language: TS.Language;
  try {
    language = await TS.Language.load(file);
  } catch (error) {
    throw new Error(`cannot load grammar ${file}: ${String(error)}`, { cause: error });
  }
  return new TS.Parser().setLanguage(language);
}

/** The parser of a grammar, created on first use and reused afterwards. */
export function parserFor(grammar: Grammar): Promise<TS.Parser> {
  let parser = parsers.get(grammar.wasm);
  if (!parser) {
    parser = createParser(grammar);
    parsers.set(grammar.wasm, parser);
    parser.catch(() => parsers.delete(grammar.wasm));
  }
  return parser;
}

/**
 * Parses `text` and hands the tree to `use`; the tree is deleted afterwards (wasm memory is only
 * reclaimed by `delete`). Past `deadline` (a `performance.now()` value) the parse is cancelled
 * with a ParseCancelled.
 */
export async function withTree<T>(grammar: Grammar, text: string, use: (tree: TS.Tree) => T, deadline?: number): Promise<T> {
  const parser = await parserFor(grammar);
  if (broken !== undefined) throw new Error(`tree-sitter stopped working in this thread: ${broken}`);
  try {
    const options = deadline === undefined ? undefined : { progressCallback: () => performance.now() > deadline };
    const tree = parser.parse(text, null, options);
    if (!tree && deadline !== undefined && performance.now() > deadline) {
      parser.reset(); // a cancelled parse would otherwise resume on the next text
      throw new ParseCancelled(`parse stopped after ${text.length} characters: the time budget ran out`);
    }
    if (!tree) throw new Error(`tree-sitter returned no tree (${grammar.wasm})`);
    try {
      return use(tree);
    } finally {
      tree.delete();
    }
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) broken = `its WebAssembly runtime trapped (${error.message}) on a ${grammar.wasm.replace(/\.wasm$/, '')} file of ${text.length} characters`;
    throw error;
  }
}
