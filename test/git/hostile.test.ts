/** A hostile repository: no entry point makes git run what it configures, none writes to .git. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  analyzeBetween,
  analyzeCommit,
  analyzeRange,
  analyzeWorktree,
  listCommits,
  readFileAt,
  repositoryOrigin,
  type CommitAnalysis,
} from '../../src/analysis/git-analysis';
import { summarise, summaryFolder, SummaryStore } from '../../src/analysis/commit-summaries';
import { symbolHistory } from '../../src/analysis/history';
import { run } from '../../src/cli/main';
import { makeScratchDir } from './scratch-repo';
import { expectReadOnly, makeHostileRepo, type HostileRepo } from './hostile-repo';

const workerScript = path.join(__dirname, '..', '..', 'dist', 'worker.js');
const cliBundle = path.join(__dirname, '..', '..', 'dist', 'cli.js');

const types = (analysis: CommitAnalysis) => analysis.refactorings.map((r) => `${r.type}: ${r.before.name} → ${r.after.name}`);

async function collect(iterable: AsyncIterable<CommitAnalysis>): Promise<CommitAnalysis[]> {
  const all: CommitAnalysis[] = [];
  for await (const analysis of iterable) all.push(analysis);
  return all;
}

describe('a hostile repository (fsmonitor, drivers, hooks, pager, signature programs in its config)', () => {
  let hostile: HostileRepo;
  before(() => {
    hostile = makeHostileRepo();
  });
  after(() => hostile.dispose());

  it('commit: the signed HEAD is analysed, nothing runs, .git unchanged', async () => {
    const analysis = await expectReadOnly(hostile, 'commit', () => analyzeCommit(hostile.dir, 'HEAD'));
    assert.equal(analysis.commit.sha, hostile.shas.signed);
    assert.deepEqual(types(analysis), ['Rename Method: add → addAll']);
  });

  it('range, in this thread and on worker threads', async () => {
    const inProcess = await expectReadOnly(hostile, 'range', () => collect(analyzeRange(hostile.dir, 'main', { jobs: 1 })));
    assert.ok(existsSync(workerScript), 'dist/worker.js is missing: run npm run build');
    const onWorkers = await expectReadOnly(hostile, 'range on workers', () => collect(analyzeRange(hostile.dir, 'main', { jobs: 2, workerScript })));
    assert.deepEqual(onWorkers.map(types), inProcess.map(types));
    assert.deepEqual(onWorkers.map((a) => a.error), onWorkers.map(() => undefined));
  });

  it('between two refs', async () => {
    const analysis = await expectReadOnly(hostile, 'between', () => analyzeBetween(hostile.dir, hostile.shas.root, 'main'));
    assert.ok(types(analysis).includes('Move Class: Report → Report'), types(analysis).join('\n'));
  });

  it('working tree (stat-dirty, untracked files) and index', async () => {
    const worktree = await expectReadOnly(hostile, 'worktree', () => analyzeWorktree(hostile.dir));
    assert.deepEqual(types(worktree).sort(), ['Rename Function: groupByKey → groupEntries', 'Rename Method: addAll → addEvery']);
    const staged = await expectReadOnly(hostile, 'staged', () => analyzeWorktree(hostile.dir, { staged: true }));
    assert.deepEqual(types(staged), ['Rename Method: addAll → addEvery']);
  });

  it('what the extension reads besides: commit list, files at a ref, origin', async () => {
    await expectReadOnly(hostile, 'listCommits', () => listCommits(hostile.dir, { max: 5 }));
    await expectReadOnly(hostile, 'readFileAt', () => readFileAt(hostile.dir, 'HEAD', 'src/a/Calc.java'));
    await expectReadOnly(hostile, 'repositoryOrigin', () => repositoryOrigin(hostile.dir));
  });

  it('history: one symbol back through its rename, and the commit summaries of the Refactorings view', async () => {
    const history = await expectReadOnly(hostile, 'history', () => symbolHistory(hostile.dir, { file: 'src/a/Calc.java', symbol: 'addAll' }));
    assert.deepEqual(
      history.steps.map((s) => `${s.type}: ${s.after.name}`),
      ['Rename Method: addAll', 'Rename Method: add', 'Added: sum'],
    );
    const store = new SummaryStore(summaryFolder(makeScratchDir(), { repository: hostile.dir, engine: 'test', settings: {} }));
    const shas = (await listCommits(hostile.dir)).map((c) => c.sha);
    const summaries = await expectReadOnly(hostile, 'summaries on workers', async () => {
      const all = [];
      for await (const s of summarise(hostile.dir, shas, { store, jobs: 2, workerScript })) all.push(s);
      return all;
    });
    assert.deepEqual(summaries.map((s) => s.error), shas.map(() => undefined));
  });

  it('the command line, every mode', async () => {
    const io = { out: () => undefined, err: () => undefined, errIsTty: false };
    const modes = [
      ['HEAD'],
      ['--range', 'main', '--jobs', '1', '--json'],
      ['--between', hostile.shas.root, 'HEAD'],
      ['--worktree'],
      ['--staged'],
      ['history', 'src/a/Calc.java', 'addAll', '--json'],
    ];
    for (const mode of modes) {
      const code = await expectReadOnly(hostile, `cli ${mode.join(' ')}`, () => run(['--repo', hostile.dir, ...mode], io));
      assert.equal(code, 0, mode.join(' '));
    }
  });

  it('the bundled command line as a process, range on worker threads', async () => {
    assert.ok(existsSync(cliBundle), 'dist/cli.js is missing: run npm run build');
    const child = await expectReadOnly(hostile, 'dist/cli.js --range', async () =>
      spawnSync(process.execPath, [cliBundle, '--repo', hostile.dir, '--range', 'main', '--jobs', '2', '--jsonl'], { encoding: 'utf8' }),
    );
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stdout.trim().split('\n').length, Number(hostile.repo.git('rev-list', '--count', '--no-merges', 'main').trim()));
  });

  it('the traps are armed: plain git commands on the same repository do run its programs', () => {
    const plainGit = (...args: string[]) => spawnSync('git', args, { cwd: hostile.dir, encoding: 'utf8', timeout: 10_000 });
    plainGit('log', '-1', '--format=%H');
    plainGit('status', '--porcelain');
    assert.deepEqual(hostile.markers(), ['filter-process', 'fsmonitor', 'gpg']);
  });
});
