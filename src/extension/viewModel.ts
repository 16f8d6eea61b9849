/**
 * CommitAnalysis → the webview's ViewModel: plain data, annotations in words, the refactorings
 * the user hid by setting left out. No vscode here, so it is testable anywhere.
 */
import path from 'node:path';
import type { CommitAnalysis } from '../analysis/git-analysis';
import type { SkippedFile } from '../analysis/files';
import { howFound, type ElementRef, type ReportRefactoring } from '../core/report';
import type { Relationship } from '../core/relationship-types';
import type { CommitView, ElementView, RefactoringView, Revision, Segment, SkippedView, SourceKind, ViewModel } from './protocol';

export const SHORT_SHA_LENGTH = 7;
export const shortSha = (sha: string): string => sha.slice(0, SHORT_SHA_LENGTH);

export interface ModelInput {
  kind: SourceKind;
  repositoryRoot: string;
  analysis: CommitAnalysis;
  before: Revision;
  after: Revision;
  /** Display types or relationship names to leave out (refactoringLens.hiddenTypes). */
  hiddenTypes: string[];
  elapsedMs: number;
}

/** A file skipped or analysed with a caveat, with why ("generated — minified: …", "too-large — 5 MB, limit 2 MB"). */
const fileView = (s: SkippedFile): SkippedView => ({ path: s.path, side: s.side, reason: s.reason, ...(s.detail ? { detail: s.detail } : {}) });

export function revisionOf(sha: string | undefined): Revision {
  return sha ? { kind: 'ref', ref: sha, label: shortSha(sha) } : { kind: 'empty', ref: '', label: 'empty tree' };
}

export const WORKTREE: Revision = { kind: 'worktree', ref: '', label: 'Working Tree' };
export const INDEX: Revision = { kind: 'index', ref: '', label: 'Index' };

const CALLABLE_KINDS = new Set(['method', 'constructor', 'function', 'arrow_function', 'function_expression']);

/** `run()` for callables, `Calculator` for types, the file name for files. */
export function displayName(e: ElementRef): string {
  if (e.kind === 'file') return e.file;
  return CALLABLE_KINDS.has(e.kind) ? `${e.name}()` : e.name;
}

/** The qualified name of the element's container: `a.B` for `a.B.foo(int)`, `src/x.js` for `src/x.js/helper`. */
export function containerOf(e: ElementRef): string {
  const withoutParameters = e.qualifiedName.replace(/\(.*\)$/, '');
  const cut = Math.max(withoutParameters.lastIndexOf('.'), withoutParameters.lastIndexOf('/'));
  return cut > 0 ? withoutParameters.slice(0, cut) : e.file;
}

const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1);
const text = (t: string): Segment => ({ text: t });
const code = (t: string): Segment => ({ text: t, code: true });

/** "Moved `Inner` from `a/B.java` to `c/D.java`": the element is named, as several may move between the same two places. */
function movedFrom(r: ReportRefactoring): Segment[] {
  const what = r.before.kind === 'file' ? [text('Moved from ')] : [text('Moved '), code(displayName(r.before)), text(' from ')];
  return r.before.file !== r.after.file
    ? [...what, code(r.before.file), text(' to '), code(r.after.file)]
    : [...what, code(containerOf(r.before)), text(' to '), code(containerOf(r.after))];
}

/** The one-line annotation of a refactoring, in the words of DESIGN.md. */
export function annotate(r: ReportRefactoring): Segment[] {
  const before = displayName(r.before);
  const after = displayName(r.after);
  switch (r.relationship) {
    case 'RENAME':
      return [text('Rename '), code(before), text(' → '), code(after)];
    case 'MOVE':
    case 'INTERNAL_MOVE':
      return movedFrom(r);
    case 'MOVE_RENAME':
    case 'INTERNAL_MOVE_RENAME':
      return [...movedFrom(r), text(' and renamed '), code(before), text(' → '), code(after)];
    case 'EXTRACT':
      return [text('Extracted '), code(after), text(' from '), code(before)];
    case 'EXTRACT_MOVE':
      return [text('Extracted '), code(after), text(' from '), code(before), text(' in '), code(baseName(r.before.file)), text(' and moved to '), code(baseName(r.after.file))];
    case 'INLINE':
      return [text('Inlined '), code(before), text(' into '), code(after)];
    case 'PULL_UP':
      return [text('Pulled up '), code(after), text(' from '), code(containerOf(r.before)), text(' to '), code(containerOf(r.after))];
    case 'PULL_UP_SIGNATURE':
      return [text('Pulled up the signature of '), code(after), text(' to '), code(containerOf(r.after))];
    case 'PUSH_DOWN':
      return [text('Pushed down '), code(before), text(' from '), code(containerOf(r.before)), text(' to '), code(containerOf(r.after))];
    case 'PUSH_DOWN_IMPL':
      return [text('Pushed down the implementation of '), code(before), text(' to '), code(containerOf(r.after))];
    case 'CHANGE_SIGNATURE':
      return [text('Signature '), code(lastSegment(r.before.qualifiedName)), text(' → '), code(lastSegment(r.after.qualifiedName))];
    case 'CONVERT_TYPE':
      return [text('Converted '), code(r.before.name), text(` from ${r.before.kind} to ${r.after.kind}`)];
    case 'EXTRACT_SUPER':
      return [text(`Extracted ${r.after.kind} `), code(after), text(' from '), code(before)];
    default:
      return [text(r.description)];
  }
}

function lastSegment(qualifiedName: string): string {
  const open = qualifiedName.indexOf('(');
  const head = open < 0 ? qualifiedName : qualifiedName.slice(0, open);
  const cut = Math.max(head.lastIndexOf('.'), head.lastIndexOf('/'));
  return qualifiedName.slice(cut + 1);
}

type Node = Relationship['before'];
const nodeKey = (file: string, line: number, name: string) => `${file}:${line}:${name}`;
const keyOfNode = (n: Node) => nodeKey(n.location.file, n.location.startLine, n.name);
const keyOfRef = (e: ElementRef) => nodeKey(e.file, e.startLine, e.name);
const nodeView = (n: Node, qualifiedName: string): ElementView => ({
  file: n.location.file,
  kind: n.kind,
  name: n.name,
  qualifiedName,
  startLine: n.location.startLine,
  endLine: n.location.endLine,
});

/** For Extract and Inline: the other version of the source (after) and of the target (before). */
function counterparts(relationships: Relationship[]) {
  const afterOf = new Map<string, Node>();
  const beforeOf = new Map<string, Node>();
  for (const r of relationships) {
    if (r.type === 'EXTRACT' || r.type === 'EXTRACT_MOVE' || r.type === 'INLINE' || r.type === 'EXTRACT_SUPER') continue;
    afterOf.set(keyOfNode(r.before), r.after);
    beforeOf.set(keyOfNode(r.after), r.before);
  }
  return { afterOf, beforeOf };
}

/** Whether the refactoringLens.hiddenTypes setting (display types or relationship names, any case) hides a refactoring. */
export function hiddenBy(hiddenTypes: string[]): (r: { type: string; relationship?: string }) => boolean {
  const hidden = new Set(hiddenTypes.map((t) => t.trim().toLowerCase()));
  return (r) => hidden.has(r.type.toLowerCase()) || (r.relationship !== undefined && hidden.has(r.relationship.toLowerCase()));
}

export function commitView(analysis: CommitAnalysis): CommitView {
  const c = analysis.commit;
  return { sha: c.sha, shortSha: shortSha(c.sha), author: c.author, authorEmail: c.authorEmail, date: c.date, subject: c.subject, message: c.message };
}

function describeSource(input: ModelInput): { title: string; summary: string } {
  const { analysis, before, after } = input;
  const files = `${analysis.changedFiles} changed file${analysis.changedFiles === 1 ? '' : 's'}`;
  switch (input.kind) {
    case 'commit':
      return {
        title: `Commit ${after.label}`,
        summary: analysis.cut
          ? `${files} in commit ${after.label}, where this shallow clone cuts the history: its parent is not in the clone, so every file reads as added`
          : before.kind === 'empty'
            ? `${files} in root commit ${after.label}`
            : `${files} in commit ${after.label} against its parent ${before.label}`,
      };
    case 'between':
      return { title: `${before.label} ⟷ ${after.label}`, summary: `${files} between ${before.label} and ${after.label}` };
    case 'worktree':
      return { title: 'Uncommitted changes', summary: `${files} in the working tree against HEAD ${before.label}` };
    case 'staged':
      return { title: 'Staged changes', summary: `${files} in the index against HEAD ${before.label}` };
  }
}

export function toViewModel(input: ModelInput): ViewModel {
  const { analysis } = input;
  const isHidden = hiddenBy(input.hiddenTypes);
  const shown = analysis.refactorings.filter((r) => !isHidden(r));
  const { afterOf, beforeOf } = counterparts(analysis.result.relationships);
  const refactorings = shown.map((r, id): RefactoringView => {
    const found = howFound(r);
    const view: RefactoringView = {
      id,
      type: r.type,
      relationship: r.relationship,
      description: r.description,
      foundBy: r.foundBy,
      howFound: found.text,
      annotation: annotate(r),
      before: r.before,
      after: r.after,
    };
    if (found.weak) view.weak = true;
    if (r.similarity !== undefined) view.similarity = r.similarity;
    if (r.relationship === 'EXTRACT' || r.relationship === 'EXTRACT_MOVE') {
      const source = afterOf.get(keyOfRef(r.before));
      if (source) view.sourceAfter = nodeView(source, r.before.qualifiedName);
    }
    if (r.relationship === 'INLINE') {
      const target = beforeOf.get(keyOfRef(r.after));
      if (target) view.targetBefore = nodeView(target, r.after.qualifiedName);
    }
    return view;
  });
  const { title, summary } = describeSource(input);
  return {
    kind: input.kind,
    repository: { root: input.repositoryRoot, name: path.basename(input.repositoryRoot) },
    title,
    commit: input.kind === 'commit' ? commitView(analysis) : undefined,
    before: input.before,
    after: input.after,
    summary: analysis.result.timedOut ? `${summary}; timed out: files not parsed are listed as skipped (time-budget), no refactoring searched` : summary,
    changedFiles: analysis.changedFiles,
    unchanged: analysis.result.relationships.filter((r) => r.type === 'SAME').length,
    hiddenBySetting: analysis.refactorings.length - shown.length,
    skipped: analysis.result.skipped.map(fileView),
    warnings: (analysis.result.warnings ?? []).map(fileView),
    refactorings,
    elapsedMs: input.elapsedMs,
  };
}
