/**
 * Old versions as read-only virtual documents under the `refactoring-lens:` scheme, served
 * from the git objects. `toUri`/`fromUri` are the only places that know the URI's shape:
 * the path is the file's path in the repository (so tabs show its name), the query says
 * which repository and which revision.
 */
import * as vscode from 'vscode';
import type { Revision } from './protocol';
import { readRevisionText } from './sources';

export const SCHEME = 'refactoring-lens';

export interface VersionedFile {
  repoRoot: string;
  revision: Revision;
  /** Path relative to the repository root, '/' separated. */
  file: string;
}

export function toUri(v: VersionedFile): vscode.Uri {
  const query = JSON.stringify({ repo: v.repoRoot, kind: v.revision.kind, ref: v.revision.ref, label: v.revision.label });
  return vscode.Uri.from({ scheme: SCHEME, path: `/${v.file}`, query });
}

export function fromUri(uri: vscode.Uri): VersionedFile {
  if (uri.scheme !== SCHEME) throw new Error(`not a ${SCHEME}: URI: ${uri.toString()}`);
  const q = JSON.parse(uri.query) as { repo: string; kind: Revision['kind']; ref: string; label: string };
  return { repoRoot: q.repo, revision: { kind: q.kind, ref: q.ref, label: q.label }, file: uri.path.replace(/^\//, '') };
}

/** The URI an editor opens for one side: the file on disk for the working tree, a virtual document otherwise. */
export function sideUri(v: VersionedFile): vscode.Uri {
  return v.revision.kind === 'worktree' ? vscode.Uri.joinPath(vscode.Uri.file(v.repoRoot), ...v.file.split('/')) : toUri(v);
}

export class GitContentProvider implements vscode.TextDocumentContentProvider {
  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const v = fromUri(uri);
    try {
      return await readRevisionText(v.repoRoot, v.revision, v.file);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Refactoring Lens could not read ${v.file} at ${v.revision.label}: ${reason}`);
    }
  }
}
