import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CommitAnalysis } from '../../src/analysis/git-analysis';
import { runOnWorkers } from '../../src/analysis/worker-pool';
import { makeRepo, makeScratchDir, type ScratchRepo } from '../git/scratch-repo';

/** A stand-in worker: answers each commit with its sha, and dies (exit 1) on the one it is told to. */
const FAKE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const doomed = process.env.RLENS_TEST_DOOMED;
const breaking = process.env.RLENS_TEST_BREAKING;
parentPort.on('message', ({ start, shas }) => {
  for (const [i, sha] of shas.entries()) {
    if (sha === doomed && workerData.csts) process.exit(1);
    parentPort.postMessage({ kind: 'result', index: start + i, analysis: { commit: { sha }, refactorings: [] } });
    if (sha === breaking) return parentPort.postMessage({ kind: 'restart', reason: 'its WebAssembly runtime trapped' });
  }
  parentPort.postMessage({ kind: 'chunk-done' });
});
`;

describe('the worker pool', () => {
  let repo: ScratchRepo;
  let shas: string[];
  let script: string;
  before(() => {
    repo = makeRepo();
    shas = Array.from({ length: 7 }, (_, i) => repo.commit(`commit ${i}`, { allowEmpty: true })).reverse();
    script = path.join(makeScratchDir(), 'fake-worker.js');
    writeFileSync(script, FAKE_WORKER);
  });
  after(() => repo.dispose());

  it('a worker that dies costs one commit, reported as failed; the others come in order', async () => {
    process.env.RLENS_TEST_DOOMED = shas[2];
    try {
      const seen: CommitAnalysis[] = [];
      for await (const analysis of runOnWorkers(script, 2)(repo.dir, shas, {})) seen.push(analysis);
      assert.deepEqual(seen.map((a) => a.commit.sha), shas);
      assert.deepEqual(seen.map((a) => a.error ?? 'ok'), shas.map((sha) => (sha === shas[2] ? 'analysis worker stopped: exit code 1' : 'ok')));
      assert.equal(seen[2].commit.subject, 'commit 4');
    } finally {
      delete process.env.RLENS_TEST_DOOMED;
    }
  });

  it('a worker whose parser runtime broke hands the rest of its chunk to a new worker: no commit fails', async () => {
    process.env.RLENS_TEST_BREAKING = shas[1];
    try {
      const seen: CommitAnalysis[] = [];
      for await (const analysis of runOnWorkers(script, 1)(repo.dir, shas, {})) seen.push(analysis);
      assert.deepEqual(seen.map((a) => a.commit.sha), shas);
      assert.deepEqual(seen.map((a) => a.error), shas.map(() => undefined));
    } finally {
      delete process.env.RLENS_TEST_BREAKING;
    }
  });
});
