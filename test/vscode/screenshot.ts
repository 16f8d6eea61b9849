/**
 * Takes the README's screenshot: the view of one commit of a real repository, in code-server
 * with the packaged extension. Not a test.
 *   CODE_SERVER_BIN=… node --import tsx test/vscode/screenshot.ts REPO SHA OUT.png
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { launchBrowser } from './browser';
import { createSandbox, installExtension, projectRoot, startCodeServer } from './codeServer';

async function main(): Promise<void> {
  const [repo, sha, out] = process.argv.slice(2);
  if (!repo || !sha || !out) throw new Error('usage: screenshot.ts REPO SHA OUT.png');
  const version = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
  const sandbox = createSandbox('screenshot');
  installExtension(sandbox, path.join(projectRoot, `refactoring-lens-${version}.vsix`));
  const server = await startCodeServer(sandbox, path.resolve(repo));
  const browser = await launchBrowser(sandbox);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(server.url(path.resolve(repo)));
    await page.locator('.explorer-folders-view').waitFor({ timeout: 30000 });
    await page.keyboard.press('Control+B');
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await page.keyboard.press('F1');
        await page.locator('.quick-input-widget input').fill('>Refactoring Lens: Show Refactorings for Commit');
        await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Show Refactorings for Commit' }).first().waitFor({ timeout: 5000 });
        await page.keyboard.press('Enter');
        break;
      } catch {
        await page.keyboard.press('Escape');
      }
    }
    await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ timeout: 15000 });
    await page.locator('.quick-input-widget input').fill(sha);
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    const view = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await view.locator('.list .item').first().waitFor({ timeout: 60000 });
    const pick = process.env.SELECT ? Number(process.env.SELECT) : 0;
    if (pick > 0) for (let i = 0; i < pick; i++) await view.locator('.list').press('ArrowDown');
    await view.locator('.side.after .line').first().waitFor({ timeout: 15000 });
    await page.locator('.notification-toast').first().waitFor({ state: 'hidden', timeout: 15000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    await page.screenshot({ path: out });
    console.log(out);
  } finally {
    await browser.close();
    await server.stop();
    sandbox.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
