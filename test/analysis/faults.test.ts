/** Faults during a range: git dying, the repository changing underneath. A clear error per commit or a retry, never a hang. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { analyzeChunk, analyzeRange, openSession, type CommitAnalysis } from '../../src/analysis/git-analysis';
import { makeRepo, type ScratchRepo } from '../git/scratch-repo';
import { calc } from './history';

/** A history of `count` commits, each renaming the method of Calc. */
function renames(count: number): { repo: ScratchRepo; shas: string[] } {
  const repo = makeRepo();
  repo.write('src/a/Calc.java', calc('m0'));
  repo.commit('start');
  const shas = Array.from({ length: count }, (_, i) => {
    repo.write('src/a/Calc.java', calc(`m${i + 1}`));
    return repo.commit(`rename to m${i + 1}`);
  });
  return { repo, shas: shas.reverse() };
}

/** Ids of this process's own `git cat-file` children working in `dir` (Linux /proc). */
function ownCatFiles(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const parent = Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      if (parent === process.pid && command.includes('cat-file') && readlinkSync(`/proc/${entry}/cwd`) === dir) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

const FAULT_TIMEOUT = { timeout: 60_000 };
const workerScript = path.join(__dirname, '..', '..', 'dist', 'worker.js');

describe('faults during a range', () => {
  it('git cat-file killed mid-range: a commit may fail with the reason, the reader restarts, the range completes', { ...FAULT_TIMEOUT, skip: process.platform !== 'linux' }, async () => {
    const { repo, shas } = renames(6);
    try {
      const seen: CommitAnalysis[] = [];
      let killed: number[] = [];
      for await (const analysis of analyzeRange(repo.dir, 'HEAD~6..HEAD', { jobs: 1 })) {
        seen.push(analysis);
        if (seen.length === 2) {
          killed = ownCatFiles(repo.dir);
          for (const pid of killed) process.kill(pid, 'SIGKILL');
        }
      }
      assert.ok(killed.length > 0, 'found the cat-file processes of the range');
      assert.deepEqual(seen.map((a) => a.commit.sha), shas);
      for (const analysis of seen.filter((a) => a.error !== undefined)) assert.match(analysis.error!, /git cat-file exited/);
      assert.deepEqual(seen.at(-1)!.refactorings.map((r) => `${r.type} ${r.before.name} → ${r.after.name}`), ['Rename Method m0 → m1']);
    } finally {
      repo.dispose();
    }
  });

  it('the branch switched and new commits made mid-range: the range analyses the commits it resolved at the start', FAULT_TIMEOUT, async () => {
    const { repo, shas } = renames(4);
    try {
      const seen: CommitAnalysis[] = [];
      for await (const analysis of analyzeRange(repo.dir, 'main', { jobs: 1 })) {
        seen.push(analysis);
        if (seen.length === 1) {
          repo.git('checkout', '-q', '-b', 'other', 'HEAD~3');
          repo.write('src/a/Other.java', 'class Other {}\n');
          repo.commit('elsewhere');
        }
      }
      assert.deepEqual(seen.slice(0, 4).map((a) => a.commit.sha), shas);
      assert.deepEqual(seen.map((a) => a.error), seen.map(() => undefined));
    } finally {
      repo.dispose();
    }
  });

  it("a chunk of commits one of which is gone before the chunk starts: only that commit fails, naming its object; the others are analysed", FAULT_TIMEOUT, async () => {
    const { repo, shas } = renames(2);
    try {
      const gone = 'f'.repeat(40);
      const seen: CommitAnalysis[] = [];
      const session = await openSession(repo.dir);
      try {
        for await (const analysis of analyzeChunk(session, [shas[0], gone, shas[1]])) seen.push(analysis);
      } finally {
        session.close();
      }
      assert.deepEqual(seen.map((a) => a.commit.sha), [shas[0], gone, shas[1]]);
      assert.deepEqual(seen.map((a) => a.refactorings.length), [1, 0, 1]);
      assert.equal(seen[0].error, undefined);
      assert.match(seen[1].error ?? '', new RegExp(`object ${gone} is missing`));
      assert.equal(seen[2].error, undefined);
    } finally {
      repo.dispose();
    }
  });

  for (const jobs of [1, 2]) {
    it(`objects pruned by gc mid-range (${jobs === 1 ? 'in this thread' : 'on worker threads'}): the commits whose objects are gone fail, saying which object; the range ends`, FAULT_TIMEOUT, async () => {
      const { repo } = renames(1);
      try {
        repo.git('checkout', '-q', '-b', 'doomed');
        for (let i = 0; i < 4; i++) {
          repo.write('src/a/Calc.java', calc(`gone${i}`));
          repo.commit(`doomed ${i}`);
        }
        const seen: CommitAnalysis[] = [];
        for await (const analysis of analyzeRange(repo.dir, 'main..doomed', { jobs, workerScript })) {
          seen.push(analysis);
          if (seen.length === 1) {
            repo.git('checkout', '-q', 'main');
            repo.git('branch', '-q', '-D', 'doomed');
            repo.git('reflog', 'expire', '--expire=now', '--all');
            repo.git('gc', '-q', '--prune=now');
          }
        }
        assert.equal(seen.length, 4);
        assert.equal(seen[0].error, undefined);
        const failed = seen.filter((a) => a.error !== undefined);
        // Workers may have read every commit before the first result arrives here.
        if (jobs === 1) assert.ok(failed.length > 0, 'some commit lost its objects');
        for (const analysis of failed) assert.match(analysis.error!, /object [0-9a-f]{40} (?:of src\/a\/Calc\.java )?is missing|git cat-file exited|bad object|git log failed/);
      } finally {
        repo.dispose();
      }
    });
  }
});
