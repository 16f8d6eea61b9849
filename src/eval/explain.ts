/**
 * `--explain ID`: why one case scored as it did. For each missed oracle entry: what we reported
 * at those locations instead, what became of the before and after elements, and the candidate
 * pairs the comparison considered and discarded (with their similarities). Then the false
 * detections, with the oracle entry at the same place if any.
 */
import type { Cst, CstNode } from '../core/cst';
import type { DiscardedPair } from '../core/diff-state';
import { isMatchingStep, type Relationship } from '../core/relationship-types';
import { qualifiedName, toRefactorings, type ElementRef, type ReportRefactoring } from '../core/report';
import { detectionElementKey, levelOf, sideScore, type ElementKey } from './elements';
import { pairScore, type OracleOutcome } from './matcher';
import { datasetInfo, listCases, listDatasets, OracleError, readCase } from './oracle';
import { analyzeCase, matchAll } from './run';
import { canonicalType } from './vocabulary';


const MAX_CANDIDATES = 5;

function findDataset(oracles: string, id: string, datasets: string[]): string {
  const candidates = datasets.length > 0 ? datasets : listDatasets(oracles);
  const dataset = candidates.find((d) => listCases(oracles, d).includes(id));
  if (!dataset) throw new OracleError(`no case "${id}" in ${candidates.join(', ')}`);
  return dataset;
}

function refOf(cst: Cst, node: CstNode): ElementRef {
  const { file, startLine, endLine } = node.location;
  return { file, kind: node.kind, name: node.name, qualifiedName: qualifiedName(cst, node), startLine, endLine };
}

const levelOfNode = (node: CstNode) => levelOf(canonicalType(`X ${node.noun}`));
const show = (ref: ElementRef) => `${ref.qualifiedName} (${ref.file}:${ref.startLine}-${ref.endLine})`;
const fmt = (x: number) => x.toFixed(3);

/** The nodes of a CST that an oracle side designates. */
function nodesAt(cst: Cst, key: ElementKey | undefined): CstNode[] {
  if (!key) return [];
  return cst.nodes.filter((n) => levelOfNode(n) === key.level && sideScore(key, detectionElementKey(refOf(cst, n), key.level)) > 0);
}

/** What became of a node: the relationships it is in, or "unmatched". */
function fate(node: CstNode, relationships: Relationship[], side: 'before' | 'after', other: Cst): string {
  const mine = relationships.filter((r) => r[side] === node);
  if (mine.length === 0) return 'in no relationship';
  const otherSide = side === 'before' ? 'after' : 'before';
  return mine.map((r) => `${r.type} ${side === 'before' ? '→' : '←'} ${qualifiedName(other, r[otherSide])}${r.similarity !== undefined ? ` (${fmt(r.similarity)})` : ''}`).join('; ');
}

function describeDiscarded(e: DiscardedPair, before: Cst, after: Cst): string {
  const limit = e.threshold !== undefined ? ` (threshold ${e.threshold})` : '';
  return `${e.step}: ${e.reason} ${fmt(e.score)}${limit}  ${qualifiedName(before, e.before)} → ${qualifiedName(after, e.after)}`;
}

function explainMiss(o: OracleOutcome, description: string, ctx: Context): string[] {
  const lines = [`- ${description}`];
  for (const [i, d] of ctx.detections.entries()) {
    const key = ctx.detectionKeys[i];
    if (pairScore(o, key) > 0) lines.push(`    we report: ${d.type} ${show(d.before)} → ${show(d.after)}`);
  }
  const befores = nodesAt(ctx.before, o.before);
  const afters = nodesAt(ctx.after, o.after);
  if (o.before) lines.push(`    before element: ${befores.length === 0 ? 'not found in the before CST' : befores.map((n) => `${qualifiedName(ctx.before, n)} [${n.kind}]: ${fate(n, ctx.relationships, 'before', ctx.after)}`).join(' | ')}`);
  if (o.after) lines.push(`    after element: ${afters.length === 0 ? 'not found in the after CST' : afters.map((n) => `${qualifiedName(ctx.after, n)} [${n.kind}]: ${fate(n, ctx.relationships, 'after', ctx.before)}`).join(' | ')}`);
  const pairs = ctx.discarded.filter((e) => befores.includes(e.before) && afters.includes(e.after));
  const near = pairs.length > 0 ? pairs : ctx.discarded.filter((e) => befores.includes(e.before) || afters.includes(e.after));
  const label = pairs.length > 0 ? 'discarded candidate pairs' : 'no candidate pair of these two; nearest discarded candidates';
  if (near.length > 0) {
    lines.push(`    ${label}:`);
    for (const e of [...near].sort((a, b) => b.score - a.score).slice(0, MAX_CANDIDATES)) lines.push(`      ${describeDiscarded(e, ctx.before, ctx.after)}`);
  }
  return lines;
}

interface Context {
  before: Cst;
  after: Cst;
  relationships: Relationship[];
  detections: ReportRefactoring[];
  detectionKeys: Array<{ before: ElementKey; after: ElementKey }>;
  discarded: DiscardedPair[];
}

export async function explainCase(oracles: string, id: string, datasets: string[]): Promise<string> {
  const dataset = findDataset(oracles, id, datasets);
  const oracleCase = readCase(oracles, dataset, id);
  const info = datasetInfo(dataset, oracleCase);
  const discarded: DiscardedPair[] = [];
  const started = performance.now();
  const monitor = { discarded: (e: DiscardedPair) => discarded.push(e) };
  const result = await analyzeCase(oracleCase, { comparison: { monitor } });
  const ms = performance.now() - started;
  const detections = toRefactorings(result.relationships, result.before, result.after);
  const { match, signatures } = matchAll(oracleCase, info, detections, result.skipped);
  const ctx: Context = {
    before: result.before,
    after: result.after,
    relationships: result.relationships,
    detections,
    detectionKeys: match.detections.map((d) => ({ before: d.before, after: d.after })),
    discarded,
  };
  const scored = match.oracle.filter((o) => o.scope === 'scored');
  const missed = scored.filter((o) => o.detection === undefined);
  const falses = match.detections.filter((d) => d.scope === 'scored' && d.oracle === undefined && d.repeats === undefined);
  const repeats = match.detections.filter((d) => d.repeats !== undefined);
  const lines = [
    `${id} (${dataset}): ${Object.keys(oracleCase.files.before).length} files before, ${Object.keys(oracleCase.files.after).length} after; ${Math.round(ms)} ms`,
    `scored oracle entries ${scored.length}, true positives ${scored.length - missed.length}, missed ${missed.length}, false detections ${falses.length}; ${discarded.length} candidates discarded`,
    '',
    `True positives (${scored.length - missed.length}):`,
    ...scored.filter((o) => o.detection !== undefined).map((o) => {
      const det = detections[o.detection as number];
      return `- ${det.description}${isMatchingStep(det.foundBy) ? ` (paired by ${det.foundBy})` : ''}`;
    }),
    '',
    `Missed (${missed.length}):`,
    ...missed.flatMap((o) => explainMiss(o, oracleCase.refactorings[o.index].description, ctx)),
    '',
    `False detections (${falses.length}):`,
    ...falses.flatMap((d) => {
      const det = detections[d.index];
      const sim = det.similarity !== undefined ? ` (similarity ${fmt(det.similarity)})` : '';
      const there = match.oracle.filter((o) => o.scope === 'scored' && pairScore(o, d) > 0).map((o) => `    the oracle says: ${oracleCase.refactorings[o.index].description}`);
      return [`- ${det.type} ${show(det.before)} → ${show(det.after)}${sim}${isMatchingStep(det.foundBy) ? `, paired by ${det.foundBy}` : ''}`, ...there];
    }),
  ];
  if (repeats.length > 0) {
    lines.push('', `Repeats, not counted (${repeats.length}): the same refactoring as a true positive, in another file; the oracle's entry, naming no file on one side, names it once`);
    lines.push(...repeats.map((d) => `- ${detections[d.index].type} ${show(detections[d.index].before)} → ${show(detections[d.index].after)}, repeating ${show(detections[d.repeats as number].after)}`));
  }
  if (signatures) {
    const missedUnits = signatures.units.filter((u) => u.detection === undefined);
    const unmatched = signatures.detections.filter((d) => d.unit === undefined);
    lines.push(
      '',
      `Signature changes (methods whose parameters the oracle says changed): ${signatures.units.length}, reported ${signatures.units.length - missedUnits.length}, missed ${missedUnits.length}; ours matching none ${unmatched.length}`,
      ...missedUnits.flatMap((u) => {
        const afters = nodesAt(ctx.after, u.key);
        const there = afters.map((n) => `${qualifiedName(ctx.after, n)} [${n.kind}]: ${fate(n, ctx.relationships, 'after', ctx.before)}`).join(' | ');
        return [`- missed: ${u.entries.map((i) => oracleCase.refactorings[i].description).join(' | ')}`, `    the method: ${afters.length === 0 ? 'not found in the after CST' : there}`];
      }),
      ...unmatched.map((d) => `- ours, matching none: ${detections[d.index].description}`),
    );
  }
  const unscored = match.detections.filter((d) => d.scope !== 'scored' && !(d.scope === 'signature' && signatures));
  if (unscored.length > 0) lines.push('', `Not scored here (${unscored.length}): ${unscored.map((d) => `${d.type} ${detections[d.index].after.name}`).join(', ')}`);
  return `${lines.join('\n')}\n`;
}
