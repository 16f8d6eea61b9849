/**
 * The fuzzer of `npm run fuzz` and of test/fuzz/fuzz.test.ts: seeded, so a run is reproduced by
 * its seed. Each iteration takes a language's seed source, mutates it into a before and an after
 * version (truncations, deleted brackets, unicode, NUL bytes, deep nesting, very long lines, byte
 * flips, swapped halves, renames), and runs the pair through `analyzeFileSets` on a worker thread.
 * A crash is an exception, a file the engine could not parse ('parse-failed'), a trap of the
 * WebAssembly runtime ('wasm-trap': the worker is replaced, the runtime cannot be reset), an
 * iteration over the time limit ('slow') or one that never ends ('hang': the worker is stopped);
 * each is shrunk to a small case that test/fuzz/cases/ keeps and the test replays.
 */
import { Worker } from 'node:worker_threads';
import { analyzeFileSets, type SourceFile } from '../../src/analysis/files';
import { parserRuntimeBroken } from '../../src/languages/registry';
import { SEEDS } from './seeds';

/** A pair of versions of one file (or of two paths: a move). Strings, or base64 for raw bytes. */
export interface FuzzCase {
  language: string;
  beforePath: string;
  afterPath: string;
  before: string;
  after: string;
  /** 'bytes': before/after are base64 of raw bytes (NULs past the binary sniff, invalid UTF-8). */
  encoding?: 'text' | 'bytes';
}

export interface Crash {
  kind: 'exception' | 'parse-failed' | 'wasm-trap' | 'slow' | 'hang';
  message: string;
  ms: number;
}

/** mulberry32: a small, fast, seedable PRNG. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const int = (random: Random, n: number) => Math.floor(random() * n);
const pick = <T>(random: Random, items: readonly T[]): T => items[int(random, items.length)];

const ODD_TEXT = ['\u202e', '\u202d', '\u2066', '\u200b', '\ufeff', '😀', '👨‍👩‍👧', 'e\u0301\u0301\u0301', '\ud800', '\udfff', '\u0000', '\r', '\r\n', '\t', '\\', '"', "'", '`', '${', '*/', '/*', '<?php', '?>', '#', '"""', "'''", '\u2028', '名前', 'Ω'];
const BRACKETS = ['{', '}', '(', ')', '[', ']', '<', '>'];

/**
 * How big the generated inputs get: 'full' (5,000 levels of nesting, 1 MB lines, 50,000 empty
 * lines) for `npm run fuzz`; 'quick' (at most 200 levels, 10 KB lines) for the run in `npm test`.
 */
export type Profile = 'full' | 'quick';
let sizes = { depths: [100, 1000, 5000], lineLengths: [10_000, 100_000, 1_000_000], emptyLines: [1000, 50_000] };
const SIZES: Record<Profile, typeof sizes> = {
  full: sizes,
  quick: { depths: [20, 200], lineLengths: [1000, 10_000], emptyLines: [100, 1000] },
};

/** Text mutations; each takes the source and gives a new one. */
const MUTATIONS: Record<string, (text: string, random: Random) => string> = {
  truncate: (text, random) => text.slice(0, int(random, text.length + 1)),
  deleteBrackets(text, random) {
    const bracket = pick(random, BRACKETS);
    const all = random() < 0.3;
    let result = '';
    for (const char of text) result += char === bracket && (all || random() < 0.5) ? '' : char;
    return result;
  },
  insertOdd: (text, random) => insertAt(text, random, Array.from({ length: 1 + int(random, 4) }, () => pick(random, ODD_TEXT)).join('')),
  deepNesting(text, random) {
    const depth = pick(random, sizes.depths);
    const [open, close] = pick(random, [['(', ')'], ['{', '}'], ['[', ']'], ['{ if (a) ', ' }'], ['f(', ')'], ['<a>', '</a>']]);
    return insertAt(text, random, `${open.repeat(depth)}x${random() < 0.8 ? close.repeat(depth) : ''}`);
  },
  longLine(text, random) {
    const length = pick(random, sizes.lineLengths);
    const unit = pick(random, ['a', 'a+', 'x.', '"', ' ', '1,', 'f()', '/*']);
    return insertAt(text, random, unit.repeat(Math.ceil(length / unit.length)));
  },
  manyLines: (text, random) => insertAt(text, random, '\n'.repeat(pick(random, sizes.emptyLines))),
  flipChars(text, random) {
    const chars = [...text];
    for (let i = 0, n = 1 + int(random, 8); i < n && chars.length > 0; i++) chars[int(random, chars.length)] = String.fromCharCode(int(random, 0x3000));
    return chars.join('');
  },
  swapHalves(text, random) {
    const cut = int(random, text.length + 1);
    return text.slice(cut) + text.slice(0, cut);
  },
  duplicate(text, random) {
    const start = int(random, text.length + 1);
    const chunk = text.slice(start, start + int(random, 400));
    return insertAt(text, random, chunk.repeat(1 + int(random, 20)));
  },
  deleteLines(text, random) {
    const lines = text.split('\n');
    const start = int(random, lines.length);
    lines.splice(start, 1 + int(random, 5));
    return lines.join('\n');
  },
  rename(text, random) {
    const names = [...new Set(text.match(/[A-Za-z_]\w{2,}/g) ?? [])];
    if (names.length === 0) return text;
    const name = pick(random, names);
    return text.split(name).join(`${name}${pick(random, ['2', 'X', '_renamed', ''])}`);
  },
  empty: () => '',
};

function insertAt(text: string, random: Random, insert: string): string {
  const at = int(random, text.length + 1);
  return text.slice(0, at) + insert + text.slice(at);
}

/** One fuzz case for `language` (or a random one) from the PRNG. */
export function generateCase(random: Random, languages: readonly string[], profile: Profile = 'full'): FuzzCase {
  sizes = SIZES[profile];
  const language = pick(random, languages);
  const seed = SEEDS[language];
  const mutate = (text: string) => {
    let result = text;
    for (let i = 0, n = 1 + int(random, 3); i < n; i++) result = pick(random, Object.values(MUTATIONS))(result, random);
    return result;
  };
  const before = random() < 0.4 ? seed.source : mutate(seed.source);
  const after = random() < 0.2 ? MUTATIONS.rename(before, random) : mutate(before);
  const moved = random() < 0.2;
  const afterPath = moved ? seed.file.replace(/([^/]+)$/, 'moved/$1') : seed.file;
  if (random() < 0.1) {
    // Raw bytes: a NUL past the binary sniff, or bytes that are not UTF-8 (read as Latin-1).
    const bytes = (text: string) => {
      const buffer = Buffer.from(text.padEnd(9000, ' '));
      for (let i = 0, n = 1 + int(random, 4); i < n; i++) buffer[8000 + int(random, buffer.length - 8000)] = pick(random, [0, 0xff, 0xc3, 0x80]);
      return buffer.toString('base64');
    };
    return { language, beforePath: seed.file, afterPath, before: bytes(before), after: bytes(after), encoding: 'bytes' };
  }
  return { language, beforePath: seed.file, afterPath, before, after };
}

function sourceFile(path: string, content: string, encoding: FuzzCase['encoding']): SourceFile {
  return { path, content: encoding === 'bytes' ? new Uint8Array(Buffer.from(content, 'base64')) : content };
}

/** Runs one case in this thread; undefined when it passed, else what went wrong. */
export async function runCase(fuzzCase: FuzzCase, limitMs: number): Promise<Crash | undefined> {
  const crash = await runCaseUnchecked(fuzzCase, limitMs);
  const broken = parserRuntimeBroken();
  // A trap is contained when the analysis still returned (the file listed as parse-failed).
  return broken === undefined || crash?.kind === 'exception' ? crash : { kind: 'wasm-trap', message: broken.replace(/ of \d+ characters$/, ''), ms: crash?.ms ?? 0 };
}

async function runCaseUnchecked(fuzzCase: FuzzCase, limitMs: number): Promise<Crash | undefined> {
  const started = performance.now();
  try {
    const result = await analyzeFileSets(
      [sourceFile(fuzzCase.beforePath, fuzzCase.before, fuzzCase.encoding)],
      [sourceFile(fuzzCase.afterPath, fuzzCase.after, fuzzCase.encoding)],
      { maxFileSize: 4 * 1024 * 1024 },
    );
    const ms = performance.now() - started;
    const failed = result.skipped.find((file) => file.reason === 'parse-failed');
    if (failed) return { kind: 'parse-failed', message: firstLine(failed.detail ?? ''), ms };
    if (ms > limitMs) return { kind: 'slow', message: `took ${Math.round(ms)} ms (limit ${limitMs} ms)`, ms };
    return undefined;
  } catch (error) {
    return { kind: 'exception', message: firstLine(error instanceof Error ? error.message : String(error)), ms: performance.now() - started };
  }
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0].slice(0, 300);
}

/** Runs cases on a worker thread, one at a time; a new worker after a trap or a hang. */
export interface CaseRunner {
  run(fuzzCase: FuzzCase): Promise<Crash | undefined>;
  close(): Promise<void>;
}

const WORKER_SOURCE = (module: string) => `
require('tsx/cjs/api').register();
const { parentPort, workerData } = require('node:worker_threads');
const { runCase } = require(${JSON.stringify(module)});
parentPort.on('message', async (fuzzCase) => parentPort.postMessage(await runCase(fuzzCase, workerData.limitMs) ?? null));
`;

export function isolatedRunner(limitMs: number, hangMs = limitMs * 3 + 5000): CaseRunner {
  let worker: Worker | undefined;
  const stop = async () => {
    const old = worker;
    worker = undefined;
    await old?.terminate();
  };
  return {
    async run(fuzzCase) {
      worker ??= new Worker(WORKER_SOURCE(__filename), { eval: true, workerData: { limitMs } });
      const current = worker;
      const crash = await new Promise<Crash | undefined>((resolve) => {
        const onMessage = (answer: Crash | null) => done(answer ?? undefined);
        const onError = (error: Error) => done({ kind: 'exception', message: firstLine(error.message), ms: 0 });
        const onExit = (code: number) => done({ kind: 'exception', message: `worker exited (${code})`, ms: 0 });
        const timer = setTimeout(() => done({ kind: 'hang', message: `no answer within ${hangMs} ms`, ms: hangMs }), hangMs);
        const done = (answer: Crash | undefined) => {
          clearTimeout(timer);
          current.off('message', onMessage).off('error', onError).off('exit', onExit);
          resolve(answer);
        };
        current.on('message', onMessage).on('error', onError).on('exit', onExit);
        current.postMessage(fuzzCase);
      });
      if (crash && crash.kind !== 'parse-failed' && crash.kind !== 'slow' && worker === current) await stop();
      return crash;
    },
    close: stop,
  };
}

/** The same failure: same kind, and for errors the same message with numbers blurred. */
function sameFailure(a: Crash, b: Crash | undefined): boolean {
  if (!b || a.kind !== b.kind) return false;
  const blur = (message: string) => message.replace(/\d+/g, 'N');
  return a.kind === 'slow' || blur(a.message) === blur(b.message);
}

/**
 * Delta debugging of one side at a time, by lines then by characters: removes chunks (halves,
 * quarters, ...) while the failure stays the same. At most `maxRuns` runs of the engine.
 */
export async function minimise(fuzzCase: FuzzCase, crash: Crash, runner: CaseRunner, maxRuns = 300, maxMs = 30_000): Promise<FuzzCase> {
  if (fuzzCase.encoding === 'bytes') return fuzzCase;
  let current = fuzzCase;
  let runs = 0;
  const until = performance.now() + maxMs;
  const exhausted = () => runs >= maxRuns || performance.now() >= until;
  const fails = async (candidate: FuzzCase) => !exhausted() && (runs++, sameFailure(crash, await runner.run(candidate)));
  const sides = (['before', 'after'] as const).filter((side) => current[side].length > 0);
  // The side that fails alone is the one to shrink; the other becomes empty when it can.
  for (const side of sides) {
    const other = side === 'before' ? 'after' : 'before';
    if (await fails({ ...current, [other]: '' })) current = { ...current, [other]: '' };
  }
  for (const side of sides) {
    for (const separator of ['\n', '']) {
      let parts = current[side].split(separator);
      for (let chunk = Math.max(1, Math.floor(parts.length / 2)); chunk >= 1 && !exhausted(); chunk = Math.floor(chunk / 2)) {
        for (let start = 0; start < parts.length && !exhausted(); ) {
          const candidateParts = [...parts.slice(0, start), ...parts.slice(start + chunk)];
          const candidate = { ...current, [side]: candidateParts.join(separator) };
          if (await fails(candidate)) {
            parts = candidateParts;
            current = candidate;
          } else {
            start += chunk;
          }
        }
      }
    }
  }
  return current;
}

export interface FuzzReport {
  iterations: number;
  languages: string[];
  /** Each distinct failure (language, kind, message with numbers blurred) once, minimised. */
  crashes: Array<{ iteration: number; crash: Crash; minimal: FuzzCase; repeats: number }>;
  /** Iterations that failed, distinct or not. */
  failedIterations: number;
  ms: number;
  slowestMs: number;
}

/** Runs `iterations` cases from `seed`; crashes are minimised (unless `minimiseCrashes` is false). */
export async function fuzz(options: {
  iterations: number;
  seed: number;
  languages?: string[];
  limitMs?: number;
  profile?: Profile;
  minimiseCrashes?: boolean;
  onCrash?: (iteration: number, crash: Crash, minimal: FuzzCase) => void;
  onProgress?: (done: number) => void;
}): Promise<FuzzReport> {
  const languages = options.languages ?? Object.keys(SEEDS);
  const limitMs = options.limitMs ?? 5000;
  const random = prng(options.seed);
  const started = performance.now();
  const crashes: FuzzReport['crashes'] = [];
  const seen = new Map<string, FuzzReport['crashes'][number]>();
  const runner = isolatedRunner(limitMs);
  let slowestMs = 0;
  let failedIterations = 0;
  try {
    for (let iteration = 0; iteration < options.iterations; iteration++) {
      const fuzzCase = generateCase(random, languages, options.profile);
      const iterationStarted = performance.now();
      const crash = await runner.run(fuzzCase);
      slowestMs = Math.max(slowestMs, performance.now() - iterationStarted);
      if (crash) {
        failedIterations++;
        const key = `${fuzzCase.language} ${crash.kind} ${crash.kind === 'slow' ? '' : crash.message.replace(/\d+/g, 'N')}`;
        const known = seen.get(key);
        if (known) {
          known.repeats++;
        } else {
          const minimal = options.minimiseCrashes === false ? fuzzCase : await minimise(fuzzCase, crash, runner);
          const entry = { iteration, crash, minimal, repeats: 0 };
          seen.set(key, entry);
          crashes.push(entry);
          options.onCrash?.(iteration, crash, minimal);
        }
      }
      options.onProgress?.(iteration + 1);
    }
  } finally {
    await runner.close();
  }
  return { iterations: options.iterations, languages, crashes, failedIterations, ms: performance.now() - started, slowestMs };
}
