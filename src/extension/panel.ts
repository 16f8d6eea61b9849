/**
 * The Refactoring Lens webview panel: one at a time, created or shown with a new model,
 * revived by the serializer after a reload. Talks to the page through protocol.ts only.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { loadCodeView } from './codeView';
import { openRefactoring } from './editors';
import type { CodeView, HostMessage, RefactoringView, ViewModel, WebviewState } from './protocol';
import { knownRepositories } from './repository';
import { checkWebviewMessage, checkWebviewState } from './validate';

export const VIEW_TYPE = 'refactoringLens.view';

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    retainContextWhenHidden: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

export class RefactoringPanel implements vscode.Disposable {
  private static current: RefactoringPanel | undefined;
  /** Where refused webview messages and states are logged (set on activation). */
  static log: Pick<vscode.LogOutputChannel, 'warn'> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private model: ViewModel | undefined;

  static get active(): RefactoringPanel | undefined {
    return RefactoringPanel.current;
  }

  static createOrShow(extensionUri: vscode.Uri, model: ViewModel, selectedId?: number): RefactoringPanel {
    const column = vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.One;
    if (RefactoringPanel.current) {
      RefactoringPanel.current.panel.reveal(RefactoringPanel.current.panel.viewColumn ?? column);
    } else {
      const panel = vscode.window.createWebviewPanel(VIEW_TYPE, 'Refactorings', column, webviewOptions(extensionUri));
      RefactoringPanel.current = new RefactoringPanel(panel, extensionUri);
    }
    RefactoringPanel.current.show(model, selectedId);
    return RefactoringPanel.current;
  }

  /**
   * After a reload: the state was kept by the page, so its model is checked (a repository open in
   * this window, full commit ids, paths inside the repository) before anything is read for it.
   */
  static revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, state: WebviewState | undefined): RefactoringPanel {
    RefactoringPanel.current?.dispose();
    const revived = new RefactoringPanel(panel, extensionUri);
    RefactoringPanel.current = revived;
    void revived.restore(state);
    return revived;
  }

  private async restore(raw: unknown): Promise<void> {
    const { state, refused } = checkWebviewState(raw, await knownRepositories());
    if (refused) RefactoringPanel.log?.warn(`Refactoring Lens view: the restored view was refused: ${refused}`);
    if (state?.model && !this.model) this.show(state.model, state.selectedId);
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
  ) {
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.png');
    panel.webview.options = webviewOptions(extensionUri);
    panel.webview.html = this.html();
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
    );
  }

  get viewModel(): ViewModel | undefined {
    return this.model;
  }

  get webviewPanel(): vscode.WebviewPanel {
    return this.panel;
  }

  show(model: ViewModel, selectedId?: number): void {
    this.model = model;
    this.panel.title = `Refactorings: ${model.title}`;
    this.post({ type: 'model', model, selectedId });
  }

  /** Opens the diff editors of refactoring `id` beside the panel. */
  async open(id: number) {
    const r = this.refactoring(id);
    if (!this.model || !r) throw new Error(`no refactoring ${id} in the Refactoring Lens view`);
    const column = this.panel.viewColumn === undefined ? vscode.ViewColumn.Beside : this.panel.viewColumn + 1;
    return openRefactoring(this.model, r, column);
  }

  private refactoring(id: number): RefactoringView | undefined {
    return this.model?.refactorings.find((r) => r.id === id);
  }

  private post(message: HostMessage): void {
    void this.panel.webview.postMessage(message);
  }

  private async receive(raw: unknown): Promise<void> {
    const checked = checkWebviewMessage(raw, this.model);
    if (!checked.ok) {
      RefactoringPanel.log?.warn(`Refactoring Lens view: message refused: ${checked.reason}`);
      return;
    }
    const message = checked.value;
    try {
      switch (message.type) {
        case 'ready':
          if (this.model) this.post({ type: 'model', model: this.model });
          return;
        case 'select':
          return await this.sendCode(message.id);
        case 'open':
          await this.open(message.id);
          return;
      }
    } catch (error) {
      void vscode.window.showErrorMessage(`Refactoring Lens: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async sendCode(id: number): Promise<void> {
    const r = this.refactoring(id);
    if (this.model && r) this.post({ type: 'code', code: await loadCodeView(this.model, r) });
  }

  /** The code the page shows for refactoring `id`. */
  async codeView(id: number): Promise<CodeView | undefined> {
    const r = this.refactoring(id);
    return this.model && r ? loadCodeView(this.model, r) : undefined;
  }

  private html(): string {
    const webview = this.panel.webview;
    const nonce = randomBytes(16).toString('base64url');
    const asset = (...parts: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...parts)).toString();
    const csp = [
      "default-src 'none'",
      `img-src ${webview.cspSource}`,
      `font-src ${webview.cspSource}`,
      `style-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('dist', 'codicon.css')}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="${asset('media', 'webview.css')}">
<title>Refactorings</title>
</head>
<body>
<div id="app" aria-live="polite"></div>
<script nonce="${nonce}" src="${asset('dist', 'webview.js')}"></script>
</body>
</html>`;
  }

  dispose(): void {
    if (RefactoringPanel.current === this) RefactoringPanel.current = undefined;
    this.panel.dispose();
    while (this.disposables.length) this.disposables.pop()?.dispose();
  }
}
