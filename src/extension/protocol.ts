/**
 * The one message protocol between the extension host and the webview page. Both sides import
 * this file and nothing else of each other: the page receives plain, serialisable data only.
 * (The one import is a type from src/core, which is pure data and erased from the bundles.)
 */
import type { ElementRef } from '../core/report';

/** What was compared: one commit against its parent, two refs, or the working tree / index. */
export type SourceKind = 'commit' | 'between' | 'worktree' | 'staged';

/** One side of the comparison: a git object (`ref` is a full sha), the index, the working tree. */
export interface Revision {
  kind: 'ref' | 'empty' | 'index' | 'worktree';
  /** Full sha for 'ref'; '' otherwise. */
  ref: string;
  /** What a title shows: `abc1234`, `Working Tree`, `Index`, `empty tree`. */
  label: string;
}

export interface CommitView {
  sha: string;
  shortSha: string;
  author: string;
  authorEmail: string;
  /** ISO 8601. */
  date: string;
  subject: string;
  message: string;
}

/** An element as the report names it (file, kind, name, qualified name, lines): the report's own shape. */
export type ElementView = ElementRef;

/** A run of annotation text; `code` runs are shown in a code font (`foo` in "Rename `foo` → `bar`"). */
export interface Segment {
  text: string;
  code?: boolean;
}

export interface RefactoringView {
  /** Index in ViewModel.refactorings. */
  id: number;
  /** Display type: "Rename Method", "Extract Function", ... */
  type: string;
  /** RefDiff relationship: RENAME, EXTRACT, ... */
  relationship: string;
  description: string;
  similarity?: number;
  /** How it was found (ReportRefactoring.foundBy): `unique-name`, `position`, `call-graph`, … */
  foundBy: string;
  /** The same in words, with the similarity: "Paired by its name, unique on both sides; code similarity 82%". */
  howFound: string;
  /** The evidence is thin (a pair by position among look-alikes, …): the view says to check it. */
  weak?: true;
  /** "Rename `foo` → `bar`", "Moved `Inner` from `a/B.java` to `c/D.java`", "Extracted `f()` from `run()`", ... */
  annotation: Segment[];
  before: ElementView;
  after: ElementView;
  /** Extract: where the source element is after the change, when it still exists. */
  sourceAfter?: ElementView;
  /** Inline: where the target element was before the change. */
  targetBefore?: ElementView;
}

export interface SkippedView {
  path: string;
  side: 'before' | 'after';
  reason: string;
  detail?: string;
}

export interface ViewModel {
  kind: SourceKind;
  repository: { root: string; name: string };
  /** "Commit abc1234", "abc1234 ⟷ def5678", "Uncommitted changes". */
  title: string;
  commit?: CommitView;
  before: Revision;
  after: Revision;
  /** What was analysed, in words: "3 changed files in commit abc1234 against its parent 1234abc". */
  summary: string;
  changedFiles: number;
  /** Elements matched with no refactoring (RefDiff's SAME relationships). */
  unchanged: number;
  /** Refactorings left out by the refactoringLens.hiddenTypes setting. */
  hiddenBySetting: number;
  skipped: SkippedView[];
  /** Files analysed with a caveat: a syntax error the commit introduced, text that is not UTF-8. */
  warnings: SkippedView[];
  refactorings: RefactoringView[];
  /** Milliseconds of the analysis. */
  elapsedMs: number;
}

/** One side of the code shown for the selected refactoring. */
export interface CodeSide {
  file: string;
  revisionLabel: string;
  /** 1-based line number of lines[0]. */
  firstLine: number;
  lines: string[];
  /** The matched element, 1-based inclusive. */
  highlight: { startLine: number; endLine: number };
  /** Lines marked as moved code: extracted lines in the source, inlined lines in the target. */
  marked: number[];
  /** Lines left out after the window (a very long element). */
  truncated: number;
  /** Why the text could not be read, when it could not. */
  error?: string;
}

export interface CodeView {
  id: number;
  before: CodeSide;
  after: CodeSide;
}

export type HostMessage =
  | { type: 'model'; model: ViewModel; selectedId?: number }
  | { type: 'code'; code: CodeView };

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'select'; id: number }
  | { type: 'open'; id: number };

export type GroupBy = 'file' | 'type';

/** What the page keeps through hiding and reloads (vscode.setState / the panel serializer). */
export interface WebviewState {
  model?: ViewModel;
  selectedId?: number;
  groupBy: GroupBy;
  /** Display types switched off with the filter chips. */
  hiddenTypes: string[];
}
