/**
 * A tiny test runner for the extension host (no mocha needed): `test(name, fn)` registers,
 * `runAll()` runs in order, logs each result and rejects when any failed.
 */
export type TestFn = () => Promise<void> | void;

const tests: { name: string; fn: TestFn }[] = [];

export function test(name: string, fn: TestFn): void {
  tests.push({ name, fn });
}

export async function runAll(): Promise<void> {
  let failed = 0;
  const started = Date.now();
  for (const t of tests) {
    const t0 = Date.now();
    try {
      await t.fn();
      console.log(`  ✔ ${t.name} (${Date.now() - t0} ms)`);
    } catch (error) {
      failed++;
      console.log(`  ✘ ${t.name}\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
  console.log(`${tests.length - failed} passing, ${failed} failing (${Date.now() - started} ms)`);
  if (failed > 0) throw new Error(`${failed} of ${tests.length} extension tests failed`);
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 10000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
