/**
 * Reading one file at one side of a comparison: a git object, the index, the working tree.
 * Git objects and the index are read through src/analysis (never a checkout).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { GitError, openSession, readFileAt } from '../analysis/git-analysis';
import type { Revision } from './protocol';

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

export async function readRevisionFile(repoRoot: string, revision: Revision, file: string): Promise<Uint8Array> {
  switch (revision.kind) {
    case 'empty':
      return new Uint8Array();
    case 'worktree':
      return fs.readFile(path.join(repoRoot, ...file.split('/')));
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
