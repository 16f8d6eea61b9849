/**
 * The refactorings of many commits for a history view: read from a disk cache when an earlier
 * run analysed them with the same engine and settings, analysed on worker threads otherwise (and
 * then stored). A commit never changes, so its entry never goes stale; a new engine or other
 * settings use another folder, and the folders of other engines are removed (pruneSummaries).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReportRefactoring } from '../core/report';
import { isCommitId } from '../git';
import type { SkippedFile } from './files';
import type { CommitAnalysis } from './git-analysis';
import { analyzeCommits, type RangeOptions } from './range';

/** What a history view needs of one analysed commit. */
export interface CommitSummary {
  sha: string;
  refactorings: ReportRefactoring[];
  skipped: SkippedFile[];
  /** Why the commit could not be analysed. */
  error?: string;
  /** The analysis ran out of its time budget: refactorings were not searched. */
  timedOut?: boolean;
  elapsedMs: number;
}

export interface SummaryKey {
  /** The repository's root. */
  repository: string;
  /** Identifies the analysis code (e.g. a hash of its bundle): results of another engine are not reused. */
  engine: string;
  /** Anything else that changes results (languages, file size limit). */
  settings: unknown;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 20);

/** One folder of `base` per engine, and in it one per settings and repository. */
export function summaryFolder(base: string, key: SummaryKey): string {
  return path.join(base, 'commits', hash(key.engine), hash(JSON.stringify(key.settings)), hash(key.repository));
}

/**
 * Removes the summaries of every engine but `engine` from `base`: an engine is replaced by an
 * update of the extension and never comes back, so its entries would only fill the disk. Settings
 * and repositories of the current engine are kept. Returns how many engines' folders went.
 */
export async function pruneSummaries(base: string, engine: string): Promise<number> {
  const root = path.join(base, 'commits');
  const keep = hash(engine);
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch {
    return 0; // nothing stored yet
  }
  const stale = entries.filter((name) => name !== keep);
  await Promise.all(stale.map((name) => rm(path.join(root, name), { recursive: true, force: true })));
  return stale.length;
}

/** A hash of files' contents: the engine key for a bundle. */
export async function contentHash(files: string[]): Promise<string> {
  const digest = createHash('sha256');
  for (const file of files) digest.update(await readFile(file));
  return digest.digest('hex').slice(0, 20);
}

export function summaryOf(analysis: CommitAnalysis): CommitSummary {
  const summary: CommitSummary = {
    sha: analysis.commit.sha,
    refactorings: analysis.refactorings,
    skipped: analysis.result.skipped.filter((s) => s.reason !== 'unknown-language'),
    elapsedMs: Math.round(analysis.elapsedMs * 10) / 10,
  };
  if (analysis.error !== undefined) summary.error = analysis.error;
  if (analysis.result.timedOut) summary.timedOut = true;
  return summary;
}

/** Summaries on disk, one JSON file a commit. Unreadable entries count as missing. */
export class SummaryStore {
  constructor(readonly folder: string) {}

  private file(sha: string): string {
    if (!isCommitId(sha)) throw new Error(`not a commit id: ${sha}`);
    return path.join(this.folder, `${sha}.json`);
  }

  async get(sha: string): Promise<CommitSummary | undefined> {
    try {
      const summary = JSON.parse(await readFile(this.file(sha), 'utf8')) as CommitSummary;
      return summary.sha === sha && Array.isArray(summary.refactorings) ? summary : undefined;
    } catch {
      return undefined;
    }
  }

  /** Written to a temporary name and renamed, so a reader never sees half an entry. */
  async put(summary: CommitSummary): Promise<void> {
    // A failure may be transient (a repository changing), a time-out depends on the machine's load: try again next time.
    if (summary.error !== undefined || summary.timedOut) return;
    await mkdir(this.folder, { recursive: true });
    const target = this.file(summary.sha);
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, JSON.stringify(summary));
    await rename(temporary, target);
  }
}

export interface SummariseOptions extends RangeOptions {
  store?: SummaryStore;
  /** Analyses one commit that is not in the store, instead of analyzeCommits on a pool of workers. */
  analyse?: (sha: string) => Promise<CommitAnalysis>;
}

async function* oneByOne(shas: string[], analyse: (sha: string) => Promise<CommitAnalysis>): AsyncGenerator<CommitAnalysis> {
  for (const sha of shas) yield await analyse(sha);
}

/**
 * The summaries of `shas`: cached ones first (as they are read), then the others as the workers
 * finish them, in the order given. Each comes with whether it was cached.
 */
export async function* summarise(repoDir: string, shas: string[], options: SummariseOptions = {}): AsyncGenerator<CommitSummary & { cached: boolean }> {
  const missing: string[] = [];
  for (const sha of shas) {
    options.signal?.throwIfAborted();
    const hit = await options.store?.get(sha);
    if (hit) yield { ...hit, cached: true };
    else missing.push(sha);
  }
  if (missing.length === 0) return;
  const analyses = options.analyse ? oneByOne(missing, options.analyse) : analyzeCommits(repoDir, missing, { ...options, csts: false });
  for await (const analysis of analyses) {
    const summary = summaryOf(analysis);
    await options.store?.put(summary).catch(() => undefined); // a full disk costs the cache, not the view
    yield { ...summary, cached: false };
  }
}
