/**
 * What a click on a refactoring opens: `vscode.diff` of the element's two versions, titled
 * `B.java (abc1234) ⟷ B.java (def5678)` and revealed at the element; Extract and Inline open
 * the source and the target.
 */
import * as vscode from 'vscode';
import { sideUri } from './contentProvider';
import type { RefactoringView, Revision, ViewModel } from './protocol';

interface Side {
  revision: Revision;
  file: string;
}

export type EditorSpec =
  | { kind: 'diff'; left: Side; right: Side; line: number; title: string }
  | { kind: 'document'; side: Side; line: number; title: string };

const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1);
const label = (s: Side) => `${baseName(s.file)} (${s.revision.label})`;

function diff(left: Side, right: Side, line: number): EditorSpec {
  return { kind: 'diff', left, right, line, title: `${label(left)} ⟷ ${label(right)}` };
}

/** The editors for one refactoring, in opening order (the last one ends up active). */
export function editorsFor(model: ViewModel, r: RefactoringView): EditorSpec[] {
  const base = model.before;
  const head = model.after;
  switch (r.relationship) {
    case 'EXTRACT':
    case 'EXTRACT_MOVE': {
      const sourceAfter = r.sourceAfter ?? r.before;
      const source = diff({ revision: base, file: r.before.file }, { revision: head, file: sourceAfter.file }, sourceAfter.startLine);
      const target = diff({ revision: base, file: r.before.file }, { revision: head, file: r.after.file }, r.after.startLine);
      // An extraction within one file: one diff editor holds both; reveal the new element.
      return source.title === target.title ? [target] : [source, target];
    }
    case 'INLINE': {
      const targetBefore = r.targetBefore ?? r.after;
      const target = diff({ revision: base, file: targetBefore.file }, { revision: head, file: r.after.file }, r.after.startLine);
      if (r.before.file === targetBefore.file) return [target];
      const source: EditorSpec = { kind: 'document', side: { revision: base, file: r.before.file }, line: r.before.startLine, title: label({ revision: base, file: r.before.file }) };
      return [source, target];
    }
    default:
      return [diff({ revision: base, file: r.before.file }, { revision: head, file: r.after.file }, r.after.startLine)];
  }
}

/** Opens the editors of `r` in `column`, revealed at the element's first line. */
export async function openRefactoring(model: ViewModel, r: RefactoringView, column: vscode.ViewColumn): Promise<EditorSpec[]> {
  const specs = editorsFor(model, r);
  const repoRoot = model.repository.root;
  for (const spec of specs) {
    const line = Math.max(0, spec.line - 1);
    const options: vscode.TextDocumentShowOptions = { viewColumn: column, preview: false, selection: new vscode.Range(line, 0, line, 0) };
    if (spec.kind === 'diff') {
      const left = sideUri({ repoRoot, revision: spec.left.revision, file: spec.left.file });
      const right = sideUri({ repoRoot, revision: spec.right.revision, file: spec.right.file });
      await vscode.commands.executeCommand('vscode.diff', left, right, spec.title, options);
    } else {
      const uri = sideUri({ repoRoot, revision: spec.side.revision, file: spec.side.file });
      await vscode.window.showTextDocument(uri, options);
    }
  }
  return specs;
}
