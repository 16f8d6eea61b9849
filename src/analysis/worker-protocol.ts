/** Messages between the range scheduler and its analysis workers (plain, serialisable data). */
import type { CommitAnalysis } from './git-analysis';

/** Given once, as workerData. */
export interface WorkerSetup {
  repoDir: string;
  languages: string[] | undefined;
  maxFileSize: number | undefined;
  timeBudgetMs: number | undefined;
  /** Whether results keep their CSTs and relationships. */
  csts: boolean;
}

/** A contiguous chunk of commits; `start` is the index of the first in the whole list. */
export interface WorkerRequest {
  start: number;
  shas: string[];
}

export type WorkerReply =
  | { kind: 'result'; index: number; analysis: CommitAnalysis }
  | { kind: 'error'; index: number; code?: string; message: string }
  | { kind: 'chunk-done' }
  /** The worker can no longer parse (its WebAssembly runtime trapped): the rest of its chunk goes to a new worker. */
  | { kind: 'restart'; reason: string };
