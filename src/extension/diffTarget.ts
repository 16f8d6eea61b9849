/**
 * Which change the active diff editor of the git extension shows, from its two URIs:
 * `git:` URIs carry `{"path", "ref"}` in their query ('' = the index, '~' = HEAD).
 */
import * as vscode from 'vscode';

export type DiffTarget =
  | { kind: 'worktree' | 'staged'; path: string }
  | { kind: 'commit'; path: string; head: string }
  | { kind: 'between'; path: string; base: string; head: string };

function gitRef(uri: vscode.Uri): { path: string; ref: string } | undefined {
  if (uri.scheme !== 'git') return undefined;
  try {
    const q = JSON.parse(uri.query) as { path?: string; ref?: string };
    return typeof q.path === 'string' ? { path: q.path, ref: q.ref ?? '' } : undefined;
  } catch {
    return undefined; // not a git extension URI after all
  }
}

export function diffTarget(argument: unknown): DiffTarget | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  const modified = argument instanceof vscode.Uri ? argument : input instanceof vscode.TabInputTextDiff ? input.modified : undefined;
  if (!modified) return undefined;
  const original = input instanceof vscode.TabInputTextDiff ? input.original : undefined;
  if (modified.scheme === 'file') return { kind: 'worktree', path: modified.fsPath };
  const head = gitRef(modified);
  if (!head) return undefined;
  if (head.ref === '' || head.ref === '~') return { kind: 'staged', path: head.path };
  const base = original ? gitRef(original) : undefined;
  if (!base || base.ref === `${head.ref}^` || base.ref === '') return { kind: 'commit', path: head.path, head: head.ref };
  return { kind: 'between', path: head.path, base: base.ref === '~' ? 'HEAD' : base.ref, head: head.ref };
}
