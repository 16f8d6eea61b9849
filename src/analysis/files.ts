/**
 * Two versions of a set of files → relationships. The one entry point that the CLI, the eval,
 * the git-backed analysis and the extension share.
 */
import { assembleCst } from '../core/assemble';
import type { Cst, FileCst } from '../core/cst';
import type { Relationship } from '../core/relationship-types';
import { findRelationships, type ComparisonOptions } from '../core/relationships';
import { languageOf, ParseCancelled, parseFile } from '../languages/registry';

export interface SourceFile {
  /** Path relative to the repository / folder root, with '/' separators. */
  path: string;
  /** Raw bytes (binary and non-UTF-8 are detected here) or already-decoded text. */
  content: string | Uint8Array;
  /** Git blob id when known: the key of the CST cache. */
  blobId?: string;
}

export interface SkippedFile {
  path: string;
  side: 'before' | 'after';
  reason: 'binary' | 'too-large' | 'unknown-language' | 'parse-failed' | 'non-utf8' | 'not-a-file' | 'time-budget' | 'syntax-errors';
  detail?: string;
}

export interface AnalysisOptions {
  /** Language ids to analyse; all supported when absent. */
  languages?: string[];
  /** Files larger than this many bytes are skipped (default 2 MB). */
  maxFileSize?: number;
  /** Thresholds and a monitor for the comparison (tests, `--explain`). */
  comparison?: ComparisonOptions;
  /**
   * When the time budget runs out (a `performance.now()` value): files not parsed by then are
   * skipped ('time-budget') and the comparison is not run; the result says `timedOut`.
   */
  deadline?: number;
}

export interface FileSetResult {
  relationships: Relationship[];
  before: Cst;
  after: Cst;
  /** Files left out, each with the reason. */
  skipped: SkippedFile[];
  /** Files analysed with a caveat (e.g. not UTF-8: decoded as Latin-1). */
  warnings: SkippedFile[];
  /** Milliseconds spent parsing and comparing. */
  timing: { parseMs: number; compareMs: number };
  /** The time budget ran out: the files skipped for 'time-budget' were not parsed, nothing was assembled or compared (both CSTs are empty). */
  timedOut?: boolean;
}

/** CSTs of files already parsed, by blob id and path; bounded, oldest out first. */
export interface CstCache {
  entries: Map<string, FileCst>;
  maxEntries: number;
}

export const DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024;
const BINARY_SNIFF_BYTES = 8000;

export function createCstCache(maxEntries = 4000): CstCache {
  return { entries: new Map(), maxEntries };
}

type Decoded = { text: string; latin1: boolean } | { skip: SkippedFile['reason']; detail: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

/** Text of a file, or why it cannot be analysed. Non-UTF-8 text is read as Latin-1, not dropped. */
export function decode(content: string | Uint8Array, maxFileSize: number): Decoded {
  const size = typeof content === 'string' ? content.length : content.byteLength;
  if (size > maxFileSize) return { skip: 'too-large', detail: `${size} bytes, limit ${maxFileSize}` };
  if (typeof content === 'string') {
    return content.includes('\u0000') ? { skip: 'binary', detail: 'contains NUL characters' } : { text: content, latin1: false };
  }
  if (content.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { skip: 'binary', detail: 'contains NUL bytes' };
  try {
    return { text: utf8.decode(content), latin1: false };
  } catch {
    return { text: latin1.decode(content), latin1: true };
  }
}

function sameContent(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (typeof a === 'string' || typeof b === 'string') return typeof a === typeof b && a === b;
  return a.byteLength === b.byteLength && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

async function parseSide(
  files: SourceFile[],
  side: SkippedFile['side'],
  options: AnalysisOptions & { cache?: CstCache },
  skipped: SkippedFile[],
  warnings: SkippedFile[],
): Promise<FileCst[]> {
  const result: FileCst[] = [];
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  for (const file of files) {
    if (options.deadline !== undefined && performance.now() > options.deadline) {
      skipped.push({ path: file.path, side, reason: 'time-budget', detail: 'not parsed: the time budget of the commit ran out' });
      continue;
    }
    const language = languageOf(file.path);
    if (!language || (options.languages && !options.languages.includes(language))) {
      skipped.push({ path: file.path, side, reason: 'unknown-language' });
      continue;
    }
    const key = file.blobId === undefined ? undefined : `${file.blobId}\u0000${file.path}`;
    const cached = key === undefined ? undefined : options.cache?.entries.get(key);
    if (cached) {
      result.push(cached);
      continue;
    }
    const decoded = decode(file.content, maxFileSize);
    if ('skip' in decoded) {
      skipped.push({ path: file.path, side, reason: decoded.skip, detail: decoded.detail });
      continue;
    }
    if (decoded.latin1) warnings.push({ path: file.path, side, reason: 'non-utf8', detail: 'not valid UTF-8: read as Latin-1' });
    try {
      const cst = await parseFile(file.path, decoded.text, { deadline: options.deadline });
      result.push(cst);
      if (key !== undefined && options.cache) remember(options.cache, key, cst);
    } catch (error) {
      if (error instanceof Error && error.cause instanceof ParseCancelled) {
        skipped.push({ path: file.path, side, reason: 'time-budget', detail: error.cause.message });
        continue;
      }
      skipped.push({ path: file.path, side, reason: 'parse-failed', detail: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

/**
 * Files that parsed cleanly before the commit and have syntax errors after it: what the commit did
 * there is read from the parser's recovery and may be incomplete. (Files with errors on both sides
 * are mostly macros or grammar gaps, not the commit's doing: no warning for them.)
 */
function newSyntaxErrors(before: FileCst[], after: FileCst[]): SkippedFile[] {
  const errorsBefore = new Map(before.map((f) => [f.file, f.errors]));
  return after
    .filter((f) => f.errors > 0 && errorsBefore.get(f.file) === 0)
    .map((f) => ({ path: f.file, side: 'after', reason: 'syntax-errors', detail: `${f.errors} syntax error${f.errors === 1 ? '' : 's'} in the new version, none in the old: refactorings in this file may be incomplete` }));
}

function remember(cache: CstCache, key: string, cst: FileCst): void {
  cache.entries.set(key, cst);
  if (cache.entries.size > cache.maxEntries) {
    const oldest = cache.entries.keys().next().value;
    if (oldest !== undefined) cache.entries.delete(oldest);
  }
}

/**
 * Parses both versions (files with identical content on both sides are unchanged and left out),
 * assembles the two CSTs and finds the relationships between them.
 */
export async function analyzeFileSets(
  before: SourceFile[],
  after: SourceFile[],
  options: AnalysisOptions & { cache?: CstCache } = {},
): Promise<FileSetResult> {
  const afterByPath = new Map(after.map((f) => [f.path, f]));
  const unchanged = new Set(
    before
      .filter((f) => {
        const other = afterByPath.get(f.path);
        return other !== undefined && (f.blobId !== undefined && f.blobId === other.blobId ? true : sameContent(f.content, other.content));
      })
      .map((f) => f.path),
  );
  const skipped: SkippedFile[] = [];
  const warnings: SkippedFile[] = [];
  const started = performance.now();
  const files1 = await parseSide(before.filter((f) => !unchanged.has(f.path)), 'before', options, skipped, warnings);
  const files2 = await parseSide(after.filter((f) => !unchanged.has(f.path)), 'after', options, skipped, warnings);
  warnings.push(...newSyntaxErrors(files1, files2));
  const parsed = performance.now();
  const timedOut = options.deadline !== undefined && parsed > options.deadline;
  const cst1 = assembleCst(timedOut ? [] : files1);
  const cst2 = assembleCst(timedOut ? [] : files2);
  const relationships = timedOut ? [] : findRelationships(cst1, cst2, options.comparison);
  return {
    relationships,
    before: cst1,
    after: cst2,
    skipped,
    warnings,
    timing: { parseMs: parsed - started, compareMs: performance.now() - parsed },
    ...(timedOut ? { timedOut } : {}),
  };
}
