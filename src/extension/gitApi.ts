/**
 * The few parts of the built-in git extension's API (`vscode.git`, API version 1) that
 * Refactoring Lens uses, typed here by hand.
 */
import type * as vscode from 'vscode';

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly HEAD: { readonly name?: string; readonly commit?: string } | undefined;
    /** Fires when HEAD, refs, the index or the working tree change. */
    readonly onDidChange: vscode.Event<void>;
  };
}

export interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly repositories: GitRepository[];
  readonly onDidOpenRepository: vscode.Event<GitRepository>;
}

export interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}
