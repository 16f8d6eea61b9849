import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { diffTrees, diffTreesBatch, GitError, locateRepository, logCommits, openBlobReader, rangeCommits, rangeMergeCount, resolveCommit, commitInfo, subtreeImportDir } from '../../src/git';
import { makeRepo, makeScratchDir, type ScratchRepo } from './scratch-repo';

describe('git layer', () => {
  let repo: ScratchRepo;
  let root: string;
  let renamed: string;
  let merge: string;
  before(() => {
    repo = makeRepo();
    repo.write('src/A.java', 'class A {}\n');
    repo.write('README.md', 'hello\n');
    root = repo.commit('root commit');
    repo.move('src/A.java', 'lib/A.java');
    repo.write('src/B.java', 'class B {}\n');
    renamed = repo.commit('move A, add B\n\nwith a body line');
    repo.git('checkout', '-q', '-b', 'side');
    repo.write('side.js', 'function side() { return 1; }\n');
    repo.commit('side');
    repo.git('checkout', '-q', 'main');
    repo.write('main.js', 'function main() { return 2; }\n');
    repo.commit('main');
    repo.git('merge', '-q', '--no-ff', '-m', 'merge side', 'side');
    merge = repo.git('rev-parse', 'HEAD').trim();
  });
  after(() => repo.dispose());

  it('a root commit is compared against the empty tree', async () => {
    const changes = await diffTrees(repo.dir, undefined, root);
    assert.deepEqual(changes.map((c) => [c.status, c.newPath]).sort(), [['A', 'README.md'], ['A', 'src/A.java']]);
  });

  it('a moved file is one rename with both blob ids', async () => {
    const changes = await diffTrees(repo.dir, root, renamed);
    const move = changes.find((c) => c.status === 'R');
    assert.equal(move?.oldPath, 'src/A.java');
    assert.equal(move?.newPath, 'lib/A.java');
    assert.equal(move?.oldBlob, move?.newBlob);
    assert.equal(changes.length, 2);
  });

  it('a merge is compared against its first parent', async () => {
    const info = await commitInfo(repo.dir, merge);
    assert.equal(info.parents.length, 2);
    const changes = await diffTrees(repo.dir, info.parents[0], merge);
    assert.deepEqual(changes.map((c) => c.newPath), ['side.js']);
  });

  it('diffs many commits in one process, one list per commit, empty ones included', async () => {
    const groups = await diffTreesBatch(repo.dir, [
      { base: renamed, head: renamed },
      { base: undefined, head: root },
      { base: root, head: renamed },
    ]);
    assert.deepEqual(groups.map((changes) => changes.map((c) => `${c.status} ${c.newPath}`).sort()), [[], ['A README.md', 'A src/A.java'], ['A src/B.java', 'R lib/A.java']]);
  });

  it('reads commit metadata: author, ISO date, subject and full message', async () => {
    const info = await commitInfo(repo.dir, renamed);
    assert.equal(info.author, 'Ada Tester');
    assert.equal(info.authorEmail, 'ada@example.com');
    assert.match(info.date, /^\d{4}-\d\d-\d\dT/);
    assert.equal(info.subject, 'move A, add B');
    assert.equal(info.message, 'move A, add B\n\nwith a body line');
    assert.deepEqual(info.parents, [root]);
  });

  it('lists commits newest first, with skip and max', async () => {
    const all = await logCommits(repo.dir);
    assert.equal(all.length, 5);
    assert.equal(all[0].sha, merge);
    const page = await logCommits(repo.dir, { skip: 1, max: 2 });
    assert.deepEqual(page.map((c) => c.sha), all.slice(1, 3).map((c) => c.sha));
  });

  it('a range lists the commits of git log A..B, without its merges unless asked', async () => {
    assert.equal((await rangeCommits(repo.dir, `${root}..main`)).length, 3);
    assert.equal((await rangeCommits(repo.dir, 'main')).length, 4);
    assert.ok(!(await rangeCommits(repo.dir, 'main')).includes(merge));
    assert.equal((await rangeCommits(repo.dir, `${root}..main`, { merges: true })).length, 4);
    assert.equal((await rangeCommits(repo.dir, 'main', { merges: true }))[0], merge);
    assert.equal(await rangeMergeCount(repo.dir, 'main'), 1);
    assert.equal(await rangeMergeCount(repo.dir, `${merge}~1..main`), 1);
    assert.equal(await rangeMergeCount(repo.dir, `${root}..${merge}~1`), 0);
  });

  it("tells a git subtree --squash import by its message, not the merge that joins it", () => {
    assert.equal(subtreeImportDir("Squashed 'third/timer/' changes from 1111111..2222222\n\ngit-subtree-dir: third/timer\ngit-subtree-split: 2222222222222222222222222222222222222222\n"), 'third/timer');
    assert.equal(subtreeImportDir("Merge commit '2222222' as 'third/timer'\n\ngit-subtree-dir: third/timer\ngit-subtree-mainline: 3333333333333333333333333333333333333333"), undefined);
    assert.equal(subtreeImportDir('Mention git-subtree-dir: in the docs'), undefined);
  });

  it('reads many blobs through one cat-file process, missing ones as undefined', async () => {
    const reader = openBlobReader(repo.dir);
    try {
      const changes = await diffTrees(repo.dir, undefined, root);
      const blobs = await Promise.all([...changes, ...changes].map((c) => reader.read(c.newBlob!)));
      assert.deepEqual(blobs.map((b) => Buffer.from(b!).toString()).sort(), ['class A {}\n', 'class A {}\n', 'hello\n', 'hello\n']);
      assert.equal(await reader.read('0123456789012345678901234567890123456789'), undefined);
      assert.equal(Buffer.from((await reader.read(`${renamed}:src/B.java`))!).toString(), 'class B {}\n');
    } finally {
      reader.close();
    }
  });

  it('refuses refs that look like options, and names unknown ones', async () => {
    await assert.rejects(resolveCommit(repo.dir, '--output=x'), (e: GitError) => e.code === 'bad-argument' && /--output=x/.test(e.message));
    await assert.rejects(resolveCommit(repo.dir, 'no-such-branch'), (e: GitError) => e.code === 'unknown-ref' && /no-such-branch/.test(e.message));
    await assert.rejects(rangeCommits(repo.dir, `${root}..`), (e: GitError) => e.code === 'bad-argument' && /missing its end/.test(e.message));
  });

  it('says when a folder is not a repository, and finds the root of a bare one', async () => {
    const plain = makeScratchDir();
    await assert.rejects(locateRepository(plain), (e: GitError) => e.code === 'not-a-repository');
    const bare = makeRepo({ bare: true });
    try {
      assert.deepEqual(await locateRepository(bare.dir), { root: await realpath(bare.dir), bare: true });
    } finally {
      bare.dispose();
    }
  });
});

async function realpath(dir: string): Promise<string> {
  return (await import('node:fs/promises')).realpath(dir);
}
