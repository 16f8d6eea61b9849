import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analyzeRange, type CommitAnalysis } from '../../src/analysis/git-analysis';
import { snapshotFiles as snapshot } from '../git/hostile-repo';
import { buildHistory, type History } from './history';

const workerScript = path.join(__dirname, '..', '..', 'dist', 'worker.js');

async function collect(iterable: AsyncIterable<CommitAnalysis>): Promise<CommitAnalysis[]> {
  const all: CommitAnalysis[] = [];
  for await (const analysis of iterable) all.push(analysis);
  return all;
}

const summary = (all: CommitAnalysis[]) => all.map((a) => `${a.commit.subject}: ${a.refactorings.map((r) => r.type).join(', ')}`);

describe('analysing a range of commits', () => {
  let history: History;
  before(() => {
    history = buildHistory();
  });
  after(() => history.repo.dispose());

  it('streams every commit of A..B in git log order, with progress; a merge is left out, its branch commit carries the refactoring', async () => {
    const progress: string[] = [];
    const all = await collect(analyzeRange(history.repo.dir, `${history.shas.root}..main`, { jobs: 1, onProgress: (done, total) => progress.push(`${done}/${total}`) }));
    const expected = history.repo.git('log', '--no-merges', '--format=%H', `${history.shas.root}..main`).trim().split('\n');
    assert.deepEqual(all.map((a) => a.commit.sha), expected);
    assert.ok(!expected.includes(history.shas.merge));
    assert.deepEqual(progress, Array.from({ length: expected.length + 1 }, (_, i) => `${i}/${expected.length}`));
    assert.deepEqual(summary(all).filter((line) => !line.endsWith(': ')), [
      'rename groupBy on a branch: Rename Function',
      'rename checksum in the big class: Rename Method',
      'extract appendLines: Extract Method',
      'move Report to package b: Move Class',
      'rename sum to add: Rename Method',
    ]);
  });

  it('worker threads give the same results, in the same order, and .git stays byte-for-byte the same', async () => {
    assert.ok(existsSync(workerScript), 'dist/worker.js is missing: run npm run build');
    const gitDir = path.join(history.repo.dir, '.git');
    const before = snapshot(gitDir);
    const inProcess = await collect(analyzeRange(history.repo.dir, 'main', { jobs: 1 }));
    const onWorkers = await collect(analyzeRange(history.repo.dir, 'main', { jobs: 2, workerScript }));
    assert.deepEqual(summary(onWorkers), summary(inProcess));
    assert.deepEqual(onWorkers.map((a) => a.refactorings), inProcess.map((a) => a.refactorings));
    // how each was found crosses the threads with it: the views show it
    assert.deepEqual(onWorkers.flatMap((a) => a.refactorings.map((r) => `${r.type} ${r.before.name} → ${r.after.name}: ${r.foundBy}`)), [
      'Rename Function groupBy → groupByKey: similarity-safe',
      'Rename Method checksum → checksumOf: similarity-safe',
      'Extract Method render → appendLines: call-graph',
      'Move Class Report → Report: unique-name',
      'Rename Method sum → add: similarity-safe',
    ]);
    assert.deepEqual(snapshot(gitDir), before);
  });

  it('merges: true analyses a merge too, against its first parent (which repeats its branch)', async () => {
    const all = await collect(analyzeRange(history.repo.dir, `${history.shas.root}..main`, { jobs: 1, merges: true }));
    assert.deepEqual(all.map((a) => a.commit.sha), history.repo.git('log', '--format=%H', `${history.shas.root}..main`).trim().split('\n'));
    assert.deepEqual(summary(all).filter((line) => line.startsWith('merge feature')), ['merge feature: Rename Function']);
  });

  it('max keeps the newest commits only', async () => {
    const all = await collect(analyzeRange(history.repo.dir, 'main', { jobs: 1, max: 2 }));
    assert.deepEqual(all.map((a) => a.commit.subject), history.repo.git('log', '--no-merges', '-n', '2', '--format=%s', 'main').trim().split('\n'));
  });

  it('csts: false keeps refactorings and skipped files but not the CSTs', async () => {
    const [lean] = await collect(analyzeRange(history.repo.dir, `${history.shas.moveClass}..${history.shas.extract}`, { jobs: 1, csts: false }));
    assert.deepEqual(lean.refactorings.map((r) => r.type), ['Extract Method']);
    assert.deepEqual([lean.result.before.nodes, lean.result.after.nodes, lean.result.relationships], [[], [], []]);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const run = async () => {
      for await (const analysis of analyzeRange(history.repo.dir, 'main', { jobs: 2, workerScript, signal: controller.signal })) {
        seen.push(analysis.commit.sha);
        controller.abort();
      }
    };
    await assert.rejects(run(), (e: Error) => e.name === 'AbortError');
    assert.equal(seen.length, 1);
  });
});
