/**
 * `--explain`: why one analysis reads as it does. After the refactorings, for each one the matching
 * step that paired its two elements (unique name, similarity, position, redirected calls, …), or
 * how else it was found (the call graph for an Extract or Inline), and its similarity; then the elements left unpaired, each gone or new, with the nearest candidate
 * pairs the comparison considered and set aside, and why (a similarity under its threshold, a
 * closer look-alike, …). What the eval's `--explain ID` shows for an oracle case, for any commit.
 */
import type { Cst, CstNode } from '../core/cst';
import type { ComparisonMonitor, DiscardedPair } from '../core/diff-state';
import { isMatchingStep, type Relationship } from '../core/relationship-types';
import { qualifiedName, type ReportRefactoring } from '../core/report';
import type { Output } from './report-writer';

/** What an explained analysis must hold: its refactorings and the comparison's CSTs and relationships. */
export interface Explained {
  refactorings: ReportRefactoring[];
  result: { before: Cst; after: Cst; relationships: Relationship[] };
}

/** How many candidates set aside are shown for one unpaired element, and how many unpaired elements in all. */
const CANDIDATES = 3;
const UNPAIRED = 40;

export class Explainer {
  private readonly setAside: DiscardedPair[] = [];

  /** Given to the comparison (AnalysisOptions.comparison.monitor): told each pair set aside. */
  readonly monitor: ComparisonMonitor = {
    discarded: (event) => this.setAside.push(event),
  };

  write(io: Output, analysis: Explained): void {
    const { before, after, relationships } = analysis.result;
    const lines: string[] = [];
    if (analysis.refactorings.length > 0) {
      lines.push('', 'How each was found:');
      for (const r of analysis.refactorings) {
        const how = [isMatchingStep(r.foundBy) ? `paired by ${r.foundBy}` : `found by ${r.foundBy}`, r.similarity !== undefined && `similarity ${r.similarity.toFixed(3)}`].filter(Boolean).join(', ');
        lines.push(`  ${r.type}  ${r.before.qualifiedName} → ${r.after.qualifiedName}${how ? `: ${how}` : ''}`);
      }
    }
    const inRelationship = { before: new Set(relationships.map((r) => r.before)), after: new Set(relationships.map((r) => r.after)) };
    const unpaired = [
      ...before.nodes.filter((n) => n.kind !== 'file' && !inRelationship.before.has(n)).map((n) => ({ side: 'gone' as const, node: n })),
      ...after.nodes.filter((n) => n.kind !== 'file' && !inRelationship.after.has(n)).map((n) => ({ side: 'new' as const, node: n })),
    ];
    if (unpaired.length > 0) {
      lines.push('', 'Elements gone or new in no refactoring, and the nearest candidates set aside:');
      for (const { side, node } of unpaired.slice(0, UNPAIRED)) {
        const { file, startLine, endLine } = node.location;
        lines.push(`  ${side === 'gone' ? 'gone' : 'new '}  ${qualifiedName(side === 'gone' ? before : after, node)} (${file}:${startLine}-${endLine})`);
        // each other element once, by the step that came nearest (the safe similarity step and the plain one often both set a pair aside)
        const byOther = new Map<CstNode, DiscardedPair>();
        for (const e of this.setAside) {
          if (side === 'gone' ? e.before !== node : e.after !== node) continue;
          const other = side === 'gone' ? e.after : e.before;
          if ((byOther.get(other)?.score ?? -1) < e.score) byOther.set(other, e);
        }
        const near = [...byOther.values()].sort((a, b) => b.score - a.score).slice(0, CANDIDATES);
        if (near.length === 0) lines.push('      no candidate pair considered');
        for (const e of near) {
          const other = side === 'gone' ? `→ ${qualifiedName(after, e.after)}` : `← ${qualifiedName(before, e.before)}`;
          const limit = e.threshold !== undefined ? ` (threshold ${e.threshold})` : '';
          lines.push(`      ${e.step}: ${e.reason} ${e.score.toFixed(3)}${limit} ${other}`);
        }
      }
      if (unpaired.length > UNPAIRED) lines.push(`  … and ${unpaired.length - UNPAIRED} more`);
    }
    if (lines.length > 0) io.out(`${lines.join('\n')}\n`);
  }
}
