/** Bad input never crashes the engine: each gives a result or a clear reason. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeFileSets } from '../../src/analysis/files';
import { compare, refactorings } from '../helpers';

const method = (name: string) => `  public int ${name}(int a, int b) {\n    int c = a * b + 7;\n    System.out.println("value " + c);\n    return c - a;\n  }\n`;

test('a file with syntax errors still yields its methods, and a rename in it is found', async () => {
  const before = { 'a/Broken.java': `package a;\npublic class Broken {\n${method('compute')}  public void half( {\n}\n` };
  const after = { 'a/Broken.java': `package a;\npublic class Broken {\n${method('calculate')}  public void half( {\n}\n` };
  assert.deepEqual(await refactorings(before, after), ['Rename Method: a.Broken.compute(int,int) → a.Broken.calculate(int,int)']);
});

test('a commit that breaks a file\'s syntax gets a warning naming it; a file broken on both sides does not', async () => {
  const clean = `package a;\npublic class Fine {\n${method('compute')}}\n`;
  const broken = `package a;\npublic class Fine {\n${method('compute')}  public void half( {\n}\n`;
  const result = await compare({ 'a/Fine.java': clean, 'a/Broken.java': broken }, { 'a/Fine.java': broken, 'a/Broken.java': broken + '\n// more\n' });
  assert.deepEqual(result.warnings.map((w) => `${w.side} ${w.path} ${w.reason}`), ['after a/Fine.java syntax-errors']);
  assert.match(result.warnings[0].detail ?? '', /^\d+ syntax errors? in the new version, none in the old: refactorings in this file may be incomplete$/);
});

test('an empty file and a file that becomes empty give no refactoring and no error', async () => {
  const result = await compare({ 'a/Empty.java': '', 'b/gone.js': 'function gone() {\n  return 1;\n}\n' }, { 'a/Empty.java': '\n', 'b/gone.js': '' });
  assert.deepEqual(result.skipped, []);
  assert.deepEqual(result.relationships.filter((r) => r.type !== 'SAME'), []);
});

test('a binary file is skipped with the reason, the rest is analysed', async () => {
  const binary = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x41]);
  const result = await analyzeFileSets(
    [{ path: 'img/Logo.java', content: binary }, { path: 'a/A.java', content: `package a;\nclass A {\n${method('one')}}\n` }],
    [{ path: 'img/Logo.java', content: new Uint8Array([...binary, 1]) }, { path: 'a/A.java', content: `package a;\nclass A {\n${method('two')}}\n` }],
  );
  assert.deepEqual(
    result.skipped.map((s) => `${s.side} ${s.path} ${s.reason}`),
    ['before img/Logo.java binary', 'after img/Logo.java binary'],
  );
  assert.equal(result.relationships.filter((r) => r.type === 'RENAME').length, 1);
});

test('a file over the size limit is skipped with its size; a 5 MB file does not hang the analysis', async () => {
  const huge = `package a;\npublic class Huge {\n${Array.from({ length: 60000 }, (_, i) => method(`m${i}`)).join('')}}\n`;
  assert.ok(huge.length > 5_000_000);
  const started = Date.now();
  const result = await analyzeFileSets([{ path: 'a/Huge.java', content: huge }], [{ path: 'a/Huge.java', content: huge + '\n' }]);
  assert.equal(result.skipped.length, 2);
  assert.match(result.skipped[0].detail ?? '', /bytes, limit/);
  assert.ok(Date.now() - started < 2000);
});

test('non-UTF-8 text is read as Latin-1 with a warning, not dropped', async () => {
  const latin1 = (name: string) => Buffer.from(`package a;\nclass Caf\u00e9 {\n  String label() { return "d\u00e9j\u00e0 vu"; }\n${method(name)}}\n`, 'latin1');
  const result = await analyzeFileSets([{ path: 'a/Cafe.java', content: latin1('one') }], [{ path: 'a/Cafe.java', content: latin1('two') }]);
  assert.deepEqual(result.warnings.map((w) => w.reason), ['non-utf8', 'non-utf8']);
  assert.equal(result.after.nodes[0].name, 'Caf\u00e9');
  assert.equal(result.relationships.filter((r) => r.type === 'RENAME').length, 1);
});

test('files of unknown languages are skipped and counted', async () => {
  const result = await analyzeFileSets([{ path: 'README.md', content: '# a' }], [{ path: 'README.md', content: '# b' }]);
  assert.deepEqual(result.skipped.map((s) => s.reason), ['unknown-language', 'unknown-language']);
});
