/**
 * Runs the analysis of a list of commits and yields the results in the order of the list, in
 * this thread or on a pool of worker threads (src/analysis/worker-pool.ts).
 */
import { createCstCache } from './files';
import { analyzeChunk, openSession, withoutCsts, type CommitAnalysis, type GitAnalysisOptions } from './git-analysis';

export type RunOptions = GitAnalysisOptions & { csts?: boolean };
export type ChunkRunner = (repoDir: string, shas: string[], options: RunOptions) => AsyncGenerator<CommitAnalysis>;

/** Commits read (metadata and changes) and handed out together; a worker keeps its CST cache across chunks. */
export const MAX_CHUNK = 16;
/**
 * CSTs a range keeps per thread: the after-version of a file is the next commit's before-version,
 * so recent files are what pays (junit4, simulated: 100 entries hit 24%, 1000 hit 51%, unbounded 52%).
 */
export const RANGE_CACHE_ENTRIES = 1000;

export function chunkSize(total: number, jobs: number): number {
  return Math.max(1, Math.min(MAX_CHUNK, Math.ceil(total / jobs)));
}

export function runInProcess(): ChunkRunner {
  return async function* (repoDir, shas, options) {
    const session = await openSession(repoDir);
    const analysisOptions = { ...options, cache: options.cache ?? createCstCache(RANGE_CACHE_ENTRIES) };
    try {
      for (let start = 0; start < shas.length; start += MAX_CHUNK) {
        for await (const analysis of analyzeChunk(session, shas.slice(start, start + MAX_CHUNK), analysisOptions)) {
          yield options.csts === false ? withoutCsts(analysis) : analysis;
        }
      }
    } finally {
      session.close();
    }
  };
}
