/**
 * Every command of the extension in one table, registered in one loop by `registerCommands`,
 * each run through one wrapper that turns errors into a message with a "Show Log" action.
 */
import * as vscode from 'vscode';
import { GitError } from '../analysis/git-analysis';
import type { AnalysisService, Timed } from './analysisService';
import { readSettings } from './analysisService';
import { pickCommit } from './commitPick';
import { RefactoringPanel } from './panel';
import type { Revision, SourceKind } from './protocol';
import { chooseRepository } from './repository';
import { INDEX, WORKTREE, revisionOf, toViewModel } from './viewModel';
import { diffTarget } from './diffTarget';

export interface CommandContext {
  extensionUri: vscode.Uri;
  analysis: AnalysisService;
  log: vscode.LogOutputChannel;
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

function show(ctx: CommandContext, repoRoot: string, kind: SourceKind, timed: Timed | undefined, before: Revision, after: Revision) {
  if (!timed) return undefined; // cancelled
  const model = toViewModel({ kind, repositoryRoot: repoRoot, analysis: timed.analysis, before, after, hiddenTypes: readSettings().hiddenTypes, elapsedMs: timed.elapsedMs });
  ctx.log.info(`${model.summary}: ${model.refactorings.length} refactorings in ${timed.elapsedMs} ms`);
  RefactoringPanel.createOrShow(ctx.extensionUri, model);
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

export const COMMANDS: Record<string, Handler> = {
  'refactoringLens.showCommit': showCommit,
  'refactoringLens.showHead': showHead,
  'refactoringLens.showWorktree': showWorktree,
  'refactoringLens.showBetween': showBetween,
  'refactoringLens.showForDiff': showForDiff,
  'refactoringLens.openRefactoring': openRefactoring,
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
