/**
 * Every command of the extension in one table, registered in one loop by `registerCommands`,
 * each run through one wrapper that turns errors into a message with a "Show Log" action.
 */
import * as vscode from 'vscode';
import { GitError, isCommitId, isRepositoryPath } from '../analysis/git-analysis';
import type { AnalysisService, Timed } from './analysisService';
import { readSettings } from './analysisService';
import { pickCommit } from './commitPick';
import { RefactoringPanel } from './panel';
import type { Revision, SourceKind, ViewModel } from './protocol';
import { chooseRepository } from './repository';
import { INDEX, WORKTREE, revisionOf, toViewModel } from './viewModel';
import { diffTarget } from './diffTarget';
import type { CommitsNode, CommitsView, RefactoringTarget } from './commitsView';
import type { HistoryStep } from '../analysis/history';
import type { SymbolHistoryArgs, SymbolHistoryView } from './symbolHistoryView';

export interface CommandContext {
  extensionUri: vscode.Uri;
  analysis: AnalysisService;
  log: vscode.LogOutputChannel;
  commits: CommitsView;
  symbols: SymbolHistoryView;
}

/** Arguments tests and other extensions may pass instead of answering the pickers. */
export interface ShowArgs {
  repository?: string;
  ref?: string;
  base?: string;
  head?: string;
  staged?: boolean;
}

type Handler = (ctx: CommandContext, ...args: unknown[]) => Promise<unknown>;

function show(
  ctx: CommandContext,
  repoRoot: string,
  kind: SourceKind,
  timed: Timed | undefined,
  before: Revision,
  after: Revision,
  select?: (model: ViewModel) => number | undefined,
) {
  if (!timed) return undefined; // cancelled
  const model = toViewModel({ kind, repositoryRoot: repoRoot, analysis: timed.analysis, before, after, hiddenTypes: readSettings().hiddenTypes, elapsedMs: timed.elapsedMs });
  ctx.log.info(`${model.summary}: ${model.refactorings.length} refactorings in ${timed.elapsedMs} ms`);
  RefactoringPanel.createOrShow(ctx.extensionUri, model, select?.(model));
  return model;
}

const asArgs = (a: unknown): ShowArgs => (a && typeof a === 'object' ? (a as ShowArgs) : {});

/** A timeline item of the git history (its id is the commit) passes (item, uri, source). */
function timelineRef(args: unknown[]): { ref: string; uri: vscode.Uri } | undefined {
  const [item, uri] = args as [{ id?: unknown; timestamp?: unknown } | undefined, unknown];
  return typeof item?.id === 'string' && typeof item.timestamp === 'number' && uri instanceof vscode.Uri ? { ref: item.id, uri } : undefined;
}

async function showCommit(ctx: CommandContext, ...args: unknown[]) {
  const timeline = timelineRef(args);
  const repoRoot = await chooseRepository(timeline?.uri ?? args[0]);
  if (!repoRoot) return undefined;
  const ref = timeline?.ref ?? asArgs(args[0]).ref ?? (await pickCommit(repoRoot, 'Refactoring Lens: Show Refactorings for Commit'));
  if (!ref) return undefined;
  const timed = await ctx.analysis.commit(repoRoot, ref);
  return show(ctx, repoRoot, 'commit', timed, revisionOf(timed?.analysis.base), revisionOf(timed?.analysis.commit.sha));
}

async function showHead(ctx: CommandContext, ...args: unknown[]) {
  const repoRoot = await chooseRepository(args[0]);
  if (!repoRoot) return undefined;
  const timed = await ctx.analysis.commit(repoRoot, 'HEAD');
  return show(ctx, repoRoot, 'commit', timed, revisionOf(timed?.analysis.base), revisionOf(timed?.analysis.commit.sha));
}

async function showWorktree(ctx: CommandContext, ...args: unknown[]) {
  const repoRoot = await chooseRepository(args[0]);
  if (!repoRoot) return undefined;
  const staged = asArgs(args[0]).staged === true;
  const timed = await ctx.analysis.worktree(repoRoot, staged);
  return show(ctx, repoRoot, staged ? 'staged' : 'worktree', timed, revisionOf(timed?.analysis.base), staged ? INDEX : WORKTREE);
}

async function showBetween(ctx: CommandContext, ...args: unknown[]) {
  const repoRoot = await chooseRepository(args[0]);
  if (!repoRoot) return undefined;
  const given = asArgs(args[0]);
  const base = given.base ?? (await pickCommit(repoRoot, 'Refactoring Lens: Between Refs (1/2)', 'The older ref: a commit, branch or tag'));
  if (!base) return undefined;
  const head = given.head ?? (await pickCommit(repoRoot, `Refactoring Lens: Between ${base} and… (2/2)`, 'The newer ref: a commit, branch or tag'));
  if (!head) return undefined;
  const timed = await ctx.analysis.between(repoRoot, base, head);
  const before = revisionOf(timed ? await ctx.analysis.resolveCommit(repoRoot, base) : undefined);
  return show(ctx, repoRoot, 'between', timed, before, revisionOf(timed?.analysis.commit.sha));
}

/** From the title of a diff editor of the git extension: the change that diff shows. */
async function showForDiff(ctx: CommandContext, ...args: unknown[]) {
  const target = diffTarget(args[0]);
  if (!target) throw new Error('Open a diff of a git change (a commit, the index or the working tree) first.');
  switch (target.kind) {
    case 'worktree':
    case 'staged':
      return showWorktree(ctx, { repository: target.path, staged: target.kind === 'staged' });
    case 'commit':
      return showCommit(ctx, { repository: target.path, ref: target.head });
    case 'between':
      return showBetween(ctx, { repository: target.path, base: target.base, head: target.head });
  }
}

/** Opens the editors of refactoring `id` of the panel (what a click in the view does). */
async function openRefactoring(_ctx: CommandContext, ...args: unknown[]) {
  const panel = RefactoringPanel.active;
  if (!panel) throw new Error('The Refactoring Lens view is not open.');
  return panel.open(Number(args[0]));
}

const isObject = (a: unknown): a is Record<string, unknown> => typeof a === 'object' && a !== null;

/** A refactoring of the Refactorings tree: its commit in the side-by-side view, with it selected. */
async function showRefactoringOfCommit(ctx: CommandContext, ...args: unknown[]) {
  const target = args[0];
  if (!isObject(target) || typeof target.repository !== 'string' || !isCommitId(target.sha)) {
    throw new Error('Choose a refactoring in the Refactorings view.');
  }
  const { repository, sha, type, description } = target as unknown as RefactoringTarget;
  const timed = await ctx.analysis.commit(repository, sha);
  const select = (model: ViewModel) => model.refactorings.find((r) => r.type === type && r.description === description)?.id;
  return show(ctx, repository, 'commit', timed, revisionOf(timed?.analysis.base), revisionOf(timed?.analysis.commit.sha), select);
}

/** The inline action of a commit in the Refactorings tree. */
async function showCommitOfTree(ctx: CommandContext, ...args: unknown[]) {
  const node = args[0] as CommitsNode | undefined;
  const repository = ctx.commits.repository;
  if (node?.kind !== 'commit' || !repository) throw new Error('Choose a commit in the Refactorings view.');
  return showCommit(ctx, { repository, ref: node.info.sha });
}

async function loadMoreCommits(ctx: CommandContext) {
  await ctx.commits.loadMore();
}

async function refreshCommits(ctx: CommandContext) {
  ctx.commits.reload();
}

/** The Refactorings view's title action when several repositories are open. */
async function chooseCommitsRepository(ctx: CommandContext, ...args: unknown[]) {
  const root = await chooseRepository(isObject(args[0]) && typeof args[0].repository === 'string' ? args[0].repository : undefined);
  if (root) ctx.commits.choose(root);
  return root;
}

/** Palette and editor context menu: the element at the cursor (or the one the arguments name). */
async function showSymbolHistory(ctx: CommandContext, ...args: unknown[]) {
  const given = isObject(args[0]) && !(args[0] instanceof vscode.Uri) ? (args[0] as SymbolHistoryArgs) : {};
  return ctx.symbols.show(given);
}

async function openHistoryStep(ctx: CommandContext, ...args: unknown[]) {
  // A step as the Symbol History view passes it; the command may also come from elsewhere, so what
  // names a commit or a file is checked before git reads it.
  const step = args[0];
  const valid =
    isObject(step) &&
    isObject(step.commit) &&
    isCommitId(step.commit.sha) &&
    Array.isArray(step.commit.parents) &&
    step.commit.parents.every(isCommitId) &&
    isObject(step.after) &&
    isRepositoryPath(step.after.file) &&
    (step.before === undefined || (isObject(step.before) && isRepositoryPath(step.before.file)));
  if (!valid) throw new Error('Choose a step in the Symbol History view.');
  return ctx.symbols.open(step as unknown as HistoryStep);
}

export const COMMANDS: Record<string, Handler> = {
  'refactoringLens.showCommit': showCommit,
  'refactoringLens.showHead': showHead,
  'refactoringLens.showWorktree': showWorktree,
  'refactoringLens.showBetween': showBetween,
  'refactoringLens.showForDiff': showForDiff,
  'refactoringLens.openRefactoring': openRefactoring,
  'refactoringLens.showRefactoringOfCommit': showRefactoringOfCommit,
  'refactoringLens.showCommitOfTree': showCommitOfTree,
  'refactoringLens.loadMoreCommits': loadMoreCommits,
  'refactoringLens.refreshCommits': refreshCommits,
  'refactoringLens.chooseCommitsRepository': chooseCommitsRepository,
  'refactoringLens.showSymbolHistory': showSymbolHistory,
  'refactoringLens.openHistoryStep': openHistoryStep,
};

function userMessage(error: unknown): string {
  if (error instanceof GitError) {
    switch (error.code) {
      case 'not-a-repository':
        return `Not a git repository: ${error.message}`;
      case 'unknown-ref':
        return `Unknown commit or ref: ${error.message}`;
      default:
        return error.message;
    }
  }
  return error instanceof Error ? error.message : String(error);
}

export function registerCommands(ctx: CommandContext): vscode.Disposable[] {
  return Object.entries(COMMANDS).map(([id, handler]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(ctx, ...args);
      } catch (error) {
        ctx.log.error(`${id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        void vscode.window.showErrorMessage(`Refactoring Lens: ${userMessage(error)}`, 'Show Log').then((action) => action && ctx.log.show());
        return undefined;
      }
    }),
  );
}
