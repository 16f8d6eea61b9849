/**
 * Changed paths → the two file sets that `analyzeFileSets` compares. Only regular files whose
 * language is known (and selected) are read; blobs come from cat-file, worktree files from disk.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GitError, type BlobReader, type FileChange } from '../git';
import { languageOf } from '../languages/registry';
import type { SourceFile } from './files';

export interface FileSets {
  before: SourceFile[];
  after: SourceFile[];
}

/** Whether a path is analysed: a known language, and one of `languages` when given. */
export function isAnalysable(file: string, languages: string[] | undefined): boolean {
  const language = languageOf(file);
  return language !== undefined && (languages === undefined || languages.includes(language));
}

/** The changes worth reading, each side kept only where it is an analysable regular file. */
export function selectChanges(changes: FileChange[], languages: string[] | undefined): FileChange[] {
  return changes
    .map((c) => {
      const keepOld = c.oldPath !== undefined && c.oldRegular && isAnalysable(c.oldPath, languages);
      const keepNew = c.newPath !== undefined && c.newRegular && isAnalysable(c.newPath, languages);
      return {
        ...c,
        oldPath: keepOld ? c.oldPath : undefined,
        oldBlob: keepOld ? c.oldBlob : undefined,
        newPath: keepNew ? c.newPath : undefined,
        newBlob: keepNew ? c.newBlob : undefined,
      };
    })
    .filter((c) => c.oldPath !== undefined || c.newPath !== undefined);
}

/** Where the after-side of a change is read from: blobs, or the files of a work tree. */
export type AfterSource = { kind: 'blobs' } | { kind: 'worktree'; root: string };

export async function readFileSets(changes: FileChange[], blobs: BlobReader, afterSource: AfterSource = { kind: 'blobs' }): Promise<FileSets> {
  const beforeSide = changes.filter((c) => c.oldPath !== undefined && c.oldBlob !== undefined);
  const afterSide = changes.filter((c) => c.newPath !== undefined);
  const [before, after] = await Promise.all([
    Promise.all(beforeSide.map(async (c): Promise<SourceFile> => ({ path: c.oldPath!, content: await readBlob(blobs, c.oldBlob!, c.oldPath!), blobId: c.oldBlob }))),
    Promise.all(afterSide.map((c) => readAfter(c, blobs, afterSource))),
  ]);
  return dropUnchanged({ before, after: after.filter((f): f is SourceFile => f !== undefined) });
}

async function readBlob(blobs: BlobReader, id: string, file: string): Promise<Uint8Array> {
  const bytes = await blobs.read(id);
  if (bytes === undefined) throw new GitError('git-failed', `object ${id} of ${file} is missing from the repository`);
  return bytes;
}

async function readAfter(change: FileChange, blobs: BlobReader, source: AfterSource): Promise<SourceFile | undefined> {
  const file = change.newPath!;
  if (source.kind === 'blobs') {
    if (change.newBlob === undefined) return undefined;
    return { path: file, content: await readBlob(blobs, change.newBlob, file), blobId: change.newBlob };
  }
  const content = await readFile(path.join(source.root, ...file.split('/'))).catch(() => undefined);
  return content === undefined ? undefined : { path: file, content: new Uint8Array(content.buffer, content.byteOffset, content.length) };
}

/**
 * Files present with the same bytes at the same path on both sides changed nothing (a work-tree
 * file touched but not edited, a mode change): both sides are left out.
 */
export function dropUnchanged(sets: FileSets): FileSets {
  const beforeByPath = new Map(sets.before.map((f) => [f.path, f]));
  const same = new Set(sets.after.filter((f) => sameContent(beforeByPath.get(f.path), f)).map((f) => f.path));
  if (same.size === 0) return sets;
  return { before: sets.before.filter((f) => !same.has(f.path)), after: sets.after.filter((f) => !same.has(f.path)) };
}

function sameContent(a: SourceFile | undefined, b: SourceFile): boolean {
  if (a === undefined) return false;
  if (a.blobId !== undefined && a.blobId === b.blobId) return true;
  const x = typeof a.content === 'string' ? Buffer.from(a.content) : a.content;
  const y = typeof b.content === 'string' ? Buffer.from(b.content) : b.content;
  return Buffer.compare(x, y) === 0;
}
