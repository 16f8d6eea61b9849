/**
 * End to end, as a person uses it: the packaged .vsix installed in code-server, the command
 * palette, the commit quick pick, the webview's list, a click, the diff editor it opens; and a
 * commit whose message is markup shown as text. Screenshots of each step go to .test-output/.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { createSandbox, installExtension, outputDir, projectRoot, startCodeServer } from './codeServer';
import { createFixtureRepository, SUBJECTS } from './fixtures';

const short = (sha: string) => sha.slice(0, 7);
const PALETTE_ATTEMPTS = 3;

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(outputDir, `${name}.png`) });
  console.log(`  screenshot .test-output/${name}.png`);
}

/** F1, the command's title, Enter; retried because the workbench may steal focus while it starts. */
async function runCommand(page: Page, title: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.keyboard.press('Escape');
      await page.keyboard.press('F1');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible', timeout: 5000 });
      await input.fill(`>${title}`);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 5000 });
      await page.keyboard.press('Enter');
      return;
    } catch (error) {
      if (attempt >= PALETTE_ATTEMPTS) throw error;
    }
  }
}

/** In the commit quick pick: filter by the subject and pick it. */
async function pickCommit(page: Page, subject: string): Promise<void> {
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: subject }).first();
  await row.waitFor({ timeout: 15000 });
  await page.locator('.quick-input-widget input').fill(subject);
  await page.keyboard.press('Enter');
}

function webview(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

async function main(): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  const version = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
  const sandbox = createSandbox('e2e');
  installExtension(sandbox, path.join(projectRoot, `refactoring-lens-${version}.vsix`));
  const repo = createFixtureRepository();
  const server = await startCodeServer(sandbox, repo.root);
  const browser = await launchBrowser(sandbox);
  const dialogs: string[] = [];
  const cspViolations: string[] = [];
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  try {
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('console', (message) => message.text().includes('Content Security Policy') && cspViolations.push(message.text()));
    await page.goto(server.url(repo.root));
    await page.locator('.monaco-workbench .part.editor').waitFor({ timeout: 30000 });
    await page.locator('.explorer-folders-view').waitFor({ timeout: 30000 });
    await screenshot(page, '01-workbench');

    console.log('step: command palette → Show Refactorings for Commit');
    await runCommand(page, 'Refactoring Lens: Show Refactorings for Commit');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: SUBJECTS.extract }).first().waitFor({ timeout: 15000 });
    await screenshot(page, '02-commit-quick-pick');

    console.log('step: pick the commit that extracts a method');
    await pickCommit(page, SUBJECTS.extract);
    const view = webview(page);
    await view.locator('.list .item').first().waitFor({ timeout: 30000 });
    assert.deepEqual(await view.locator('.list .item .type').allTextContents(), ['Extract Method']);
    assert.equal(await view.locator('.list .item .annotation').first().textContent(), 'Extracted formatLine() from printReport()');
    assert.equal(await view.locator('[data-testid=subject]').textContent(), SUBJECTS.extract);
    await view.locator('.side.before .line.marked').nth(1).waitFor({ timeout: 10000 });
    assert.equal(await view.locator('.side.before .line.marked').count(), 2, 'the two extracted lines are marked in the source');
    assert.match((await view.locator('[data-testid=how-found]').textContent()) ?? '', /^Found through the call graph: the new method is called from where the code it holds was lost; similarity \d+%$/);
    await screenshot(page, '03-view-extract-method');
    console.log('step: the generated file of the commit is listed as skipped, with why');
    await view.locator('[data-testid=skipped] summary').click();
    assert.equal(await view.locator('[data-testid=skipped] summary').textContent(), '1 file skipped');
    assert.equal(await view.locator('[data-testid=skipped] li').textContent(), 'src/main/java/invoice/gen/InvoiceProto.java (after): generated — marked "DO NOT EDIT" near the top');
    assert.equal(await view.locator('[data-testid=warning]').textContent(), 'src/main/java/invoice/Receipt.java: read as Kotlin: the text does not parse as Java');
    await screenshot(page, '03a-skipped-generated');

    console.log('step: group by type, filter the type out with its chip, show it again');
    await view.locator('vscode-button[data-group=type]').click();
    assert.deepEqual(await view.locator('.list .group span:not(.codicon)').allTextContents(), ['Extract Method']);
    await view.locator('.chip[data-type="Extract Method"]').click();
    await view.locator('[data-testid=empty]').waitFor({ timeout: 5000 });
    assert.match((await view.locator('[data-testid=empty]').textContent()) ?? '', /filtered out/);
    await screenshot(page, '03b-filtered-out');
    await view.locator('.chip[data-type="Extract Method"]').click();
    await view.locator('vscode-button[data-group=file]').click();
    assert.deepEqual(await view.locator('.list .group span:not(.codicon)').allTextContents(), ['src/main/java/invoice/Calculator.java']);

    console.log('step: click the refactoring → diff editor');
    await view.locator('.list .item').first().click();
    const title = `Calculator.java (${short(repo.shas.move)}) ⟷ Calculator.java (${short(repo.shas.extract)})`;
    await page.locator('.tabs-container .tab', { hasText: title }).first().waitFor({ timeout: 15000 });
    await page.locator('.monaco-diff-editor').first().waitFor({ timeout: 15000 });
    // The user sees both versions' code: the extracted method in the modified side.
    await page.locator('.monaco-diff-editor .editor.modified .view-lines', { hasText: 'formatLine' }).first().waitFor({ timeout: 15000 });
    await screenshot(page, '04-diff-editor');

    console.log('step: a commit whose message is markup');
    await runCommand(page, 'Refactoring Lens: Show Refactorings for Commit');
    await pickCommit(page, SUBJECTS.xss);
    await view.locator('[data-testid=subject]', { hasText: SUBJECTS.xss }).waitFor({ timeout: 30000 });
    assert.equal(await view.locator('[data-testid=subject]').textContent(), '<img src=x onerror=alert(1)>');
    assert.equal(await view.locator('img').count(), 0, 'no <img> element was created from the message');
    assert.deepEqual(await view.locator('.list .item .type').allTextContents(), ['Rename Method']);
    await screenshot(page, '05-markup-message-as-text');

    console.log('step: keyboard — Enter on the selected refactoring opens its diff');
    await view.locator('.list').focus();
    await page.keyboard.press('Enter');
    const renameTitle = `Printer.java (${short(repo.shas.extract)}) ⟷ Printer.java (${short(repo.shas.xss)})`;
    await page.locator('.tabs-container .tab', { hasText: renameTitle }).first().waitFor({ timeout: 15000 });
    await page.locator('.monaco-diff-editor .view-line', { hasText: 'public String heading(' }).first().waitFor({ timeout: 15000 });
    await page.locator('.notification-toast', { hasText: 'Analysing' }).waitFor({ state: 'hidden', timeout: 15000 });
    await screenshot(page, '06-keyboard-enter-opens-diff');

    console.log('step: reload the window — the view comes back with its content (serializer + state)');
    await runCommand(page, 'Developer: Reload Window');
    await page.waitForEvent('load', { timeout: 30000 });
    await page.locator('.monaco-workbench .part.editor').waitFor({ timeout: 30000 });
    await webview(page).locator('[data-testid=subject]', { hasText: SUBJECTS.xss }).waitFor({ timeout: 30000 });
    assert.deepEqual(await webview(page).locator('.list .item .type').allTextContents(), ['Rename Method']);
    await screenshot(page, '07-after-reload');
    // The diff editor of the old and new version is restored too, with both versions' code.
    await page.locator('.tabs-container .tab', { hasText: renameTitle }).first().click();
    await page.locator('.monaco-diff-editor .editor.original .view-lines', { hasText: 'public String banner(' }).first().waitFor({ timeout: 15000 });
    await page.locator('.monaco-diff-editor .editor.modified .view-lines', { hasText: 'public String heading(' }).first().waitFor({ timeout: 15000 });
    await screenshot(page, '07b-diff-editor-after-reload');

    console.log('step: the Refactorings view in the Source Control side bar; expand a commit, click its refactoring');
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Source Control: Focus on Refactorings View');
    // Make room: fold the other panes of the side bar (the git extension's Changes and Graph).
    for (const other of ['Graph', 'Changes']) {
      const header = page.locator('.pane-header[aria-expanded=true]', { hasText: other }).first();
      if (await header.isVisible().catch(() => false)) await header.click();
    }
    const pane = (title: string) => page.locator('.pane', { has: page.locator('.pane-header', { hasText: title }) });
    const commitRow = pane('Refactorings').locator('.monaco-list-row', { hasText: SUBJECTS.rename }).first();
    await commitRow.waitFor({ timeout: 30000 });
    await pane('Refactorings').locator('.monaco-list-row', { hasText: SUBJECTS.extract }).filter({ hasText: '1 extract' }).first().waitFor({ timeout: 30000 });
    // The background analysis fills in the counts commit by commit: wait for this one's.
    await pane('Refactorings').locator('.monaco-list-row', { hasText: SUBJECTS.rename }).filter({ hasText: '1 rename' }).first().waitFor({ timeout: 30000 });
    await commitRow.click();
    const refactoringRow = pane('Refactorings').locator('.monaco-list-row', { hasText: 'Rename sum() → addAll()' }).first();
    await refactoringRow.waitFor({ timeout: 15000 });
    await screenshot(page, '08-refactorings-view');
    console.log('step: hover the refactoring: its tooltip says how it was found');
    await refactoringRow.hover();
    await page.locator('.monaco-hover, .workbench-hover', { hasText: 'Paired by' }).first().waitFor({ timeout: 15000 });
    await screenshot(page, '08a-refactoring-tooltip');
    await refactoringRow.click();
    await webview(page).locator('[data-testid=subject]', { hasText: SUBJECTS.rename }).waitFor({ timeout: 30000 });
    assert.deepEqual(await webview(page).locator('.list .item .type').allTextContents(), ['Rename Method']);
    await screenshot(page, '09-refactorings-view-opens-the-commit');

    console.log('step: Show History of Symbol at the cursor in Calculator.java');
    await runCommand(page, 'View: Close All Editors');
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').fill('Calculator.java');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Calculator.java' }).first().waitFor({ timeout: 10000 });
    await page.keyboard.press('Enter');
    await page.locator('.monaco-editor .view-lines', { hasText: 'public int addAll(' }).first().waitFor({ timeout: 15000 });
    await runCommand(page, 'Go to Line/Column...');
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await runCommand(page, 'Refactoring Lens: Show History of Symbol');
    const stepRow = pane('History').locator('.monaco-list-row', { hasText: 'Rename Method: addAll (was sum)' }).first();
    await stepRow.waitFor({ timeout: 30000 });
    await pane('History').locator('.monaco-list-row', { hasText: 'Added: sum' }).first().waitFor({ timeout: 10000 });
    await screenshot(page, '10-symbol-history');
    console.log('step: hover the history step: its tooltip says how the rename was found');
    await stepRow.hover();
    await page.locator('.monaco-hover, .workbench-hover', { hasText: 'Paired by' }).first().waitFor({ timeout: 15000 });
    await screenshot(page, '10a-symbol-history-tooltip');
    await stepRow.click();
    await page.locator('.tab', { hasText: `Calculator.java (${short(repo.shas.initial)}) ⟷ Calculator.java (${short(repo.shas.rename)})` }).first().waitFor({ timeout: 15000 });
    await page.locator('.monaco-diff-editor .modified .view-lines', { hasText: 'public int addAll(' }).first().waitFor({ timeout: 15000 });
    await screenshot(page, '11-symbol-history-step-diff');

    assert.deepEqual(dialogs, [], 'no alert ran');
    assert.deepEqual(cspViolations, [], 'the webview breaks no Content Security Policy rule');
  } catch (error) {
    await screenshot(page, 'failure');
    throw error;
  } finally {
    await browser.close();
    await server.stop();
    repo.dispose();
    sandbox.dispose();
  }
}

main().then(
  () => {
    console.log('end-to-end test passed');
    process.exit(0);
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
