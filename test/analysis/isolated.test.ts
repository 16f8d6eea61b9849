import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analyzeBetween, analyzeCommit, GitError, type CommitAnalysis } from '../../src/analysis/git-analysis';
import { symbolHistory } from '../../src/analysis/history';
import { IsolatedAnalyzer } from '../../src/analysis/isolated';
import { makeScratchDir } from '../git/scratch-repo';
import { buildHistory, type History } from './history';

const workerScript = path.join(__dirname, '..', '..', 'dist', 'worker.js');
const seen = (analysis: CommitAnalysis) => analysis.refactorings.map((r) => `${r.type}: ${r.before.qualifiedName} → ${r.after.qualifiedName}`);

describe('one analysis on a worker of its own (the extension never parses on its thread)', () => {
  let history: History;
  let analyzer: IsolatedAnalyzer;
  before(() => {
    assert.ok(existsSync(workerScript), 'dist/worker.js is missing: run npm run build');
    history = buildHistory();
    analyzer = new IsolatedAnalyzer(workerScript);
  });
  after(() => {
    analyzer.dispose();
    history.repo.dispose();
  });

  it('a commit analysed on the worker has the refactorings and the CSTs of one analysed here', async () => {
    const here = await analyzeCommit(history.repo.dir, history.shas.extract);
    const there = await analyzer.run(history.repo.dir, { kind: 'commit', ref: history.shas.extract });
    assert.ok(analyzer.usesWorkers);
    assert.deepEqual(seen(there), ['Extract Method: b.Report.render(String,List<String>) → b.Report.appendLines(StringBuilder,List<String>)']);
    assert.deepEqual(seen(there), seen(here));
    assert.equal(there.result.after.nodes.length, here.result.after.nodes.length);
    assert.deepEqual(
      there.result.relationships.map((r) => `${r.type}: ${r.foundBy}`),
      here.result.relationships.map((r) => `${r.type}: ${r.foundBy}`),
    );
    assert.deepEqual(there.refactorings.map((r) => r.foundBy), ['call-graph']);
  });

  it('two refs and a symbol history give what they give here', async () => {
    const between = await analyzer.run(history.repo.dir, { kind: 'between', base: history.shas.root, head: history.shas.extract });
    assert.deepEqual(seen(between), seen(await analyzeBetween(history.repo.dir, history.shas.root, history.shas.extract)));
    const query = { file: 'src/a/Calc.java', symbol: 'add' };
    const there = await analyzer.run(history.repo.dir, { kind: 'history', query });
    const here = await symbolHistory(history.repo.dir, query);
    assert.deepEqual(there.steps.map((s) => `${s.type} ${s.commit.subject}`), ['Rename Method rename sum to add', 'Added root: calculator, report, util']);
    assert.deepEqual(there.steps, here.steps);
  });

  it("git's errors keep their kind and words", async () => {
    const here = await analyzeCommit(history.repo.dir, 'no-such-ref').then(() => assert.fail('no error'), (error: unknown) => error as GitError);
    await assert.rejects(analyzer.run(history.repo.dir, { kind: 'commit', ref: 'no-such-ref' }), (error: unknown) => {
      assert.ok(error instanceof GitError);
      assert.equal(error.code, 'unknown-ref');
      assert.equal(error.code, here.code);
      assert.equal(error.message, here.message);
      assert.match(error.message, /no-such-ref/);
      return true;
    });
    // the worker is still good after an error
    assert.equal((await analyzer.run(history.repo.dir, { kind: 'commit', ref: history.shas.renameMethod })).refactorings.length, 1);
  });
});

/**
 * A stand-in worker: answers each job with its thread's id, after `delay` ms when the ref says so;
 * 'hang' never answers, 'die' exits, 'trap' answers as a worker whose parser trapped.
 */
const FAKE_WORKER = `
const { parentPort, threadId } = require('node:worker_threads');
let warmed = false;
parentPort.on('message', ({ kind, id, job }) => {
  if (kind === 'warm') return void (warmed = true);
  if (job.ref === 'hang') return;
  if (job.ref === 'die') process.exit(3);
  const answer = { kind: 'job-result', id, result: { threadId, warmed }, parserBroken: job.ref === 'trap' ? 'its WebAssembly runtime trapped' : undefined };
  setTimeout(() => parentPort.postMessage(answer), job.ref === 'slow' ? 200 : 0);
});
`;

describe('how an isolated job ends', () => {
  let analyzer: IsolatedAnalyzer;
  let analyzerScript: string;
  const threadOf = async (ref: string, options = {}) => ((await analyzer.run('.', { kind: 'commit', ref }, options)) as unknown as { threadId: number }).threadId;
  before(() => {
    const script = path.join(makeScratchDir(), 'fake-worker.js');
    writeFileSync(script, FAKE_WORKER);
    analyzerScript = script;
    analyzer = new IsolatedAnalyzer(script);
  });
  after(() => analyzer.dispose());

  it('an idle worker is used again; one whose parser trapped is not', async () => {
    const first = await threadOf('a');
    assert.equal(await threadOf('b'), first);
    assert.equal(await threadOf('trap'), first);
    const next = await threadOf('c');
    assert.notEqual(next, first);
    assert.equal(await threadOf('d'), next);
  });

  it('a worker started ahead (warm) takes the first job; one stopped by a cancel is replaced by a warm one', async () => {
    const warmed = new IsolatedAnalyzer(analyzerScript);
    const run = async (ref: string, options = {}) => (await warmed.run('.', { kind: 'commit', ref }, options)) as unknown as { threadId: number; warmed: boolean };
    try {
      assert.equal((await run('a')).warmed, false);
      warmed.dispose();
      const again = new IsolatedAnalyzer(analyzerScript);
      again.warm();
      const first = (await again.run('.', { kind: 'commit', ref: 'a' })) as unknown as { warmed: boolean };
      assert.equal(first.warmed, true);
      const controller = new AbortController();
      const cancelled = again.run('.', { kind: 'commit', ref: 'hang' }, { signal: controller.signal });
      controller.abort();
      await assert.rejects(cancelled, { name: 'AbortError' });
      assert.equal(((await again.run('.', { kind: 'commit', ref: 'b' })) as unknown as { warmed: boolean }).warmed, true);
      again.dispose();
    } finally {
      warmed.dispose();
    }
  });

  it('jobs at the same time each get a worker', async () => {
    const [a, b] = await Promise.all([threadOf('slow'), threadOf('slow')]);
    assert.notEqual(a, b);
  });

  it('cancelling stops the job at once, and the next job runs', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const pending = threadOf('hang', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(pending, { name: 'AbortError' });
    assert.ok(performance.now() - started < 2000);
    assert.equal(typeof (await threadOf('e')), 'number');
  });

  it('a worker that dies fails its job with the reason, and the next job runs', async () => {
    await assert.rejects(threadOf('die'), { message: 'analysis worker stopped: exit code 3' });
    assert.equal(typeof (await threadOf('f')), 'number');
  });

  it('a job over its time budget is stopped (4 times the budget and 5 s)', async () => {
    const started = performance.now();
    await assert.rejects(threadOf('hang', { timeBudgetMs: 100 }), { message: /^timed out: stopped after 5400 ms \(time budget 100 ms\)$/ });
    assert.ok(performance.now() - started < 8000);
  });
});
