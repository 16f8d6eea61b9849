/**
 * A pool of analysis workers fed contiguous chunks of commits; results come back in the order of
 * the list. A worker that dies (a WebAssembly abort, memory) is replaced: the commit it was on is
 * reported as failed and the rest of its chunk goes to the new worker.
 */
import { Worker } from 'node:worker_threads';
import { commitInfo, GitError } from '../git';
import { failedAnalysis, type CommitAnalysis } from './git-analysis';
import { chunkSize, type ChunkRunner, type RunOptions } from './scheduler';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './worker-protocol';

/** Results waiting for the consumer before workers get no new chunk. */
const MAX_BUFFERED = 256;
/** Workers that may die in a row, with no result in between, before the range gives up. */
const MAX_CRASHES_IN_A_ROW = 3;
/**
 * A commit on a worker is stopped when no result came this long after its time budget: the
 * budget is checked between files, so only one file's parse or one comparison can overrun it.
 */
const HARD_LIMIT_FACTOR = 4;
const HARD_LIMIT_GRACE_MS = 5000;

/** Milliseconds after which a worker with no new result is stopped; undefined without a budget. */
export function hardLimitMs(timeBudgetMs: number | undefined): number | undefined {
  return timeBudgetMs === undefined ? undefined : timeBudgetMs * HARD_LIMIT_FACTOR + HARD_LIMIT_GRACE_MS;
}

interface Slot {
  worker: Worker;
  /** The chunk it works on, how many of its results came back, and when the last came (or it began). */
  task: { request: WorkerRequest; received: number; since: number } | undefined;
}

/** Only plain, serialisable options cross to a worker. */
export function workerSetup(repoDir: string, options: RunOptions): WorkerSetup {
  return { repoDir, languages: options.languages, maxFileSize: options.maxFileSize, timeBudgetMs: options.timeBudgetMs, csts: options.csts !== false };
}

export function toError(reply: { code?: string; message: string }): Error {
  return reply.code ? new GitError(reply.code as GitError['code'], reply.message) : new Error(reply.message);
}

export function runOnWorkers(script: string, jobs: number): ChunkRunner {
  return async function* (repoDir, shas, options) {
    const size = chunkSize(shas.length, jobs);
    const queue: WorkerRequest[] = [];
    for (let start = 0; start < shas.length; start += size) queue.push({ start, shas: shas.slice(start, start + size) });
    const results = new Map<number, CommitAnalysis>();
    const slots: Slot[] = [];
    let failure: unknown;
    let crashesInARow = 0;
    let wake = () => {};
    const fail = (error: unknown) => {
      failure ??= error;
      wake();
    };

    const dispatch = () => {
      for (const slot of slots) {
        if (slot.task || queue.length === 0 || results.size >= MAX_BUFFERED || failure !== undefined) continue;
        const request = queue.shift()!;
        slot.task = { request, received: 0, since: performance.now() };
        slot.worker.postMessage(request);
      }
    };

    const onReply = (slot: Slot, reply: WorkerReply) => {
      if (reply.kind === 'result') {
        results.set(reply.index, reply.analysis);
        slot.task!.received++;
        slot.task!.since = performance.now();
        crashesInARow = 0;
      } else if (reply.kind === 'error') {
        fail(toError(reply));
      } else if (reply.kind === 'restart') {
        restart(slot);
      } else {
        slot.task = undefined;
        dispatch();
      }
      wake();
    };

    /**
     * The commit a dead (or stopped) worker was on fails; the rest of its chunk is queued first; a
     * new worker takes its place. A commit stopped for its time budget is reported as timed out.
     */
    const onCrash = (slot: Slot, reason: string, timedOutAfter?: number) => {
      const task = slot.task;
      slot.task = undefined;
      slot.worker.removeAllListeners();
      void slot.worker.terminate();
      if (timedOutAfter === undefined && ++crashesInARow > MAX_CRASHES_IN_A_ROW) return fail(new Error(`analysis workers keep stopping: ${reason}`));
      if (task) {
        const index = task.request.start + task.received;
        const sha = task.request.shas[task.received];
        const rest = task.request.shas.slice(task.received + 1);
        if (rest.length > 0) queue.unshift({ start: index + 1, shas: rest });
        commitInfo(repoDir, sha).then(
          (info) => {
            const failed = failedAnalysis(info, timedOutAfter === undefined ? `analysis worker stopped: ${reason}` : reason, timedOutAfter);
            if (timedOutAfter !== undefined) failed.result.timedOut = true;
            results.set(index, failed);
            wake();
          },
          fail,
        );
      }
      start(slot);
      dispatch();
    };

    /** A worker that can no longer parse hands the rest of its chunk to a new worker: no commit fails. */
    const restart = (slot: Slot) => {
      const task = slot.task;
      slot.task = undefined;
      slot.worker.removeAllListeners();
      void slot.worker.terminate();
      const rest = task ? task.request.shas.slice(task.received) : [];
      if (task && rest.length > 0) queue.unshift({ start: task.request.start + task.received, shas: rest });
      start(slot);
      dispatch();
    };

    const start = (slot: Slot) => {
      slot.worker = new Worker(script, { workerData: workerSetup(repoDir, options) });
      slot.worker.on('message', (reply: WorkerReply) => onReply(slot, reply));
      slot.worker.on('error', (error) => onCrash(slot, error.message.split('\n', 1)[0]));
      slot.worker.on('exit', (code) => onCrash(slot, `exit code ${code}`));
    };

    for (let i = 0; i < jobs; i++) {
      const slot = { task: undefined } as unknown as Slot;
      start(slot);
      slots.push(slot);
    }
    const onAbort = () => fail(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const hardLimit = hardLimitMs(options.timeBudgetMs);
    const watchdog =
      hardLimit === undefined
        ? undefined
        : setInterval(() => {
            for (const slot of slots) {
              const waited = slot.task ? performance.now() - slot.task.since : 0;
              if (waited > hardLimit) onCrash(slot, `timed out: stopped after ${Math.round(waited)} ms (time budget ${options.timeBudgetMs} ms)`, waited);
            }
          }, Math.min(1000, hardLimit / 4));
    try {
      options.signal?.throwIfAborted();
      dispatch();
      for (let next = 0; next < shas.length; ) {
        const ready = results.get(next);
        if (ready !== undefined) {
          results.delete(next++);
          yield ready;
          dispatch();
        } else if (failure !== undefined) {
          throw failure;
        } else {
          await new Promise<void>((resolve) => (wake = resolve));
        }
      }
    } finally {
      clearInterval(watchdog);
      options.signal?.removeEventListener('abort', onAbort);
      await Promise.all(slots.map((slot) => (slot.worker.removeAllListeners(), slot.worker.terminate())));
    }
  };
}
