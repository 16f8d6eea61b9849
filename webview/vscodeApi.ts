/** The webview's side of the channel: typed messages out, typed state kept by VS Code. */
import type { HostMessage, WebviewMessage, WebviewState } from '../src/extension/protocol';

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): WebviewState | undefined;
  setState(state: WebviewState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export const vscode = acquireVsCodeApi();

export function onHostMessage(listener: (message: HostMessage) => void): void {
  window.addEventListener('message', (event: MessageEvent<HostMessage>) => listener(event.data));
}
