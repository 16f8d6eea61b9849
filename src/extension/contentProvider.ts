/**
 * Old versions as read-only documents under the `refactoring-lens:` scheme, served from the
 * git objects by a read-only file system provider. `toUri`/`fromUri` are the only places that know the URI's shape:
 * the path is the file's path in the repository (so tabs show its name), the query says
 * which repository and which revision.
 */
import * as vscode from 'vscode';
import type { Revision } from './protocol';
import { readRevisionFile } from './sources';

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

/**
 * The `refactoring-lens:` scheme as a read-only file system. A file system rather than a
 * TextDocumentContentProvider so that VS Code opens these documents as file editors, which it
 * saves with the window and restores after Reload Window (its editors for content-provider
 * documents are not restored); VS Code activates the extension for them through
 * `onFileSystem:refactoring-lens`. A version of a file never changes under its URI (a commit,
 * the index read when it is opened), so no change events are sent.
 */
export class GitFileSystemProvider implements vscode.FileSystemProvider {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  /** stat and then readFile come one after the other for each open: read the blob once for both. */
  private readonly recent = new Map<string, { at: number; bytes: Promise<Uint8Array> }>();
  private static readonly REUSE_MS = 5000;

  private read(uri: vscode.Uri): Promise<Uint8Array> {
    const key = uri.toString();
    const now = Date.now();
    for (const [k, entry] of this.recent) if (now - entry.at > GitFileSystemProvider.REUSE_MS) this.recent.delete(k);
    let entry = this.recent.get(key);
    if (!entry) {
      entry = { at: now, bytes: this.load(uri) };
      this.recent.set(key, entry);
      entry.bytes.catch(() => this.recent.delete(key));
    }
    return entry.bytes;
  }

  private async load(uri: vscode.Uri): Promise<Uint8Array> {
    let v: VersionedFile;
    try {
      v = fromUri(uri);
    } catch {
      throw vscode.FileSystemError.FileNotFound(`Refactoring Lens: not a version of a file: ${uri.toString().slice(0, 200)}`);
    }
    try {
      return await readRevisionFile(v.repoRoot, v.revision, v.file);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw vscode.FileSystemError.FileNotFound(`Refactoring Lens could not read ${v.file} at ${v.revision.label}: ${reason}`);
    }
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const bytes = await this.read(uri);
    return { type: vscode.FileType.File, ctime: 0, mtime: 0, size: bytes.byteLength, permissions: vscode.FilePermission.Readonly };
  }

  readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return this.read(uri);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => {});
  }

  readDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.FileNotADirectory(uri);
  }

  createDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  writeFile(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(oldUri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(oldUri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
