/** What the webview sends back is checked before the host acts on it. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ViewModel } from '../../src/extension/protocol';
import { checkViewModel, checkWebviewMessage, checkWebviewState, isRepositoryPath } from '../../src/extension/validate';

const ROOT = path.resolve('/repos/shop');
const SHA = 'a'.repeat(40);
const element = (file: string) => ({ file, kind: 'method', name: 'total', qualifiedName: 'a.Shop.total(int)', startLine: 3, endLine: 9 });

function model(overrides: Partial<ViewModel> = {}, file = 'src/a/Shop.java'): ViewModel {
  return {
    kind: 'commit',
    repository: { root: ROOT, name: 'shop' },
    title: 'Commit aaaaaaa',
    before: { kind: 'ref', ref: SHA, label: 'aaaaaaa' },
    after: { kind: 'worktree', ref: '', label: 'Working Tree' },
    summary: '',
    changedFiles: 1,
    unchanged: 0,
    hiddenBySetting: 0,
    skipped: [],
    refactorings: [{ id: 0, type: 'Rename Method', relationship: 'RENAME', description: '', annotation: [], before: element('src/a/Shop.java'), after: element(file) }],
    elapsedMs: 1,
    ...overrides,
  } as ViewModel;
}

describe('messages from the webview', () => {
  it('accepts the three messages of the protocol for a refactoring of the model shown', () => {
    assert.deepEqual(checkWebviewMessage({ type: 'ready' }, undefined), { ok: true, value: { type: 'ready' } });
    assert.deepEqual(checkWebviewMessage({ type: 'select', id: 0, extra: 'dropped' }, model()), { ok: true, value: { type: 'select', id: 0 } });
    assert.deepEqual(checkWebviewMessage({ type: 'open', id: 0 }, model()), { ok: true, value: { type: 'open', id: 0 } });
  });

  it('refuses anything else, saying why', () => {
    const refusals: Array<[unknown, RegExp]> = [
      [null, /not a message object/],
      ['open', /not a message object/],
      [[{ type: 'open', id: 0 }], /not a message object/],
      [{ type: 'run', command: 'rm -rf /' }, /unknown message type "run"/],
      [{ type: 'open', id: '0' }, /id is not a whole number/],
      [{ type: 'open', id: -1 }, /id is not a whole number/],
      [{ type: 'open', id: 1.5 }, /id is not a whole number/],
      [{ type: 'select', id: 7 }, /no refactoring 7 in the analysis shown/],
      [{ type: 'open', id: { valueOf: 0 } }, /id is not a whole number/],
    ];
    for (const [raw, reason] of refusals) {
      const checked = checkWebviewMessage(raw, model());
      assert.equal(checked.ok, false, JSON.stringify(raw));
      assert.match((checked as { reason: string }).reason, reason);
    }
    assert.equal(checkWebviewMessage({ type: 'open', id: 0 }, undefined).ok, false, 'no model shown: nothing to open');
  });
});

describe('the state a revived panel comes back with', () => {
  it('keeps a model of an open repository with paths inside it', () => {
    const { state, refused } = checkWebviewState({ model: model(), selectedId: 0, groupBy: 'type', hiddenTypes: ['Move Class', 3] }, [ROOT]);
    assert.equal(refused, undefined);
    assert.equal(state?.model?.repository.root, ROOT);
    assert.deepEqual([state?.selectedId, state?.groupBy, state?.hiddenTypes], [0, 'type', ['Move Class']]);
  });

  it('refuses a model naming a path outside the repository, a repository not open, or a ref that is not a commit id', () => {
    const cases: Array<[unknown, RegExp]> = [
      [model({}, '../../../etc/passwd'), /path outside the repository: "\.\.\/\.\.\/\.\.\/etc\/passwd"/],
      [model({}, '/etc/passwd'), /path outside the repository/],
      [model({}, 'C:/Windows/win.ini'), /path outside the repository/],
      [model({}, 'src\\..\\..\\secret'), /path outside the repository/],
      [model({}, 'src/./a/../../x'), /path outside the repository/],
      [model({ repository: { root: '/elsewhere/.ssh', name: '.ssh' } }), /is not open in this window/],
      [model({ before: { kind: 'ref', ref: '--output=x', label: 'x' } }), /before: not a commit id/],
      [model({ after: { kind: 'worktree', ref: 'HEAD', label: 'x' } }), /after: not a commit id/],
      [model({ after: { kind: 'disk' as 'ref', ref: '', label: 'x' } }), /after: not a revision/],
      [{ ...model(), refactorings: [{ ...model().refactorings[0], id: 5 }] }, /refactoring 0: malformed/],
      [{ ...model(), refactorings: [{ ...model().refactorings[0], sourceAfter: element('../x') }] }, /refactoring 0 sourceAfter: path outside/],
      [{ ...model(), refactorings: 'all' }, /no list of refactorings/],
      ['a string', /not a view model/],
    ];
    for (const [raw, reason] of cases) {
      const checked = checkViewModel(raw, [ROOT]);
      assert.equal(checked.ok, false, JSON.stringify(raw).slice(0, 200));
      assert.match((checked as { reason: string }).reason, reason);
    }
    const { state, refused } = checkWebviewState({ model: model({}, '../secret'), groupBy: 'file', hiddenTypes: [] }, [ROOT]);
    assert.equal(state?.model, undefined);
    assert.match(refused ?? '', /path outside the repository/);
  });

  it('repository paths: relative, forward slashes, no dot segments', () => {
    for (const good of ['a.java', 'src/a/B.java', 'dir with space/ünïcode.py', '.github/x.js', '..foo/bar.js']) assert.ok(isRepositoryPath(good), good);
    for (const bad of ['', '/abs', '../up', 'a/../b', 'a//b', 'a/', './a', 'a\u0000b', 'a\nb', 'c:\\x', 'a\\b', 42, undefined]) assert.ok(!isRepositoryPath(bad), String(bad));
  });
});

describe('the webview page', () => {
  const root = path.join(__dirname, '..', '..');
  it('its Content-Security-Policy allows scripts by nonce only: no unsafe-inline, no unsafe-eval', () => {
    const panel = readFileSync(path.join(root, 'src', 'extension', 'panel.ts'), 'utf8');
    const csp = /const csp = \[([\s\S]*?)\]\.join/.exec(panel)?.[1] ?? '';
    assert.match(csp, /"default-src 'none'"/);
    assert.match(csp, /`script-src 'nonce-\$\{nonce\}'`/);
    assert.doesNotMatch(panel, /unsafe-inline|unsafe-eval/);
    assert.doesNotMatch(panel, /<script(?![^>]*nonce=)/, 'every script tag carries the nonce');
  });

  it('its code sets no HTML from strings, no inline handlers, no eval', () => {
    const dir = path.join(root, 'webview');
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      assert.doesNotMatch(source, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function\(|setAttribute\(\s*['"]on/, file);
    }
  });
});
