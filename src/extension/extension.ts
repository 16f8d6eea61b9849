/**
 * Activation: one tree of disposables rooted at context.subscriptions — the read-only file
 * system for old versions, the panel serializer, the commands.
 */
import * as vscode from 'vscode';
import { AnalysisService } from './analysisService';
import { COMMITS_VIEW_ID, CommitsView } from './commitsView';
import { SYMBOL_HISTORY_VIEW_ID, SymbolHistoryView } from './symbolHistoryView';
import { registerCommands } from './commands';
import { GitFileSystemProvider, SCHEME } from './contentProvider';
import { RefactoringPanel, VIEW_TYPE, webviewOptions } from './panel';
import type { CodeView, ViewModel, WebviewState } from './protocol';

/** What activate returns: read-only access for tests and other extensions. */
export interface RefactoringLensApi {
  /** The model the view shows, undefined when it is closed. */
  readonly viewModel: ViewModel | undefined;
  /** The before/after code the view shows for refactoring `id`. */
  codeView(id: number): Promise<CodeView | undefined>;
  /** The Refactorings tree (commits and their refactorings). */
  readonly commits: CommitsView;
  /** The Symbol History tree. */
  readonly symbols: SymbolHistoryView;
}

export function activate(context: vscode.ExtensionContext): RefactoringLensApi {
  const log = vscode.window.createOutputChannel('Refactoring Lens', { log: true });
  RefactoringPanel.log = log;
  const analysis = new AnalysisService();
  const fileSystem = new GitFileSystemProvider();
  analysis.isolated.warm(); // the first analysis of the window should not wait for a worker to start
  const commits = new CommitsView(context.globalStorageUri.fsPath, context.extensionUri, log, analysis.isolated);
  const symbols = new SymbolHistoryView(log, analysis.isolated);
  commits.view = vscode.window.createTreeView(COMMITS_VIEW_ID, { treeDataProvider: commits, showCollapseAll: true });
  symbols.view = vscode.window.createTreeView(SYMBOL_HISTORY_VIEW_ID, { treeDataProvider: symbols });
  context.subscriptions.push(
    analysis,
    commits,
    commits.view,
    symbols,
    symbols.view,
    log,
    fileSystem,
    vscode.workspace.registerFileSystemProvider(SCHEME, fileSystem, { isReadonly: true, isCaseSensitive: true }),
    vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: WebviewState | undefined) {
        panel.webview.options = webviewOptions(context.extensionUri);
        RefactoringPanel.revive(panel, context.extensionUri, state);
      },
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('refactoringLens')) return;
      analysis.clear();
      symbols.refresh();
    }),
    ...registerCommands({ extensionUri: context.extensionUri, analysis, log, commits, symbols }),
    { dispose: () => RefactoringPanel.active?.dispose() },
  );
  return {
    get viewModel() {
      return RefactoringPanel.active?.viewModel;
    },
    codeView: async (id: number) => RefactoringPanel.active?.codeView(id),
    commits,
    symbols,
  };
}

export function deactivate(): void {}
