/** Errors of the git layer: a code for programs, a message naming what is wrong for people. */

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

export function isGitError(error: unknown): error is GitError {
  return error instanceof GitError;
}
