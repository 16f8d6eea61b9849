/** Limits: a file too large is skipped without being read; a commit over its time budget says so; neither hangs. */
import assert from 'node:assert/strict';
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analyzeFileSets } from '../../src/analysis/files';
import { analyzeCommit, analyzeCommitIn, analyzeWorktree, openSession, type CommitAnalysis } from '../../src/analysis/git-analysis';
import { runOnWorkers } from '../../src/analysis/worker-pool';
import { run } from '../../src/cli/main';
import { resolveCommit } from '../../src/git';
import { makeRepo, makeScratchDir, type ScratchRepo } from '../git/scratch-repo';
import { calc, util } from './history';

const FIFTY_MB = 50 * 1024 * 1024;

/** A generated Java file of about 50 MB (one small class repeated). */
function generated(bytes: number): string {
  const unit = 'class Gen%d { int value%d() { return %d; } }\n';
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = unit.replaceAll('%d', String(i));
    lines.push(line);
    size += line.length;
  }
  return `package gen;\n${lines.join('')}`;
}

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await run(argv, { out: (t) => (out += t), err: (t) => (err += t), errIsTty: false });
  return { code, out, err };
}

const types = (analysis: CommitAnalysis) => analysis.refactorings.map((r) => `${r.type}: ${r.before.name} → ${r.after.name}`);

describe('a commit that adds a 50 MB generated file', () => {
  let repo: ScratchRepo;
  let big: string;
  before(() => {
    repo = makeRepo();
    repo.write('src/a/Calc.java', calc('sum'));
    repo.write('web/util.js', util('groupBy'));
    repo.commit('start');
    repo.write('src/a/Calc.java', calc('add'));
    repo.write('src/gen/Generated.java', generated(FIFTY_MB));
    big = repo.commit('rename sum, add a generated file');
  });
  after(() => repo.dispose());

  it('is analysed: the big file is reported as too large and never read; memory stays bounded', async () => {
    global.gc?.();
    const memoryBefore = process.memoryUsage();
    const session = await openSession(repo.dir);
    let largestRead = 0;
    const read = session.blobs.read;
    session.blobs.read = async (name) => {
      const bytes = await read(name);
      largestRead = Math.max(largestRead, bytes?.byteLength ?? 0);
      return bytes;
    };
    try {
      const analysis = await analyzeCommitIn(session, await resolveCommit(session.root, big));
      const memoryAfter = process.memoryUsage();
      assert.deepEqual(types(analysis), ['Rename Method: sum → add']);
      assert.deepEqual(
        analysis.result.skipped.map((s) => [s.path, s.side, s.reason]),
        [['src/gen/Generated.java', 'after', 'too-large']],
      );
      assert.match(analysis.result.skipped[0].detail ?? '', /^5\d{7} bytes, limit 2097152$/);
      assert.ok(largestRead < 10_000, `read a blob of ${largestRead} bytes`);
      const grewMb = (memoryAfter.rss - memoryBefore.rss) / 2 ** 20;
      assert.ok(grewMb < 40, `RSS grew by ${grewMb.toFixed(1)} MB`);
    } finally {
      session.close();
    }
  });

  it('--max-file-size sets the limit; text and JSON list the skipped files', async () => {
    const small = await cli('--repo', repo.dir, '--max-file-size', '100', '--json', big);
    const report = JSON.parse(small.out).commits[0];
    assert.deepEqual(report.skipped.map((s: { path: string; reason: string }) => `${s.path} ${s.reason}`).sort(), [
      'src/a/Calc.java too-large',
      'src/a/Calc.java too-large',
      'src/gen/Generated.java too-large',
    ]);
    const text = await cli('--repo', repo.dir, big);
    assert.match(text.err, /^skipped: src\/gen\/Generated\.java \(after\): too-large — 5\d{7} bytes, limit 2097152$/m);
    assert.match(text.out, /^Rename Method\t/);
  });

  it('an untracked 50 MB file, and an untracked symlink to a file outside the repository, are skipped, not read', async () => {
    const worktree = makeRepo();
    try {
      worktree.write('src/a/Calc.java', calc('sum'));
      worktree.commit('start');
      worktree.write('src/a/Calc.java', calc('add'));
      worktree.write('src/gen/Generated.java', generated(FIFTY_MB));
      const outside = path.join(makeScratchDir(), 'Secret.java');
      writeFileSync(outside, 'class Secret { void key() {} }\n');
      symlinkSync(outside, path.join(worktree.dir, 'src', 'a', 'Link.java'));
      const analysis = await analyzeWorktree(worktree.dir);
      assert.deepEqual(types(analysis), ['Rename Method: sum → add']);
      assert.deepEqual(analysis.result.skipped.map((s) => `${s.path} ${s.reason}`).sort(), ['src/a/Link.java not-a-file', 'src/gen/Generated.java too-large']);
      assert.ok(!analysis.result.after.nodes.some((n) => n.name === 'Secret'));
    } finally {
      worktree.dispose();
    }
  });
});

describe('the time budget of a commit', () => {
  let repo: ScratchRepo;
  let sha: string;
  before(() => {
    repo = makeRepo();
    repo.write('src/a/Calc.java', calc('sum'));
    repo.write('web/util.js', util('groupBy'));
    repo.commit('start');
    repo.write('src/a/Calc.java', calc('add'));
    repo.write('web/util.js', util('groupByKey'));
    sha = repo.commit('two renames');
  });
  after(() => repo.dispose());

  it('spent: the files not parsed are skipped as time-budget, the result says timed out', async () => {
    const analysis = await analyzeCommit(repo.dir, sha, { timeBudgetMs: 1 });
    assert.equal(analysis.result.timedOut, true);
    assert.deepEqual(analysis.refactorings, []);
    assert.deepEqual(analysis.result.skipped.map((s) => s.reason), ['time-budget', 'time-budget', 'time-budget', 'time-budget']);
    const ample = await analyzeCommit(repo.dir, sha, { timeBudgetMs: 60_000 });
    assert.equal(ample.result.timedOut, undefined);
    assert.equal(ample.refactorings.length, 2);
  });

  it('a parse still running at the deadline is cancelled: the file is skipped as time-budget, the parser works on', async () => {
    const slow = generated(1_900_000);
    const started = performance.now();
    const result = await analyzeFileSets([], [{ path: 'gen/Slow.java', content: slow }], { deadline: performance.now() + 100 });
    const elapsed = performance.now() - started;
    assert.deepEqual(result.skipped.map((s) => `${s.path} ${s.reason} ${s.detail}`), [`gen/Slow.java time-budget parse stopped after ${slow.length} characters: the time budget ran out`]);
    assert.equal(result.timedOut, true);
    assert.ok(elapsed < 1500, `took ${Math.round(elapsed)} ms`);
    const next = await analyzeFileSets([], [{ path: 'a/Calc.java', content: calc('sum') }]);
    assert.deepEqual(next.skipped, []);
    assert.ok(next.after.nodes.some((n) => n.name === 'sum'));
  });

  it('the command line reports a timed-out commit in text and in JSON', async () => {
    const text = await cli('--repo', repo.dir, '--time-budget', '1', sha);
    assert.equal(text.code, 0);
    assert.match(text.err, new RegExp(`^timed out: commit ${sha.slice(0, 10)} after \\d+ ms: 4 file\\(s\\) not parsed, refactorings not searched$`, 'm'));
    assert.match(text.err, /^skipped: src\/a\/Calc\.java \(before\): time-budget/m);
    const json = JSON.parse((await cli('--repo', repo.dir, '--time-budget', '1', '--json', sha)).out).commits[0];
    assert.equal(json.timedOut, true);
    assert.equal(json.skipped.filter((s: { reason: string }) => s.reason === 'time-budget').length, 4);
    const range = await cli('--repo', repo.dir, '--time-budget', '1', '--range', 'HEAD', '--jsonl', '--jobs', '1');
    assert.deepEqual(range.out.trim().split('\n').map((line) => JSON.parse(line).timedOut === true), [true, true]);
  });

  it('rejects a bad --time-budget or --max-file-size', async () => {
    for (const [argv, message] of [
      [['--time-budget', '0'], /--time-budget needs a positive whole number/],
      [['--max-file-size', '5XB'], /--max-file-size needs a size in bytes/],
      [['--max-file-size', '-1'], /--max-file-size needs a value|needs a size/],
    ] as Array<[string[], RegExp]>) {
      const ran = await cli('--repo', repo.dir, ...argv);
      assert.equal(ran.code, 2, argv.join(' '));
      assert.match(ran.err, message);
    }
  });
});

/** A stand-in worker that never answers for the doomed commit (a parse that never ends). */
const STUCK_WORKER = `
const { parentPort } = require('node:worker_threads');
const doomed = process.env.RLENS_TEST_STUCK;
parentPort.on('message', ({ start, shas }) => {
  shas.forEach((sha, i) => {
    if (sha === doomed) for (;;) {}
    parentPort.postMessage({ kind: 'result', index: start + i, analysis: { commit: { sha }, refactorings: [], result: {} } });
  });
  parentPort.postMessage({ kind: 'chunk-done' });
});
`;

describe('a commit stuck on a worker thread', () => {
  it('is stopped some time after its budget and reported as timed out; the range goes on', { timeout: 30_000 }, async () => {
    const repo = makeRepo();
    try {
      const shas = Array.from({ length: 4 }, (_, i) => repo.commit(`commit ${i}`, { allowEmpty: true })).reverse();
      const script = path.join(makeScratchDir(), 'stuck-worker.js');
      writeFileSync(script, STUCK_WORKER);
      process.env.RLENS_TEST_STUCK = shas[1];
      const seen: CommitAnalysis[] = [];
      for await (const analysis of runOnWorkers(script, 2)(repo.dir, shas, { timeBudgetMs: 50 })) seen.push(analysis);
      assert.deepEqual(seen.map((a) => a.commit.sha), shas);
      assert.match(seen[1].error ?? '', /^timed out: stopped after \d+ ms \(time budget 50 ms\)$/);
      assert.equal(seen[1].result.timedOut, true);
      assert.deepEqual(seen.filter((a) => a.error !== undefined).length, 1);
    } finally {
      delete process.env.RLENS_TEST_STUCK;
      repo.dispose();
    }
  });
});
