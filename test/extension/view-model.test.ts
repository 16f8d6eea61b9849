/** The one-line annotations of the side-by-side view, on the engine's own output. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toRefactorings } from '../../src/core/report';
import { annotate } from '../../src/extension/viewModel';
import { compare, type Files } from '../helpers';

async function annotations(before: Files, after: Files): Promise<string[]> {
  const result = await compare(before, after);
  return toRefactorings(result.relationships, result.before, result.after).map((r) => `${r.type}: ${annotate(r).map((s) => s.text).join('')}`);
}

const sample = (name: string, body: string) => `  public static class ${name} {\n    public void run() {\n      ${body}\n    }\n  }`;

test('classes moved between the same two files are told apart by name', async () => {
  const a = sample('ThrowsInTest', 'throw new IllegalStateException("always fails in the test");');
  const b = sample('ThrowsInSetUp', 'throw new UnsupportedOperationException("always fails in set up");');
  const before = { 'src/x/TracesTest.java': `package x;\npublic class TracesTest {\n${a}\n${b}\n  public void keep() { check(); }\n}\n` };
  const after = {
    'src/x/TracesTest.java': `package x;\npublic class TracesTest {\n  public void keep() { check(); }\n}\n`,
    'src/y/Samples.java': `package y;\npublic class Samples {\n${a}\n${b}\n}\n`,
  };
  assert.deepEqual(await annotations(before, after), [
    'Move Class: Moved ThrowsInTest from src/x/TracesTest.java to src/y/Samples.java',
    'Move Class: Moved ThrowsInSetUp from src/x/TracesTest.java to src/y/Samples.java',
  ]);
});

test('a moved file is not named twice; a rename names both names', async () => {
  const js = 'export function slugify(text) {\n  return text.toLowerCase().trim().replace(/[^a-z0-9]+/g, "-");\n}\n';
  assert.deepEqual(await annotations({ 'src/text.js': js }, { 'lib/text.js': js }), ['Move File: Moved from src/text.js to lib/text.js']);
  assert.deepEqual(await annotations({ 'src/text.js': js }, { 'src/text.js': js.replace('slugify', 'toSlug') }), ['Rename Function: Rename slugify() → toSlug()']);
});
