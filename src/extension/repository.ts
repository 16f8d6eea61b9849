/**
 * Which repository a command works on: the one its argument names (an SCM provider, a file,
 * a path), else the repositories the built-in git extension knows plus the workspace folders
 * that are repositories; the user picks when there are several.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import * as vscode from 'vscode';
import { findRepositoryRoot } from '../analysis/git-analysis';
import type { GitApi, GitExtension } from './gitApi';

/** How long to wait for the git extension to finish its first scan. */
const GIT_API_TIMEOUT_MS = 3000;

export async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) return undefined;
  const exports = extension.isActive ? extension.exports : await extension.activate();
  if (!exports?.enabled) return undefined;
  const api = exports.getAPI(1);
  if (api.state === 'initialized') return api;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, GIT_API_TIMEOUT_MS);
    const listener = api.onDidChangeState((state) => state === 'initialized' && done());
    function done() {
      clearTimeout(timer);
      listener.dispose();
      resolve();
    }
  });
  return api;
}

/** The repository containing a file or folder. */
async function rootOf(fsPath: string): Promise<string | undefined> {
  try {
    const isFile = await stat(fsPath).then((s) => s.isFile(), () => false);
    return await findRepositoryRoot(isFile ? path.dirname(fsPath) : fsPath);
  } catch {
    return undefined; // not inside a repository
  }
}

/** Every repository the user has open, the git extension's first, without duplicates. */
export async function knownRepositories(): Promise<string[]> {
  const roots: string[] = [];
  try {
    const api = await gitApi();
    for (const r of api?.repositories ?? []) roots.push(r.rootUri.fsPath);
  } catch {
    // the git extension is disabled or failed: the workspace folders still count
  }
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (folder.uri.scheme !== 'file') continue;
    const root = await rootOf(folder.uri.fsPath);
    if (root) roots.push(root);
  }
  return [...new Set(roots)];
}

/** A repository hint carried by a command argument: a path, a Uri, an SCM provider's rootUri. */
export function hintOf(argument: unknown): string | undefined {
  if (typeof argument === 'string') return argument;
  if (argument instanceof vscode.Uri) return argument.scheme === 'file' ? argument.fsPath : undefined;
  if (argument && typeof argument === 'object') {
    const a = argument as { repository?: unknown; rootUri?: unknown };
    if (typeof a.repository === 'string') return a.repository;
    if (a.rootUri instanceof vscode.Uri) return a.rootUri.fsPath;
  }
  return undefined;
}

export class NoRepositoryError extends Error {
  constructor() {
    super('Open a folder that is a git repository to see its refactorings.');
  }
}

/** The repository to work on, or undefined when the user dismissed the choice. */
export async function chooseRepository(argument?: unknown): Promise<string | undefined> {
  const hint = hintOf(argument);
  if (hint) {
    const root = await rootOf(hint);
    if (!root) throw new Error(`${hint} is not inside a git repository.`);
    return root;
  }
  const roots = await knownRepositories();
  if (roots.length === 0) throw new NoRepositoryError();
  if (roots.length === 1) return roots[0];
  const active = vscode.window.activeTextEditor?.document.uri;
  const activeRoot = active?.scheme === 'file' ? await rootOf(active.fsPath) : undefined;
  const items = roots
    .map((root) => ({ label: root.split(/[\\/]/).pop() ?? root, description: root, root }))
    .sort((a, b) => Number(b.root === activeRoot) - Number(a.root === activeRoot));
  const picked = await vscode.window.showQuickPick(items, { placeHolder: 'Which repository?', title: 'Refactoring Lens' });
  return picked?.root;
}
