/**
 * Files of a commit that are copies of other files of the same commit: a tree mirrored by a script
 * (zod's `deno/lib/`, `src/` copied for Deno with its imports rewritten `./types` → `./types.ts`)
 * and a bundle concatenated from the sources beside it (d3's `d3.js`, `cat src/… > d3.js`: no
 * loader, no source map, not minified). Each refactoring of the sources is in the copy too, and
 * reporting it twice buries the commit's own; worse, when the sources move, the copy's files pair
 * with the new files in place of the originals. Told by the files of one commit alone (the rest of
 * the tree is not read): texts compared as sets of hashed runs of words, cheap keys (file names,
 * sizes, three samples) first.
 */
import { languageOf } from '../languages/registry';

/** A file of a side left out as a copy: why, and the files of the commit it copies. */
export interface Copy {
  path: string;
  detail: string;
  sources: string[];
}

/**
 * Folders tools write their output to (`dist/`, `build/`, `lib/` and `esm/` of a JavaScript
 * package built from `src/`, Deno's copy `deno/` or `deno_dist/`, `generated/`): of two mirrored
 * trees, the one under such a folder is the copy. `lib/` is a project's own sources as often, so it
 * only decides against a tree without one (`src/x.js` beside `lib/x.js`).
 */
const OUTPUT_FOLDER = /^(?:dist|build|out|lib|es|esm|cjs|umd|deno|deno_dist|gen|generated|target|compiled|_build)$/;
/** How much of the text of two mirrored files must be the same (their shingles, see `shingles`). */
const SAME_TEXT = 0.8;
/** How much of a source's text a bundle must hold. */
const HELD = 0.9;
/** How many times longer than each of its sources a bundle is. */
const BUNDLE_SIZE = 4;
/** A source this small (shingles: about as many words) tells no bundle: `d3.scale = {};` could be anywhere. */
const MIN_PART = 20;

/** A file of one side: its length (bytes or characters) and its text, read only when asked for. */
export interface FileText {
  path: string;
  length: number;
  text: () => string;
}

type Side = 'before' | 'after';

/** A file as compared, its words and, where they are compared, its shingles worked out when first needed. */
class Compared {
  private read?: Shingles;
  private scanned?: Shingles;
  private hashes?: number[];
  constructor(
    readonly path: string,
    readonly length: number,
    readonly text: () => string,
  ) {}
  get shingles(): Set<number> {
    return (this.read ??= shingles(this.text())).set;
  }
  /** Its words without the shingles: what most files of a large commit are only asked about. */
  private get words(): Shingles {
    return this.read ?? (this.scanned ??= shingles(this.text(), false));
  }
  /** How many words, numbers and strings it has: more than its shingles. */
  get wordCount(): number {
    return this.words.count;
  }
  /** The hashes of its longest words (see Shingles.longest). */
  get longestHashes(): number[] {
    return (this.hashes ??= this.words.longest.map(wordHash));
  }
  /** Whether the text has a word (by its hash) outside comments and strings: asked of a bundle for the longest words of each of its sources, a set lookup rather than a search of the text (a commit of thousands of files asks it millions of times). */
  hasWord(hash: number): boolean {
    return this.words.words.has(hash);
  }
  /** The hashes of its words (names) outside comments and strings. */
  get wordHashes(): ReadonlySet<number> {
    return this.words.words;
  }
}

/** The hash of one word, as `shingles` computes it. */
function wordHash(word: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

/** How many words in a row make one shingle of a text. */
const SHINGLE = 6;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * A text as compared: the set of its runs of six words (hashed), read without comments and with
 * string literals emptied, layout and punctuation aside. So a copy for another runtime that
 * rewrites its imports' paths (`from "./types"` → `from "./types.ts"`) is the same text, and so is
 * a bundle its builder reformatted (d3's `d3.js`: comments stripped, `var a = [],\n b = 0;` joined
 * on one line, redundant parentheses dropped). Words are identifiers and numbers; a string
 * literal (on one line, or a template) is one word `""`; comments are C's (`//`, `/* *\/`), read
 * in the same pass, so `"http://x"` is a string and `// don't` a comment. One pass over the
 * characters, nothing allocated but the set: every changed file of every commit is read so.
 */
export function shingles(text: string, withShingles = true): Shingles {
  const result = new Set<number>();
  const words = new Set<number>();
  const longest: string[] = [];
  const last: number[] = [];
  let count = 0;
  const add = (word: number) => {
    count++;
    if (!withShingles) return;
    last.push(word);
    if (last.length > SHINGLE) last.shift();
    if (last.length < SHINGLE) return;
    let h = FNV_OFFSET;
    for (const w of last) h = Math.imul(h ^ w, FNV_PRIME);
    result.add(h >>> 0);
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isWordStart(c) || isDigit(c)) {
      let h = FNV_OFFSET;
      const start = i;
      const digits = isDigit(c);
      while (i < n && (digits ? isDigit(text.charCodeAt(i)) : isWordStart(text.charCodeAt(i)) || isDigit(text.charCodeAt(i)))) {
        h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
        i++;
      }
      add(h >>> 0);
      if (!digits) words.add(h >>> 0);
      if (!digits && (longest.length < LONGEST || i - start > longest[LONGEST - 1].length)) keepLongest(longest, text.slice(start, i));
    } else if (c === 0x22 || c === 0x27 || c === 0x60) {
      // a string: to its closing quote, escapes skipped; a quote left open ends at the line's end (templates span lines)
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i += 2;
        else if (d === c) break;
        else if (d === 0x0a && c !== 0x60) break;
        else i++;
      }
      i++;
      add(EMPTY_STRING);
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? n : end;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else i++;
  }
  // a text shorter than a shingle is one
  if (withShingles && result.size === 0 && last.length > 0) {
    let h = FNV_OFFSET;
    for (const w of last) h = Math.imul(h ^ w, FNV_PRIME);
    result.add(h >>> 0);
  }
  return { set: result, longest, words, count };
}

/** The shingles of a text, and its longest words outside comments and strings (LONGEST of them, longest first). */
export interface Shingles {
  set: Set<number>;
  longest: string[];
  /** The hashes of its words (names, not numbers) outside comments and strings. */
  words: Set<number>;
  /** How many words, numbers and strings it has. */
  count: number;
}

/** How many of a text's longest words are looked for in a bundle before its shingles are worked out. */
const LONGEST = 3;

function keepLongest(longest: string[], word: string): void {
  if (longest.includes(word)) return;
  let at = longest.findIndex((w) => w.length < word.length);
  if (at === -1) at = longest.length;
  longest.splice(at, 0, word);
  if (longest.length > LONGEST) longest.pop();
}

/** Letters, `_` and `$` (JavaScript's identifiers), and any character past ASCII (names in other scripts). */
const isWordStart = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x24 || c > 0x7f;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** The word a string literal is read as. */
const EMPTY_STRING = 0x22;

/** How many of `a`'s shingles are in `b`. */
function shared(a: Set<number>, b: Set<number>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

const folder = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const segments = (path: string) => path.split('/');
/** The file name a path ends in (`jquery-ui-1.8.20.js` of `Scripts/jquery-ui-1.8.20.js`). */
export const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * Two paths of one file name as two trees: the folders before the longest common tail of folders
 * (`src/helpers/util.ts`, `deno/lib/helpers/util.ts` → `src`, `deno/lib`).
 */
function roots(a: string, b: string): [string, string] {
  const [x, y] = [segments(a), segments(b)];
  let k = 0;
  while (k < x.length && k < y.length && x[x.length - 1 - k] === y[y.length - 1 - k]) k++;
  return [x.slice(0, x.length - k).join('/'), y.slice(0, y.length - k).join('/')];
}

/**
 * Which of two trees is the copy: the one under an output folder when the other is not, else the
 * more deeply nested one (`android/guava/src` of `guava/src`), else neither (`v1/` and `v2/`
 * side by side: which was copied from which the paths cannot say). By the paths alone, so both
 * sides of a commit decide alike (deciding by text could keep one copy before and the other after:
 * a Move File between them).
 */
function copyOf(rootA: string, rootB: string): 'a' | 'b' | undefined {
  const [outA, outB] = [underOutput(rootA), underOutput(rootB)];
  if (outA !== outB) return outA ? 'a' : 'b';
  const depth = (root: string) => (root === '' ? 0 : segments(root).length);
  const [da, db] = [depth(rootA), depth(rootB)];
  return da === db ? undefined : da > db ? 'a' : 'b';
}

const underOutput = (root: string) => root !== '' && segments(root).some((s) => OUTPUT_FOLDER.test(s));

interface Mirror {
  copy: string;
  source: string;
  copyRoot: string;
  sourceRoot: string;
}

/**
 * Files of one side that are another file of the side under the same name in a mirrored tree,
 * their text nearly all the same (files of about the same size first).
 */
function mirrorsOf(texts: Compared[]): Mirror[] {
  const byName = new Map<string, Compared[]>();
  for (const t of texts) {
    const name = fileName(t.path);
    byName.set(name, [...(byName.get(name) ?? []), t]);
  }
  const found: Mirror[] = [];
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const [a, b] = [group[i], group[j]];
        if (Math.min(a.length, b.length) < Math.max(a.length, b.length) / 2) continue;
        const size = Math.max(a.shingles.size, b.shingles.size);
        if (size === 0 || Math.min(a.shingles.size, b.shingles.size) < SAME_TEXT * size) continue;
        if (shared(a.shingles, b.shingles) < SAME_TEXT * size) continue;
        const [rootA, rootB] = roots(a.path, b.path);
        const which = copyOf(rootA, rootB);
        if (which === 'a') found.push({ copy: a.path, source: b.path, copyRoot: rootA, sourceRoot: rootB });
        if (which === 'b') found.push({ copy: b.path, source: a.path, copyRoot: rootB, sourceRoot: rootA });
      }
    }
  }
  return found;
}

/**
 * The files of a side that hold other files of the side nearly verbatim (the bundles), with the
 * files each holds: a file of the same language in another folder, at least four times as long,
 * holding 90 % of its text (a bundle is built from many files, few of which a commit changes; a
 * test copied beside another and extended, zod's locale tests `tr.test.ts` of `en.test.ts`, is
 * in the same folder and not so much longer). Only files of both sides of the commit are looked
 * at (a bundle holds its sources before and after). Cheap keys first: lengths (twice as many
 * characters), then the source's three longest words in the bundle's text, then the shingles.
 */
function heldBy(texts: Compared[], both: Set<string>): Map<string, string[]> {
  const held = new Map<string, string[]>();
  const files = texts.filter((t) => both.has(t.path)).map((t) => ({ t, folder: folder(t.path), language: languageOf(t.path) }));
  if (files.length < 2) return held;
  const longestFile = Math.max(...files.map((f) => f.t.length));
  // the parts: files with a file twice as long beside them, of words enough to tell
  const parts = files.filter((f) => 2 * f.t.length <= longestFile && f.t.wordCount >= MIN_PART);
  if (parts.length === 0) return held;
  // the files holding a part's longest word, each found once by its own words: a commit of
  // thousands of files compares each part with the few files that have its rarest words, not all
  const wanted = new Set(parts.map((p) => p.t.longestHashes[0]).filter((h) => h !== undefined));
  const shortestPart = Math.min(...parts.map((p) => p.t.length));
  const holding = new Map<number, typeof files>();
  for (const whole of files) {
    if (whole.t.length < 2 * shortestPart) continue;
    for (const hash of whole.t.wordHashes) {
      if (!wanted.has(hash)) continue;
      const list = holding.get(hash);
      if (list) list.push(whole);
      else holding.set(hash, [whole]);
    }
  }
  for (const part of parts) {
    const [first, ...others] = part.t.longestHashes;
    for (const whole of holding.get(first) ?? []) {
      if (whole.t.length < 2 * part.t.length || whole.folder === part.folder || whole.language !== part.language) continue;
      if (!others.every((word) => whole.t.hasWord(word))) continue;
      if (part.t.shingles.size < MIN_PART) break;
      if (whole.t.shingles.size < BUNDLE_SIZE * part.t.shingles.size || shared(part.t.shingles, whole.t.shingles) < HELD * part.t.shingles.size) continue;
      held.set(whole.t.path, [...(held.get(whole.t.path) ?? []), part.t.path]);
    }
  }
  return held;
}

/**
 * The copies of each side. A mirrored file is a copy when its tree is clearly a mirror: under an
 * output folder (`deno/lib/types.ts` of `src/types.ts`; the copy of one side is enough, as when the
 * commit deletes it), or kept in step with its source, alike on both sides of the commit, as are
 * at least two files of the commit mirroring the same tree. Files copied once and edited by hand
 * since keep their refactorings: zod's v4 tests began as copies of v3's, and moving both trees
 * (`packages/zod/v4/` → `packages/zod/src/v4/`) moves each file. A file marked a copy on one side
 * is one on the other too where its source is there (its text may have drifted on one side only).
 * A bundle is a file holding another file of the commit on both sides: rebuilt with it, not a
 * file a function was pasted into once.
 */
export function findCopies(before: FileText[], after: FileText[]): { before: Copy[]; after: Copy[] } {
  const read = (files: FileText[]): Compared[] => files.map((f) => new Compared(f.path, f.length, f.text));
  const texts = { before: read(before), after: read(after) };
  const mirrors = { before: mirrorsOf(texts.before), after: mirrorsOf(texts.after) };
  const pair = (m: Mirror) => `${m.copy}\u0000${m.source}`;
  const tree = (m: Mirror) => `${m.copyRoot}\u0000${m.sourceRoot}`;
  const pairedBefore = new Set(mirrors.before.map(pair));
  const inStep = mirrors.after.filter((m) => pairedBefore.has(pair(m)));
  const files = new Map<string, Set<string>>();
  for (const m of inStep) files.set(tree(m), (files.get(tree(m)) ?? new Set()).add(m.copy));
  const sourceOf = new Map<string, string>();
  for (const m of [...mirrors.before, ...mirrors.after]) if (underOutput(m.copyRoot) && !underOutput(m.sourceRoot)) sourceOf.set(m.copy, m.source);
  for (const m of inStep) if (files.get(tree(m))!.size >= 2) sourceOf.set(m.copy, m.source);
  const paths = { before: new Set(before.map((f) => f.path)), after: new Set(after.map((f) => f.path)) };
  const mirrored = (side: Side): Copy[] => {
    const copies: Copy[] = [];
    for (const copy of sourceOf.keys()) {
      if (!paths[side].has(copy)) continue;
      // a copy of a copy (`dist/` of `deno/lib/` of `src/`) names the first source of the chain on this side
      const seen = new Set([copy]);
      let source = sourceOf.get(copy);
      while (source !== undefined && !seen.has(source) && !(paths[side].has(source) && !sourceOf.has(source))) {
        seen.add(source);
        source = sourceOf.get(source);
      }
      if (source !== undefined && seen.has(source)) source = undefined;
      if (source !== undefined) copies.push({ path: copy, detail: `a copy of ${source}`, sources: [source] });
    }
    return copies;
  };
  const both = new Set(before.map((f) => f.path).filter((path) => paths.after.has(path)));
  const held = { before: heldBy(texts.before, both), after: heldBy(texts.after, both) };
  const bundles = (side: Side): Copy[] => {
    const other = held[side === 'before' ? 'after' : 'before'];
    return [...held[side]]
      .filter(([whole, parts]) => !sourceOf.has(whole) && parts.some((p) => other.get(whole)?.includes(p)))
      .map(([whole, parts]) => ({ path: whole, detail: `a bundle of ${parts.length} file${parts.length === 1 ? '' : 's'} of this commit (${listed(parts)})`, sources: parts }));
  };
  return { before: [...mirrored('before'), ...bundles('before')], after: [...mirrored('after'), ...bundles('after')] };
}

function listed(paths: string[]): string {
  return paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 3).join(', ')}, …`;
}
