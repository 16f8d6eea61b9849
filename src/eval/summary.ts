/**
 * Case results → figures per dataset and refactoring type: oracle count, detected, true
 * positives, precision, recall, F1; what was out of scope; time per case. Pure.
 */
import type { CaseRun } from './run';
import type { DatasetInfo } from './oracle';
import { canonicalType, SCOPE_LABELS, SIGNATURE_TYPE, type Scope } from './vocabulary';

export interface TypeRow {
  /** The oracle's own name for the type where it has one ("Extract Function" in C), else ours. */
  type: string;
  canonical: string;
  oracle: number;
  detected: number;
  tp: number;
  precision?: number;
  recall?: number;
  f1?: number;
}

export interface Timing {
  totalMs: number;
  medianMs: number;
  p90Ms: number;
  maxMs: number;
  slowest: Array<{ id: string; ms: number }>;
}

export interface DatasetSummary {
  dataset: string;
  language: string;
  measure: DatasetInfo['measure'];
  status: 'ok' | 'language not supported yet';
  cases: number;
  /** Cases whose files no language module reads (left out of the figures). */
  unsupportedCases: number;
  failed: Array<{ id: string; error: string }>;
  rows: TypeRow[];
  total: TypeRow;
  /**
   * Our Change Signature detections against the methods whose parameters the oracle says changed
   * (signatures.ts), apart from the scored types' total: precision only where the oracle lists
   * parameters added and removed.
   */
  signatures?: TypeRow & { precisionMeasured: boolean };
  /** Our detections of types this oracle does not list (not counted as false positives). */
  unscored: Record<string, number>;
  /** Our detections that repeat a confirmed one in another file, where the oracle's entry names no file (matcher.ts findRepeats): not counted. */
  /**
   * Scored detections whose elements a matching step paired (renames, moves, pull-ups, …), per
   * step: detected and confirmed. Where precision is lost, by the step that paired the elements.
   */
  steps: Record<string, { detected: number; tp: number }>;
  repeats: number;
  /** Oracle entries of types the engine does not model, by group and type. */
  outOfScope: Record<string, Record<string, number>>;
  outOfScopeTotal: number;
  timing: Timing;
}

export interface SummaryFilter {
  /** Only this canonical type is scored. */
  canonical?: string;
}

const ratio = (a: number, b: number): number | undefined => (b === 0 ? undefined : a / b);

function withRates(row: TypeRow, measure: DatasetInfo['measure']): TypeRow {
  const precision = measure === 'recall-only' ? undefined : ratio(row.tp, row.detected);
  const recall = ratio(row.tp, row.oracle);
  const f1 = precision !== undefined && recall !== undefined && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : undefined;
  return { ...row, precision, recall, f1 };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function timingOf(runs: Array<{ id: string; ms: number }>, slowestCount = 5): Timing {
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  return {
    totalMs: sorted.reduce((s, x) => s + x, 0),
    medianMs: percentile(sorted, 50),
    p90Ms: percentile(sorted, 90),
    maxMs: sorted.length ? sorted[sorted.length - 1] : 0,
    slowest: [...runs].sort((a, b) => b.ms - a.ms).slice(0, slowestCount).map((r) => ({ id: r.id, ms: r.ms })),
  };
}

const bump = (counts: Record<string, number>, key: string, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

export function summarise(info: DatasetInfo, runs: CaseRun[], filter: SummaryFilter = {}): DatasetSummary {
  const scored = runs.filter((r) => !r.unsupported);
  const rows = new Map<string, TypeRow>();
  const oracleLabels = new Set<string>();
  const row = (canonical: string, label: string, fromOracle: boolean) => {
    let r = rows.get(canonical);
    if (!r) rows.set(canonical, (r = { type: canonicalType(label) === canonical ? label : canonical, canonical, oracle: 0, detected: 0, tp: 0 }));
    // the oracle's own name wins, when it is a name of this type (not "Move Class" for a module)
    if (fromOracle && !oracleLabels.has(canonical) && canonicalType(label) === canonical) {
      r.type = label;
      oracleLabels.add(canonical);
    }
    return r;
  };
  const unscored: Record<string, number> = {};
  const steps: Record<string, { detected: number; tp: number }> = {};
  let repeats = 0;
  const outOfScope: Record<string, Record<string, number>> = {};
  const wanted = (canonical: string) => filter.canonical === undefined || filter.canonical === canonical;
  const signatures: TypeRow = { type: SIGNATURE_TYPE, canonical: SIGNATURE_TYPE, oracle: 0, detected: 0, tp: 0 };
  for (const run of scored) {
    if (run.signatures && wanted(SIGNATURE_TYPE)) {
      signatures.oracle += run.signatures.units.length;
      signatures.detected += run.signatures.detections.length;
      signatures.tp += run.signatures.units.filter((u) => u.detection !== undefined).length;
    }
    for (const o of run.match.oracle) {
      if (o.scope !== 'scored') {
        const group = SCOPE_LABELS[o.scope as Exclude<Scope, 'scored'>];
        bump((outOfScope[group] ??= {}), o.type);
      } else if (wanted(o.canonical)) {
        const r = row(o.canonical, o.type, true);
        r.oracle++;
        if (o.detection !== undefined) r.tp++;
      }
    }
    for (const d of run.match.detections) {
      if (d.scope === 'signature' && run.signatures) continue;
      if (d.scope !== 'scored') bump(unscored, d.type);
      else if (!wanted(d.canonical)) continue;
      else if (d.repeats !== undefined) repeats++;
      else {
        row(d.canonical, d.type, false).detected++;
        const step = run.pairedBy[d.index];
        if (step === undefined) continue;
        const counts = (steps[step] ??= { detected: 0, tp: 0 });
        counts.detected++;
        if (d.oracle !== undefined) counts.tp++;
      }
    }
  }
  const typeRows = [...rows.values()].sort((a, b) => b.oracle - a.oracle || b.detected - a.detected || a.type.localeCompare(b.type));
  const total = typeRows.reduce((t, r) => ({ ...t, oracle: t.oracle + r.oracle, detected: t.detected + r.detected, tp: t.tp + r.tp }), {
    type: 'all scored types',
    canonical: '*',
    oracle: 0,
    detected: 0,
    tp: 0,
  } as TypeRow);
  return {
    dataset: info.name,
    language: info.language,
    measure: info.measure,
    status: runs.length > 0 && scored.length === 0 ? 'language not supported yet' : 'ok',
    cases: runs.length,
    unsupportedCases: runs.length - scored.length,
    failed: runs.filter((r) => r.error !== undefined).map((r) => ({ id: r.id, error: r.error as string })),
    rows: typeRows.map((r) => withRates(r, info.measure)),
    total: withRates(total, info.measure),
    signatures:
      info.signatures && wanted(SIGNATURE_TYPE)
        ? { ...withRates(signatures, info.signatures.precision ? info.measure : 'recall-only'), precisionMeasured: info.signatures.precision }
        : undefined,
    unscored,
    steps,
    repeats,
    outOfScope,
    outOfScopeTotal: Object.values(outOfScope).reduce((s, g) => s + Object.values(g).reduce((a, b) => a + b, 0), 0),
    timing: timingOf(runs),
  };
}
