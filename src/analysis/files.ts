/**
 * Two versions of a set of files → relationships. The one entry point that the CLI, the eval,
 * the git-backed analysis and the extension share.
 */
import type { Cst } from '../core/cst';
import type { Relationship } from '../core/relationship-types';

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
  reason: 'binary' | 'too-large' | 'unknown-language' | 'parse-failed' | 'non-utf8';
  detail?: string;
}

export interface AnalysisOptions {
  /** Language ids to analyse; all supported when absent. */
  languages?: string[];
  /** Files larger than this many bytes are skipped (default 2 MB). */
  maxFileSize?: number;
}

export interface FileSetResult {
  relationships: Relationship[];
  before: Cst;
  after: Cst;
  skipped: SkippedFile[];
  /** Milliseconds spent parsing and comparing. */
  timing: { parseMs: number; compareMs: number };
}
