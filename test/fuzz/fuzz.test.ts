/**
 * A small fuzz run (fixed seed, the 'quick' sizes) in every supported language, and the replay of
 * every saved case of test/fuzz/cases/ (written by `npm run fuzz`).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { languageIds } from '../../src/languages/registry';
import { fuzz, isolatedRunner, type FuzzCase } from './fuzzer';
import { SEEDS } from './seeds';

const CASES_DIR = path.join(__dirname, 'cases');
/** An iteration slower than this fails the quick run (inputs are at most ~10 KB lines, 200 levels of nesting, repeated up to 20 times). */
const QUICK_LIMIT_MS = 15_000;

describe('fuzzing', () => {
  it('has a seed source for every supported language', () => {
    assert.deepEqual(Object.keys(SEEDS).sort(), [...languageIds].sort());
  });

  it('300 mutated pairs in 15 languages (seed 8): no exception, no parse failure, no trap, no hang', { timeout: 120_000 }, async () => {
    const report = await fuzz({ iterations: 300, seed: 8, profile: 'quick', limitMs: QUICK_LIMIT_MS, minimiseCrashes: false });
    assert.deepEqual(
      report.crashes.map(({ iteration, crash, minimal }) => `${iteration} ${minimal.language} ${crash.kind}: ${crash.message}`),
      [],
    );
    assert.equal(report.languages.length, languageIds.length);
  });

  const cases = existsSync(CASES_DIR) ? readdirSync(CASES_DIR).filter((name) => name.endsWith('.json')).sort() : [];
  for (const name of cases) {
    const saved = JSON.parse(readFileSync(path.join(CASES_DIR, name), 'utf8')) as FuzzCase & { found: string };
    if (name.includes('-wasm-trap-')) {
      // The WebAssembly runtime's 64 KB stack: deep nesting can trap it, which we cannot fix, only
      // contain. Run in a worker thread (a trap breaks the runtime of its thread): the analysis
      // returns with the file skipped as parse-failed, or (the stack left by earlier parses
      // matters) the file parses.
      it(`${name}: parsed, or the trap of the WebAssembly runtime is contained`, { timeout: 60_000 }, async () => {
        const runner = isolatedRunner(30_000);
        try {
          const crash = await runner.run(saved);
          assert.ok(crash === undefined || crash.kind === 'wasm-trap', `${crash?.kind}: ${crash?.message}`);
        } finally {
          await runner.close();
        }
      });
    } else {
      it(`${name}: ${saved.found.slice(0, 100)} — fixed`, { timeout: 60_000 }, async () => {
        const runner = isolatedRunner(10_000);
        try {
          assert.equal(await runner.run(saved), undefined);
        } finally {
          await runner.close();
        }
      });
    }
  }
});
