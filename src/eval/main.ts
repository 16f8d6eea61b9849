/**
 * `npm run eval`: runs the engine on the oracle datasets and prints precision and recall per
 * dataset and refactoring type, plus time per case. See args.ts for the options.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, USAGE, UsageError, type EvalArgs } from './args';
import { BaselineError, compareWithBaseline, readBaseline, type CasesByDataset } from './baseline';
import { explainCase } from './explain';
import { formatMarkdown, formatOverview, formatSummary } from './format';
import { datasetInfo, listCases, listDatasets, OracleError, readCase } from './oracle';
import { runCase, type CaseRun } from './run';
import { summarise, type DatasetSummary } from './summary';
import { canonicalType } from './vocabulary';

/** The project root: the nearest folder above this code with a package.json (dist/ or src/eval/). */
export function projectRoot(from = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

export const defaultOraclesDir = (): string => path.resolve(projectRoot(), '..', 'shared', 'oracles');

/** What --json writes for each case: enough to study misses without rerunning. */
interface CaseDetail {
  id: string;
  ms: number;
  error?: string;
  truePositives: number;
  /**
   * Our detections the oracle confirms, with their similarity and the matching step that paired
   * their elements (where one did): to compare with the false ones.
   */
  confirmed: Detail[];
  missed: Array<{ type: string; description: string }>;
  falsePositives: Detail[];
  /** Ours that repeat a confirmed detection in another file (matcher.ts findRepeats), not counted. */
  repeats?: Array<{ type: string; description: string }>;
  /** Where signature changes are scored: the oracle's methods we report no Change Signature for (their entries' descriptions), and ours that match none. */
  signatures?: { missed: string[][]; unmatched: string[] };
}

interface Detail {
  type: string;
  description: string;
  similarity?: number;
  pairedBy?: string;
}

function detectionDetail(run: CaseRun, d: { type: string; index: number }): Detail {
  const { description, similarity } = run.detections[d.index];
  return { type: d.type, description, similarity, pairedBy: run.pairedBy[d.index] };
}

function detailOf(run: CaseRun, descriptions: string[]): CaseDetail {
  return {
    id: run.id,
    ms: Math.round(run.ms),
    error: run.error,
    truePositives: run.match.oracle.filter((o) => o.detection !== undefined).length,
    confirmed: run.match.detections
      .filter((d) => d.scope === 'scored' && d.oracle !== undefined)
      .map((d) => detectionDetail(run, d)),
    missed: run.match.oracle.filter((o) => o.scope === 'scored' && o.detection === undefined).map((o) => ({ type: o.type, description: descriptions[o.index] })),
    falsePositives: run.match.detections
      .filter((d) => d.scope === 'scored' && d.oracle === undefined && d.repeats === undefined)
      .map((d) => detectionDetail(run, d)),
    ...(run.match.detections.some((d) => d.repeats !== undefined) && {
      repeats: run.match.detections.filter((d) => d.repeats !== undefined).map((d) => ({ type: d.type, description: run.detections[d.index].description })),
    }),
    signatures: run.signatures && {
      missed: run.signatures.units.filter((u) => u.detection === undefined).map((u) => u.entries.map((i) => descriptions[i])),
      unmatched: run.signatures.detections.filter((d) => d.unit === undefined).map((d) => run.detections[d.index].description),
    },
  };
}

function caseIds(oracles: string, dataset: string, args: EvalArgs): string[] {
  const ids = listCases(oracles, dataset);
  const chosen = args.cases.length > 0 ? ids.filter((id) => args.cases.includes(id)) : ids;
  return args.limit !== undefined ? chosen.slice(0, args.limit) : chosen;
}

async function evaluateDataset(oracles: string, dataset: string, args: EvalArgs, details: CaseDetail[]): Promise<DatasetSummary> {
  const ids = caseIds(oracles, dataset, args);
  const info = datasetInfo(dataset, ids.length > 0 ? readCase(oracles, dataset, ids[0]) : undefined);
  const runs: CaseRun[] = [];
  for (const [i, id] of ids.entries()) {
    if (process.stderr.isTTY) process.stderr.write(`\r${dataset} ${i + 1}/${ids.length} ${id}`.padEnd(70));
    const oracleCase = readCase(oracles, dataset, id);
    const run = await runCase(oracleCase, info);
    runs.push(run);
    details.push(detailOf(run, oracleCase.refactorings.map((r) => r.description)));
  }
  if (process.stderr.isTTY) process.stderr.write('\r'.padEnd(71) + '\r');
  return summarise(info, runs, { canonical: args.type === undefined ? undefined : canonicalType(args.type) });
}

/** The command that reproduces the figures: the options that only name output files left out. */
export function runCommand(argv: string[]): string {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i].split('=')[0];
    if (['--json', '--markdown', '--baseline'].includes(flag)) {
      if (!argv[i].includes('=')) i++;
      continue;
    }
    kept.push(argv[i]);
  }
  return ['npm run eval', ...(kept.length > 0 ? ['--', ...kept] : [])].join(' ');
}

async function evaluate(args: EvalArgs, oracles: string): Promise<void> {
  const baseline: CasesByDataset | undefined = args.baseline === undefined ? undefined : readBaseline(args.baseline);
  const present = listDatasets(oracles);
  const unknown = args.datasets.filter((d) => !present.includes(d));
  if (unknown.length > 0) throw new UsageError(`no dataset ${unknown.join(', ')} in ${oracles} (there: ${present.join(', ')})`);
  const datasets = args.datasets.length > 0 ? present.filter((d) => args.datasets.includes(d)) : present;
  const started = performance.now();
  const summaries: DatasetSummary[] = [];
  const details: Record<string, CaseDetail[]> = {};
  for (const dataset of datasets) {
    const summary = await evaluateDataset(oracles, dataset, args, (details[dataset] = []));
    if (args.cases.length > 0 && summary.cases === 0) continue;
    summaries.push(summary);
    process.stdout.write(`${formatSummary(summary)}\n`);
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`${formatOverview(summaries)}\nwall time ${seconds.toFixed(1)} s\n`);
  if (baseline) process.stdout.write(`\n${compareWithBaseline(baseline, details)}`);
  const command = ['npm run eval --', ...process.argv.slice(2)].join(' ');
  if (args.markdown) writeFileSync(args.markdown, formatMarkdown(summaries, runCommand(process.argv.slice(2))));
  if (args.json) {
    writeFileSync(args.json, `${JSON.stringify({ command, date: new Date().toISOString(), wallSeconds: seconds, datasets: summaries, cases: details }, null, 1)}\n`);
  }
}

async function main(argv: string[]): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const oracles = path.resolve(args.oracles ?? defaultOraclesDir());
    listDatasets(oracles); // fails early, in one line, when the folder is missing
    if (args.explain) process.stdout.write(await explainCase(oracles, args.explain, args.datasets));
    else await evaluate(args, oracles);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof OracleError || error instanceof BaselineError) {
      process.stderr.write(`eval: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`eval: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}

if (require.main === module) main(process.argv.slice(2)).then((code) => process.exit(code));
