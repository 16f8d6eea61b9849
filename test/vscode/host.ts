/**
 * Runs the extension-host suite (out/test/suite.js) inside code-server: the workbench URL's
 * `payload` names the extension under development and the tests; the page reports the outcome
 * through window.codeAutomationExit. Exit code 0 when every test passed.
 */
import path from 'node:path';
import { launchBrowser } from './browser';
import { createSandbox, projectRoot, startCodeServer } from './codeServer';
import { createFixtureRepository } from './fixtures';

const SUITE_TIMEOUT_MS = 180000;

async function main(): Promise<number> {
  const sandbox = createSandbox('host');
  const repo = createFixtureRepository();
  const server = await startCodeServer(sandbox, repo.root);
  const browser = await launchBrowser(sandbox);
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    let resolveExit: (code: number) => void = () => undefined;
    const exit = new Promise<number>((resolve) => (resolveExit = resolve));
    await context.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
    await context.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => console.log(...(Array.isArray(args) ? args : [args])));
    page.on('pageerror', (error) => console.error(`[page] ${error.message}`));
    const url = server.url(repo.root, [
      ['extensionDevelopmentPath', projectRoot],
      ['extensionTestsPath', path.join(projectRoot, 'out', 'test', 'suite.js')],
      ['skipWelcome', 'true'],
    ]);
    await page.goto(url);
    const timeout = new Promise<number>((resolve) =>
      setTimeout(() => {
        console.error(`the extension tests did not finish within ${SUITE_TIMEOUT_MS / 1000} s`);
        resolve(1);
      }, SUITE_TIMEOUT_MS).unref(),
    );
    return await Promise.race([exit, timeout]);
  } finally {
    await browser.close();
    await server.stop();
    repo.dispose();
    sandbox.dispose();
  }
}

main().then(
  (code) => {
    console.log(code === 0 ? 'extension-host tests passed' : `extension-host tests failed (exit ${code})`);
    process.exit(code);
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
