// npm run fuzz -- --iterations N --seed S [--language L] [--profile full|quick] [--limit MS] [--no-save]
// Mutated sources of every language through parsing and comparison (test/fuzz/fuzzer.ts); each
// crash is minimised and saved as test/fuzz/cases/<language>-<kind>-<hash>.json, which
// test/fuzz/fuzz.test.ts replays.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fuzz, type FuzzCase } from '../test/fuzz/fuzzer';
import { SEEDS } from '../test/fuzz/seeds';

const CASES_DIR = path.join(__dirname, '..', 'test', 'fuzz', 'cases');

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

function save(fuzzCase: FuzzCase, kind: string, message: string): string {
  const hash = createHash('sha1').update(JSON.stringify(fuzzCase)).digest('hex').slice(0, 10);
  const file = path.join(CASES_DIR, `${fuzzCase.language}-${kind}-${hash}.json`);
  mkdirSync(CASES_DIR, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ found: message, ...fuzzCase }, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

async function main(): Promise<void> {
  const iterations = Number(option('--iterations', '1000'));
  const seed = Number(option('--seed', String(Date.now() % 1_000_000)));
  const language = option('--language', '');
  const limitMs = Number(option('--limit', '5000'));
  const saving = !process.argv.includes('--no-save');
  const profile = option('--profile', 'full');
  if (profile !== 'full' && profile !== 'quick') throw new Error(`--profile is full or quick, not ${profile}`);
  if (!Number.isInteger(iterations) || iterations < 1 || !Number.isInteger(seed) || !(limitMs > 0)) throw new Error('usage: npm run fuzz -- --iterations N --seed S [--language L] [--profile full|quick] [--limit MS] [--no-save]');
  if (language && !(language in SEEDS)) throw new Error(`unknown language ${language} (known: ${Object.keys(SEEDS).join(', ')})`);
  const started = process.cpuUsage();
  const report = await fuzz({
    iterations,
    seed,
    languages: language ? [language] : undefined,
    limitMs,
    profile,
    onCrash: (iteration, crash, minimal) => {
      const where = saving ? save(minimal, crash.kind, crash.message) : '(not saved)';
      console.log(`crash at iteration ${iteration} (${minimal.language}, ${crash.kind}): ${crash.message} -> ${where}`);
    },
    onProgress: (done) => {
      if (done % 1000 === 0) console.error(`${done}/${iterations}`);
    },
  });
  const cpu = process.cpuUsage(started);
  console.log(
    `fuzz: ${report.iterations} iterations (${profile}), seed ${seed}, ${report.languages.length} languages (${report.languages.join(', ')}), ` +
      `${report.crashes.length} distinct crash(es) in ${report.failedIterations} failed iteration(s), ${(report.ms / 1000).toFixed(1)} s (cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s), slowest iteration ${Math.round(report.slowestMs)} ms`,
  );
  process.exitCode = report.crashes.length > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(`fuzz: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
});
