// Builds the bundles into dist/ and copies the tree-sitter runtime, grammars and queries beside them.
// Entry points that do not exist yet are skipped, so each part can be built on its own.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, copyFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** Options shared by every bundle. */
const shared = {
  bundle: true,
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  outdir: 'dist',
};

const nodeEntries = {
  cli: 'src/cli/main.ts',
  worker: 'src/analysis/worker.ts',
  eval: 'src/eval/main.ts',
  extension: 'src/extension/extension.ts',
};
const browserEntries = { webview: 'webview/main.ts' };

const existing = (entries) => Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));

const builds = [
  { ...shared, entryPoints: existing(nodeEntries), platform: 'node', target: 'node20', format: 'cjs', external: ['vscode'] },
  { ...shared, entryPoints: existing(browserEntries), platform: 'browser', target: 'es2022', format: 'iife' },
].filter((options) => Object.keys(options.entryPoints).length > 0);

/** Grammar packages and the wasm files they ship (see src/languages/registry.ts for the languages). */
export const grammarFiles = [
  ['web-tree-sitter', 'web-tree-sitter.wasm'],
  ['tree-sitter-java', 'tree-sitter-java.wasm'],
  ['tree-sitter-javascript', 'tree-sitter-javascript.wasm'],
  ['tree-sitter-typescript', 'tree-sitter-typescript.wasm'],
  ['tree-sitter-typescript', 'tree-sitter-tsx.wasm'],
  ['tree-sitter-python', 'tree-sitter-python.wasm'],
  ['tree-sitter-c', 'tree-sitter-c.wasm'],
  ['tree-sitter-cpp', 'tree-sitter-cpp.wasm'],
  ['tree-sitter-go', 'tree-sitter-go.wasm'],
  ['tree-sitter-c-sharp', 'tree-sitter-c_sharp.wasm'],
  ['tree-sitter-rust', 'tree-sitter-rust.wasm'],
  ['tree-sitter-php', 'tree-sitter-php.wasm'],
  ['tree-sitter-ruby', 'tree-sitter-ruby.wasm'],
  ['@tree-sitter-grammars/tree-sitter-kotlin', 'tree-sitter-kotlin.wasm'],
  ['tree-sitter-scala', 'tree-sitter-scala.wasm'],
  ['@tree-sitter-grammars/tree-sitter-lua', 'tree-sitter-lua.wasm'],
];

function copyWasm() {
  mkdirSync('dist', { recursive: true });
  for (const [pkg, file] of grammarFiles) {
    let source;
    try {
      // The file itself first: some packages (web-tree-sitter) export the .wasm but not package.json.
      source = require.resolve(`${pkg}/${file}`);
    } catch {
      try {
        source = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
      } catch {
        continue; // grammar package not installed: its language is unavailable
      }
    }
    if (existsSync(source)) copyFileSync(source, path.join('dist', file));
  }
}

/** The webview's icon font: codicon.css and codicon.ttf from @vscode/codicons, beside webview.js. */
function copyCodicons() {
  const dir = path.join(path.dirname(require.resolve('@vscode/codicons/package.json')), 'dist');
  for (const file of ['codicon.css', 'codicon.ttf']) copyFileSync(path.join(dir, file), path.join('dist', file));
}

copyWasm();
if (existsSync(browserEntries.webview)) copyCodicons();
if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
