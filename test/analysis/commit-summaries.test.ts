import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pruneSummaries, summarise, summaryFolder, SummaryStore } from '../../src/analysis/commit-summaries';
import { analyzeCommit, listCommits } from '../../src/analysis/git-analysis';
import { makeScratchDir } from '../git/scratch-repo';
import { buildScenario, HISTORY_SCENARIOS } from './symbol-history-scenarios';
import type { ScratchRepo } from '../git/scratch-repo';

describe('commit summaries for the history view: analysed once, then read from the disk cache', () => {
  let repo: ScratchRepo;
  let shas: string[];
  before(() => ({ repo, shas } = buildScenario(HISTORY_SCENARIOS[0])));
  after(() => repo.dispose());

  const collect = async (store: SummaryStore) => {
    const all = [];
    for await (const s of summarise(repo.dir, [...shas].reverse(), { store, jobs: 1 })) all.push(s);
    return all;
  };

  it('the first run analyses every commit and stores it; the second reads them all, with the same refactorings', async () => {
    const store = new SummaryStore(summaryFolder(makeScratchDir(), { repository: repo.dir, engine: 'e1', settings: {} }));
    const first = await collect(store);
    assert.deepEqual(first.map((s) => s.cached), [false, false, false, false, false, false]);
    assert.deepEqual(first.map((s) => s.refactorings.map((r) => r.type).join(',')), ['Extract Method', 'Change Method Signature', 'Move Method', '', 'Rename Method', '']);
    const second = await collect(store);
    assert.deepEqual(second.map((s) => s.cached), [true, true, true, true, true, true]);
    assert.deepEqual(second.map(({ cached: _c, ...s }) => s), first.map(({ cached: _c, ...s }) => s));
  });

  it('another engine, other settings or another repository use another folder', () => {
    const base = makeScratchDir();
    const folder = summaryFolder(base, { repository: repo.dir, engine: 'e1', settings: { languages: ['java'] } });
    assert.notEqual(folder, summaryFolder(base, { repository: repo.dir, engine: 'e2', settings: { languages: ['java'] } }));
    assert.notEqual(folder, summaryFolder(base, { repository: repo.dir, engine: 'e1', settings: {} }));
    assert.notEqual(folder, summaryFolder(base, { repository: `${repo.dir}-other`, engine: 'e1', settings: { languages: ['java'] } }));
  });

  it('pruning removes what earlier engines stored and keeps every settings and repository of the current one', async () => {
    const base = makeScratchDir();
    assert.equal(await pruneSummaries(base, 'e2'), 0, 'nothing stored yet');
    const entry = { sha: shas[0], refactorings: [], skipped: [], elapsedMs: 1 };
    const old = new SummaryStore(summaryFolder(base, { repository: repo.dir, engine: 'e1', settings: {} }));
    const current = [{}, { languages: ['java'] }].map((settings) => new SummaryStore(summaryFolder(base, { repository: repo.dir, engine: 'e2', settings })));
    current.push(new SummaryStore(summaryFolder(base, { repository: `${repo.dir}-other`, engine: 'e2', settings: {} })));
    for (const store of [old, ...current]) await store.put(entry);
    assert.equal(await pruneSummaries(base, 'e2'), 1);
    assert.equal(existsSync(old.folder), false);
    assert.equal(await old.get(shas[0]), undefined);
    for (const store of current) assert.equal((await store.get(shas[0]))?.sha, shas[0]);
    assert.equal(await pruneSummaries(base, 'e2'), 0, 'nothing more to remove');
  });

  it('a damaged entry is analysed again, and failures are not cached', async () => {
    const store = new SummaryStore(summaryFolder(makeScratchDir(), { repository: repo.dir, engine: 'e1', settings: {} }));
    await collect(store);
    writeFileSync(path.join(store.folder, `${shas[1]}.json`), '{"sha": "trunc');
    const again = await collect(store);
    assert.deepEqual(again.filter((s) => !s.cached).map((s) => s.sha), [shas[1]]);
    await store.put({ sha: shas[0], refactorings: [], skipped: [], elapsedMs: 1, error: 'git died' });
    assert.notEqual((await store.get(shas[0]))?.error, 'git died');
    await store.put({ sha: shas[2], refactorings: [], skipped: [], elapsedMs: 1, timedOut: true });
    assert.equal((await store.get(shas[2]))?.timedOut, undefined, 'a time-out is not kept');
    assert.equal(await store.get('../../etc/passwd'), undefined, 'only commit ids name entries');
    await assert.rejects(store.put({ sha: '../x', refactorings: [], skipped: [], elapsedMs: 1 }), /not a commit id/);
  });

  it('commits come in the order given, cached ones first', async () => {
    const store = new SummaryStore(summaryFolder(makeScratchDir(), { repository: repo.dir, engine: 'e1', settings: {} }));
    const commits = await listCommits(repo.dir);
    for await (const _ of summarise(repo.dir, [commits[2].sha], { store, jobs: 1 })) void _;
    const order = [];
    for await (const s of summarise(repo.dir, commits.map((c) => c.sha), { store, jobs: 1 })) order.push(s.sha);
    assert.deepEqual(order, [commits[2].sha, ...commits.filter((_, i) => i !== 2).map((c) => c.sha)]);
  });

  it('a commit not in the store can be handed to another analyser (the window\'s warm worker): only the missing ones, in order', async () => {
    const store = new SummaryStore(summaryFolder(makeScratchDir(), { repository: repo.dir, engine: 'e1', settings: {} }));
    const commits = await listCommits(repo.dir);
    for await (const _ of summarise(repo.dir, [commits[1].sha], { store, jobs: 1 })) void _;
    const asked: string[] = [];
    const analyse = (sha: string) => (asked.push(sha), analyzeCommit(repo.dir, sha));
    const got = [];
    for await (const s of summarise(repo.dir, commits.slice(0, 3).map((c) => c.sha), { store, analyse })) got.push(s);
    assert.deepEqual(asked, [commits[0].sha, commits[2].sha]);
    assert.deepEqual(got.map((s) => s.sha), [commits[1].sha, commits[0].sha, commits[2].sha]);
    assert.deepEqual(got[1].refactorings.map((r) => r.type), ['Extract Method']);
  });
});
