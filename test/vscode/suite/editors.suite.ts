/** A click on a refactoring: the diff editors it opens, their titles, documents and position. */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, git, shas, show } from './context';
import { test, waitFor } from './harness';

const short = (sha: string) => sha.slice(0, 7);
const SRC = 'src/main/java/invoice';

function diffTabs(): { label: string; input: vscode.TabInputTextDiff }[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputTextDiff)
    .map((t) => ({ label: t.label, input: t.input as vscode.TabInputTextDiff }));
}

async function open(id: number): Promise<void> {
  await vscode.commands.executeCommand('refactoringLens.openRefactoring', id);
}

test('opening a rename shows `Calculator.java (parent) ⟷ Calculator.java (commit)` at the method', async () => {
  await closeAllEditors();
  const { initial, rename } = shas();
  const model = await show('refactoringLens.showCommit', { ref: rename });
  await open(0);
  const title = `Calculator.java (${short(initial)}) ⟷ Calculator.java (${short(rename)})`;
  const tab = await waitFor(`a diff tab titled ${title}`, () => diffTabs().find((t) => t.label === title));
  assert.equal(tab.input.original.scheme, 'refactoring-lens');
  assert.equal(tab.input.original.path, `/${SRC}/Calculator.java`);
  assert.equal(tab.input.modified.scheme, 'refactoring-lens');
  const left = await vscode.workspace.openTextDocument(tab.input.original);
  assert.equal(left.getText(), git('show', `${initial}:${SRC}/Calculator.java`) + '\n');
  const editor = await waitFor('the diff editor to be active', () => {
    const e = vscode.window.activeTextEditor;
    return e?.document.uri.toString() === tab.input.modified.toString() ? e : undefined;
  });
  assert.ok(editor.document.isUntitled === false && editor.document.getText().includes('public int addAll('));
  assert.equal(editor.selection.active.line, model.refactorings[0].after.startLine - 1, 'revealed at the renamed method');
});

test('opening a moved class diffs the old file against the new one', async () => {
  await closeAllEditors();
  const { rename, move } = shas();
  await show('refactoringLens.showCommit', { ref: move });
  await open(0);
  const title = `TaxTable.java (${short(rename)}) ⟷ TaxTable.java (${short(move)})`;
  const tab = await waitFor(`a diff tab titled ${title}`, () => diffTabs().find((t) => t.label === title));
  assert.equal(tab.input.original.path, `/${SRC}/TaxTable.java`);
  assert.equal(tab.input.modified.path, `/${SRC}/tax/TaxTable.java`);
  const right = await vscode.workspace.openTextDocument(tab.input.modified);
  assert.ok(right.getText().startsWith('package invoice.tax;'));
});

test('opening an extraction within one file opens one diff, revealed at the new method', async () => {
  await closeAllEditors();
  const { move, extract } = shas();
  const model = await show('refactoringLens.showCommit', { ref: extract });
  await open(0);
  const title = `Calculator.java (${short(move)}) ⟷ Calculator.java (${short(extract)})`;
  await waitFor(`a diff tab titled ${title}`, () => diffTabs().find((t) => t.label === title));
  assert.equal(diffTabs().length, 1);
  const editor = await waitFor('the diff editor to be active', () => vscode.window.activeTextEditor);
  assert.equal(editor.selection.active.line, model.refactorings[0].after.startLine - 1);
});

test('an old version is a read-only file: it cannot be written, and a missing one fails with a one-line message', async () => {
  await closeAllEditors();
  const { initial, rename } = shas();
  await show('refactoringLens.showCommit', { ref: rename });
  await open(0);
  const title = `Calculator.java (${short(initial)}) ⟷ Calculator.java (${short(rename)})`;
  const tab = await waitFor(`a diff tab titled ${title}`, () => diffTabs().find((t) => t.label === title));
  const old = tab.input.original;
  const stat = await vscode.workspace.fs.stat(old);
  assert.equal(stat.type, vscode.FileType.File);
  assert.equal(stat.permissions, vscode.FilePermission.Readonly);
  assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(old)), git('show', `${initial}:${SRC}/Calculator.java`) + '\n');
  await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(old, new TextEncoder().encode('x'))));
  assert.equal(git('status', '--porcelain'), '', 'the repository is untouched');
  const missing = old.with({ path: `/${SRC}/NoSuchFile.java` });
  await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(missing)), (error: Error) => {
    assert.match(error.message, /could not read src\/main\/java\/invoice\/NoSuchFile\.java at /);
    assert.doesNotMatch(error.message, /\n/);
    return true;
  });
});

test('opening an uncommitted rename diffs HEAD against the file on disk', async () => {
  await closeAllEditors();
  const { docs } = shas();
  const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, SRC, 'Printer.java');
  const original = (await vscode.workspace.fs.readFile(file)).slice();
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(new TextDecoder().decode(original).replace('heading(', 'title(')));
  try {
    await show('refactoringLens.showWorktree');
    await open(0);
    const title = `Printer.java (${short(docs)}) ⟷ Printer.java (Working Tree)`;
    const tab = await waitFor(`a diff tab titled ${title}`, () => diffTabs().find((t) => t.label === title));
    assert.equal(tab.input.modified.scheme, 'file');
  } finally {
    await closeAllEditors();
    await vscode.workspace.fs.writeFile(file, original);
  }
});

test('an uncommitted change that breaks a file\'s syntax is named in the view\'s warnings', async () => {
  await closeAllEditors();
  const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, SRC, 'Printer.java');
  const original = (await vscode.workspace.fs.readFile(file)).slice();
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(new TextDecoder().decode(original).replace('(String title, int width)', '(String title, int width')));
  try {
    const model = await show('refactoringLens.showWorktree');
    assert.deepEqual(model.warnings.map((w) => [w.path, w.reason]), [[`${SRC}/Printer.java`, 'syntax-errors']]);
    assert.match(model.warnings[0].detail ?? '', /in the new version, none in the old/);
  } finally {
    await closeAllEditors();
    await vscode.workspace.fs.writeFile(file, original);
  }
});

test('closing the view and showing again works (one panel at a time)', async () => {
  await closeAllEditors();
  const model = await show('refactoringLens.showCommit', { ref: shas().rename });
  const again = await show('refactoringLens.showCommit', { ref: shas().rename });
  assert.equal(again.title, model.title);
  const webviews = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview);
  const tabs = await waitFor('the view\'s tab', () => (webviews().length > 0 ? webviews() : undefined));
  assert.deepEqual(
    tabs.map((t) => t.label),
    [`Refactorings: ${model.title}`],
  );
});
