/** Repositories, refs and commits: resolved with `--verify --end-of-options`, so no ref is read as an option. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { GitError } from './errors';
import { runGitRaw, runGitText } from './run';

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

export interface RepositoryLocation {
  /** The work tree root, or the git directory of a bare repository. */
  root: string;
  bare: boolean;
}

export async function locateRepository(dir: string): Promise<RepositoryLocation> {
  const absolute = path.resolve(dir);
  const info = await stat(absolute).catch(() => undefined);
  if (!info?.isDirectory()) throw new GitError('not-a-repository', `not a directory: ${dir}`);
  const output = await runGitRaw(absolute, ['rev-parse', '--is-bare-repository', '--absolute-git-dir']);
  if (output.code !== 0) throw new GitError('not-a-repository', `not a git repository: ${dir}`);
  const [bare, gitDir] = output.stdout.toString('utf8').split('\n');
  if (bare === 'true') return { root: gitDir, bare: true };
  const topLevel = await runGitRaw(absolute, ['rev-parse', '--show-toplevel']);
  if (topLevel.code !== 0) throw new GitError('not-a-repository', `not inside a work tree: ${dir}`);
  return { root: topLevel.stdout.toString('utf8').trim(), bare: false };
}

/** A full commit (object) id: 40 hex digits (SHA-1) or 64 (SHA-256), lower case. */
export function isCommitId(text: unknown): text is string {
  return typeof text === 'string' && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(text);
}

/**
 * A path inside the repository as git names it: relative, '/'-separated, no '.' or '..' segment,
 * no backslash, drive letter or control character.
 */
export function isRepositoryPath(file: unknown): file is string {
  if (typeof file !== 'string' || file.length === 0 || file.length > 4096) return false;
  if (/[\u0000-\u001f\\]/.test(file) || file.startsWith('/') || /^[A-Za-z]:/.test(file)) return false;
  return file.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Refuses what cannot be a ref before git sees it: empty, an option, a newline. */
export function checkRef(ref: string): void {
  if (ref.length === 0) throw new GitError('bad-argument', 'empty commit or ref');
  if (ref.startsWith('-')) throw new GitError('bad-argument', `not a commit or ref (starts with '-'): ${ref}`);
  if (/[\n\r\0]/.test(ref)) throw new GitError('bad-argument', `not a commit or ref (contains a control character): ${JSON.stringify(ref)}`);
}

/** Whether any ref of the repository names a commit (false for a repository just made by `git init`). */
async function hasCommits(repoDir: string): Promise<boolean> {
  const output = await runGitRaw(repoDir, ['rev-list', '-n', '1', '--all']);
  return output.code !== 0 || output.stdout.length > 0;
}

/** The full sha of the commit a ref names; GitError 'unknown-ref' when it names none. */
export async function resolveCommit(repoDir: string, ref: string): Promise<string> {
  checkRef(ref);
  const output = await runGitRaw(repoDir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  const sha = output.stdout.toString('utf8').trim();
  if (output.code !== 0 || !sha) throw new GitError('unknown-ref', `unknown commit or ref: ${ref}${(await hasCommits(repoDir)) ? '' : ' (the repository has no commits yet)'}`);
  return sha;
}

/** Same as resolveCommit, but undefined for an unborn branch (no commit yet). */
export async function resolveHead(repoDir: string): Promise<string | undefined> {
  return resolveCommit(repoDir, 'HEAD').catch((error) => {
    if (error instanceof GitError && error.code === 'unknown-ref') return undefined;
    throw error;
  });
}

/** One commit per record; fields separated by NUL, records too (`-z`), so 7 fields a commit. */
const LOG_FORMAT = '--format=%H%x00%P%x00%an%x00%ae%x00%aI%x00%s%x00%B';
const LOG_FIELDS = 7;

export function parseLog(output: string): CommitInfo[] {
  const fields = output.split('\0');
  const commits: CommitInfo[] = [];
  for (let i = 0; i + LOG_FIELDS <= fields.length; i += LOG_FIELDS) {
    const [sha, parents, author, authorEmail, date, subject, message] = fields.slice(i, i + LOG_FIELDS);
    commits.push({ sha: sha.trim(), parents: parents.split(' ').filter(Boolean), author, authorEmail, date, subject, message: message.replace(/\n+$/, '') });
  }
  return commits;
}

/** Metadata of already-resolved commits, in the order given. */
export async function commitInfos(repoDir: string, shas: string[]): Promise<CommitInfo[]> {
  if (shas.length === 0) return [];
  const text = await runGitText(repoDir, ['log', '-z', '--no-walk=unsorted', LOG_FORMAT, ...shas, '--']);
  return parseLog(text);
}

export async function commitInfo(repoDir: string, sha: string): Promise<CommitInfo> {
  const [info] = await commitInfos(repoDir, [sha]);
  if (!info) throw new GitError('unknown-ref', `unknown commit: ${sha}`);
  return info;
}

/**
 * Commits of `git log <ref>`, newest first, paged with skip/max; with `paths`, only the commits
 * that changed one of them (paths are literal, never pathspec magic).
 */
export async function logCommits(repoDir: string, options: { ref?: string; skip?: number; max?: number; paths?: string[] } = {}): Promise<CommitInfo[]> {
  const head = await resolveCommit(repoDir, options.ref ?? 'HEAD');
  const paging = [`--skip=${Math.max(0, options.skip ?? 0)}`, ...(options.max !== undefined ? [`--max-count=${Math.max(0, options.max)}`] : [])];
  const paths = (options.paths ?? []).map((p) => `:(literal)${p}`);
  return parseLog(await runGitText(repoDir, ['log', '-z', LOG_FORMAT, ...paging, head, '--', ...paths]));
}

export interface ParsedRange {
  base: string | undefined;
  head: string;
}

/** `A..B` (both ends required), or a single ref for all its history. */
export function parseRange(range: string): ParsedRange {
  if (range.includes('...')) throw new GitError('bad-argument', `symmetric ranges are not supported: ${range} (use A..B)`);
  const parts = range.split('..');
  if (parts.length > 2) throw new GitError('bad-argument', `not a range: ${range} (use A..B)`);
  if (parts.length === 1) return { base: undefined, head: parts[0] };
  const [base, head] = parts;
  if (!base || !head) throw new GitError('bad-argument', `range ${JSON.stringify(range)} is missing ${base ? 'its end' : 'its start'} (use A..B)`);
  return { base, head };
}

/**
 * Shas of the commits of a range, newest first (as `git log A..B`). Merge commits are left out
 * unless `merges` (as RefactoringMiner mines histories): against its first parent a merge repeats
 * what the commits of its branch did, and those are in the range on their own.
 */
export async function rangeCommits(repoDir: string, range: string, options: { merges?: boolean } = {}): Promise<string[]> {
  const revs = await revisions(repoDir, range);
  const text = await runGitText(repoDir, ['rev-list', ...(options.merges ? [] : ['--no-merges']), ...revs, '--']);
  const squashed = new Set(await subtreeSquashes(repoDir, revs));
  return text.split('\n').filter((sha) => sha !== '' && !squashed.has(sha));
}

/**
 * The commits of a range that `git subtree --squash` wrote: another project's tree at their root
 * (the library as it was at each import), joined to the project's history by a merge that puts it
 * under a folder. What they change is that project's history, no refactoring of this one, and
 * their paths are not even where the files live (`src/unity.c` for `tests/unity/src/unity.c`), so
 * no vendored folder can tell them. Their message says it: a `git-subtree-dir:` trailer, with no
 * `git-subtree-mainline:` (which marks the merge that joins them, left out as any merge is).
 */
async function subtreeSquashes(repoDir: string, revs: string[]): Promise<string[]> {
  const text = await runGitText(repoDir, ['rev-list', '--no-merges', '--grep=^git-subtree-dir: ', ...revs, '--']);
  return text.split('\n').filter(Boolean);
}

/**
 * The folder a commit of `git subtree --squash` imported another project's tree into, read from
 * its message as subtreeSquashes reads it (a `git-subtree-dir:` trailer, no `git-subtree-mainline:`),
 * or undefined for any other commit: the Refactorings view lists such a commit without analysing it.
 */
export function subtreeImportDir(message: string): string | undefined {
  if (/^git-subtree-mainline: /m.test(message)) return undefined;
  return /^git-subtree-dir: *(.+?)\s*$/m.exec(message)?.[1];
}

/** How many commits of a range `git subtree --squash` wrote (see subtreeSquashes): left out of it. */
export async function rangeSubtreeCount(repoDir: string, range: string): Promise<number> {
  return (await subtreeSquashes(repoDir, await revisions(repoDir, range))).length;
}

/** How many merge commits a range has. */
export async function rangeMergeCount(repoDir: string, range: string): Promise<number> {
  return Number((await runGitText(repoDir, ['rev-list', '--count', '--merges', ...(await revisions(repoDir, range)), '--'])).trim());
}

/** A range's head and excluded base, resolved. */
async function revisions(repoDir: string, range: string): Promise<string[]> {
  const parsed = parseRange(range);
  const head = await resolveCommit(repoDir, parsed.head);
  return parsed.base === undefined ? [head] : [head, `^${await resolveCommit(repoDir, parsed.base)}`];
}

/** The id of the empty tree in this repository's hash (computed, never written). */
export async function emptyTree(repoDir: string): Promise<string> {
  return (await runGitText(repoDir, ['hash-object', '-t', 'tree', '--stdin'])).trim();
}

/** The fetch URL of the `origin` remote, undefined when there is none. */
export async function originUrl(repoDir: string): Promise<string | undefined> {
  const output = await runGitRaw(repoDir, ['config', '--get', 'remote.origin.url']);
  const url = output.stdout.toString('utf8').trim();
  return output.code === 0 && url ? url : undefined;
}

/** The commits whose parents a shallow clone cut off (empty for a complete repository). */
export async function shallowBoundaries(repoDir: string): Promise<Set<string>> {
  const file = (await runGitText(repoDir, ['rev-parse', '--path-format=absolute', '--git-path', 'shallow'])).trim();
  const text = await readFile(file, 'utf8').catch(() => '');
  return new Set(text.split('\n').filter(isCommitId));
}
