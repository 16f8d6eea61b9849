/**
 * Dataset summaries → the text tables `npm run eval` prints (and docs/accuracy.md shows).
 */
import type { DatasetSummary, TypeRow } from './summary';

const MEASURE_NOTES: Record<DatasetSummary['measure'], string> = {
  'precision-recall': 'precision and recall against confirmed refactorings',
  'recall-only': 'recall only: one documented refactoring per commit, precision is meaningless here',
  agreement: 'agreement with RefDiff 2.0 (unvalidated): P = share of ours RefDiff also reports, R = share of RefDiff\'s we also report',
};

const pct = (x: number | undefined): string => (x === undefined ? '—' : (100 * x).toFixed(1));
const ms = (x: number): string => (x >= 10000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd());
}

function typeRow(r: TypeRow): string[] {
  return [r.type, String(r.oracle), String(r.detected), String(r.tp), pct(r.precision), pct(r.recall), pct(r.f1)];
}

/** The signature changes' figures, told apart from the scored types' total (what they are scored against differs). */
function signatureLine(r: TypeRow & { precisionMeasured: boolean }): string {
  const figures = `oracle ${r.oracle}, detected ${r.detected}, TP ${r.tp}, P ${pct(r.precision)} %, R ${pct(r.recall)} %`;
  const note = !r.precisionMeasured ? ' (recall only: this oracle lists no parameters added or removed)' : '';
  return `${r.type}, against the methods whose parameters the oracle says changed (its parameter entries below, grouped per method), not in the total: ${figures}${note}`;
}

const listCounts = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([type, n]) => `${type} ${n}`)
    .join(', ');

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The matching steps that paired the elements of scored detections, most first: detected, confirmed, false. */
function stepsLine(steps: DatasetSummary['steps']): string {
  const listed = Object.entries(steps)
    .sort((a, b) => b[1].detected - a[1].detected || a[0].localeCompare(b[0]))
    .map(([step, c]) => `${step} ${c.detected} (${c.detected - c.tp} false)`);
  return `paired by (renames, moves, pull-ups, …: detected, of which false): ${listed.join(', ')}`;
}

export function formatSummary(s: DatasetSummary): string {
  const head = `${s.dataset} (${s.language}, ${s.cases} case${s.cases === 1 ? '' : 's'})`;
  if (s.status !== 'ok') return `${head}: ${s.language} is not supported yet (no file parsed into CST nodes)\n`;
  const lines = [`${head}: ${MEASURE_NOTES[s.measure]}`];
  const oracleHeader = s.measure === 'agreement' ? 'RefDiff' : 'oracle';
  const rows = [['type', oracleHeader, 'detected', 'TP', 'P %', 'R %', 'F1 %'], ...s.rows.map(typeRow), typeRow(s.total)];
  lines.push(...table(rows).map((l) => `  ${l}`));
  if (s.signatures) lines.push(`  ${signatureLine(s.signatures)}`);
  if (Object.keys(s.unscored).length > 0) lines.push(`  not scored (ours, a type this oracle does not list): ${listCounts(s.unscored)}`);
  if (s.measure !== 'recall-only' && Object.keys(s.steps).length > 0) lines.push(`  ${stepsLine(s.steps)}`);
  if (s.repeats > 0) lines.push(`  not counted: ${s.repeats} of ours repeat a true positive in another file declaring the same class; the oracle's entry, naming no file on one side, names it once`);
  if (s.outOfScopeTotal > 0) {
    lines.push(`  out of scope (oracle entries of types the engine does not model): ${s.outOfScopeTotal}`);
    for (const [group, counts] of Object.entries(s.outOfScope)) lines.push(`    ${group}: ${listCounts(counts)}`);
  }
  if (s.unsupportedCases > 0) lines.push(`  ${s.unsupportedCases} case(s) with no file in a supported language, left out`);
  if (s.failed.length > 0) {
    lines.push(`  ${s.failed.length} case(s) failed (their oracle entries count as missed):`);
    for (const f of s.failed.slice(0, 10)) lines.push(`    ${f.id}: ${f.error.split('\n')[0]}`);
  }
  const t = s.timing;
  lines.push(`  time per case: median ${ms(t.medianMs)}, p90 ${ms(t.p90Ms)}, max ${ms(t.maxMs)}; total ${ms(t.totalMs)}`);
  lines.push(`  slowest: ${t.slowest.map((c) => `${c.id} ${ms(c.ms)}`).join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** One line per dataset: the headline figures. */
export function formatOverview(summaries: DatasetSummary[]): string {
  const rows = [['dataset', 'cases', 'oracle', 'detected', 'TP', 'P %', 'R %', 'F1 %', 'median', 'p90']];
  for (const s of summaries) {
    if (s.status !== 'ok') {
      rows.push([s.dataset, String(s.cases), '—', '—', '—', '—', '—', '—', '—', '—']);
      continue;
    }
    const t = s.total;
    rows.push([s.dataset, String(s.cases), String(t.oracle), String(t.detected), String(t.tp), pct(t.precision), pct(t.recall), pct(t.f1), ms(s.timing.medianMs), ms(s.timing.p90Ms)]);
  }
  return `${table(rows).join('\n')}\n`;
}

const mdTable = (rows: string[][]): string[] => [
  `| ${rows[0].join(' | ')} |`,
  `|${rows[0].map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
  ...rows.slice(1).map((r) => `| ${r.join(' | ')} |`),
];

/**
 * The figures as Markdown, for docs/accuracy.md: one line per dataset, then each dataset's types.
 * Written by `--markdown FILE`, so the document's tables come from a run, never typed by hand.
 */
export function formatMarkdown(summaries: DatasetSummary[], command: string): string {
  const ok = summaries.filter((s) => s.status === 'ok');
  const lines = [`Made by \`${command}\`.`, ''];
  const overview = [['dataset', 'cases', 'oracle', 'detected', 'TP', 'P %', 'R %', 'F1 %', 'median / p90 per case']];
  for (const s of ok) {
    const t = s.total;
    overview.push([`${s.dataset} (${s.language})`, String(s.cases), String(t.oracle), String(t.detected), String(t.tp), pct(t.precision), pct(t.recall), pct(t.f1), `${ms(s.timing.medianMs)} / ${ms(s.timing.p90Ms)}`]);
  }
  lines.push(...mdTable(overview));
  for (const s of ok) {
    lines.push('', `### ${s.dataset}: ${MEASURE_NOTES[s.measure]}`, '');
    const header = ['type', s.measure === 'agreement' ? 'RefDiff' : 'oracle', 'detected', 'TP', 'P %', 'R %', 'F1 %'];
    lines.push(...mdTable([header, ...s.rows.map(typeRow), typeRow(s.total).map((c) => `**${c}**`)]));
    if (s.signatures) lines.push('', `${signatureLine(s.signatures)}.`);
    if (Object.keys(s.unscored).length > 0) lines.push('', `Not scored (ours, of a type this oracle does not list): ${listCounts(s.unscored)}.`);
    if (s.measure !== 'recall-only' && Object.keys(s.steps).length > 0) lines.push('', `${capitalise(stepsLine(s.steps))}.`);
    if (s.repeats > 0) lines.push('', `Not counted: ${s.repeats} of ours repeat a true positive in another file declaring the same class; the oracle's entry, naming no file on one side, names it once.`);
    if (s.outOfScopeTotal > 0) {
      const groups = Object.entries(s.outOfScope).map(([group, counts]) => `${group}: ${listCounts(counts)}`);
      lines.push('', `Out of scope (${s.outOfScopeTotal} oracle entries of kinds the engine does not model): ${groups.join('; ')}.`);
    }
    if (s.failed.length > 0) lines.push('', `Failed to run: ${s.failed.map((f) => f.id).join(', ')}.`);
  }
  return `${lines.join('\n')}\n`;
}
