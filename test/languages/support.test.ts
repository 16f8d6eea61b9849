import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { languageIds, languageOf } from '../../src/languages/registry';
import { END_MARKER, START_MARKER, support, withLanguageTable } from './support';

test('README\'s languages section is the table generated from support.ts', () => {
  const readme = readFileSync('README.md', 'utf8');
  assert.equal(readme, withLanguageTable(readme), `regenerate it: node --import tsx scripts/language-table.mjs --write (between ${START_MARKER} and ${END_MARKER})`);
});

test('every registered language has one support row, whose extensions it reads', () => {
  assert.deepEqual(support.map((row) => row.id).sort(), [...languageIds].sort());
  for (const row of support) for (const extension of row.extensions) assert.equal(languageOf(`a/b${extension}`), row.id, extension);
});
