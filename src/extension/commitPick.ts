/**
 * The commit quick pick: recent commits of the current branch (summary as label; author ·
 * relative date · short sha as detail), "Load more…", and any typed sha or ref accepted.
 */
import * as vscode from 'vscode';
import { listCommits, type CommitInfo } from '../analysis/git-analysis';
import { relativeDate } from './relativeDate';
import { shortSha } from './viewModel';

/** Commits fetched at a time. */
export const PAGE_SIZE = 50;

type Item = vscode.QuickPickItem & ({ action: 'commit'; sha: string } | { action: 'more' } | { action: 'typed'; ref: string });

export function commitItem(c: CommitInfo): Item {
  return {
    action: 'commit',
    sha: c.sha,
    label: c.subject || '(no message)',
    detail: `${c.author} · ${relativeDate(c.date)} · ${shortSha(c.sha)}`,
  };
}

const loadMore = (): Item => ({ action: 'more', label: '$(ellipsis) Load more…', alwaysShow: true });
const typed = (ref: string): Item => ({ action: 'typed', ref, label: `$(git-commit) ${ref}`, description: 'commit or ref', alwaysShow: true });

/** The sha or ref the user chose, or undefined when dismissed. */
export async function pickCommit(repoRoot: string, title: string, placeHolder = 'Pick a commit, or type a sha or ref'): Promise<string | undefined> {
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = title;
  pick.placeholder = placeHolder;
  pick.matchOnDetail = true;
  pick.busy = true;
  let commits: Item[] = [];
  let hasMore = false;
  const refresh = () => {
    const value = pick.value.trim();
    // Matching commits come first, so Enter on a filtered summary picks the commit, not the text.
    pick.items = [...commits, ...(value ? [typed(value)] : []), ...(hasMore ? [loadMore()] : [])];
  };
  const load = async () => {
    pick.busy = true;
    try {
      const page = await listCommits(repoRoot, { skip: commits.length, max: PAGE_SIZE });
      commits = [...commits, ...page.map(commitItem)];
      hasMore = page.length === PAGE_SIZE;
    } catch (error) {
      pick.placeholder = `Could not list commits (${error instanceof Error ? error.message : String(error)}); type a sha or ref`;
    } finally {
      pick.busy = false;
    }
    refresh();
  };
  return new Promise<string | undefined>((resolve) => {
    const disposables: vscode.Disposable[] = [];
    const finish = (result: string | undefined) => {
      resolve(result);
      pick.hide();
    };
    disposables.push(
      pick.onDidChangeValue(refresh),
      pick.onDidAccept(async () => {
        const item = pick.selectedItems[0] ?? pick.activeItems[0];
        if (!item) {
          if (pick.value.trim()) finish(pick.value.trim());
          return;
        }
        if (item.action === 'more') {
          const keep = commits.length;
          await load();
          pick.activeItems = pick.items.filter((i) => i.action === 'commit').slice(keep, keep + 1);
          return;
        }
        finish(item.action === 'commit' ? item.sha : item.ref);
      }),
      pick.onDidHide(() => {
        resolve(undefined);
        disposables.forEach((d) => d.dispose());
        pick.dispose();
      }),
    );
    pick.show();
    void load();
  });
}
