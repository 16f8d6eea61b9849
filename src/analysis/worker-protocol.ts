/** Messages between the range scheduler and its analysis workers (plain, serialisable data). */
import type { CommitAnalysis } from './git-analysis';
import type { HistoryQuery, SymbolHistory } from './history';

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

/** One job for an isolated worker (src/analysis/isolated.ts), which needs no WorkerSetup. */
export type IsolatedJob =
  | { kind: 'commit'; ref: string }
  | { kind: 'between'; base: string; head: string }
  | { kind: 'worktree'; staged: boolean }
  | { kind: 'history'; query: HistoryQuery };

/** Start the parser runtime and wait: a worker kept warm for the next job. */
export interface WarmRequest {
  kind: 'warm';
}

export interface IsolatedRequest {
  kind: 'job';
  id: number;
  repoDir: string;
  job: IsolatedJob;
  options: { languages?: string[]; maxFileSize?: number; timeBudgetMs?: number; maxCommits?: number };
}

export type IsolatedReply =
  /** `parserBroken`: the parser trapped during the job (its files are listed as not parsed): the worker is not used again. */
  | { kind: 'job-result'; id: number; result: CommitAnalysis | SymbolHistory; parserBroken?: string }
  | { kind: 'job-error'; id: number; code?: string; message: string; parserBroken?: string };
