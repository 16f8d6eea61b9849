// The same extension-host suite under desktop VS Code, with @vscode/test-electron, on machines
// that can download VS Code (not this project's CI: see docs of test:vscode). Not a dependency
// of the project: `npm install --no-save @vscode/test-electron` first, then
//   node scripts/vscode/run-electron.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { bundleSuite } from './bundle-suite.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

let testElectron;
try {
  testElectron = await import('@vscode/test-electron');
} catch {
  console.error('@vscode/test-electron is not installed: npm install --no-save @vscode/test-electron');
  process.exit(2);
}

const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const suite = await bundleSuite();
// The fixture repository is made by the same TypeScript module the code-server run uses (through tsx).
const made = spawnSync(process.execPath, ['--import', 'tsx', '-e', "console.log(require('./test/vscode/fixtures.ts').createFixtureRepository().root)"], { cwd: root, encoding: 'utf8' });
if (made.status !== 0) {
  console.error(made.stderr);
  process.exit(1);
}
const repo = made.stdout.trim();
const userData = mkdtempSync(path.join(os.tmpdir(), 'refactoring-lens-electron-'));
try {
  await testElectron.runTests({
    version: '1.100.3',
    extensionDevelopmentPath: root,
    extensionTestsPath: suite,
    launchArgs: [repo, '--disable-extensions', '--disable-workspace-trust', '--user-data-dir', userData],
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  rmSync(userData, { recursive: true, force: true });
  rmSync(repo, { recursive: true, force: true });
}
