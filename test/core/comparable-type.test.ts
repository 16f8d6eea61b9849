/** comparableType: what Change Signature ignores in a parameter type, and what it keeps. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { comparableType } from '../../src/core/conditions';

test('a parameter type compares without qualifiers, lifetimes, spaces and inline-object separators', () => {
  assert.equal(comparableType('*cobra.Command'), comparableType('*Command'));
  assert.equal(comparableType('const std::string&'), comparableType('const string&'));
  assert.equal(comparableType("&'a dir_entry::DirEntry"), comparableType('&entry::DirEntry'));
  assert.equal(comparableType('{ select?: boolean, focus?: boolean }'), comparableType('{ select?: boolean; focus?: boolean; }'));
});

test('what makes another type stays: the name, a string literal type, the dots of a variadic pack', () => {
  assert.notEqual(comparableType('*cobra.Command'), comparableType('*Socket'));
  assert.notEqual(comparableType("'left' | 'right'"), comparableType("'left' | 'center'"));
  // `Args...` is the pack Args, not a qualifier `Args.`: two packs of other types are two types
  assert.equal(comparableType('Args...'), 'Args...');
  assert.notEqual(comparableType('Args...'), comparableType('Fields...'));
});
