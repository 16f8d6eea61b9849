/**
 * `--baseline FILE`: what a run changed against an earlier `--json` file, case by case: oracle
 * entries found or lost, false detections gone or new, and likewise the signature changes where
 * they are scored (signatures.ts). What an engine change is judged by.
 */
import { readFileSync } from 'node:fs';

interface Entry {
  type: string;
  description: string;
  similarity?: number;
}

export interface CaseEntries {
  id: string;
  missed: Entry[];
  falsePositives: Entry[];
  /** The methods whose signature change we missed (their oracle entries), and ours matching none. */
  signatures?: { missed: string[][]; unmatched: string[] };
}

export type CasesByDataset = Record<string, CaseEntries[]>;

export class BaselineError extends Error {}

export function readBaseline(file: string): CasesByDataset {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BaselineError(`cannot read baseline ${file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const cases = (data as { cases?: unknown }).cases;
  if (typeof cases !== 'object' || cases === null) throw new BaselineError(`${file} is not a file written by --json (no "cases")`);
  return cases as CasesByDataset;
}

const key = (e: Entry) => `${e.type}: ${e.description}`;
const shown = (e: Entry) => `${key(e)}${e.similarity !== undefined ? ` (${e.similarity})` : ''}`;

/** The items of `a` that `b` does not have, by key, as many times as `a` has them more. */
function without<T>(a: T[], b: T[], keyOf: (t: T) => string): T[] {
  const left = new Map<string, number>();
  for (const t of b) left.set(keyOf(t), (left.get(keyOf(t)) ?? 0) + 1);
  return a.filter((t) => {
    const n = left.get(keyOf(t)) ?? 0;
    if (n > 0) left.set(keyOf(t), n - 1);
    return n === 0;
  });
}

/** What one comparison counts and lists: the four ways a case can change, and their lines. */
interface Tally {
  counts: number[];
  lines: string[];
  compared: boolean;
}

const tally = (): Tally => ({ counts: [0, 0, 0, 0], lines: [], compared: false });

/** A case's missed and extra items (false detections; ours matching none) before and after, each change listed under its label. */
function count<T>(t: Tally, id: string, labels: string[], old: { missed: T[]; extra: T[] }, now: { missed: T[]; extra: T[] }, keyOf: (x: T) => string, show: (x: T) => string): void {
  t.compared = true;
  const changes = [without(old.missed, now.missed, keyOf), without(now.missed, old.missed, keyOf), without(old.extra, now.extra, keyOf), without(now.extra, old.extra, keyOf)];
  changes.forEach((list, i) => {
    for (const x of list) t.lines.push(`  ${id} ${labels[i]}: ${show(x)}`);
    t.counts[i] += list.length;
  });
}

/** Lines naming each change, grouped by dataset; datasets or cases absent from the baseline are skipped. */
export function compareWithBaseline(baseline: CasesByDataset, now: CasesByDataset): string {
  const lines: string[] = [];
  for (const [dataset, cases] of Object.entries(now)) {
    const before = new Map((baseline[dataset] ?? []).map((c) => [c.id, c]));
    if (before.size === 0) continue;
    const scored = tally();
    const signatures = tally();
    const unit = (entries: string[]) => entries.join(' | ');
    for (const c of cases) {
      const old = before.get(c.id);
      if (!old) continue;
      const entries = (x: CaseEntries) => ({ missed: x.missed, extra: x.falsePositives });
      count(scored, c.id, ['found', 'lost', 'false gone', 'false new'], entries(old), entries(c), key, shown);
      if (!c.signatures || !old.signatures) continue;
      const texts = (x: NonNullable<CaseEntries['signatures']>) => ({ missed: x.missed.map(unit), extra: x.unmatched });
      const labels = ['signature missed no more', 'signature missed anew', 'signature matching none gone', 'signature matching none new'];
      count(signatures, c.id, labels, texts(old.signatures), texts(c.signatures), (x) => x, (x) => x);
    }
    const [found, lost, gone, added] = scored.counts;
    lines.push(`${dataset} against the baseline: ${found} found, ${lost} lost, ${gone} false detections gone, ${added} new`, ...scored.lines);
    if (signatures.compared) {
      const [fewer, more, unmatchedGone, unmatchedNew] = signatures.counts;
      // units come from the eval's reading of the oracle too: one no longer missed was found, or is no unit any more
      lines.push(`${dataset} signature changes against the baseline: ${fewer} missed no more, ${more} missed anew, ${unmatchedGone} of ours matching none gone, ${unmatchedNew} new`, ...signatures.lines);
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : 'no dataset of this run is in the baseline\n';
}
