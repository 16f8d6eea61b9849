/**
 * What comes back from the webview is not trusted: its messages, and the state it kept (which the
 * serializer hands back after a reload, model included). Pure functions, no vscode: the panel
 * acts only on what passes, and logs what does not.
 */
import path from 'node:path';
import { isCommitId, isRepositoryPath } from '../analysis/git-analysis';
import type { ViewModel, WebviewMessage, WebviewState } from './protocol';

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refuse = <T>(reason: string): Checked<T> => ({ ok: false, reason });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A message of protocol.ts naming a refactoring the shown model has; anything else is refused. */
export function checkWebviewMessage(raw: unknown, model: ViewModel | undefined): Checked<WebviewMessage> {
  if (!isRecord(raw) || typeof raw.type !== 'string') return refuse('not a message object with a type');
  switch (raw.type) {
    case 'ready':
      return ok({ type: 'ready' });
    case 'select':
    case 'open': {
      if (!isIndex(raw.id)) return refuse(`${raw.type}: id is not a whole number: ${JSON.stringify(raw.id)?.slice(0, 80)}`);
      if (!model || !model.refactorings.some((r) => r.id === raw.id)) return refuse(`${raw.type}: no refactoring ${raw.id} in the analysis shown`);
      return ok({ type: raw.type, id: raw.id });
    }
    default:
      return refuse(`unknown message type ${JSON.stringify(raw.type).slice(0, 80)}`);
  }
}

export { isRepositoryPath };

const REVISION_KINDS = new Set(['ref', 'empty', 'index', 'worktree']);

/** Why `raw` is not a Revision of protocol.ts (a full commit id for 'ref'), undefined when it is one. */
export function checkRevision(raw: unknown, side: string): string | undefined {
  if (!isRecord(raw) || typeof raw.kind !== 'string' || !REVISION_KINDS.has(raw.kind)) return `${side}: not a revision`;
  if (raw.kind === 'ref' ? typeof raw.ref !== 'string' || !isCommitId(raw.ref) : raw.ref !== '') return `${side}: not a commit id: ${JSON.stringify(raw.ref)?.slice(0, 80)}`;
  if (typeof raw.label !== 'string') return `${side}: no label`;
  return undefined;
}

function checkElement(raw: unknown, where: string): string | undefined {
  if (!isRecord(raw)) return `${where}: not an element`;
  if (!isRepositoryPath(raw.file)) return `${where}: path outside the repository: ${JSON.stringify(raw.file)?.slice(0, 120)}`;
  if (!isIndex(raw.startLine) || !isIndex(raw.endLine)) return `${where}: lines are not whole numbers`;
  if (typeof raw.name !== 'string' || typeof raw.kind !== 'string' || typeof raw.qualifiedName !== 'string') return `${where}: no name or kind`;
  return undefined;
}

/** Whether `root` is one of `allowedRoots` (the repositories of the open workspace). */
function isAllowedRoot(root: string, allowedRoots: readonly string[]): boolean {
  const resolved = path.resolve(root);
  return allowedRoots.some((allowed) => path.resolve(allowed) === resolved);
}

/**
 * The model of a revived panel, checked before the host reads any file for it: its repository is
 * one of `allowedRoots`, its revisions are full commit ids (or the index, the working tree, the
 * empty tree), every file it names is inside the repository, every id matches its position.
 */
export function checkViewModel(raw: unknown, allowedRoots: readonly string[]): Checked<ViewModel> {
  if (!isRecord(raw) || !isRecord(raw.repository) || typeof raw.repository.root !== 'string') return refuse('not a view model');
  if (!isAllowedRoot(raw.repository.root, allowedRoots)) return refuse(`repository ${JSON.stringify(raw.repository.root).slice(0, 200)} is not open in this window`);
  const problem = checkRevision(raw.before, 'before') ?? checkRevision(raw.after, 'after');
  if (problem) return refuse(problem);
  if (!Array.isArray(raw.refactorings) || !Array.isArray(raw.skipped)) return refuse('no list of refactorings');
  for (const [index, r] of raw.refactorings.entries()) {
    if (!isRecord(r) || r.id !== index || typeof r.type !== 'string' || !Array.isArray(r.annotation)) return refuse(`refactoring ${index}: malformed`);
    const elements: Array<[unknown, string]> = [
      [r.before, 'before'],
      [r.after, 'after'],
    ];
    if (r.sourceAfter !== undefined) elements.push([r.sourceAfter, 'sourceAfter']);
    if (r.targetBefore !== undefined) elements.push([r.targetBefore, 'targetBefore']);
    for (const [element, side] of elements) {
      const bad = checkElement(element, `refactoring ${index} ${side}`);
      if (bad) return refuse(bad);
    }
  }
  return ok(raw as unknown as ViewModel);
}

/** The state a revived panel starts from: the model only if it passes `checkViewModel`. */
export function checkWebviewState(raw: unknown, allowedRoots: readonly string[]): { state: WebviewState | undefined; refused?: string } {
  if (!isRecord(raw)) return { state: undefined };
  const selectedId = isIndex(raw.selectedId) ? raw.selectedId : undefined;
  const base = { groupBy: raw.groupBy === 'type' ? ('type' as const) : ('file' as const), hiddenTypes: Array.isArray(raw.hiddenTypes) ? raw.hiddenTypes.filter((t): t is string => typeof t === 'string') : [] };
  if (raw.model === undefined) return { state: { ...base } };
  const model = checkViewModel(raw.model, allowedRoots);
  return model.ok ? { state: { ...base, model: model.value, selectedId } } : { state: { ...base }, refused: model.reason };
}
