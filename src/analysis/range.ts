/**
 * Ranges of commits: each commit against its first parent, results streamed in commit order.
 * Commits are handed out in contiguous chunks to a pool of worker threads (each with its own CST
 * cache, so consecutive commits reuse CSTs); without a worker bundle, or with one job, the same
 * work runs in this thread.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { locateRepository, rangeCommits } from '../git';
import type { CommitAnalysis, GitAnalysisOptions } from './git-analysis';
import { runInProcess, type ChunkRunner } from './scheduler';
import { runOnWorkers } from './worker-pool';

export interface RangeOptions extends GitAnalysisOptions {
  /** Worker threads (default: the number of cores); 1 analyses in this thread. */
  jobs?: number;
  onProgress?: (done: number, total: number) => void;
  /** At most this many commits (the first of the list, as `git log -n`). */
  max?: number;
  /** Analyse the range's merge commits too, each against its first parent (default: left out). */
  merges?: boolean;
  /**
   * Keep the two CSTs and the relationships in each `result` (default true). Without them a
   * result is cheap to pass between threads: refactorings, skipped files and timing only.
   */
  csts?: boolean;
  /** The bundled worker (default: worker.js beside this bundle); in-process when it does not exist. */
  workerScript?: string;
}

/** Every commit of `A..B` (as `git log A..B`, newest first), or of a ref's whole history. */
export function analyzeRange(repoDir: string, range: string, options: RangeOptions = {}): AsyncIterable<CommitAnalysis> {
  return {
    async *[Symbol.asyncIterator]() {
      const { root } = await locateRepository(repoDir);
      const shas = await rangeCommits(root, range, { merges: options.merges });
      yield* analyzeCommits(root, options.max === undefined ? shas : shas.slice(0, options.max), options);
    },
  };
}

/** Already-resolved commits, in the order given. */
export async function* analyzeCommits(repoDir: string, shas: string[], options: RangeOptions = {}): AsyncGenerator<CommitAnalysis> {
  const jobs = Math.max(1, Math.min(options.jobs ?? defaultJobs(), shas.length));
  const script = options.workerScript ?? path.join(__dirname, 'worker.js');
  const runner: ChunkRunner = jobs > 1 && existsSync(script) ? runOnWorkers(script, jobs) : runInProcess();
  let done = 0;
  options.onProgress?.(0, shas.length);
  for await (const analysis of runner(repoDir, shas, options)) {
    yield analysis;
    options.onProgress?.(++done, shas.length);
  }
}

export function defaultJobs(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}
