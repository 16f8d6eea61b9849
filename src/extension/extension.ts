/**
 * Activation: one tree of disposables rooted at context.subscriptions — the content provider
 * for old versions, the panel serializer, the commands.
 */
import * as vscode from 'vscode';
import { AnalysisService } from './analysisService';
import { registerCommands } from './commands';
import { GitContentProvider, SCHEME } from './contentProvider';
import { RefactoringPanel, VIEW_TYPE, webviewOptions } from './panel';
import type { CodeView, ViewModel, WebviewState } from './protocol';

/** What activate returns: read-only access for tests and other extensions. */
export interface RefactoringLensApi {
  /** The model the view shows, undefined when it is closed. */
  readonly viewModel: ViewModel | undefined;
  /** The before/after code the view shows for refactoring `id`. */
  codeView(id: number): Promise<CodeView | undefined>;
}

export function activate(context: vscode.ExtensionContext): RefactoringLensApi {
  const log = vscode.window.createOutputChannel('Refactoring Lens', { log: true });
  const analysis = new AnalysisService();
  context.subscriptions.push(
    log,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, new GitContentProvider()),
    vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: WebviewState | undefined) {
        panel.webview.options = webviewOptions(context.extensionUri);
        RefactoringPanel.revive(panel, context.extensionUri, state);
      },
    }),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('refactoringLens') && analysis.clear()),
    ...registerCommands({ extensionUri: context.extensionUri, analysis, log }),
    { dispose: () => RefactoringPanel.active?.dispose() },
  );
  return {
    get viewModel() {
      return RefactoringPanel.active?.viewModel;
    },
    codeView: async (id: number) => RefactoringPanel.active?.codeView(id),
  };
}

export function deactivate(): void {}
