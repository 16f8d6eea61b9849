/**
 * An analysis worker (bundled to dist/worker.js). Started by the range pool (with a WorkerSetup as
 * workerData) it analyses the chunks of commits it is sent, one commit after the other, with one
 * repository session and one CST cache for its whole life. Started by an IsolatedAnalyzer (no
 * workerData) it runs the single jobs it is sent (src/analysis/isolated.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { GitError } from '../git';
import { parserRuntimeBroken, startParserRuntime } from '../languages/registry';
import { createCstCache } from './files';
import { analyzeChunk, openSession, withoutCsts, type RepositorySession } from './git-analysis';
import { runJob } from './isolated';
import { RANGE_CACHE_ENTRIES } from './scheduler';
import type { IsolatedReply, IsolatedRequest, WarmRequest, WorkerReply, WorkerRequest, WorkerSetup } from './worker-protocol';

const setup = workerData as WorkerSetup | undefined;
const cache = createCstCache(RANGE_CACHE_ENTRIES);
let session: Promise<RepositorySession> | undefined;

async function analyseChunk(setup: WorkerSetup, request: WorkerRequest): Promise<void> {
  const options = { languages: setup.languages, maxFileSize: setup.maxFileSize, timeBudgetMs: setup.timeBudgetMs, cache };
  session ??= openSession(setup.repoDir);
  const repository = await session;
  let index = request.start;
  for await (const analysis of analyzeChunk(repository, request.shas, options)) {
    reply({ kind: 'result', index: index++, analysis: setup.csts ? analysis : withoutCsts(analysis) });
    const broken = parserRuntimeBroken();
    if (broken !== undefined) {
      reply({ kind: 'restart', reason: broken });
      return new Promise<never>(() => undefined); // the pool terminates this worker
    }
  }
}

function reply(message: WorkerReply | IsolatedReply): void {
  parentPort!.postMessage(message);
}

function errorReply(error: unknown): { code?: string; message: string } {
  return { code: error instanceof GitError ? error.code : undefined, message: error instanceof Error ? error.message : String(error) };
}

async function runIsolated(request: IsolatedRequest): Promise<void> {
  try {
    const result = await runJob(request.repoDir, request.job, request.options);
    reply({ kind: 'job-result', id: request.id, result, parserBroken: parserRuntimeBroken() });
  } catch (error) {
    reply({ kind: 'job-error', id: request.id, ...errorReply(error), parserBroken: parserRuntimeBroken() });
  }
}

parentPort!.on('message', (request: WorkerRequest | IsolatedRequest | WarmRequest) => {
  if ('kind' in request) return void (request.kind === 'job' ? runIsolated(request) : startParserRuntime().catch(() => undefined));
  if (!setup) return reply({ kind: 'error', index: request.start, message: 'this worker was started without a setup' });
  analyseChunk(setup, request)
    .catch((error: unknown) => reply({ kind: 'error', index: request.start, ...errorReply(error) }))
    .finally(() => reply({ kind: 'chunk-done' }));
});
