import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { run } from '../../src/cli/main';
import { buildHistory, calc, util, type History } from '../analysis/history';
import { makeRepo, makeScratchDir } from '../git/scratch-repo';

interface Ran {
  code: number;
  out: string;
  err: string;
}

async function cli(...argv: string[]): Promise<Ran> {
  let out = '';
  let err = '';
  const code = await run(argv, { out: (t) => (out += t), err: (t) => (err += t), errIsTty: false });
  return { code, out, err };
}

const cliScript = path.join(__dirname, '..', '..', 'src', 'cli', 'main.ts');

describe('the command line', () => {
  let history: History;
  let repo: string;
  before(() => {
    history = buildHistory();
    repo = history.repo.dir;
  });
  after(() => history.repo.dispose());

  it('prints one line a refactoring for a commit: type, before, after', async () => {
    const ran = await cli('--repo', repo, history.shas.renameMethod);
    assert.equal(ran.code, 0);
    assert.equal(ran.out, 'Rename Method\ta.Calc.sum(int,int) (src/a/Calc.java:6)\ta.Calc.add(int,int) (src/a/Calc.java:6)\n');
    assert.equal(ran.err, '');
  });

  it('--json prints the report, with skipped files in a `skipped` field', async () => {
    const ran = await cli('--repo', repo, '--json', history.shas.binary);
    const report = JSON.parse(ran.out);
    assert.equal(report.commits.length, 1);
    assert.equal(report.commits[0].sha1, history.shas.binary);
    assert.deepEqual(report.commits[0].refactorings, []);
    assert.deepEqual(report.commits[0].skipped.map((s: { path: string; reason: string }) => `${s.path} ${s.reason}`), ['assets/logo.js binary']);
    assert.deepEqual(report.commits[0].warnings.map((s: { path: string }) => s.path), ['src/a/Latin.java']);
  });

  it('text mode reports skipped files on stderr', async () => {
    const ran = await cli('--repo', repo, history.shas.binary);
    assert.equal(ran.out, '');
    assert.match(ran.err, /^skipped: assets\/logo\.js \(after\): binary/m);
    assert.match(ran.err, /^warning: src\/a\/Latin\.java \(after\): non-utf8/m);
  });

  it('--range --jsonl streams one object a commit; text lines start with the commit', async () => {
    const ran = await cli('--repo', repo, '--range', `${history.shas.root}..${history.shas.extract}`, '--jsonl', '--jobs', '1');
    const lines = ran.out.trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(lines.map((c) => c.refactorings.map((r: { type: string }) => r.type)), [['Extract Method'], ['Move Class'], ['Rename Method']]);
    const text = await cli('--repo', repo, '--range', `${history.shas.root}..${history.shas.moveClass}`, '--jobs', '1');
    assert.deepEqual(text.out.split('\n').filter(Boolean).map((line) => line.split('\t').slice(0, 2).join(' ')), [
      `${history.shas.moveClass.slice(0, 10)} Move Class`,
      `${history.shas.renameMethod.slice(0, 10)} Rename Method`,
    ]);
  });

  it('--range --json is one valid report; --timing adds time per commit and a summary', async () => {
    const ran = await cli('--repo', repo, '--range', 'main', '--json', '--timing', '--jobs', '1', '--progress');
    const report = JSON.parse(ran.out);
    assert.equal(report.commits.length, 10);
    assert.ok(report.commits.every((c: { timing: { elapsedMs: number } }) => c.timing.elapsedMs >= 0));
    assert.match(ran.err, /progress: 10\/10 commits/);
    assert.match(ran.err, /timing: 10 commit\(s\) in .* median .* peak memory \d+ MB/);
    assert.match(ran.err, /^refactoring-lens: 1 merge commit\(s\) left out: the commits of their branches are analysed \(--merges: each merge against its first parent\)$/m);
  });

  it('--range --merges analyses the merges too, against their first parent', async () => {
    const ran = await cli('--repo', repo, '--range', 'main', '--jsonl', '--merges', '--jobs', '1');
    assert.equal(ran.code, 0);
    assert.equal(ran.out.trim().split('\n').length, 11);
    assert.doesNotMatch(ran.err, /left out/);
  });

  it('--between compares two trees; --languages narrows them', async () => {
    const ran = await cli('--repo', repo, '--between', history.shas.feature, 'main', '--languages', 'javascript');
    assert.equal(ran.out, '');
    const both = await cli('--repo', repo, '--between', history.shas.root, history.shas.renameMethod, '--languages', 'java');
    assert.match(both.out, /^Rename Method\t/);
  });

  it('--before/--after compares two folders without git', async () => {
    const root = makeScratchDir();
    for (const [side, method, fn] of [['v1', 'sum', 'groupBy'], ['v2', 'add', 'groupBy']]) {
      mkdirSync(path.join(root, side, 'src'), { recursive: true });
      writeFileSync(path.join(root, side, 'src', 'Calc.java'), calc(method).replace('package a;', ''));
      writeFileSync(path.join(root, side, 'util.js'), util(fn));
    }
    const ran = await cli('--before', path.join(root, 'v1'), '--after', path.join(root, 'v2'));
    assert.equal(ran.code, 0);
    assert.equal(ran.out, 'Rename Method\tCalc.sum(int,int) (src/Calc.java:6)\tCalc.add(int,int) (src/Calc.java:6)\n');
  });

  it('--explain says how each refactoring was paired, and what was set aside for an element left unpaired', async () => {
    const root = makeScratchDir();
    const v1 = 'class Calc {\n  int sum(int a, int b) { int s = a + b; log(s); return s; }\n  int twice(int a) { return a * 2 + 0; }\n}\n';
    // sum renamed; twice() replaced by a new thrice() too unlike it to be its rename
    const v2 = 'class Calc {\n  int add(int a, int b) { int s = a + b; log(s); return s; }\n  String thrice(String t) { return t.repeat(3).trim(); }\n}\n';
    for (const [side, text] of [['v1', v1], ['v2', v2]]) {
      mkdirSync(path.join(root, side), { recursive: true });
      writeFileSync(path.join(root, side, 'Calc.java'), text);
    }
    const ran = await cli('--before', path.join(root, 'v1'), '--after', path.join(root, 'v2'), '--explain');
    assert.equal(ran.code, 0, ran.err);
    assert.match(ran.out, /^Rename Method\tCalc\.sum\(int,int\)/);
    assert.match(ran.out, /^How each was found:\n {2}Rename Method {2}Calc\.sum\(int,int\) → Calc\.add\(int,int\): paired by [a-z-]+, similarity [01]\.\d{3}$/m);
    // each candidate once, however many steps set it aside
    const gone = /^ {2}gone {2}Calc\.twice\(int\) \(Calc\.java:3-3\)\n((?: {6}.*\n)+)/m.exec(ran.out)?.[1] ?? '';
    assert.equal(gone.split('\n').filter((line) => line.endsWith('→ Calc.thrice(String)')).length, 1, gone);
    assert.match(gone, /^ {6}similarity[a-z-]*: similarity 0\.\d{3} \(threshold 0\.\d+\) → Calc\.thrice\(String\)$/m);
    assert.match(ran.out, /^ {2}new {3}Calc\.thrice\(String\) \(Calc\.java:3-3\)$/m);
    for (const argv of [['--json', '--explain', 'HEAD'], ['--range', 'main', '--explain']]) {
      const refused = await cli('--repo', repo, ...argv);
      assert.equal(refused.code, 2);
      assert.match(refused.err, /--explain/);
    }
  });

  it('a shallow clone\'s boundary commit: a note on stderr and `shallowBoundary` in JSON say it was compared with the empty tree', async () => {
    const scratch = makeScratchDir();
    try {
      const shallow = path.join(scratch, 'shallow');
      history.repo.git('clone', '-q', '--depth', '1', '--branch', 'main', `file://${repo}`, shallow);
      const text = await cli('--repo', shallow, 'HEAD');
      assert.equal(text.code, 0);
      assert.match(text.err, /^note: commit [0-9a-f]{10} is where this shallow clone cuts the history: its parent is not in the clone, so it was compared with the empty tree/m);
      const json = JSON.parse((await cli('--repo', shallow, '--json', 'HEAD')).out);
      assert.equal(json.commits[0].shallowBoundary, true);
      // the complete repository's own root commit is a root commit, no cut
      const root = await cli('--repo', repo, '--json', history.shas.root);
      assert.equal(JSON.parse(root.out).commits[0].shallowBoundary, undefined);
      assert.doesNotMatch(root.err, /shallow/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('bad input is one line on stderr and exit 2', async () => {
    const empty = makeScratchDir();
    spawnSync('git', ['init', '-q', empty]);
    const cases: Array<[string[], RegExp]> = [
      [['--repo', repo, 'no-such-commit'], /unknown commit or ref: no-such-commit$/m],
      [['--repo', empty, 'HEAD'], /unknown commit or ref: HEAD \(the repository has no commits yet\)$/m],
      [['--repo', empty, '--range', 'HEAD'], /\(the repository has no commits yet\)$/m],
      [['--repo', repo, '--range', 'main..'], /missing its end/],
      [['--repo', makeScratchDir(), 'HEAD'], /not a git repository/],
      [['--repo', repo, '--', '--output=x'], /starts with '-'.*--output=x/],
      [['--repo', repo, '--output=x'], /unknown option: --output=x/],
      [['--repo', repo, '--between', 'main'], /--between needs 2 values/],
      [['--languages', 'cobol'], /unknown language: cobol/],
      [['--jobs', '0', '--range', 'main'], /--jobs needs a positive whole number/],
      [['--before', repo], /--before needs --after/],
    ];
    for (const [argv, message] of cases) {
      const ran = await cli(...argv);
      assert.equal(ran.code, 2, argv.join(' '));
      assert.match(ran.err, message);
      assert.equal(ran.err.trim().split('\n').length, 1, ran.err);
      assert.equal(ran.out, '');
    }
  });

  it('as a process: exit code 2 and one line for a ref like --output=x', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', cliScript, '--repo', repo, '--', '--output=x'], { encoding: 'utf8' });
    assert.equal(child.status, 2);
    assert.equal(child.stderr, "refactoring-lens: not a commit or ref (starts with '-'): --output=x\n");
    const help = spawnSync(process.execPath, ['--import', 'tsx', cliScript, '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^Usage:/);
  });
});

describe('a commit that cannot be analysed', () => {
  it('is reported on stderr and in JSON; the others are still analysed; exit 1', async () => {
    const history = buildHistory();
    try {
      const blob = history.repo.git('rev-parse', `${history.shas.renameMethod}:src/a/Calc.java`).trim();
      rmSync(path.join(history.repo.dir, '.git', 'objects', blob.slice(0, 2), blob.slice(2)));
      const range = `${history.shas.root}..${history.shas.moveClass}`;
      const text = await cli('--repo', history.repo.dir, '--range', range, '--jobs', '1');
      assert.equal(text.code, 1);
      assert.match(text.err, new RegExp(`^error: commit ${history.shas.renameMethod.slice(0, 10)} not analysed: object ${blob} of src/a/Calc.java is missing`, 'm'));
      assert.match(text.err, /1 commit\(s\) could not be analysed/);
      assert.match(text.out, /Move Class/);
      const json = await cli('--repo', history.repo.dir, '--range', range, '--jsonl', '--jobs', '1');
      assert.deepEqual(json.out.trim().split('\n').map((line) => JSON.parse(line).error !== undefined), [false, true]);
    } finally {
      history.repo.dispose();
    }
  });

  it('a tree missing from the repository stops that commit only, not the range (git diffs the range in one batch)', async () => {
    const history = buildHistory();
    try {
      const tree = history.repo.git('rev-parse', `${history.shas.bigRenamed}:src/big`).trim();
      rmSync(path.join(history.repo.dir, '.git', 'objects', tree.slice(0, 2), tree.slice(2)));
      const text = await cli('--repo', history.repo.dir, '--range', `${history.shas.moveClass}..${history.shas.bigRenamed}`, '--jobs', '1');
      assert.equal(text.code, 1);
      assert.match(text.err, new RegExp(`^error: commit ${history.shas.bigRenamed.slice(0, 10)} not analysed: object ${tree} is missing from the repository`, 'm'));
      assert.match(text.err, /1 commit\(s\) could not be analysed/);
      assert.match(text.out, new RegExp(`^${history.shas.extract.slice(0, 10)}\tExtract Method`, 'm'));
      // the commit alone: bad input, one line, exit 2
      const one = await cli('--repo', history.repo.dir, history.shas.bigRenamed);
      assert.equal(one.code, 2);
      assert.equal(one.err, `refactoring-lens: object ${tree} is missing from the repository (an incomplete or damaged copy)\n`);
    } finally {
      history.repo.dispose();
    }
  });
  it('a range leaves out the commits git subtree --squash wrote: another project\'s history, its files at their root', async () => {
    const repo = makeRepo();
    try {
      const lib = (name: string) => `package lib;\n\npublic class Timer {\n  public long ${name}(long start, long end) {\n    long span = end - start;\n    if (span < 0) { throw new IllegalStateException("clock went back " + span); }\n    return span;\n  }\n}\n`;
      repo.write('src/app/Main.java', `package app;\n\npublic class Main {\n  public int run(int a) {\n    int total = a * 2;\n    System.out.println("total " + total);\n    return total;\n  }\n}\n`);
      repo.commit('first');
      // the library's history as git subtree --squash writes it: its own tree at the root, a trailer naming the folder
      repo.git('checkout', '-q', '--orphan', 'lib');
      repo.git('rm', '-rq', '--cached', '.');
      repo.remove('src/app/Main.java');
      repo.write('src/lib/Timer.java', lib('elapsed'));
      repo.commit("Squashed 'third/timer/' content from commit 1111111\n\ngit-subtree-dir: third/timer\ngit-subtree-split: 1111111111111111111111111111111111111111");
      repo.write('src/lib/Timer.java', lib('duration'));
      const squash = repo.commit("Squashed 'third/timer/' changes from 1111111..2222222\n\ngit-subtree-dir: third/timer\ngit-subtree-split: 2222222222222222222222222222222222222222");
      repo.git('checkout', '-q', 'main');
      repo.write('src/app/Main.java', `package app;\n\npublic class Main {\n  public int start(int a) {\n    int total = a * 2;\n    System.out.println("total " + total);\n    return total;\n  }\n}\n`);
      repo.commit('rename run');
      repo.git('merge', '-q', '--allow-unrelated-histories', '--no-edit', '-m', "Merge commit '2222222' as 'third/timer'\n\ngit-subtree-dir: third/timer\ngit-subtree-mainline: 3333333333333333333333333333333333333333", 'lib');
      // named alone, the squash is analysed as asked: the library's rename
      const alone = await cli('--repo', repo.dir, squash);
      assert.match(alone.out, /^Rename Method\tlib\.Timer\.elapsed/m);
      const ran = await cli('--repo', repo.dir, '--range', 'main', '--jobs', '1');
      assert.equal(ran.code, 0, ran.err);
      assert.deepEqual(ran.out.split('\n').filter(Boolean).map((line) => line.split('\t').slice(1, 3).join(' ')), ['Rename Method app.Main.run(int) (src/app/Main.java:4)']);
      assert.match(ran.err, /^refactoring-lens: 2 git subtree commit\(s\) left out: another project's history, squashed in by git subtree \(git-subtree-dir\)$/m);
    } finally {
      repo.dispose();
    }
  });
});
