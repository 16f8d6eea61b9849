/**
 * Changed paths → the two file sets that `analyzeFileSets` compares. Only regular files whose
 * language is known (and selected) are read; blobs come from cat-file, worktree files from disk.
 */
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { GitError, type BlobReader, type FileChange } from '../git';
import { languageOf } from '../languages/registry';
import { DEFAULT_MAX_FILE_SIZE, type SkippedFile, type SourceFile } from './files';

export interface FileSets {
  before: SourceFile[];
  after: SourceFile[];
  /** Files not read: over the size limit (asked of git or the file system first), or not regular files. */
  skipped?: SkippedFile[];
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

export async function readFileSets(
  changes: FileChange[],
  blobs: BlobReader,
  afterSource: AfterSource = { kind: 'blobs' },
  maxFileSize = DEFAULT_MAX_FILE_SIZE,
): Promise<FileSets> {
  const skipped: SkippedFile[] = [];
  const beforeSide = changes.filter((c) => c.oldPath !== undefined && c.oldBlob !== undefined);
  const afterSide = changes.filter((c) => c.newPath !== undefined);
  const limits = { blobs, maxFileSize, skipped };
  const [before, after] = await Promise.all([
    Promise.all(beforeSide.map((c) => readBlob(limits, c.oldBlob!, c.oldPath!, 'before'))),
    Promise.all(afterSide.map((c) => readAfter(c, limits, afterSource))),
  ]);
  const present = (f: SourceFile | undefined): f is SourceFile => f !== undefined;
  return { ...dropUnchanged({ before: before.filter(present), after: after.filter(present) }), skipped };
}

interface Limits {
  blobs: BlobReader;
  maxFileSize: number;
  skipped: SkippedFile[];
}

function tooLarge(limits: Limits, file: string, side: SkippedFile['side'], size: number): boolean {
  if (size <= limits.maxFileSize) return false;
  limits.skipped.push({ path: file, side, reason: 'too-large', detail: `${size} bytes, limit ${limits.maxFileSize}` });
  return true;
}

/** A blob's bytes, unless its size (asked first) is over the limit. */
async function readBlob(limits: Limits, id: string, file: string, side: SkippedFile['side']): Promise<SourceFile | undefined> {
  const size = await limits.blobs.size(id);
  if (size !== undefined && tooLarge(limits, file, side, size)) return undefined;
  const bytes = size === undefined ? undefined : await limits.blobs.read(id);
  if (bytes === undefined) throw new GitError('missing-object', `object ${id} of ${file} is missing from the repository`);
  return { path: file, content: bytes, blobId: id };
}

/** The after-side: a blob, or a regular file of the work tree (a symlink, fifo or device is not read). */
async function readAfter(change: FileChange, limits: Limits, source: AfterSource): Promise<SourceFile | undefined> {
  const file = change.newPath!;
  if (source.kind === 'blobs') return change.newBlob === undefined ? undefined : readBlob(limits, change.newBlob, file, 'after');
  const full = path.join(source.root, ...file.split('/'));
  const info = await lstat(full).catch(() => undefined);
  if (info === undefined) return undefined;
  if (!info.isFile()) {
    limits.skipped.push({ path: file, side: 'after', reason: 'not-a-file', detail: 'not a regular file in the working tree' });
    return undefined;
  }
  if (tooLarge(limits, file, 'after', info.size)) return undefined;
  const content = await readFile(full).catch(() => undefined);
  return content === undefined ? undefined : { path: file, content: new Uint8Array(content.buffer, content.byteOffset, content.length) };
}

/**
 * Files present with the same bytes at the same path on both sides changed nothing (a work-tree
 * file touched but not edited, a mode change): both sides are left out.
 */
export function dropUnchanged(sets: Omit<FileSets, 'skipped'>): Omit<FileSets, 'skipped'> {
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
