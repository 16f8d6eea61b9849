// Bundles the extension-host test suite (test/vscode/suite/index.ts) into out/test/suite.js,
// the extensionTestsPath for code-server's payload URL and for @vscode/test-electron.
import * as esbuild from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const suitePath = path.join(root, 'out', 'test', 'suite.js');

export async function bundleSuite() {
  await esbuild.build({
    entryPoints: [path.join(root, 'test', 'vscode', 'suite', 'index.ts')],
    outfile: suitePath,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return suitePath;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await bundleSuite());
