// `npm run test:vscode`: the tests that need a real VS Code.
//  1. installs code-server (VS Code 1.100.3) into ~/.cache/refactoring-lens once (see install-code-server.mjs);
//  2. builds the extension and its .vsix (`npm run package`) and bundles the extension-host suite;
//  3. runs the extension-host suite inside code-server (test/vscode/host.ts);
//  4. drives the UI with Playwright + Debian's chromium on the installed .vsix (test/vscode/e2e.ts),
//     saving screenshots into .test-output/.
// Exits non-zero when anything fails. `--host` or `--e2e` runs one part only.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCodeServer } from './install-code-server.mjs';
import { bundleSuite } from './bundle-suite.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const only = process.argv.slice(2);
const wants = (part) => only.length === 0 || only.includes(`--${part}`);

function step(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n== ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`== ${name}: ${result.status === 0 ? 'ok' : `FAILED (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

const started = Date.now();
const bin = ensureCodeServer();
let ok = step('build and package the extension', 'npm', ['run', 'package', '--silent']);
if (ok) await bundleSuite();
const env = { CODE_SERVER_BIN: bin };
if (ok && wants('host')) ok = step('extension-host tests in code-server', process.execPath, ['--import', 'tsx', 'test/vscode/host.ts'], env) && ok;
if (ok && wants('e2e')) ok = step('end-to-end test (Playwright + chromium)', process.execPath, ['--import', 'tsx', 'test/vscode/e2e.ts'], env) && ok;
console.log(`\ntest:vscode ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(ok ? 0 : 1);
