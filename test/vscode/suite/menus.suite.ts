/** The commands as the menus call them: SCM title, timeline item, the title of a git diff editor. */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, repositoryRoot, shas } from './context';
import { test } from './harness';
import type { ViewModel } from '../../../src/extension/protocol';

const FILE = 'src/main/java/invoice/Printer.java';

/** A URI of the git extension's documents: `git:/abs/path?{"path","ref"}`. */
function gitUri(ref: string): vscode.Uri {
  const file = vscode.Uri.joinPath(vscode.Uri.file(repositoryRoot()), FILE);
  return file.with({ scheme: 'git', query: JSON.stringify({ path: file.fsPath, ref }) });
}

test('from the SCM title menu (a SourceControl argument): uncommitted changes of that repository', async () => {
  const model = (await vscode.commands.executeCommand('refactoringLens.showWorktree', { rootUri: vscode.Uri.file(repositoryRoot()), id: 'git' })) as ViewModel;
  assert.equal(model.title, 'Uncommitted changes');
  assert.equal(model.repository.root, repositoryRoot());
});

test('from a git timeline item (item, uri, source): that commit', async () => {
  const { xss } = shas();
  const file = vscode.Uri.joinPath(vscode.Uri.file(repositoryRoot()), FILE);
  const item = { id: xss, timestamp: Date.now(), label: 'commit', source: 'git-history' };
  const model = (await vscode.commands.executeCommand('refactoringLens.showCommit', item, file, 'git-history')) as ViewModel;
  assert.equal(model.commit?.sha, xss);
  assert.deepEqual(
    model.refactorings.map((r) => r.type),
    ['Rename Method'],
  );
});

test("from the title of a git diff editor (parent ⟷ commit): that commit's refactorings", async () => {
  await closeAllEditors();
  const { extract, xss } = shas();
  await vscode.commands.executeCommand('vscode.diff', gitUri(extract), gitUri(xss), 'Printer.java (commit)');
  const model = (await vscode.commands.executeCommand('refactoringLens.showForDiff', gitUri(xss))) as ViewModel;
  assert.equal(model.kind, 'between');
  assert.deepEqual([model.before.ref, model.after.ref], [extract, xss]);
  assert.deepEqual(
    model.refactorings.map((r) => r.type),
    ['Rename Method'],
  );
  await closeAllEditors();
});
