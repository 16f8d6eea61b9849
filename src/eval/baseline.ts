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

/** The entries of `a` that `b` does not have. */
function without(a: Entry[], b: Entry[]): Entry[] {
  const keys = new Set(b.map(key));
  return a.filter((e) => !keys.has(key(e)));
}

/** The strings of `a` that `b` does not have (as many times as `a` has them more). */
function textsWithout(a: string[], b: string[]): string[] {
  const left = new Map<string, number>();
  for (const s of b) left.set(s, (left.get(s) ?? 0) + 1);
  return a.filter((s) => {
    const n = left.get(s) ?? 0;
    if (n > 0) left.set(s, n - 1);
    return n === 0;
  });
}

/** Lines naming each change, grouped by dataset; datasets or cases absent from the baseline are skipped. */
export function compareWithBaseline(baseline: CasesByDataset, now: CasesByDataset): string {
  const lines: string[] = [];
  for (const [dataset, cases] of Object.entries(now)) {
    const before = new Map((baseline[dataset] ?? []).map((c) => [c.id, c]));
    if (before.size === 0) continue;
    const changes: string[] = [];
    const signatureChanges: string[] = [];
    const counts = { found: 0, lost: 0, gone: 0, added: 0 };
    const signatureCounts = { found: 0, lost: 0, gone: 0, added: 0 };
    let signaturesCompared = false;
    for (const c of cases) {
      const old = before.get(c.id);
      if (!old) continue;
      const report = (list: Entry[], label: string, what: keyof typeof counts) => {
        for (const e of list) changes.push(`  ${c.id} ${label}: ${key(e)}${e.similarity !== undefined ? ` (${e.similarity})` : ''}`);
        counts[what] += list.length;
      };
      report(without(old.missed, c.missed), 'found', 'found');
      report(without(c.missed, old.missed), 'lost', 'lost');
      report(without(old.falsePositives, c.falsePositives), 'false gone', 'gone');
      report(without(c.falsePositives, old.falsePositives), 'false new', 'added');
      if (!c.signatures || !old.signatures) continue;
      signaturesCompared = true;
      const reportTexts = (list: string[], label: string, what: keyof typeof counts) => {
        for (const text of list) signatureChanges.push(`  ${c.id} signature ${label}: ${text}`);
        signatureCounts[what] += list.length;
      };
      const unit = (entries: string[]) => entries.join(' | ');
      reportTexts(textsWithout(old.signatures.missed.map(unit), c.signatures.missed.map(unit)), 'missed no more', 'found');
      reportTexts(textsWithout(c.signatures.missed.map(unit), old.signatures.missed.map(unit)), 'missed anew', 'lost');
      reportTexts(textsWithout(old.signatures.unmatched, c.signatures.unmatched), 'matching none gone', 'gone');
      reportTexts(textsWithout(c.signatures.unmatched, old.signatures.unmatched), 'matching none new', 'added');
    }
    lines.push(`${dataset} against the baseline: ${counts.found} found, ${counts.lost} lost, ${counts.gone} false detections gone, ${counts.added} new`);
    lines.push(...changes);
    if (signaturesCompared) {
      const s = signatureCounts;
      // units come from the eval's reading of the oracle too: one no longer missed was found, or is no unit any more
      lines.push(`${dataset} signature changes against the baseline: ${s.found} missed no more, ${s.lost} missed anew, ${s.gone} of ours matching none gone, ${s.added} new`);
      lines.push(...signatureChanges);
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : 'no dataset of this run is in the baseline\n';
}
