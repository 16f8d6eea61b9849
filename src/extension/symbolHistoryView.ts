/**
 * The Symbol History tree view: the steps of one element's history (src/analysis/history.ts) as
 * a timeline, newest first; a click opens the element's two versions in `vscode.diff` at its
 * lines. Filled by "Refactoring Lens: Show History of Symbol" for the element at the cursor.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import type { HistoryStep, SymbolHistory } from '../analysis/history';
import type { IsolatedAnalyzer } from '../analysis/isolated';
import { readSettings } from './analysisService';
import { sideUri } from './contentProvider';
import { historyMessage, presentStep } from './historyModel';
import { chooseRepository } from './repository';
import { hiddenBy, revisionOf, shortSha } from './viewModel';

export const SYMBOL_HISTORY_VIEW_ID = 'refactoringLens.symbolHistory';

/** What the command works on when not run from an editor (tests, other extensions). */
export interface SymbolHistoryArgs {
  repository?: string;
  /** Path relative to the repository root. */
  file?: string;
  symbol?: string;
  line?: number;
}

export class SymbolHistoryView implements vscode.TreeDataProvider<HistoryStep>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<HistoryStep | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private history: SymbolHistory | undefined;
  private repoRoot: string | undefined;
  view: vscode.TreeView<HistoryStep> | undefined;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly isolated: IsolatedAnalyzer,
  ) {}

  /** The history shown, undefined before the first one. */
  get current(): SymbolHistory | undefined {
    return this.history;
  }

  /** The steps the view lists (without the types the user hid). */
  get shownSteps(): HistoryStep[] {
    const isHidden = hiddenBy(readSettings().hiddenTypes);
    return (this.history?.steps ?? []).filter((s) => !isHidden(s));
  }

  getTreeItem(step: HistoryStep): vscode.TreeItem {
    const shown = presentStep(step);
    const item = new vscode.TreeItem(shown.label);
    item.description = shown.description;
    item.tooltip = shown.details.join('\n');
    item.iconPath = new vscode.ThemeIcon(shown.icon);
    item.contextValue = `refactoringLens.step.${step.kind}`;
    item.command = { command: 'refactoringLens.openHistoryStep', title: 'Open the Two Versions', arguments: [step] };
    return item;
  }

  getChildren(step?: HistoryStep): HistoryStep[] {
    return step === undefined ? this.shownSteps : [];
  }

  /** Computes and shows the history the arguments or the active editor's cursor name. */
  async show(args: SymbolHistoryArgs = {}): Promise<SymbolHistory | undefined> {
    const editor = vscode.window.activeTextEditor;
    const fromEditor = args.file === undefined;
    if (fromEditor && editor?.document.uri.scheme !== 'file') throw new Error('Put the cursor on a class, method or function in a file of a git repository first.');
    const root = await chooseRepository(args.repository ?? (fromEditor ? editor!.document.uri : undefined));
    if (!root) return undefined;
    const file = fromEditor ? path.relative(root, editor!.document.uri.fsPath).split(path.sep).join('/') : args.file!;
    const line = fromEditor ? editor!.selection.active.line + 1 : args.line;
    const text = fromEditor ? editor!.document.getText() : undefined;
    const { maxFileSize, timeBudgetMs } = readSettings();
    const history = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Refactoring Lens: history of ${args.symbol ?? `line ${line} of ${path.posix.basename(file)}`}…`, cancellable: true },
      async (_progress, token) => {
        const controller = new AbortController();
        const subscription = token.onCancellationRequested(() => controller.abort());
        try {
          return await this.isolated.run(root, { kind: 'history', query: { file, symbol: args.symbol, line, text } }, { maxFileSize, timeBudgetMs, signal: controller.signal });
        } catch (error) {
          if (token.isCancellationRequested) return undefined;
          throw error;
        } finally {
          subscription.dispose();
        }
      },
    );
    if (!history) return undefined;
    this.history = history;
    this.repoRoot = root;
    this.log.info(`history of ${history.element.qualifiedName}: ${history.steps.length} steps, ${history.commitsAnalysed} commits analysed in ${history.elapsedMs} ms`);
    if (this.view) {
      this.view.title = `History: ${history.element.name}`;
      this.view.message = historyMessage(history, this.shownSteps.length);
    }
    this.changed.fire(undefined);
    await vscode.commands.executeCommand(`${SYMBOL_HISTORY_VIEW_ID}.focus`);
    return history;
  }

  /** The element's version before the step and after it, side by side at its lines. */
  async open(step: HistoryStep): Promise<void> {
    const repoRoot = this.repoRoot;
    if (!repoRoot) throw new Error('Show the history of a symbol first.');
    const after = { repoRoot, revision: revisionOf(step.commit.sha), file: step.after.file };
    const line = Math.max(0, step.after.startLine - 1);
    const options: vscode.TextDocumentShowOptions = { preview: true, selection: new vscode.Range(line, 0, line, 0) };
    if (!step.before) {
      await vscode.window.showTextDocument(sideUri(after), options);
      return;
    }
    const before = { repoRoot, revision: revisionOf(step.commit.parents[0]), file: step.before.file };
    const name = (file: string, sha: string | undefined) => `${path.posix.basename(file)} (${sha ? shortSha(sha) : 'empty tree'})`;
    const title = `${name(step.before.file, step.commit.parents[0])} ⟷ ${name(step.after.file, step.commit.sha)}`;
    await vscode.commands.executeCommand('vscode.diff', sideUri(before), sideUri(after), title, options);
  }

  refresh(): void {
    if (this.view && this.history) this.view.message = historyMessage(this.history, this.shownSteps.length);
    this.changed.fire(undefined);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
