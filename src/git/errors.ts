/** Errors of the git layer: a code for programs, a message naming what is wrong for people. */

/**
 * `missing-object`: the repository lacks an object a commit needs (an incomplete copy: a partial
 * clone without its promisor, a mirror whose largest blobs were left out, a damaged object store).
 */
export type GitErrorCode = 'not-a-repository' | 'unknown-ref' | 'bad-argument' | 'missing-object' | 'git-failed';

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
