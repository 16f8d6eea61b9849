/** The history of one element as text (one line a step, newest first) or as JSON. */
import type { HistoryStep, SymbolHistory } from '../analysis/history';
import type { Output } from './report-writer';

const END: Record<SymbolHistory['end'], string> = {
  added: 'reached the commit that added it',
  shallow: 'the history is cut here (shallow clone)',
  limit: 'stopped early',
  lost: 'lost track of it',
};

function where(step: HistoryStep): string {
  const { after } = step;
  return `${after.qualifiedName} (${after.file}:${after.startLine})`;
}

/** `sha  date  author  type  description  element (file:line)`, tab-separated after the date. */
export function formatStep(step: HistoryStep): string {
  // Descriptions of refactorings start with their type, as RefactoringMiner's do: not twice on a line.
  const what = step.description.startsWith(`${step.type} `) ? step.description.slice(step.type.length + 1) : step.description;
  return [`${step.commit.sha.slice(0, 10)} ${step.commit.date.slice(0, 10)}`, step.commit.author, step.type, what, where(step)].join('\t');
}

export function writeHistoryText(io: Output, history: SymbolHistory): void {
  const { element } = history;
  io.out(`History of ${element.qualifiedName} (${element.file}:${element.startLine}) from ${history.ref.slice(0, 10)}\n`);
  for (const step of history.steps) io.out(`${formatStep(step)}\n`);
  const detail = history.endDetail ? `: ${history.endDetail}` : '';
  io.out(`${history.steps.length} step(s); ${END[history.end]}${detail}; ${history.commitsAnalysed} commit(s) analysed in ${history.elapsedMs} ms\n`);
}

export function writeHistoryJson(io: Output, history: SymbolHistory): void {
  io.out(`${JSON.stringify(history, null, 2)}\n`);
}
