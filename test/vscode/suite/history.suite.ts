/** The Refactorings tree and Symbol History, as a user opens them in the Source Control side bar. */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { CommitsNode } from '../../../src/extension/commitsView';
import { SUBJECTS } from '../fixtures';
import { api, closeAllEditors, git, repositoryRoot, shas } from './context';
import { test, waitFor } from './harness';

const short = (sha: string) => sha.slice(0, 7);

async function commitItems() {
  const { commits } = await api();
  await vscode.commands.executeCommand('refactoringLens.commits.focus');
  await commits.getChildren();
  await commits.idle();
  const nodes = (await commits.getChildren()).filter((n): n is Extract<CommitsNode, { kind: 'commit' }> => n.kind === 'commit');
  return { commits, nodes, items: nodes.map((n) => commits.getTreeItem(n)) };
}

test('the Refactorings view lists the commits, newest first, with their counts; a commit expands into its refactorings', async () => {
  const { commits, nodes, items } = await commitItems();
  assert.deepEqual(
    items.map((i) => `${i.label} | ${i.description}`),
    [
      `${SUBJECTS.docs} | no refactorings`,
      `${SUBJECTS.xss} | 1 rename`,
      `${SUBJECTS.extract} | 1 extract`,
      `${SUBJECTS.move} | 1 move`,
      `${SUBJECTS.rename} | 1 rename`,
      `${SUBJECTS.initial} | no refactorings`,
    ],
  );
  assert.equal(items[4].collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
  assert.equal(items[0].collapsibleState, vscode.TreeItemCollapsibleState.None);
  const children = await commits.getChildren(nodes[4]);
  const child = commits.getTreeItem(children[0]);
  assert.equal(child.label, 'Rename sum() → addAll()');
  assert.equal(child.description, 'Calculator.java:8');
  // Its tooltip says how it was found, and how alike the code is.
  assert.match(String(child.tooltip), /^Rename Method sum\(.*\) : int renamed to addAll\(.*\) : int in class invoice\.Calculator\n\nPaired by [^\n]+; code similarity \d+%$/);
  // Selecting it opens the side-by-side view on that commit, the refactoring selected.
  await vscode.commands.executeCommand(child.command!.command, ...(child.command!.arguments ?? []));
  const model = (await api()).viewModel;
  assert.equal(model?.title, `Commit ${short(shas().rename)}`);
});

test('a second opening of the same history comes from the cache; hidden types leave the counts', async () => {
  const { commits } = await api();
  commits.reload();
  const { nodes } = await commitItems();
  assert.ok(nodes.length === 6 && nodes.every((n) => n.cached === true), 'every commit came from the disk cache');
  const config = vscode.workspace.getConfiguration('refactoringLens');
  await config.update('hiddenTypes', ['Rename Method'], vscode.ConfigurationTarget.Global);
  try {
    const { items } = await commitItems();
    assert.equal(items[4].description, 'no refactorings');
    assert.equal(items[3].description, '1 move');
  } finally {
    await config.update('hiddenTypes', undefined, vscode.ConfigurationTarget.Global);
  }
});

test('Show History of Symbol at the cursor lists the steps; a step opens the two versions at the element', async () => {
  await closeAllEditors();
  const file = path.join(repositoryRoot(), 'src', 'main', 'java', 'invoice', 'Calculator.java');
  const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
  const line = editor.document.getText().split('\n').findIndex((l) => l.includes('public int addAll('));
  editor.selection = new vscode.Selection(line + 2, 8, line + 2, 8); // inside the method's body
  const history = (await vscode.commands.executeCommand('refactoringLens.showSymbolHistory')) as { steps: { type: string; commit: { sha: string } }[] } | undefined;
  assert.ok(history, 'the command returns the history it shows');
  const { rename, initial } = shas();
  assert.deepEqual(
    history.steps.map((s) => `${s.type} ${short(s.commit.sha)}`),
    [`Rename Method ${short(rename)}`, `Added ${short(initial)}`],
  );
  const { symbols } = await api();
  const items = symbols.getChildren().map((s) => symbols.getTreeItem(s));
  assert.deepEqual(
    items.map((i) => i.label),
    ['Rename Method: addAll (was sum)', 'Added: sum'],
  );
  assert.match(String(items[0].description), new RegExp(`^${short(rename)} · .* · Ada Lovelace$`));
  await vscode.commands.executeCommand(items[0].command!.command, ...(items[0].command!.arguments ?? []));
  const tab = await waitFor('a diff editor', () => {
    const active = vscode.window.tabGroups.activeTabGroup.activeTab;
    return active?.input instanceof vscode.TabInputTextDiff ? active : undefined;
  });
  assert.equal(tab.label, `Calculator.java (${short(initial)}) ⟷ Calculator.java (${short(rename)})`);
  const right = (tab.input as vscode.TabInputTextDiff).modified;
  const text = (await vscode.workspace.openTextDocument(right)).getText();
  assert.ok(text.includes('public int addAll('), 'the right side is the commit that renamed it');
  await closeAllEditors();
});

test('the Refactorings view follows HEAD: a new commit appears at the top without a refresh', async () => {
  const { commits } = await api();
  const before = git('rev-parse', 'HEAD');
  git('-c', 'user.name=Ada Lovelace', '-c', 'user.email=ada@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '--allow-empty', '-m', 'An empty commit made while the view is open');
  try {
    await waitFor(
      'the new commit at the top of the Refactorings view',
      async () => {
        const [first] = await commits.getChildren();
        return first?.kind === 'commit' && first.info.subject === 'An empty commit made while the view is open' ? first : undefined;
      },
      20000,
    );
  } finally {
    git('reset', '-q', '--hard', before);
  }
});

test("a merge is listed as a merge and not analysed: its branch's commit carries the refactoring", async () => {
  const { commits } = await api();
  const before = git('rev-parse', 'HEAD');
  const identity = ['-c', 'user.name=Ada Lovelace', '-c', 'user.email=ada@example.com', '-c', 'commit.gpgsign=false'];
  const printer = path.join(repositoryRoot(), 'src', 'main', 'java', 'invoice', 'Printer.java');
  git('checkout', '-q', '-b', 'rename-heading');
  writeFileSync(printer, readFileSync(printer, 'utf8').replace(/\bheading\(/g, 'banner('));
  git(...identity, 'commit', '-q', '-am', 'Rename heading to banner on a branch');
  git('checkout', '-q', 'main');
  git(...identity, 'merge', '-q', '--no-ff', '-m', 'Merge the banner branch', 'rename-heading');
  try {
    const items = await waitFor(
      'the merge and its branch commit in the Refactorings view',
      async () => {
        const nodes = (await commits.getChildren()).filter((n): n is Extract<CommitsNode, { kind: 'commit' }> => n.kind === 'commit');
        if (nodes[0]?.info.subject !== 'Merge the banner branch') return undefined;
        await commits.idle();
        return nodes.slice(0, 2).map((n) => commits.getTreeItem(n));
      },
      20000,
    );
    assert.deepEqual(
      items.map((i) => `${i.label} | ${i.description}`),
      ['Merge the banner branch | merge', 'Rename heading to banner on a branch | 1 rename'],
    );
    assert.equal(items[0].collapsibleState, vscode.TreeItemCollapsibleState.None);
  } finally {
    git('reset', '-q', '--hard', before);
    git('branch', '-q', '-D', 'rename-heading');
  }
});

test('a git subtree --squash import is listed as one and analysed only when expanded', async () => {
  const { commits } = await api();
  const before = git('rev-parse', 'HEAD');
  const identity = ['-c', 'user.name=Ada Lovelace', '-c', 'user.email=ada@example.com', '-c', 'commit.gpgsign=false'];
  const printer = path.join(repositoryRoot(), 'src', 'main', 'java', 'invoice', 'Printer.java');
  writeFileSync(printer, readFileSync(printer, 'utf8').replace(/\bheading\(/g, 'banner('));
  // The message git subtree --squash writes: its trailer names the folder the other project went into.
  const message = "Squashed 'vendor/printing/' changes from 1a2b3c4..5d6e7f8\n\n5d6e7f8 Rename heading\n\ngit-subtree-dir: vendor/printing\ngit-subtree-split: 5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e\n";
  git(...identity, 'commit', '-q', '-am', message);
  try {
    const node = await waitFor(
      'the import at the top of the Refactorings view',
      async () => {
        const [first] = await commits.getChildren();
        if (first?.kind !== 'commit' || !first.info.subject.startsWith('Squashed')) return undefined;
        await commits.idle();
        return first;
      },
      20000,
    );
    const item = commits.getTreeItem(node);
    assert.equal(item.description, 'subtree import into vendor/printing');
    assert.equal(node.summary, undefined, 'the background analysis left it alone');
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const children = await commits.getChildren(node);
    assert.deepEqual(
      children.map((c) => String(commits.getTreeItem(c).label)),
      ['Rename heading() → banner()'],
      'expanding it analyses it',
    );
  } finally {
    git('reset', '-q', '--hard', before);
  }
});

test('Choose Repository sets the repository whose history the Refactorings view shows', async () => {
  const { commits } = await api();
  const chosen = await vscode.commands.executeCommand('refactoringLens.chooseCommitsRepository', { repository: repositoryRoot() });
  assert.equal(chosen, repositoryRoot());
  const { nodes } = await commitItems();
  assert.equal(commits.repository, repositoryRoot());
  assert.equal(nodes[0].info.subject, SUBJECTS.docs);
});
