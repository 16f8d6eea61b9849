import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { gzipSync } from 'node:zlib';

const main = path.resolve(__dirname, '..', '..', 'src', 'eval', 'main.ts');
const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', main, ...args], { encoding: 'utf8' });

const root = mkdtempSync(path.join(os.tmpdir(), 'eval-cli-'));
after(() => rmSync(root, { recursive: true, force: true }));

const calc = (name: string) => `package a;

public class Calc {
  public int ${name}(int x, int y) {
    int total = x + y;
    if (total > 100) { System.out.println("large " + total); }
    return total;
  }

  public int twice(int x) {
    return x * 2 + 0;
  }
}
`;

/** A hand-made oracle folder: one Java case renaming sum → add, plus a variable rename (out of scope). */
function writeOracles(): string {
  const dir = path.join(root, 'oracles');
  mkdirSync(path.join(dir, 'java-rm', 'cases'), { recursive: true });
  const side = (m: string) => ({ file: 'src/a/Calc.java', kind: 'method', name: `a.Calc.${m}`, class: 'a.Calc', signature: `public ${m}(x int, y int) : int` });
  const oracleCase = {
    id: 'calc-0000001',
    language: 'java',
    files: { before: { 'src/a/Calc.java': calc('sum') }, after: { 'src/a/Calc.java': calc('add') } },
    refactorings: [
      { type: 'Rename Method', description: 'Rename Method public sum(x int, y int) : int renamed to public add(x int, y int) : int in class a.Calc', before: side('sum'), after: side('add'), validation: 'TP' },
      { type: 'Rename Variable', description: 'Rename Variable t : int to total : int in method public add(x int, y int) : int in class a.Calc', validation: 'TP' },
    ],
  };
  writeFileSync(path.join(dir, 'java-rm', 'cases', 'calc-0000001.json.gz'), gzipSync(JSON.stringify(oracleCase)));
  return dir;
}

test('a missing oracles folder is a one-line error and exit code 2', () => {
  const result = run(['--oracles', path.join(root, 'nowhere')]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /^eval: oracles folder not found: .*nowhere/);
  assert.equal(result.stderr.trim().split('\n').length, 1);
});

test('an unknown option is a usage error', () => {
  const result = run(['--frobnicate']);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /unknown argument: --frobnicate/);
});

test('a renamed method is scored as a true positive and the variable rename is out of scope', () => {
  const oracles = writeOracles();
  const json = path.join(root, 'out.json');
  const result = run(['--oracles', oracles, '--json', json]);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /Rename Method\s+1\s+1\s+1\s+100\.0\s+100\.0\s+100\.0/);
  assert.match(result.stdout, /variables, attributes, annotations, statements: Rename Variable 1/);
  const data = JSON.parse(readFileSync(json, 'utf8'));
  assert.equal(data.datasets[0].total.tp, 1);
  assert.equal(data.cases['java-rm'][0].missed.length, 0);
  // the matching step that paired sum and add, for precision by step
  const step = data.cases['java-rm'][0].confirmed[0].pairedBy;
  assert.equal(typeof step, 'string');
  assert.deepEqual(data.datasets[0].steps, { [step]: { detected: 1, tp: 1 } });
  assert.match(result.stdout, new RegExp(`paired by \\(.*\\): ${step} 1 \\(0 false\\)`));
});

test('--explain names the case, its true positive and what was not scored', () => {
  const result = run(['--oracles', writeOracles(), '--explain', 'calc-0000001']);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /^calc-0000001 \(java-rm\)/);
  assert.match(result.stdout, /True positives \(1\):\n- Rename Method .* \(paired by [a-z-]+\)\n/);
});

test('--markdown writes the tables for docs/accuracy.md with the command that reproduces them, output files left out', () => {
  const md = path.join(root, 'tables.md');
  const result = run(['--oracles', writeOracles(), '--dataset', 'java-rm', '--markdown', md]);
  assert.equal(result.status, 0, result.stderr);
  const text = readFileSync(md, 'utf8');
  assert.match(text, /^Made by `npm run eval -- --oracles \S+ --dataset java-rm`\./);
  assert.doesNotMatch(text, /tables\.md/);
  assert.match(text, /\| java-rm \(Java\) \| 1 \| 1 \| 1 \| 1 \| 100\.0 \| 100\.0 \| 100\.0 \|/);
  assert.match(text, /### java-rm: precision and recall/);
  assert.match(text, /\| Rename Method \| 1 \| 1 \| 1 \| 100\.0 \| 100\.0 \| 100\.0 \|/);
  assert.match(text, /Out of scope \(1 oracle entries/);
  assert.match(text, /\nPaired by \(.*\): [a-z-]+ 1 \(0 false\)\.\n/);
});

test('--baseline lists, case by case, what was found and what was lost since an earlier --json run', () => {
  const oracles = writeOracles();
  const baseline = path.join(root, 'baseline.json');
  // an earlier run that had missed the rename and reported a false Extract Method
  const earlier = {
    cases: {
      'java-rm': [
        {
          id: 'calc-0000001',
          missed: [{ type: 'Rename Method', description: 'Rename Method public sum(x int, y int) : int renamed to public add(x int, y int) : int in class a.Calc' }],
          falsePositives: [{ type: 'Extract Method', description: 'Extract Method twice(x) extracted from sum(x, y)' }],
        },
      ],
    },
  };
  writeFileSync(baseline, JSON.stringify(earlier));
  const result = run(['--oracles', oracles, '--baseline', baseline]);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /java-rm against the baseline: 1 found, 0 lost, 1 false detections gone, 0 new/);
  assert.match(result.stdout, /calc-0000001 found: Rename Method: Rename Method public sum/);
  assert.match(result.stdout, /calc-0000001 false gone: Extract Method: Extract Method twice/);
});

test('--baseline compares the signature changes too, where both runs scored them', () => {
  const oracles = writeOracles();
  const baseline = path.join(root, 'baseline-signatures.json');
  // an earlier run that had reported a signature change of twice() that no oracle entry names
  const earlier = {
    cases: {
      'java-rm': [{ id: 'calc-0000001', missed: [], falsePositives: [], signatures: { missed: [], unmatched: ['Change Method Signature twice(x int) to twice(x long) in class a.Calc'] } }],
    },
  };
  writeFileSync(baseline, JSON.stringify(earlier));
  const result = run(['--oracles', oracles, '--baseline', baseline]);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /java-rm signature changes against the baseline: 0 missed no more, 0 missed anew, 1 of ours matching none gone, 0 new/);
  assert.match(result.stdout, /calc-0000001 signature matching none gone: Change Method Signature twice\(x int\)/);
});

test('a baseline that is not a --json file is a one-line error', () => {
  const bad = path.join(root, 'bad.json');
  writeFileSync(bad, '{"datasets": []}');
  const result = run(['--oracles', writeOracles(), '--baseline', bad]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /^eval: .*bad\.json is not a file written by --json/);
  assert.equal(result.stderr.trim().split('\n').length, 1);
});

test('a dataset the eval does not know is measured as its cases tell: its language, and agreement where no entry was validated', () => {
  const dir = path.join(root, 'other-oracles');
  const write = (dataset: string, language: string, file: string, validation: string) => {
    mkdirSync(path.join(dir, dataset, 'cases'), { recursive: true });
    const oracleCase = {
      id: `${dataset}-0000001`,
      language,
      files: { before: { [file]: 'function sum(a, b) {\n  const total = a + b;\n  log(total);\n  return total;\n}\n' }, after: { [file]: 'function add(a, b) {\n  const total = a + b;\n  log(total);\n  return total;\n}\n' } },
      refactorings: [{ type: 'Rename Function', description: `Rename Function sum(a, b) renamed to add(a, b) in file ${file}`, before: { file, name: 'sum' }, after: { file, name: 'add' }, validation }],
    };
    writeFileSync(path.join(dir, dataset, 'cases', `${dataset}-0000001.json.gz`), gzipSync(JSON.stringify(oracleCase)));
  };
  write('ts-new', 'typescript', 'src/math.ts', 'TP');
  write('js-raw', 'javascript', 'src/math.js', 'UKN');
  const result = run(['--oracles', dir]);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /^ts-new \(TypeScript, 1 case\): precision and recall against confirmed refactorings$/m);
  assert.match(result.stdout, /^js-raw \(JavaScript, 1 case\): agreement/m);
  assert.match(result.stdout, /Rename Function\s+1\s+1\s+1\s+100\.0\s+100\.0/);
});
