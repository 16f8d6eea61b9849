// What running the extension's analyses on a worker thread costs (src/analysis/isolated.ts):
// each of the last N commits (default 20) analysed in this thread, then on an IsolatedAnalyzer
// (the first job starts the worker, the others reuse it), in the same run; plus the time a fresh
// worker takes to answer its first job, and how long this thread was blocked in each mode (the
// longest gap in a 10 ms heartbeat: what the extension host would feel).
// Usage: npm run build && node --import tsx scripts/isolated-bench.ts --repo DIR [--max N]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeCommit, listCommits } from '../src/analysis/git-analysis';
import { IsolatedAnalyzer } from '../src/analysis/isolated';

const { values } = parseArgs({ options: { repo: { type: 'string' }, max: { type: 'string', default: '20' } } });
if (!values.repo) {
  console.error('usage: node --import tsx scripts/isolated-bench.ts --repo DIR [--max N]');
  process.exit(2);
}
const repo = path.resolve(values.repo);
const workerScript = path.join(__dirname, '..', 'dist', 'worker.js');

/** Runs `work` with a 10 ms heartbeat; gives its time and the longest the heartbeat waited. */
async function measured(work: () => Promise<unknown>): Promise<{ ms: number; blockedMs: number }> {
  let last = performance.now();
  let blockedMs = 0;
  const beat = setInterval(() => {
    const now = performance.now();
    blockedMs = Math.max(blockedMs, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  clearInterval(beat);
  return { ms, blockedMs: Math.max(blockedMs, performance.now() - last - 10) };
}

async function main() {
  const commits = (await listCommits(repo, { max: Number(values.max) })).filter((c) => c.parents.length === 1);
  const shas = commits.map((c) => c.sha);
  const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

  const coldAnalyzer = new IsolatedAnalyzer(workerScript);
  const cold = await measured(() => coldAnalyzer.run(repo, { kind: 'commit', ref: shas[0] }));
  coldAnalyzer.dispose();
  const warmOne = new IsolatedAnalyzer(workerScript);
  warmOne.warm();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const warmed = await measured(() => warmOne.run(repo, { kind: 'commit', ref: shas[0] }));
  const warm = await measured(() => warmOne.run(repo, { kind: 'commit', ref: shas[0] }));
  const here = await measured(() => analyzeCommit(repo, shas[0]));
  console.log(`one commit (${shas[0].slice(0, 10)}): this thread ${fmt(here.ms)}; on a worker: started for it ${fmt(cold.ms)}, started ahead with warm() ${fmt(warmed.ms)}, used before ${fmt(warm.ms)}`);

  const inThread = await measured(async () => {
    for (const sha of shas) await analyzeCommit(repo, sha);
  });
  const onWorker = await measured(async () => {
    for (const sha of shas) await warmOne.run(repo, { kind: 'commit', ref: sha });
  });
  warmOne.dispose();
  console.log(`${shas.length} commits one after the other:`);
  console.log(`  this thread   ${fmt(inThread.ms)}   longest block of this thread ${Math.round(inThread.blockedMs)} ms`);
  console.log(`  on a worker   ${fmt(onWorker.ms)}   longest block of this thread ${Math.round(onWorker.blockedMs)} ms   ratio ${(onWorker.ms / inThread.ms).toFixed(2)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
