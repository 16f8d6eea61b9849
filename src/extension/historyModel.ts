/**
 * The words and icons of the two history views (commits with their refactorings; one symbol's
 * history), as plain data: no vscode here, so they are testable anywhere.
 */
import type { HistoryStep, SymbolHistory } from '../analysis/history';
import { howFound, type ReportRefactoring } from '../core/report';
import type { RelationshipType } from '../core/relationship-types';
import { relativeDate } from './relativeDate';
import { annotate, shortSha } from './viewModel';

/** Relationship types counted together in a commit's description, in the order they are listed. */
const CATEGORIES: Array<[singular: string, plural: string, types: RelationshipType[]]> = [
  ['rename', 'renames', ['RENAME']],
  ['move', 'moves', ['MOVE', 'INTERNAL_MOVE', 'MOVE_RENAME', 'INTERNAL_MOVE_RENAME']],
  ['extract', 'extracts', ['EXTRACT', 'EXTRACT_MOVE', 'EXTRACT_SUPER']],
  ['inline', 'inlines', ['INLINE']],
  ['pull up', 'pull ups', ['PULL_UP', 'PULL_UP_SIGNATURE']],
  ['push down', 'push downs', ['PUSH_DOWN', 'PUSH_DOWN_IMPL']],
  ['signature change', 'signature changes', ['CHANGE_SIGNATURE']],
  ['kind change', 'kind changes', ['CONVERT_TYPE']],
];

/** "3 renames · 1 extract": the most frequent first, ties in the order above. */
export function countsLabel(refactorings: Array<Pick<ReportRefactoring, 'relationship'>>): string {
  const counted = CATEGORIES.map(([singular, plural, types], order) => {
    const count = refactorings.filter((r) => types.includes(r.relationship)).length;
    return { count, order, words: count === 1 ? singular : plural };
  }).filter((c) => c.count > 0);
  counted.sort((a, b) => b.count - a.count || a.order - b.order);
  return counted.map((c) => `${c.count} ${c.words}`).join(' · ');
}

/** One line for a refactoring in a tree: the annotation of the side-by-side view, as plain text. */
export function refactoringLabel(r: ReportRefactoring): string {
  return annotate(r)
    .map((segment) => segment.text)
    .join('');
}

/**
 * A refactoring's tooltip in a tree: its description, then how it was found, so that a pair taken
 * on thin evidence reads as one to check ("Paired by position: …: check it").
 */
export function refactoringTooltip(r: ReportRefactoring): string {
  return `${r.description}\n\n${howFound(r).text}`;
}

/** The side-by-side view's codicon of each relationship (one table for both). */
export { relationshipIcon } from '../../webview/icons';

export interface StepPresentation {
  label: string;
  description: string;
  /** Markdown-free lines for the tooltip. */
  details: string[];
  icon: string;
}

const STEP_ICONS: Record<HistoryStep['kind'], string> = {
  refactored: 'arrow-swap',
  'moved-with-parent': 'arrow-right',
  'extracted-from': 'symbol-method',
  'extracted-into': 'split-horizontal',
  'inlined-into': 'fold',
  modified: 'edit',
  added: 'add',
};

/** A history step as a tree item shows it: what happened and to which name, then commit, date, author. */
export function presentStep(step: HistoryStep, now = new Date()): StepPresentation {
  const name = step.after.name;
  const was = step.before && step.before.name !== step.after.name ? ` (was ${step.before.name})` : '';
  const label =
    step.kind === 'extracted-into' && step.other
      ? `${step.type}: ${step.other.name} out of ${name}`
      : step.kind === 'inlined-into' && step.other
        ? `${step.type}: ${step.other.name} into ${name}`
        : `${step.type}: ${name}${was}`;
  const description = `${shortSha(step.commit.sha)} · ${relativeDate(step.commit.date, now)} · ${step.commit.author}`;
  const details = [
    step.description,
    ...(step.howFound ? [step.howFound] : []),
    `${step.after.qualifiedName} in ${step.after.file}:${step.after.startLine}`,
    ...(step.before && step.before.file !== step.after.file ? [`was in ${step.before.file}:${step.before.startLine}`] : []),
    `${step.commit.sha.slice(0, 12)} ${step.commit.date.slice(0, 10)} ${step.commit.author}: ${step.commit.subject}`,
  ];
  return { label, description, details, icon: STEP_ICONS[step.kind] };
}

/** The line above the steps: whose history, how it ended. */
export function historyMessage(history: SymbolHistory, shownSteps: number): string {
  const ending: Record<SymbolHistory['end'], string> = {
    added: 'back to the commit that added it',
    shallow: 'back to where this shallow clone cuts the history',
    limit: `stopped after ${history.commitsAnalysed} commits`,
    lost: `lost track of it${history.endDetail ? `: ${history.endDetail}` : ''}`,
  };
  const hidden = history.steps.length - shownSteps;
  return `${history.element.qualifiedName}: ${shownSteps} step${shownSteps === 1 ? '' : 's'}${hidden > 0 ? ` (${hidden} hidden by setting)` : ''}, ${ending[history.end]}`;
}
