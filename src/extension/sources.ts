/**
 * Reading one file at one side of a comparison: a git object, the index, the working tree.
 * Git objects and the index are read through src/analysis (never a checkout).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { GitError, openSession, readFileAt } from '../analysis/git-analysis';
import type { Revision } from './protocol';
import { checkRevision, isRepositoryPath } from './validate';

/** The staged version of a file: stage 0 of the index, as `git show :0:path` names it. */
async function readIndexFile(repoRoot: string, file: string): Promise<Uint8Array> {
  const session = await openSession(repoRoot);
  try {
    const bytes = await session.blobs.read(`:0:${file}`);
    if (bytes === undefined) throw new GitError('unknown-ref', `${file} is not in the index`);
    return bytes;
  } finally {
    session.close();
  }
}

/** A file of the working tree, only when it resolves (symlinks followed) to a file inside the repository. */
async function readWorktreeFile(repoRoot: string, file: string): Promise<Uint8Array> {
  const [root, full] = await Promise.all([fs.realpath(repoRoot), fs.realpath(path.join(repoRoot, ...file.split('/')))]);
  if (!full.startsWith(root + path.sep)) throw new GitError('bad-argument', `${file} is outside the repository`);
  return fs.readFile(full);
}

/** One file at one side; a path that is not inside the repository, or a revision that is not one, is refused. */
export async function readRevisionFile(repoRoot: string, revision: Revision, file: string): Promise<Uint8Array> {
  if (!isRepositoryPath(file)) throw new GitError('bad-argument', `not a path inside the repository: ${JSON.stringify(file).slice(0, 200)}`);
  const badRevision = checkRevision(revision, file);
  if (badRevision) throw new GitError('bad-argument', badRevision);
  switch (revision.kind) {
    case 'empty':
      return new Uint8Array();
    case 'worktree':
      return readWorktreeFile(repoRoot, file);
    case 'index':
      return readIndexFile(repoRoot, file);
    case 'ref':
      return readFileAt(repoRoot, revision.ref, file);
  }
}

const decoder = new TextDecoder('utf-8');

export async function readRevisionText(repoRoot: string, revision: Revision, file: string): Promise<string> {
  return decoder.decode(await readRevisionFile(repoRoot, revision, file));
}
