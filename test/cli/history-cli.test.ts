import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { run } from '../../src/cli/main';
import { buildScenario, HISTORY_SCENARIOS } from '../analysis/symbol-history-scenarios';
import type { ScratchRepo } from '../git/scratch-repo';

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await run(argv, { out: (t) => (out += t), err: (t) => (err += t), errIsTty: false });
  return { code, out, err };
}

describe('refactoring-lens history FILE SYMBOL', () => {
  const scenario = HISTORY_SCENARIOS.find((s) => s.language === 'typescript')!;
  let repo: ScratchRepo;
  let shas: string[];
  before(() => ({ repo, shas } = buildScenario(scenario)));
  after(() => repo.dispose());

  it('prints a header, one tab-separated line a step (commit, author, type, what happened, where) and how it ended', async () => {
    const ran = await cli('--repo', repo.dir, 'history', 'src/pricing.ts', 'sumPrices');
    assert.equal(ran.code, 0, ran.err);
    assert.equal(ran.err, '');
    const lines = ran.out.trim().split('\n');
    assert.equal(lines[0], `History of src/pricing.ts/sumPrices (src/pricing.ts:1) from ${shas[5].slice(0, 10)}`);
    const steps = lines.slice(1, -1).map((line) => line.split('\t'));
    assert.deepEqual(
      steps.map(([commit, author, type]) => `${commit.slice(0, 10)} ${author} ${type}`),
      [
        `${shas[5].slice(0, 10)} Ada Tester Extract Function`,
        `${shas[4].slice(0, 10)} Ada Tester Change Function Signature`,
        `${shas[3].slice(0, 10)} Ada Tester Move Function`,
        `${shas[1].slice(0, 10)} Ada Tester Rename Function`,
        `${shas[0].slice(0, 10)} Ada Tester Added`,
      ],
    );
    assert.equal(steps[3][4], 'src/cart.ts/sumPrices (src/cart.ts:1)');
    assert.match(steps[3][3], /computeTotal.*renamed to sumPrices/);
    assert.match(lines.at(-1)!, /^5 step\(s\); reached the commit that added it; 5 commit\(s\) analysed in \d+ ms$/);
  });

  it('--json gives the chain as data; a FILE given from inside the repository works too', async () => {
    const ran = await cli('--repo', repo.dir, '--json', 'history', path.join(repo.dir, 'src', 'pricing.ts'), '--line', '2');
    assert.equal(ran.code, 0, ran.err);
    const history = JSON.parse(ran.out);
    assert.equal(history.element.name, 'sumPrices');
    assert.equal(history.end, 'added');
    assert.deepEqual(
      history.steps.map((s: { kind: string; after: { name: string; file: string } }) => `${s.kind} ${s.after.name} ${s.after.file}`),
      ['extracted-into sumPrices src/pricing.ts', 'refactored sumPrices src/pricing.ts', 'refactored sumPrices src/pricing.ts', 'refactored sumPrices src/cart.ts', 'added computeTotal src/cart.ts'],
    );
    assert.equal(history.steps[0].other.name, 'positiveSum');
  });

  it('bad input: one line on stderr and exit 2', async () => {
    for (const argv of [
      ['history'],
      ['history', 'src/pricing.ts'],
      ['history', 'src/pricing.ts', 'a', 'b'],
      ['history', 'src/pricing.ts', 'sumPrices', '--range', 'HEAD'],
      ['history', 'src/nope.ts', 'sumPrices'],
      ['history', 'src/pricing.ts', 'nope'],
      ['history', 'src/pricing.ts', 'sumPrices', '--ref', 'nope'],
      ['--line', '3', 'HEAD'],
    ]) {
      const ran = await cli('--repo', repo.dir, ...argv);
      assert.equal(ran.code, 2, `${argv.join(' ')}: ${ran.err}`);
      assert.equal(ran.err.trim().split('\n').length, 1, ran.err);
      assert.match(ran.err, /^refactoring-lens: /);
      assert.equal(ran.out, '');
    }
  });
});
