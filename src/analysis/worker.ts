/**
 * An analysis worker (bundled to dist/worker.js): analyses the chunks of commits it is sent, one
 * commit after the other, with one repository session and one CST cache for its whole life.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { GitError } from '../git';
import { parserRuntimeBroken } from '../languages/registry';
import { createCstCache } from './files';
import { analyzeChunk, openSession, withoutCsts, type RepositorySession } from './git-analysis';
import { RANGE_CACHE_ENTRIES } from './scheduler';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './worker-protocol';

const setup = workerData as WorkerSetup;
const cache = createCstCache(RANGE_CACHE_ENTRIES);
const options = { languages: setup.languages, maxFileSize: setup.maxFileSize, timeBudgetMs: setup.timeBudgetMs, cache };
let session: Promise<RepositorySession> | undefined;

async function analyseChunk(request: WorkerRequest): Promise<void> {
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

function reply(message: WorkerReply): void {
  parentPort!.postMessage(message);
}

parentPort!.on('message', (request: WorkerRequest) => {
  analyseChunk(request)
    .catch((error: unknown) => {
      const code = error instanceof GitError ? error.code : undefined;
      reply({ kind: 'error', index: request.start, code, message: error instanceof Error ? error.message : String(error) });
    })
    .finally(() => reply({ kind: 'chunk-done' }));
});
