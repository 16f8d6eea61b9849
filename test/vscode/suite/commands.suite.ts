/** The commands as a user runs them, and the view model the panel then shows. */
import assert from 'node:assert/strict';
import { writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { SUBJECTS } from '../fixtures';
import { annotationText, api, EXTENSION_ID, repositoryRoot, shas, show, closeAllEditors } from './context';
import { test, waitFor } from './harness';

const short = (sha: string) => sha.slice(0, 7);

test('the commands are in the command palette under "Refactoring Lens"', async () => {
  await api();
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
    contributes: { commands: { command: string; title: string; category: string }[]; menus: { commandPalette: { command: string; when: string }[] } };
  };
  const hidden = new Set(manifest.contributes.menus.commandPalette.filter((m) => m.when === 'false').map((m) => m.command));
  const palette = manifest.contributes.commands.filter((c) => !hidden.has(c.command)).map((c) => `${c.category}: ${c.title}`);
  assert.deepEqual(palette, [
    'Refactoring Lens: Show Refactorings for Commit…',
    'Refactoring Lens: Show Refactorings for HEAD',
    'Refactoring Lens: Show Refactorings for Uncommitted Changes',
    'Refactoring Lens: Show Refactorings Between Refs…',
    'Refactoring Lens: Show History of Symbol',
    'Refactoring Lens: Refresh the Refactorings View',
    'Refactoring Lens: Choose the Repository of the Refactorings View',
  ]);
  const registered = new Set(await vscode.commands.getCommands(true));
  for (const c of manifest.contributes.commands) assert.ok(registered.has(c.command), `${c.command} is registered`);
});

test('a commit that renames a method shows "Rename `sum()` → `addAll()`" with its commit header', async () => {
  const { rename, initial } = shas();
  const model = await show('refactoringLens.showCommit', { ref: rename });
  assert.equal(model.title, `Commit ${short(rename)}`);
  assert.equal(model.commit?.subject, SUBJECTS.rename);
  assert.equal(model.commit?.author, 'Ada Lovelace');
  assert.deepEqual(
    model.refactorings.map((r) => r.type),
    ['Rename Method'],
  );
  assert.equal(annotationText(model), 'Rename sum() → addAll()');
  assert.equal(model.summary, `1 changed file in commit ${short(rename)} against its parent ${short(initial)}`);
  assert.deepEqual([model.before.label, model.after.label], [short(initial), short(rename)]);
  assert.equal((await api()).viewModel?.title, model.title, 'the panel shows the model the command returned');
});

test('a class moved to another package shows "Moved TaxTable from … to …"', async () => {
  const model = await show('refactoringLens.showCommit', { ref: shas().move });
  assert.deepEqual(
    model.refactorings.map((r) => r.type),
    ['Move Class'],
  );
  assert.equal(annotationText(model), 'Moved TaxTable from src/main/java/invoice/TaxTable.java to src/main/java/invoice/tax/TaxTable.java');
});

test('an extracted method shows "Extracted `formatLine()` from `printReport()`" and marks the extracted lines in the source', async () => {
  const model = await show('refactoringLens.showCommit', { ref: shas().extract });
  assert.deepEqual(
    model.refactorings.map((r) => r.type),
    ['Extract Method'],
  );
  assert.equal(annotationText(model), 'Extracted formatLine() from printReport()');
  assert.deepEqual(model.skipped, [{ path: 'src/main/java/invoice/gen/InvoiceProto.java', side: 'after', reason: 'generated', detail: 'marked "DO NOT EDIT" near the top' }]);
  assert.deepEqual(model.warnings, [{ path: 'src/main/java/invoice/Receipt.java', side: 'after', reason: 'other-language', detail: 'read as Kotlin: the text does not parse as Java' }]);
  assert.ok((model.refactorings[0].similarity ?? 0) > 0.5, 'a similarity is shown');
  assert.equal(model.refactorings[0].foundBy, 'call-graph');
  assert.match(model.refactorings[0].howFound, /^Found through the call graph: the new method is called from where the code it holds was lost; similarity \d+%$/);
  const code = await (await api()).codeView(0);
  assert.ok(code, 'the view has code for the selected refactoring');
  const markedText = code.before.marked.map((n) => code.before.lines[n - code.before.firstLine].trim());
  assert.deepEqual(markedText, ['String label = amount > 1000 ? "large" : "small";', 'int gross = amount + amount * taxes.rateFor(region) / 100;']);
  assert.ok(code.after.lines.some((l) => l.includes('private String formatLine(int amount, String region)')));
  assert.equal(code.after.highlight.startLine, model.refactorings[0].after.startLine);
});

test('HEAD, a commit without refactorings, says what was analysed', async () => {
  const { docs, xss } = shas();
  const model = await show('refactoringLens.showHead');
  assert.equal(model.commit?.sha, docs);
  assert.equal(model.refactorings.length, 0);
  assert.equal(model.summary, `1 changed file in commit ${short(docs)} against its parent ${short(xss)}`);
});

test('a commit message with markup is data in the model (the page renders it as text)', async () => {
  const model = await show('refactoringLens.showCommit', { ref: shas().xss });
  assert.equal(model.commit?.subject, '<img src=x onerror=alert(1)>');
  assert.equal(annotationText(model), 'Rename banner() → heading()');
});

test('uncommitted changes are compared with HEAD, the working tree on the right', async () => {
  const file = path.join(repositoryRoot(), 'src/main/java/invoice/Printer.java');
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, original.replace('heading(', 'title('));
  try {
    const model = await show('refactoringLens.showWorktree');
    assert.equal(model.title, 'Uncommitted changes');
    assert.equal(model.after.label, 'Working Tree');
    assert.equal(annotationText(model), 'Rename heading() → title()');
  } finally {
    writeFileSync(file, original);
  }
});

test('between two refs lists every refactoring in between', async () => {
  const { initial, extract } = shas();
  const model = await show('refactoringLens.showBetween', { base: initial, head: extract });
  assert.equal(model.title, `${short(initial)} ⟷ ${short(extract)}`);
  assert.deepEqual(model.refactorings.map((r) => r.type).sort(), ['Extract Method', 'Move Class', 'Rename Method']);
});

test('refactoringLens.hiddenTypes leaves those types out of the view', async () => {
  const config = vscode.workspace.getConfiguration('refactoringLens');
  await config.update('hiddenTypes', ['Rename Method'], vscode.ConfigurationTarget.Global);
  try {
    const model = await show('refactoringLens.showCommit', { ref: shas().rename });
    assert.equal(model.refactorings.length, 0);
    assert.equal(model.hiddenBySetting, 1);
  } finally {
    await config.update('hiddenTypes', undefined, vscode.ConfigurationTarget.Global);
  }
});

test('an unknown ref shows an error and leaves the view as it was', async () => {
  const before = (await api()).viewModel?.title;
  const result = await vscode.commands.executeCommand('refactoringLens.showCommit', { ref: 'no-such-branch' });
  assert.equal(result, undefined);
  assert.equal((await api()).viewModel?.title, before);
});

test('the commit quick pick lists the branch newest first; Enter picks the commit', async () => {
  await closeAllEditors();
  const pending = vscode.commands.executeCommand('refactoringLens.showCommit');
  // The pick loads its commits asynchronously; accept once it has them.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  const model = (await waitFor('the picked commit', () => pending)) as { commit?: { subject: string } };
  assert.equal(model.commit?.subject, SUBJECTS.docs);
});
