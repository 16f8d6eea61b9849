// Benchmark: analyses the last N commits of a repository with the built CLI and prints time per
// commit (median / p90 / p99 / max), commits per second, peak memory and, in the same run, the
// time `git log -p` takes on the same commits as a baseline.
// Usage: npm run bench -- --repo DIR [--max N] [--ref REF] [--jobs J]
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const cliPath = path.join(here, '..', 'dist', 'cli.js');

const { values } = parseArgs({
  options: { repo: { type: 'string' }, max: { type: 'string', default: '1000' }, ref: { type: 'string', default: 'HEAD' }, jobs: { type: 'string' } },
});
if (!values.repo) {
  console.error('usage: npm run bench -- --repo DIR [--max N] [--ref REF] [--jobs J]');
  process.exit(2);
}

/** Runs a command; resolves with its wall time, the lines of stdout (when kept) and stderr. */
function timed(command, args, keepOutput) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat' } });
    const out = [];
    let err = '';
    child.stdout.on('data', (chunk) => keepOutput && out.push(chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${path.basename(command)} ${args.join(' ')} exited ${code}: ${err.trim()}`));
      else resolve({ ms: performance.now() - started, stdout: Buffer.concat(out).toString('utf8'), stderr: err });
    });
  });
}

const percentile = (sorted, fraction) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;
const ms = (value) => `${value.toFixed(1)} ms`;

const cliArgs = [cliPath, '--repo', values.repo, '--range', values.ref, '--max', values.max, '--jsonl', '--timing', ...(values.jobs ? ['--jobs', values.jobs] : [])];
const ours = await timed(process.execPath, cliArgs, true);
const commits = ours.stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
const times = commits.map((c) => c.timing.elapsedMs).sort((a, b) => a - b);
const slowest = commits.reduce((a, b) => (b.timing.elapsedMs > a.timing.elapsedMs ? b : a), commits[0]);
const refactorings = commits.reduce((sum, c) => sum + c.refactorings.length, 0);
const peak = /peak memory (\d+) MB/.exec(ours.stderr)?.[1] ?? '?';
const cpu = Number(/cpu ([\d.]+) s/.exec(ours.stderr)?.[1] ?? NaN);

const baseline = await timed('git', ['-C', values.repo, '--no-pager', 'log', '-p', `--max-count=${commits.length}`, values.ref, '--'], false);

console.log(`repository: ${values.repo} (${commits.length} commits of ${values.ref}, ${refactorings} refactorings found)`);
console.log(`per commit: median ${ms(percentile(times, 0.5))}, p90 ${ms(percentile(times, 0.9))}, p99 ${ms(percentile(times, 0.99))}, max ${ms(times.at(-1) ?? 0)} (${slowest?.sha1.slice(0, 10) ?? '-'})`);
console.log(`total: ${(ours.ms / 1000).toFixed(2)} s, ${(commits.length / (ours.ms / 1000)).toFixed(1)} commits/s, cpu ${cpu.toFixed(1)} s (${((cpu * 1000) / commits.length).toFixed(1)} ms a commit), peak memory ${peak} MB`);
console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (times per commit are wall-clock: other work on the machine slows them)`);
console.log(`baseline git log -p: ${(baseline.ms / 1000).toFixed(2)} s; Refactoring Lens / git log -p = ${(ours.ms / baseline.ms).toFixed(1)}x`);
