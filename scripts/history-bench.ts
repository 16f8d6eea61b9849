// Benchmark of the history views on a real repository:
//  - filling the Refactorings tree for the last N commits (default 500) as the extension does it:
//    pages of 50, analysed on worker threads into a disk cache; cold (empty cache), then warm;
//  - one symbol's history (`refactoring-lens history`), cold;
//  - and, in the same run, `git log -p` over the same commits as a baseline.
// Usage: npm run build && node --import tsx scripts/history-bench.ts --repo DIR [--max N] [--jobs J]
//        [--file PATH --symbol NAME]   (default: the most changed source file of the range and its largest method)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { summarise, summaryFolder, SummaryStore } from '../src/analysis/commit-summaries';
import { listCommits } from '../src/analysis/git-analysis';
import { symbolHistory } from '../src/analysis/history';
import { defaultJobs } from '../src/analysis/range';
import { assembleCst } from '../src/core/assemble';
import { isCallable } from '../src/core/cst';
import { languageOf, parseFile } from '../src/languages/registry';

const PAGE = 50;
const { values } = parseArgs({
  options: { repo: { type: 'string' }, max: { type: 'string', default: '500' }, jobs: { type: 'string' }, file: { type: 'string' }, symbol: { type: 'string' } },
});
if (!values.repo) {
  console.error('usage: node --import tsx scripts/history-bench.ts --repo DIR [--max N] [--jobs J] [--file PATH --symbol NAME]');
  process.exit(2);
}
const repo = path.resolve(values.repo);
const max = Number(values.max);
const jobs = values.jobs ? Number(values.jobs) : Math.max(1, defaultJobs() - 1);
const workerScript = path.join(__dirname, '..', 'dist', 'worker.js');
const git = (...args: string[]) => spawnSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function fillTree(store: SummaryStore, shas: string[]) {
  const started = performance.now();
  let firstPage = 0;
  let cached = 0;
  let refactorings = 0;
  for (let page = 0; page * PAGE < shas.length; page++) {
    for await (const summary of summarise(repo, shas.slice(page * PAGE, (page + 1) * PAGE), { store, jobs, workerScript })) {
      if (summary.cached) cached++;
      refactorings += summary.refactorings.length;
    }
    if (page === 0) firstPage = performance.now() - started;
  }
  return { totalMs: performance.now() - started, firstPageMs: firstPage, cached, refactorings };
}

/** The most changed analysable file of the commits, and its largest method or function at HEAD. */
function defaultSymbol(count: number): { file: string; symbol: string } | Promise<{ file: string; symbol: string }> {
  if (values.file && values.symbol) return { file: values.file, symbol: values.symbol };
  const names = git('log', `-n${count}`, '--format=', '--name-only', 'HEAD').stdout.split('\n').filter((f) => f && languageOf(f));
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([f]) => f);
  return (async () => {
    for (const file of ranked) {
      const shown = git('show', `HEAD:${file}`);
      if (shown.status !== 0) continue;
      const cst = assembleCst([await parseFile(file, shown.stdout)]);
      const largest = cst.nodes.filter(isCallable).sort((a, b) => b.location.end - b.location.begin - (a.location.end - a.location.begin))[0];
      if (largest) return { file, symbol: largest.signature };
    }
    throw new Error('no analysable file changed in the range');
  })();
}

async function main() {
  const commits = await listCommits(repo, { max });
  const shas = commits.map((c) => c.sha);
  const cacheBase = mkdtempSync(path.join(os.tmpdir(), 'rlens-history-bench-'));
  try {
    const store = new SummaryStore(summaryFolder(cacheBase, { repository: repo, engine: 'bench', settings: {} }));
    const gitStarted = performance.now();
    git('log', '-p', `-n${shas.length}`, 'HEAD');
    const gitMs = performance.now() - gitStarted;
    const cold = await fillTree(store, shas);
    const warm = await fillTree(store, shas);
    const { file, symbol } = await defaultSymbol(shas.length);
    const history = await symbolHistory(repo, { file, symbol });
    console.log(`repository: ${path.basename(repo)}, ${shas.length} commits from HEAD, ${jobs} worker thread(s), ${os.cpus().length} cores`);
    console.log(`git log -p over the same commits (baseline): ${seconds(gitMs)}`);
    console.log(`tree, cold cache: ${seconds(cold.totalMs)} for ${shas.length} commits (first page of ${PAGE}: ${seconds(cold.firstPageMs)}), ${cold.refactorings} refactorings; ${(cold.totalMs / gitMs).toFixed(1)}x git log -p`);
    console.log(`tree, warm cache: ${seconds(warm.totalMs)} (${warm.cached}/${shas.length} from the cache); ${(cold.totalMs / warm.totalMs).toFixed(0)}x faster than cold`);
    console.log(`history of ${history.element.qualifiedName} (${file}): ${history.steps.length} steps, ${history.commitsAnalysed} commits analysed, ${seconds(history.elapsedMs)}, ended: ${history.end}`);
    for (const step of history.steps.slice(0, 8)) console.log(`  ${step.commit.sha.slice(0, 10)} ${step.type}: ${step.after.qualifiedName}`);
  } finally {
    rmSync(cacheBase, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
