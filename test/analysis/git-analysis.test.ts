import assert from 'node:assert/strict';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  analyzeBetween,
  analyzeCommit,
  analyzeWorktree,
  findRepositoryRoot,
  GitError,
  listCommits,
  readFileAt,
  type CommitAnalysis,
} from '../../src/analysis/git-analysis';
import { makeRepo, makeScratchDir } from '../git/scratch-repo';
import { buildHistory, calc, util, type History } from './history';

const seen = (analysis: CommitAnalysis) => analysis.refactorings.map((r) => `${r.type}: ${r.before.qualifiedName} → ${r.after.qualifiedName}`);

describe('analysing commits of a repository', () => {
  let history: History;
  let dir: string;
  before(() => {
    history = buildHistory();
    dir = history.repo.dir;
  });
  after(() => history.repo.dispose());

  it('a root commit is compared against the empty tree: nothing to match, no refactoring', async () => {
    const analysis = await analyzeCommit(dir, history.shas.root);
    assert.equal(analysis.base, undefined);
    assert.equal(analysis.changedFiles, 3);
    assert.deepEqual(seen(analysis), []);
  });

  it('renaming a method is a Rename Method, against the first parent', async () => {
    const analysis = await analyzeCommit(dir, history.shas.renameMethod);
    assert.equal(analysis.base, history.shas.root);
    assert.equal(analysis.commit.subject, 'rename sum to add');
    assert.deepEqual(seen(analysis), ['Rename Method: a.Calc.sum(int,int) → a.Calc.add(int,int)']);
  });

  it('moving a class to another folder and package is a Move Class', async () => {
    assert.deepEqual(seen(await analyzeCommit(dir, history.shas.moveClass)), ['Move Class: a.Report → b.Report']);
  });

  it('extracting part of a method body is an Extract Method', async () => {
    const [refactoring] = (await analyzeCommit(dir, history.shas.extract)).refactorings;
    assert.equal(refactoring.type, 'Extract Method');
    assert.equal(refactoring.before.qualifiedName, 'b.Report.render(String,List<String>)');
    assert.equal(refactoring.after.name, 'appendLines');
    assert.equal(refactoring.after.file, 'src/b/Report.java');
  });

  it('a binary file is skipped and reported; a Latin-1 file is read with a warning', async () => {
    const analysis = await analyzeCommit(dir, history.shas.binary);
    assert.deepEqual(analysis.result.skipped.map((s) => [s.path, s.side, s.reason]), [['assets/logo.js', 'after', 'binary']]);
    assert.deepEqual(analysis.result.warnings.map((s) => [s.path, s.reason]), [['src/a/Latin.java', 'non-utf8']]);
    assert.ok(analysis.result.after.nodes.some((n) => n.name === 'Latin'));
  });

  it('a rename in a 10,000-line class is found, well within the time budget', async () => {
    const analysis = await analyzeCommit(dir, history.shas.bigRenamed);
    assert.deepEqual(seen(analysis), ['Rename Method: big.Big.checksum(int[]) → big.Big.checksumOf(int[])']);
    assert.ok(analysis.elapsedMs < 5000, `took ${analysis.elapsedMs} ms`);
  });

  it('an empty commit changes nothing', async () => {
    const analysis = await analyzeCommit(dir, history.shas.empty);
    assert.equal(analysis.changedFiles, 0);
    assert.deepEqual(seen(analysis), []);
  });

  it('a merge is compared against its first parent: the branch work shows in it', async () => {
    const analysis = await analyzeCommit(dir, 'main');
    assert.equal(analysis.base, history.shas.mainSide);
    assert.deepEqual(seen(analysis), ['Rename Function: web/util.js/groupBy → web/util.js/groupByKey']);
  });

  it('between two refs compares their trees, whatever lies between', async () => {
    const analysis = await analyzeBetween(dir, history.shas.root, history.shas.extract);
    const lines = seen(analysis);
    assert.ok(lines.includes('Rename Method: a.Calc.sum(int,int) → a.Calc.add(int,int)'), lines.join('\n'));
    assert.ok(lines.includes('Move Class: a.Report → b.Report'), lines.join('\n'));
    assert.ok(lines.some((line) => line.startsWith('Extract') && line.includes('appendLines')), lines.join('\n'));
    assert.equal(analysis.commit.sha, history.shas.extract);
    assert.equal(analysis.base, history.shas.root);
  });

  it('languages narrows the analysis', async () => {
    assert.deepEqual(seen(await analyzeCommit(dir, 'main', { languages: ['java'] })), []);
  });

  it('lists commits and reads files at a ref', async () => {
    const commits = await listCommits(dir, { max: 3 });
    assert.deepEqual(commits.map((c) => c.subject), ['merge feature', 'readme', 'rename groupBy on a branch']);
    assert.equal(Buffer.from(await readFileAt(dir, history.shas.root, 'src/a/Calc.java')).toString(), calc('sum'));
    await assert.rejects(readFileAt(dir, history.shas.root, 'src/b/Report.java'), (e: GitError) => e.code === 'unknown-ref');
  });

  it('names bad input with a code: unknown commit, option-like ref, not a repository', async () => {
    await assert.rejects(analyzeCommit(dir, 'does-not-exist'), (e: GitError) => e.code === 'unknown-ref');
    await assert.rejects(analyzeCommit(dir, '--output=x'), (e: GitError) => e.code === 'bad-argument');
    await assert.rejects(findRepositoryRoot(makeScratchDir()), (e: GitError) => e.code === 'not-a-repository');
  });
});

describe('analysing uncommitted changes', () => {
  it('the working tree (untracked files included) and the index, each against HEAD', async () => {
    const repo = makeRepo();
    try {
      repo.write('src/a/Calc.java', calc('sum'));
      repo.write('web/util.js', util('groupBy'));
      repo.commit('start');
      repo.write('src/a/Calc.java', calc('add'));
      repo.git('add', 'src/a/Calc.java');
      repo.write('web/util.js', util('groupByKey'));
      const staged = await analyzeWorktree(repo.dir, { staged: true });
      assert.equal(staged.commit.sha, 'INDEX');
      assert.deepEqual(seen(staged), ['Rename Method: a.Calc.sum(int,int) → a.Calc.add(int,int)']);
      const index = path.join(repo.dir, '.git', 'index');
      const indexBefore = { bytes: readFileSync(index), mtime: statSync(index).mtimeMs };
      utimesSync(path.join(repo.dir, 'src/a/Calc.java'), new Date(), new Date(Date.now() + 5000)); // stat-dirty: git diff would refresh the index
      const worktree = await analyzeWorktree(repo.dir);
      assert.deepEqual({ bytes: readFileSync(index), mtime: statSync(index).mtimeMs }, indexBefore, 'the index is not rewritten');
      assert.deepEqual(seen(worktree).sort(), [
        'Rename Function: web/util.js/groupBy → web/util.js/groupByKey',
        'Rename Method: a.Calc.sum(int,int) → a.Calc.add(int,int)',
      ]);
      repo.remove('web/util.js');
      repo.write('lib/group.js', util('groupByKey'));
      const moved = await analyzeWorktree(repo.dir, { languages: ['javascript'] });
      const file = moved.refactorings.find((r) => r.before.kind === 'file');
      assert.deepEqual([file?.before.file, file?.after.file], ['web/util.js', 'lib/group.js'], 'the untracked file is the after-version');
    } finally {
      repo.dispose();
    }
  });

  it('a bare repository has no working tree', async () => {
    const bare = makeRepo({ bare: true });
    try {
      await assert.rejects(analyzeWorktree(bare.dir), (e: GitError) => e.code === 'bad-argument');
    } finally {
      bare.dispose();
    }
  });
});
