import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HistoryStep } from '../../src/analysis/history';
import { countsLabel, historyMessage, presentStep } from '../../src/extension/historyModel';

const ref = (name: string, file = 'src/A.java') => ({ file, kind: 'method', name, qualifiedName: `a.A.${name}()`, startLine: 3, endLine: 9 });
const commit = { sha: 'abcdef1234567890abcdef1234567890abcdef12', parents: ['1234567890abcdef1234567890abcdef12345678'], author: 'Ada', date: '2026-11-20T10:00:00Z', subject: 'Rename' };

describe('the words of the history views', () => {
  it('counts a commit\'s refactorings by kind, most frequent first: "3 renames · 1 extract"', () => {
    const of = (...relationships: string[]) => relationships.map((relationship) => ({ relationship }) as never);
    assert.equal(countsLabel(of('EXTRACT', 'RENAME', 'RENAME', 'RENAME')), '3 renames · 1 extract');
    assert.equal(countsLabel(of('MOVE', 'MOVE_RENAME', 'INTERNAL_MOVE', 'PULL_UP', 'PULL_UP_SIGNATURE')), '3 moves · 2 pull ups');
    assert.equal(countsLabel(of('CHANGE_SIGNATURE')), '1 signature change');
    assert.equal(countsLabel([]), '');
  });

  it('a step says what happened to which name (and what it was called), then commit, date and author', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const rename: HistoryStep = { commit, kind: 'refactored', type: 'Rename Method', description: 'Rename Method a() renamed to b()', before: ref('a'), after: ref('b') };
    assert.deepEqual(
      { ...presentStep(rename, now), details: undefined },
      { label: 'Rename Method: b (was a)', description: 'abcdef1 · 2 days ago · Ada', details: undefined, icon: 'arrow-swap' },
    );
    const extracted: HistoryStep = { commit, kind: 'extracted-into', type: 'Extract Method', description: '', before: ref('b'), after: ref('b'), other: ref('helper') };
    assert.equal(presentStep(extracted, now).label, 'Extract Method: helper out of b');
    const moved: HistoryStep = { ...rename, kind: 'refactored', type: 'Move Method', before: ref('b', 'src/Old.java'), after: ref('b') };
    assert.ok(presentStep(moved, now).details.includes('was in src/Old.java:3'));
    // how it was found, under the description: a step taken on thin evidence says so
    const guessed: HistoryStep = { ...rename, howFound: 'Paired by position, as the only one left unpaired in its container (code similarity 31%): check it' };
    assert.deepEqual(presentStep(guessed, now).details.slice(0, 2), ['Rename Method a() renamed to b()', 'Paired by position, as the only one left unpaired in its container (code similarity 31%): check it']);
    assert.equal(presentStep(rename, now).details[1], 'a.A.b() in src/A.java:3');
  });

  it('the message above the steps says whose history it is and how it ended', () => {
    const history = { element: ref('b'), ref: commit.sha, steps: [], end: 'limit' as const, commitsAnalysed: 7, elapsedMs: 5 };
    assert.equal(historyMessage({ ...history, steps: [{} as HistoryStep, {} as HistoryStep] }, 1), 'a.A.b(): 1 step (1 hidden by setting), stopped after 7 commits');
    assert.equal(historyMessage({ ...history, end: 'added' }, 0), 'a.A.b(): 0 steps, back to the commit that added it');
  });
});
