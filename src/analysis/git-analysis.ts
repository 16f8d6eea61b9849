/**
 * Git-backed analysis: one commit, two refs, the working tree or the index, and ranges of
 * commits. Reads the repository only (see src/git); the comparison is `analyzeFileSets`.
 */
import { toRefactorings, type ReportRefactoring } from '../core/report';
import {
  commitInfo,
  commitInfos,
  diffIndex,
  diffTrees,
  diffTreesBatch,
  emptyTree,
  GitError,
  locateRepository,
  logCommits,
  openBlobReader,
  originUrl,
  resolveCommit,
  resolveHead,
  shallowBoundaries,
  untrackedFiles,
  type BlobReader,
  type CommitInfo,
  type FileChange,
} from '../git';
import { readFileSets, selectChanges, type AfterSource, type FileSets } from './changes';
import { analyzeFileSets, type AnalysisOptions, type CstCache, type FileSetResult } from './files';

export { GitError, isCommitId, isRepositoryPath, rangeMergeCount, rangeSubtreeCount, subtreeImportDir, type GitErrorCode } from '../git';
export type { CommitInfo } from '../git';
export { analyzeRange, analyzeCommits, type RangeOptions } from './range';

export interface CommitAnalysis {
  commit: CommitInfo;
  /** The sha compared against; undefined = the empty tree (root commit). */
  base: string | undefined;
  refactorings: ReportRefactoring[];
  result: FileSetResult;
  /** Paths git reports changed, whatever their language. */
  changedFiles: number;
  /** Wall-clock milliseconds for this commit: diff, reading, parsing and comparing. */
  elapsedMs: number;
  /** Set when this commit of a range could not be analysed (the range goes on); results are then empty. */
  error?: string;
  /**
   * Set when the commit is where a shallow clone cuts the history: its parents are not in the
   * clone, so it was compared against the empty tree and every file reads as added.
   */
  cut?: true;
}

export interface GitAnalysisOptions extends AnalysisOptions {
  signal?: AbortSignal;
  /**
   * Milliseconds a commit may take (reading, parsing, comparing). Past it, the files not parsed
   * yet are skipped and the comparison is not run: the result says `timedOut`. On worker threads
   * a commit still running long after its budget is stopped and reported as timed out.
   */
  timeBudgetMs?: number;
  /** CSTs by blob id, kept across calls (a file's after-version is the next commit's before-version). */
  cache?: CstCache;
}

/** An open repository: its root and one blob reader, for the duration of an analysis. */
export interface RepositorySession {
  root: string;
  bare: boolean;
  blobs: BlobReader;
  /** The commits whose parents this clone does not have (a shallow clone's boundary), read once. */
  shallowBoundaries(): Promise<Set<string>>;
  close(): void;
}

export async function openSession(repoDir: string): Promise<RepositorySession> {
  const location = await locateRepository(repoDir);
  const blobs = openBlobReader(location.root);
  let boundaries: Promise<Set<string>> | undefined;
  return { ...location, blobs, shallowBoundaries: () => (boundaries ??= shallowBoundaries(location.root)), close: () => blobs.close() };
}

/** The analysis, marked `cut` when its commit shows no parent because a shallow clone cut them off. */
async function markCut(session: RepositorySession, analysis: CommitAnalysis): Promise<CommitAnalysis> {
  if (analysis.commit.parents.length === 0 && (await session.shallowBoundaries()).has(analysis.commit.sha)) analysis.cut = true;
  return analysis;
}

async function withSession<T>(repoDir: string, work: (session: RepositorySession) => Promise<T>): Promise<T> {
  const session = await openSession(repoDir);
  try {
    return await work(session);
  } finally {
    session.close();
  }
}

/** Parses and compares two file sets and names the refactorings found. */
export async function compareFileSets(sets: FileSets, options: GitAnalysisOptions): Promise<{ result: FileSetResult; refactorings: ReportRefactoring[] }> {
  options.signal?.throwIfAborted();
  const { signal: _signal, timeBudgetMs: _budget, ...analysisOptions } = options;
  const result = await analyzeFileSets(sets.before, sets.after, analysisOptions);
  if (sets.skipped && sets.skipped.length > 0) result.skipped.unshift(...sets.skipped);
  return { result, refactorings: toRefactorings(result.relationships, result.before, result.after) };
}

async function analyzeChanges(
  session: RepositorySession,
  commit: CommitInfo,
  base: string | undefined,
  changes: FileChange[],
  options: GitAnalysisOptions,
  afterSource?: AfterSource,
  started = performance.now(),
): Promise<CommitAnalysis> {
  const sets = await readFileSets(selectChanges(changes, options.languages), session.blobs, afterSource, options.maxFileSize);
  const deadline = options.timeBudgetMs === undefined ? options.deadline : started + options.timeBudgetMs;
  const { result, refactorings } = await compareFileSets(sets, { ...options, deadline });
  return { commit, base, refactorings, result, changedFiles: changes.length, elapsedMs: performance.now() - started };
}

/** One already-resolved commit against its first parent (a root commit against the empty tree). */
export async function analyzeCommitIn(session: RepositorySession, sha: string, options: GitAnalysisOptions = {}, info?: CommitInfo): Promise<CommitAnalysis> {
  const started = performance.now();
  const commit = info ?? (await commitInfo(session.root, sha));
  const base = commit.parents[0];
  const changes = await diffTrees(session.root, base, commit.sha, options.signal);
  return markCut(session, await analyzeChanges(session, commit, base, changes, options, undefined, started));
}

/**
 * Consecutive already-resolved commits, each against its first parent, with one git process for
 * their metadata and one for their changes; yielded in the order given. Where git cannot diff one
 * of them (a tree missing from an incomplete copy of the repository: "unable to read <tree>"), the
 * batch fails as a whole: each commit is then diffed on its own, and only the unreadable ones are
 * reported as not analysed, as a commit whose blob is missing is.
 */
export async function* analyzeChunk(session: RepositorySession, shas: string[], options: GitAnalysisOptions = {}): AsyncGenerator<CommitAnalysis> {
  const started = performance.now();
  const unreadable = new Map<string, string>();
  const infos = await commitInfos(session.root, shas).catch(async (error: unknown) => {
    if (!(error instanceof GitError && error.code === 'missing-object')) throw error;
    // a commit of the chunk is gone (its branch deleted and gc'd since the range was resolved): read
    // them one by one, so that only the gone ones fail, each saying which object is missing
    return Promise.all(
      shas.map((sha) =>
        commitInfo(session.root, sha).catch((e: unknown) => {
          unreadable.set(sha, e instanceof Error ? e.message : String(e));
          return { sha, parents: [], author: '', authorEmail: '', date: '', subject: '', message: '' };
        }),
      ),
    );
  });
  const diffs = unreadable.size > 0 ? undefined : await diffTreesBatch(session.root, infos.map((info) => ({ base: info.parents[0], head: info.sha })), options.signal).catch((error: unknown) => {
    if (error instanceof GitError && (error.code === 'git-failed' || error.code === 'missing-object')) return undefined;
    throw error;
  });
  const gitShare = (performance.now() - started) / Math.max(1, infos.length);
  for (const [index, info] of infos.entries()) {
    options.signal?.throwIfAborted();
    const commitStarted = performance.now() - gitShare;
    const gone = unreadable.get(info.sha);
    if (gone !== undefined) {
      yield failedAnalysis(info, gone);
      continue;
    }
    try {
      const changes = diffs ? diffs[index] : await diffTrees(session.root, info.parents[0], info.sha, options.signal);
      yield await markCut(session, await analyzeChanges(session, info, info.parents[0], changes, options, undefined, commitStarted));
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      yield failedAnalysis(info, error instanceof Error ? error.message : String(error), performance.now() - commitStarted);
    }
  }
}

const EMPTY_CST = { nodes: [], roots: [], files: [] };

/** A commit of a range that could not be analysed: no results, and why. */
export function failedAnalysis(commit: CommitInfo, message: string, elapsedMs = 0): CommitAnalysis {
  const result: FileSetResult = { relationships: [], before: EMPTY_CST, after: EMPTY_CST, skipped: [], warnings: [], timing: { parseMs: 0, compareMs: 0 } };
  return { commit, base: commit.parents[0], refactorings: [], result, changedFiles: 0, elapsedMs, error: message };
}

/** The analysis without its CSTs and relationships (they are most of its size). */
export function withoutCsts(analysis: CommitAnalysis): CommitAnalysis {
  return { ...analysis, result: { ...analysis.result, relationships: [], before: EMPTY_CST, after: EMPTY_CST } };
}

export async function analyzeCommit(repoDir: string, ref: string, options: GitAnalysisOptions = {}): Promise<CommitAnalysis> {
  return withSession(repoDir, async (session) => analyzeCommitIn(session, await resolveCommit(session.root, ref), options));
}

/** The tree of `headRef` against the tree of `baseRef` (e.g. a pull request against its base). */
export async function analyzeBetween(repoDir: string, baseRef: string, headRef: string, options: GitAnalysisOptions = {}): Promise<CommitAnalysis> {
  const started = performance.now();
  return withSession(repoDir, async (session) => {
    const base = await resolveCommit(session.root, baseRef);
    const head = await resolveCommit(session.root, headRef);
    const changes = await diffTrees(session.root, base, head, options.signal);
    return analyzeChanges(session, await commitInfo(session.root, head), base, changes, options, undefined, started);
  });
}

/** HEAD against the working tree (untracked files included), or against the index with `staged`. */
export async function analyzeWorktree(repoDir: string, options: GitAnalysisOptions & { staged?: boolean } = {}): Promise<CommitAnalysis> {
  const started = performance.now();
  return withSession(repoDir, async (session) => {
    if (session.bare) throw new GitError('bad-argument', `a bare repository has no working tree: ${repoDir}`);
    const head = await resolveHead(session.root);
    const changes = await diffIndex(session.root, head ?? (await emptyTree(session.root)), options.staged === true, options.signal);
    if (!options.staged) changes.push(...(await untrackedFiles(session.root, options.signal)).map(untrackedChange));
    const source: AfterSource | undefined = options.staged ? undefined : { kind: 'worktree', root: session.root };
    const commit = await worktreeCommit(session.root, head, options.staged === true);
    return analyzeChanges(session, commit, head, changes, options, source, started);
  });
}

function untrackedChange(file: string): FileChange {
  return { status: 'A', oldPath: undefined, newPath: file, oldBlob: undefined, newBlob: undefined, oldRegular: false, newRegular: true };
}

/** A pseudo-commit for uncommitted changes: sha 'WORKTREE' or 'INDEX', HEAD as its parent. */
async function worktreeCommit(root: string, head: string | undefined, staged: boolean): Promise<CommitInfo> {
  const parent = head === undefined ? undefined : await commitInfo(root, head);
  const subject = staged ? 'Staged changes' : 'Uncommitted changes';
  return {
    sha: staged ? 'INDEX' : 'WORKTREE',
    parents: head === undefined ? [] : [head],
    author: parent?.author ?? '',
    authorEmail: parent?.authorEmail ?? '',
    date: new Date().toISOString(),
    subject,
    message: subject,
  };
}

/** Commits of `git log <ref>` (default HEAD), newest first, paged with skip/max. */
export async function listCommits(repoDir: string, options: { ref?: string; skip?: number; max?: number } = {}): Promise<CommitInfo[]> {
  const { root } = await locateRepository(repoDir);
  return logCommits(root, options);
}

/** The bytes of a file at a ref, for the editor's read-only documents. */
export async function readFileAt(repoDir: string, ref: string, file: string): Promise<Uint8Array> {
  return withSession(repoDir, async (session) => {
    const sha = await resolveCommit(session.root, ref);
    const bytes = await session.blobs.read(`${sha}:${file.replace(/^\.?\//, '')}`);
    if (bytes === undefined) throw new GitError('unknown-ref', `${file} does not exist at ${ref}`);
    return bytes;
  });
}

/** The work tree root of the repository containing `dir` (the git directory when bare). */
export async function findRepositoryRoot(dir: string): Promise<string> {
  return (await locateRepository(dir)).root;
}

/** The repository as a report names it: its `origin` URL, else its folder. */
export async function repositoryOrigin(repoDir: string): Promise<{ repository: string; githubUrl: string | undefined }> {
  const { root } = await locateRepository(repoDir);
  const url = await originUrl(root);
  const github = url === undefined ? undefined : /github\.com[:/]([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(url);
  return { repository: url ?? root, githubUrl: github ? `https://github.com/${github[1]}` : undefined };
}
