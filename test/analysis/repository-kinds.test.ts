import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analyzeCommit, analyzeRange, analyzeWorktree, listCommits, type CommitAnalysis } from '../../src/analysis/git-analysis';
import { makeScratchDir } from '../git/scratch-repo';
import { buildHistory, calc, type History } from './history';

const types = (analysis: CommitAnalysis) => analysis.refactorings.map((r) => r.type);

describe('shallow clones, bare repositories and linked worktrees', () => {
  let history: History;
  let scratch: string;
  before(() => {
    history = buildHistory();
    scratch = makeScratchDir();
  });
  after(() => {
    history.repo.dispose();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('a shallow clone: its boundary commit is compared against the empty tree, the others as usual', async () => {
    const shallow = path.join(scratch, 'shallow');
    history.repo.git('clone', '-q', '--depth', '2', '--branch', 'main', `file://${history.repo.dir}`, shallow);
    const commits = await listCommits(shallow);
    const all: CommitAnalysis[] = [];
    for await (const analysis of analyzeRange(shallow, 'main', { jobs: 1, merges: true })) all.push(analysis);
    assert.equal(all.length, commits.length);
    assert.deepEqual(types(all[0]), ['Rename Function']);
    assert.ok(all.some((a) => a.base === undefined), 'the boundary commit has no parent here');
    // the boundary commit says why it has no parent: the clone cut it off, it is no root commit
    const cut = all.filter((a) => a.cut);
    assert.ok(cut.length > 0);
    assert.deepEqual(cut, all.filter((a) => a.base === undefined));
    assert.equal((await analyzeCommit(shallow, cut[0].commit.sha)).cut, true);
    assert.equal(all[0].cut, undefined);
    assert.equal((await analyzeCommit(history.repo.dir, history.shas.root)).cut, undefined, 'a complete repository\'s root commit is not cut');
  });

  it('a bare repository: commits are analysed from the object store alone', async () => {
    const bare = path.join(scratch, 'bare.git');
    history.repo.git('clone', '-q', '--bare', history.repo.dir, bare);
    assert.deepEqual(types(await analyzeCommit(bare, history.shas.renameMethod)), ['Rename Method']);
  });

  it('a linked worktree: its own HEAD and working files', async () => {
    const linked = path.join(scratch, 'linked');
    history.repo.git('worktree', 'add', '-q', '-b', 'linked', linked, history.shas.root);
    writeFileSync(path.join(linked, 'src', 'a', 'Calc.java'), calc('plus'));
    const analysis = await analyzeWorktree(linked);
    assert.equal(analysis.base, history.shas.root);
    assert.deepEqual(analysis.refactorings.map((r) => `${r.type}: ${r.before.name} → ${r.after.name}`), ['Rename Method: sum → plus']);
  });
});
