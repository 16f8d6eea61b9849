/**
 * C and C++ parse benchmark on real repositories: every `.h`, `.c`, `.cc`, `.cpp` of a
 * repository's HEAD (generated files left out, as the analysis does) read through the language
 * registry's `parseFile`, the path the analysis takes (the choice of C or C++ for a header, the
 * macro blanking before parsing, the CST build). Prints, per repository: files, MB, total ms (the
 * median of the runs; CPU time, which other jobs on the machine disturb less than wall-clock
 * time), ms per MB, the ms inside tree-sitter's parse, how many files were parsed
 * twice (a header tried in C and in C++), and the headers read as C++.
 *
 * With `--base REF`, the sources of REF (exported under .cache/) are timed in the same process,
 * runs alternating, and compared: the ratio of their times, and the files whose result (language,
 * syntax errors, nodes) differs. The machine's other work slows both alike.
 *
 * Usage: node --import tsx scripts/c-parse-bench.ts [--base REF] [--runs N] [--verbose] REPO...
 * (a benchmark: it prints figures, it is not a test.)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FileCst } from '../src/core/cst';
import { generatedFile } from '../src/analysis/files';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { base: { type: 'string' }, runs: { type: 'string', default: '3' }, verbose: { type: 'boolean', default: false } },
});
if (positionals.length === 0) {
  console.error('usage: node --import tsx scripts/c-parse-bench.ts [--base REF] [--runs N] [--verbose] REPO...');
  process.exit(2);
}
const runs = Math.max(1, Number(values.runs));
const root = path.join(__dirname, '..');
const require_ = createRequire(__filename);

type ParseFile = (path: string, text: string) => Promise<FileCst>;
interface Variant {
  name: string;
  parseFile: ParseFile;
}

/** The registry of REF's sources, exported to .cache/bench-REF/ (inside the repository: its node_modules resolve). */
function baseVariant(ref: string): Variant {
  const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  const dir = path.join(root, '.cache', `bench-${commit}`);
  if (!existsSync(path.join(dir, 'src'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git -C "${root}" archive ${commit} src | tar -x -C "${dir}"`]);
  }
  return { name: `${ref} (${commit})`, parseFile: require_(path.join(dir, 'src/languages/registry.ts')).parseFile };
}

/** Every parse tree-sitter makes, counted and timed: the web-tree-sitter module both variants share. */
const TS = require_('web-tree-sitter') as typeof import('web-tree-sitter');
const parses = { count: 0, ms: 0 };
const parse = TS.Parser.prototype.parse;
TS.Parser.prototype.parse = function (this: InstanceType<typeof TS.Parser>, ...args: Parameters<typeof parse>) {
  const started = cpuMs();
  try {
    return parse.apply(this, args);
  } finally {
    parses.count++;
    parses.ms += cpuMs() - started;
  }
};

/** CPU time of this process (one thread works): what other jobs on the machine slow less than wall-clock time. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const sourceFile = /\.(?:h|c|cc|cpp)$/i;

/** The C and C++ files of HEAD with their text, in one `git cat-file --batch`. */
function headFiles(repo: string): Array<{ path: string; text: string }> {
  const paths = execFileSync('git', ['-C', repo, 'ls-tree', '-r', '--name-only', '-z', 'HEAD'], { encoding: 'utf8', maxBuffer: 1 << 28 })
    .split('\0')
    .filter((p) => sourceFile.test(p));
  const out = execFileSync('git', ['-C', repo, 'cat-file', '--batch'], { input: paths.map((p) => `HEAD:${p}\n`).join(''), maxBuffer: 1 << 30 });
  const files: Array<{ path: string; text: string }> = [];
  let at = 0;
  for (const file of paths) {
    const newline = out.indexOf(10, at);
    const size = Number(out.subarray(at, newline).toString().split(' ')[2]);
    const text = out.subarray(newline + 1, newline + 1 + size).toString('utf8');
    at = newline + 1 + size + 1;
    if (!generatedFile(file, text)) files.push({ path: file, text });
  }
  return files;
}

interface Run {
  ms: number;
  parseMs: number;
  twice: number;
  cpp: number;
  results: string[];
}

async function runOnce(variant: Variant, files: Array<{ path: string; text: string }>): Promise<Run> {
  const run: Run = { ms: 0, parseMs: 0, twice: 0, cpp: 0, results: [] };
  const startParses = parses.ms;
  const started = cpuMs();
  for (const file of files) {
    const before = parses.count;
    const cst = await variant.parseFile(file.path, file.text);
    if (parses.count - before > 1) run.twice++;
    if (cst.language === 'cpp' && file.path.toLowerCase().endsWith('.h')) run.cpp++;
    run.results.push(`${cst.language} ${cst.errors} ${cst.nodes.length}`);
  }
  run.ms = cpuMs() - started;
  run.parseMs = parses.ms - startParses;
  return run;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const head: Variant = { name: 'working tree', parseFile: require_(path.join(root, 'src/languages/registry.ts')).parseFile };
  const variants = values.base ? [baseVariant(values.base), head] : [head];
  console.log(`median of ${runs} runs after a warm-up, CPU ms (machine load ${(await import('node:os')).loadavg()[0].toFixed(1)})`);
  console.log(['repository', 'variant', 'files', 'MB', 'ms', 'ms/MB', 'parse ms', 'twice', '.h as C++'].map((c, i) => c.padStart(i < 2 ? 22 : 9)).join(' '));
  for (const repo of positionals) {
    const files = headFiles(repo);
    const mb = files.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0) / 1e6;
    const all = new Map<Variant, Run[]>(variants.map((v) => [v, []]));
    for (const v of variants) await runOnce(v, files); // warm-up: grammars loaded, code compiled
    for (let i = 0; i < runs; i++) for (const v of i % 2 ? [...variants].reverse() : variants) all.get(v)!.push(await runOnce(v, files));
    for (const v of variants) {
      const rs = all.get(v)!;
      const ms = median(rs.map((r) => r.ms));
      const cells = [path.basename(repo), v.name, files.length, mb.toFixed(2), ms.toFixed(0), (ms / mb).toFixed(0), median(rs.map((r) => r.parseMs)).toFixed(0), rs[0].twice, rs[0].cpp];
      console.log(cells.map((c, i) => String(c).padStart(i < 2 ? 22 : 9)).join(' '));
    }
    if (variants.length === 2) {
      const [a, b] = variants.map((v) => all.get(v)!);
      const ratio = median(b.map((r) => r.ms)) / median(a.map((r) => r.ms));
      const differ = files.filter((_f, i) => a[0].results[i] !== b[0].results[i]);
      console.log(`${''.padStart(22)} working tree / base: ${ratio.toFixed(2)}x time; ${differ.length} file(s) read differently`);
      for (const f of values.verbose ? differ : differ.slice(0, 10)) {
        const i = files.indexOf(f);
        console.log(`${''.padStart(24)}${f.path}: base ${a[0].results[i]}, working tree ${b[0].results[i]} (language errors nodes)`);
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
