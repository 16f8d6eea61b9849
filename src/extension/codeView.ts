/**
 * The before/after code shown for the selected refactoring: a window of lines around each
 * element, the element highlighted, and for Extract/Inline the lines that moved marked.
 * Pure functions over the two file texts, and `loadCodeView` that reads them.
 */
import type { CodeSide, CodeView, ElementView, RefactoringView, Revision, ViewModel } from './protocol';
import { readRevisionText } from './sources';

/** Lines of context shown above and below an element. */
export const CONTEXT_LINES = 3;
/** At most this many lines of one element are sent to the page. */
export const MAX_ELEMENT_LINES = 400;
/** A moved line must have this much text (not just `}` or `return;`) to count as moved. */
const MIN_MARKED_LENGTH = 4;

export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

function significant(line: string): string | undefined {
  const t = line.trim();
  return t.length >= MIN_MARKED_LENGTH && !/^[{}();]*$/.test(t) ? t : undefined;
}

/** The lines of `element` in `lines` (1-based inclusive range; the first line, the signature, skipped). */
function bodyLines(lines: string[], element: ElementView): Set<string> {
  const set = new Set<string>();
  for (let n = element.startLine + 1; n <= element.endLine && n <= lines.length; n++) {
    const s = significant(lines[n - 1]);
    if (s) set.add(s);
  }
  return set;
}

/** Line numbers within `element` whose text appears in `other`'s body. */
export function sharedLines(lines: string[], element: ElementView, otherLines: string[], other: ElementView): number[] {
  const wanted = bodyLines(otherLines, other);
  const marked: number[] = [];
  for (let n = element.startLine + 1; n < element.endLine && n <= lines.length; n++) {
    const s = significant(lines[n - 1]);
    if (s && wanted.has(s)) marked.push(n);
  }
  return marked;
}

export function codeSide(
  text: string | undefined,
  element: ElementView,
  revisionLabel: string,
  marked: number[] = [],
  error?: string,
): CodeSide {
  const lines = text === undefined ? [] : splitLines(text);
  const first = Math.max(1, element.startLine - CONTEXT_LINES);
  const wantedLast = Math.min(lines.length, element.endLine + CONTEXT_LINES);
  const last = Math.min(wantedLast, first + MAX_ELEMENT_LINES + 2 * CONTEXT_LINES - 1);
  const side: CodeSide = {
    file: element.file,
    revisionLabel,
    firstLine: first,
    lines: lines.slice(first - 1, last),
    highlight: { startLine: element.startLine, endLine: element.endLine },
    marked,
    truncated: Math.max(0, wantedLast - last),
  };
  if (error) side.error = error;
  return side;
}

/** Which lines moved: the extracted lines in the source, the inlined lines in the target. */
export function movedLines(r: RefactoringView, beforeLines: string[], afterLines: string[]): { before: number[]; after: number[] } {
  if (r.relationship === 'EXTRACT' || r.relationship === 'EXTRACT_MOVE') {
    return { before: sharedLines(beforeLines, r.before, afterLines, r.after), after: [] };
  }
  if (r.relationship === 'INLINE') {
    return { before: [], after: sharedLines(afterLines, r.after, beforeLines, r.before) };
  }
  return { before: [], after: [] };
}

async function readSide(repoRoot: string, revision: Revision, element: ElementView): Promise<{ text?: string; error?: string }> {
  if (revision.kind === 'empty') return { error: 'The file does not exist on this side.' };
  try {
    return { text: await readRevisionText(repoRoot, revision, element.file) };
  } catch (error) {
    return { error: `Could not read ${element.file} at ${revision.label}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Reads both versions of the refactoring's files and cuts the windows the page shows. */
export async function loadCodeView(model: ViewModel, r: RefactoringView): Promise<CodeView> {
  const root = model.repository.root;
  const [before, after] = await Promise.all([readSide(root, model.before, r.before), readSide(root, model.after, r.after)]);
  const moved = movedLines(r, splitLines(before.text ?? ''), splitLines(after.text ?? ''));
  return {
    id: r.id,
    before: codeSide(before.text, r.before, model.before.label, moved.before, before.error),
    after: codeSide(after.text, r.after, model.after.label, moved.after, after.error),
  };
}
