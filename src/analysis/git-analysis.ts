/**
 * Git-backed analysis: one commit, two refs, the working tree or the index, and ranges of
 * commits. Reads the repository only (see src/git); the comparison is `analyzeFileSets`.
 */
import type { ReportRefactoring } from '../core/report';
import type { AnalysisOptions, FileSetResult } from './files';

export interface CommitInfo {
  sha: string;
  parents: string[];
  author: string;
  authorEmail: string;
  /** ISO 8601 author date. */
  date: string;
  subject: string;
  message: string;
}

export interface CommitAnalysis {
  commit: CommitInfo;
  /** The sha compared against; undefined = the empty tree (root commit). */
  base: string | undefined;
  refactorings: ReportRefactoring[];
  result: FileSetResult;
  changedFiles: number;
}

export interface GitAnalysisOptions extends AnalysisOptions {
  signal?: AbortSignal;
}

export type GitErrorCode = 'not-a-repository' | 'unknown-ref' | 'bad-argument' | 'git-failed';

export class GitError extends Error {
  constructor(
    readonly code: GitErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

const notYet = (): never => {
  throw new Error('not implemented');
};

export async function analyzeCommit(_repoDir: string, _ref: string, _options?: GitAnalysisOptions): Promise<CommitAnalysis> {
  return notYet();
}

export async function analyzeBetween(_repoDir: string, _baseRef: string, _headRef: string, _options?: GitAnalysisOptions): Promise<CommitAnalysis> {
  return notYet();
}

export async function analyzeWorktree(_repoDir: string, _options?: GitAnalysisOptions & { staged?: boolean }): Promise<CommitAnalysis> {
  return notYet();
}

export function analyzeRange(
  _repoDir: string,
  _range: string,
  _options?: GitAnalysisOptions & { jobs?: number; onProgress?: (done: number, total: number) => void },
): AsyncIterable<CommitAnalysis> {
  return notYet();
}

export async function listCommits(_repoDir: string, _options?: { ref?: string; skip?: number; max?: number }): Promise<CommitInfo[]> {
  return notYet();
}

/** The bytes of a file at a ref, for the editor's read-only documents. */
export async function readFileAt(_repoDir: string, _ref: string, _path: string): Promise<Uint8Array> {
  return notYet();
}

export async function findRepositoryRoot(_dir: string): Promise<string> {
  return notYet();
}
