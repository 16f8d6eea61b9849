import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageIds, languageOf, parseFile } from '../../src/languages/registry';
import { wasmPath } from '../../src/languages/treesitter';
import { java } from '../../src/languages/java';

test('file extensions decide the language', () => {
  assert.equal(languageOf('src/a/B.java'), 'java');
  for (const path of ['index.js', 'lib/x.mjs', 'lib/x.cjs', 'src/App.jsx', 'UPPER.JS']) assert.equal(languageOf(path), 'javascript', path);
  assert.equal(languageOf('pkg/mod.py'), 'python');
  assert.deepEqual(languageIds.slice(0, 2), ['java', 'javascript'], 'the table order, new languages after');
  assert.equal(new Set(languageIds).size, languageIds.length, 'each language once');
});

test('unknown extensions and minified JavaScript have no language', () => {
  for (const path of ['README.md', 'Makefile', 'dist/app.min.js', 'lib/jquery.MIN.JS', 'a.java/README']) assert.equal(languageOf(path), undefined, path);
});

test('parseFile names the file it cannot read', async () => {
  await assert.rejects(parseFile('notes/todo.txt', 'x'), /no language reads notes\/todo\.txt/);
});

test('grammars are found in their npm package when not beside the code', () => {
  assert.match(wasmPath(java.grammar), /tree-sitter-java\.wasm$/);
  assert.throws(() => wasmPath({ package: 'no-such-grammar', wasm: 'no-such.wasm' }), /no-such\.wasm is neither beside .* nor in an installed package no-such-grammar/);
});
