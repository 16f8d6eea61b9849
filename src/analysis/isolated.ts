/**
 * One analysis at a time off the calling thread: a commit, two refs, the working tree or a
 * symbol's history, each on a worker thread of its own (dist/worker.js, the range pool's bundle).
 *
 * The extension uses this so that parsing never blocks the extension host, and so that what can
 * go wrong inside tree-sitter stays in a worker: a WebAssembly trap, an input that parses for
 * minutes, memory. Cancelling terminates the worker at once, even mid-parse; a job with a time
 * budget is stopped when it overruns it as the range pool does (see hardLimitMs); a worker whose
 * parser trapped is not used again. One idle worker is kept, warm, for the next job (`warm()`
 * starts one ahead of the first): a fresh worker's first job takes about half a second longer
 * (loading the bundle and the tree-sitter runtime; scripts/isolated-bench.ts). It is stopped after
 * IDLE_MS without a job, so an unused window holds no thread.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { analyzeBetween, analyzeCommit, analyzeWorktree, type CommitAnalysis, type GitAnalysisOptions } from './git-analysis';
import { symbolHistory, type HistoryQuery, type SymbolHistory } from './history';
import { hardLimitMs, toError } from './worker-pool';
import type { IsolatedJob, IsolatedReply, IsolatedRequest, WarmRequest } from './worker-protocol';

/** An idle worker is stopped after this long without a job. */
export const IDLE_MS = 5 * 60_000;

export type { IsolatedJob } from './worker-protocol';

/** What a job gives back. */
export type JobResult<J extends IsolatedJob> = J extends { kind: 'history' } ? SymbolHistory : CommitAnalysis;

/** Plain options (they cross to the worker) and the signal that cancels the job. */
export interface IsolatedOptions {
  languages?: string[];
  maxFileSize?: number;
  timeBudgetMs?: number;
  /** For a history: at most this many commits analysed. */
  maxCommits?: number;
  signal?: AbortSignal;
}

/** The job, run in this thread (the worker calls this too). */
export function runJob(repoDir: string, job: IsolatedJob, options: IsolatedOptions): Promise<CommitAnalysis | SymbolHistory> {
  const analysis: GitAnalysisOptions = { languages: options.languages, maxFileSize: options.maxFileSize, timeBudgetMs: options.timeBudgetMs, signal: options.signal };
  switch (job.kind) {
    case 'commit':
      return analyzeCommit(repoDir, job.ref, analysis);
    case 'between':
      return analyzeBetween(repoDir, job.base, job.head, analysis);
    case 'worktree':
      return analyzeWorktree(repoDir, { ...analysis, staged: job.staged });
    case 'history':
      return symbolHistory(repoDir, job.query satisfies HistoryQuery, { ...analysis, maxCommits: options.maxCommits });
  }
}

export class IsolatedAnalyzer {
  private idle: Worker | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly busy = new Set<Worker>();
  private nextId = 0;
  private disposed = false;

  /** `script` is the worker bundle (default: worker.js beside this bundle); without it jobs run in this thread. */
  constructor(private readonly script = path.join(__dirname, 'worker.js')) {}

  get usesWorkers(): boolean {
    return existsSync(this.script);
  }

  run<J extends IsolatedJob>(repoDir: string, job: J, options: IsolatedOptions = {}): Promise<JobResult<J>> {
    if (!this.usesWorkers) return runJob(repoDir, job, options) as Promise<JobResult<J>>;
    return this.onWorker(repoDir, job, options) as Promise<JobResult<J>>;
  }

  /** Starts an idle worker and its parser runtime, unless one is ready, so that the next job starts at once. */
  warm(): void {
    if (this.disposed || this.idle || !this.usesWorkers) return;
    const worker = new Worker(this.script);
    worker.postMessage({ kind: 'warm' } satisfies WarmRequest);
    this.makeIdle(worker);
  }

  /** Stops every worker; jobs under way fail. */
  dispose(): void {
    this.disposed = true;
    for (const worker of [...this.busy, ...(this.idle ? [this.idle] : [])]) void worker.terminate();
    this.busy.clear();
    this.setIdle(undefined);
  }

  private onWorker(repoDir: string, job: IsolatedJob, options: IsolatedOptions): Promise<CommitAnalysis | SymbolHistory> {
    const { signal, ...plain } = options;
    signal?.throwIfAborted();
    const worker = this.take();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (reuse: boolean, outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        worker.removeAllListeners();
        this.busy.delete(worker);
        if (reuse && this.idle === undefined && !this.disposed) {
          this.makeIdle(worker);
        } else {
          void worker.terminate();
          if (!reuse) this.warm(); // what ended this worker (a cancel, a trap) should not slow the next job
        }
        outcome();
      };
      const onAbort = () => finish(false, () => reject(signal!.reason));
      const limit = hardLimitMs(options.timeBudgetMs);
      const timer =
        limit === undefined
          ? undefined
          : setTimeout(() => finish(false, () => reject(new Error(`timed out: stopped after ${limit} ms (time budget ${options.timeBudgetMs} ms)`))), limit);
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (reply: IsolatedReply) => {
        if (reply.id !== id) return;
        if (reply.kind === 'job-result') finish(reply.parserBroken === undefined, () => resolve(reply.result));
        else finish(reply.parserBroken === undefined, () => reject(toError(reply)));
      });
      worker.on('error', (error) => finish(false, () => reject(new Error(`analysis worker stopped: ${error.message.split('\n', 1)[0]}`))));
      worker.on('exit', (code) => finish(false, () => reject(new Error(`analysis worker stopped: exit code ${code}`))));
      const request: IsolatedRequest = { kind: 'job', id, repoDir, job, options: plain };
      worker.postMessage(request);
    });
  }

  private take(): Worker {
    const worker = this.idle ?? new Worker(this.script);
    this.setIdle(undefined);
    worker.removeAllListeners();
    worker.ref();
    this.busy.add(worker);
    return worker;
  }

  /** Keeps `worker` for the next job, without holding the process open, until IDLE_MS pass. */
  private makeIdle(worker: Worker): void {
    worker.unref();
    worker.on('error', () => undefined); // it exits next: the 'exit' below forgets it
    worker.once('exit', () => this.idle === worker && this.setIdle(undefined));
    this.setIdle(worker);
    this.idleTimer = setTimeout(() => {
      if (this.idle !== worker) return;
      this.setIdle(undefined);
      void worker.terminate();
    }, IDLE_MS).unref();
  }

  private setIdle(worker: Worker | undefined): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.idle = worker;
  }
}
