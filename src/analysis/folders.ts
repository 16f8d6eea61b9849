/**
 * Two folders, no git: every file of a known language is read on both sides; files with the same
 * path and the same bytes are unchanged and left out.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { GitError } from '../git';
import type { ReportRefactoring } from '../core/report';
import { dropUnchanged, isAnalysable } from './changes';
import type { FileSetResult, SourceFile } from './files';
import { compareFileSets, type GitAnalysisOptions } from './git-analysis';

export interface FolderAnalysis {
  refactorings: ReportRefactoring[];
  result: FileSetResult;
  /** Files added, removed or edited between the two folders (of the analysed languages). */
  changedFiles: number;
}

/** Folders never descended into: version control and dependencies. */
const IGNORED_FOLDERS = new Set(['.git', '.hg', '.svn', 'node_modules']);

export async function analyzeFolders(beforeDir: string, afterDir: string, options: GitAnalysisOptions = {}): Promise<FolderAnalysis> {
  const [before, after] = await Promise.all([readFolder(beforeDir, options.languages), readFolder(afterDir, options.languages)]);
  const sets = dropUnchanged({ before, after });
  const paths = new Set([...sets.before, ...sets.after].map((f) => f.path));
  const deadline = options.timeBudgetMs === undefined ? undefined : performance.now() + options.timeBudgetMs;
  const { result, refactorings } = await compareFileSets(sets, { ...options, deadline });
  return { refactorings, result, changedFiles: paths.size };
}

async function readFolder(dir: string, languages: string[] | undefined): Promise<SourceFile[]> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new GitError('bad-argument', `not a directory: ${dir}`);
  const files = await listFiles(dir, '', languages);
  return Promise.all(files.map(async (file) => ({ path: file, content: new Uint8Array(await readFile(path.join(dir, ...file.split('/')))) })));
}

/** Relative paths ('/'-separated) of the regular files of known language under `dir`. */
async function listFiles(root: string, prefix: string, languages: string[] | undefined): Promise<string[]> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return IGNORED_FOLDERS.has(entry.name) ? [] : listFiles(root, relative, languages);
      return entry.isFile() && isAnalysable(relative, languages) ? [relative] : [];
    }),
  );
  return nested.flat().sort();
}
