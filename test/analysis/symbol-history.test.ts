import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { symbolHistory, type SymbolHistory } from '../../src/analysis/history';
import { GitError } from '../../src/analysis/git-analysis';
import { makeScratchDir, type ScratchRepo } from '../git/scratch-repo';
import { buildScenario, HISTORY_SCENARIOS } from './symbol-history-scenarios';

/** `kind type: before-name@before-file -> after-name@after-file [other]`, one line per step. */
const outline = (history: SymbolHistory) =>
  history.steps.map((s) => `${s.kind} ${s.type}: ${s.before ? `${s.before.name}@${s.before.file}` : '-'} -> ${s.after.name}@${s.after.file}${s.other ? ` [${s.other.name}]` : ''}`);

for (const scenario of HISTORY_SCENARIOS) {
  describe(`history of a ${scenario.language} element through rename, move, change signature and extract`, () => {
    let repo: ScratchRepo;
    let shas: string[];
    before(() => ({ repo, shas } = buildScenario(scenario)));
    after(() => repo.dispose());

    const { names, files, types } = scenario;

    it('lists the four refactorings and the commit that added it, newest first, with names and files at the time', async () => {
      const history = await symbolHistory(repo.dir, { file: scenario.file, symbol: scenario.symbol });
      assert.equal(history.element.name, names.final);
      assert.equal(history.element.file, files.moved);
      assert.deepEqual(outline(history), [
        `extracted-into ${types[0]}: ${names.final}@${files.moved} -> ${names.final}@${files.moved} [${names.extracted}]`,
        `refactored ${types[1]}: ${names.final}@${files.moved} -> ${names.final}@${files.moved}`,
        `refactored ${types[2]}: ${names.renamed}@${files.original} -> ${names.renamed}@${files.moved}`,
        `refactored ${types[3]}: ${names.original}@${files.original} -> ${names.renamed}@${files.original}`,
        `added Added: - -> ${names.original}@${files.original}`,
      ]);
      // Commits: extract (5), signature (4), move (3), rename (1), add (0); the unrelated commit (2) is not there.
      assert.deepEqual(
        history.steps.map((s) => s.commit.sha),
        [shas[5], shas[4], shas[3], shas[1], shas[0]],
      );
      assert.equal(history.end, 'added');
      // each refactoring says how it was found: the extract through the call graph, the rename by its code
      assert.match(history.steps[0].howFound ?? '', /^Found through the call graph/);
      assert.match(history.steps[3].howFound ?? '', /^Paired by its code/);
      assert.equal(history.steps[4].howFound, undefined);
      assert.equal(history.steps[0].commit.subject, scenario.commits[5].message);
      assert.equal(history.steps[0].commit.author, 'Ada Tester');
      assert.match(history.steps[0].commit.date, /^\d{4}-\d\d-\d\dT/);
      // Only the commits that touched the element's file at the time were analysed.
      assert.equal(history.commitsAnalysed, 5);
    });

    it('follows an extracted element back to the element it was extracted from', async () => {
      const history = await symbolHistory(repo.dir, { file: scenario.file, symbol: names.extracted });
      assert.deepEqual(outline(history).slice(0, 2), [
        `extracted-from ${types[0]}: ${names.final}@${files.moved} -> ${names.extracted}@${files.moved}`,
        `refactored ${types[1]}: ${names.final}@${files.moved} -> ${names.final}@${files.moved}`,
      ]);
      assert.equal(history.steps.at(-1)?.kind, 'added');
      assert.equal(history.steps.at(-1)?.after.name, names.original);
    });

    it('finds the element at a line, as the editor asks at the cursor', async () => {
      const byName = await symbolHistory(repo.dir, { file: scenario.file, symbol: scenario.symbol });
      const line = byName.element.startLine + 2;
      const byLine = await symbolHistory(repo.dir, { file: scenario.file, line });
      assert.equal(byLine.element.qualifiedName, byName.element.qualifiedName);
      assert.deepEqual(outline(byLine), outline(byName));
    });

    it('starts from an older ref when asked', async () => {
      const history = await symbolHistory(repo.dir, { file: files.original, symbol: names.renamed, ref: shas[2] });
      assert.deepEqual(outline(history), [`refactored ${types[3]}: ${names.original}@${files.original} -> ${names.renamed}@${files.original}`, `added Added: - -> ${names.original}@${files.original}`]);
    });
  });
}

describe('symbol history: what the user gives and how the walk ends', () => {
  const scenario = HISTORY_SCENARIOS[0];
  let repo: ScratchRepo;
  let shas: string[];
  before(() => ({ repo, shas } = buildScenario(scenario)));
  after(() => repo.dispose());

  const rejects = (query: Parameters<typeof symbolHistory>[1], pattern: RegExp) =>
    assert.rejects(symbolHistory(repo.dir, query), (error: unknown) => error instanceof GitError && error.code === 'bad-argument' && pattern.test(error.message));

  it('refuses a file that does not exist, a path outside the repository, an unknown language and an unknown symbol', async () => {
    await rejects({ file: 'src/shop/Nope.java', symbol: 'x' }, /does not exist/);
    await rejects({ file: '../outside.java', symbol: 'x' }, /not a path inside the repository/);
    await rejects({ file: 'README.md', symbol: 'x' }, /no supported language/);
    await rejects({ file: scenario.file, symbol: 'nothingLikeThis' }, /no class, method or function named nothingLikeThis/);
    await assert.rejects(symbolHistory(repo.dir, { file: scenario.file, symbol: 'x', ref: 'no-such-branch' }), (e: unknown) => e instanceof GitError && e.code === 'unknown-ref');
  });

  it('names the candidates when a symbol is ambiguous', async () => {
    repo.write('src/shop/Twice.java', 'package shop;\nclass Twice {\n  int a(int x) { return x; }\n  int a(String s) { return s.length(); }\n}\n');
    repo.commit('overloads');
    await rejects({ file: 'src/shop/Twice.java', symbol: 'a' }, /ambiguous.*Twice\.a\(int\).*Twice\.a\(String\)/);
    const one = await symbolHistory(repo.dir, { file: 'src/shop/Twice.java', symbol: 'a(String)' });
    assert.equal(one.element.qualifiedName, 'shop.Twice.a(String)');
    repo.git('reset', '-q', '--hard', shas.at(-1)!);
  });

  it('tells Kotlin extension functions of one name apart by their receiver, as shown or as written', async () => {
    const body = '() {\n  try {\n    close()\n  } catch (_: Exception) {\n  }\n}\n';
    repo.write('src/shop/Util.kt', `package shop\n\nfun Socket.closeQuietly${body}\nfun ServerSocket.closeQuietly${body}`);
    repo.commit('extensions');
    await rejects({ file: 'src/shop/Util.kt', symbol: 'closeQuietly' }, /ambiguous.*shop\.\(Socket\)\.closeQuietly\(\).*shop\.\(ServerSocket\)\.closeQuietly\(\)/);
    for (const symbol of ['(ServerSocket).closeQuietly', 'ServerSocket.closeQuietly', '(ServerSocket).closeQuietly()', 'ServerSocket.closeQuietly()']) {
      const one = await symbolHistory(repo.dir, { file: 'src/shop/Util.kt', symbol });
      assert.equal(one.element.qualifiedName, 'shop.(ServerSocket).closeQuietly()', symbol);
    }
    repo.git('reset', '-q', '--hard', shas.at(-1)!);
  });

  it('finds a Go method declared apart from its type by Type.method, as a reader names it', async () => {
    repo.write('server/server.go', 'package server\n\ntype Server struct {\n\tport int\n}\n\ntype Client struct{}\n');
    repo.write('server/run.go', 'package server\n\nfunc (s *Server) Start() error {\n\treturn nil\n}\n\nfunc (c *Client) Start() error {\n\treturn nil\n}\n');
    repo.commit('apart');
    await rejects({ file: 'server/run.go', symbol: 'Start' }, /ambiguous/);
    for (const symbol of ['Server.Start', 'Server.Start()', '(*Server).Start', 'Server/Start']) {
      const one = await symbolHistory(repo.dir, { file: 'server/run.go', symbol });
      assert.match(one.element.qualifiedName, /Server\/Start/, symbol);
    }
    repo.git('reset', '-q', '--hard', shas.at(-1)!);
  });

  it('takes the element from the editor text (uncommitted lines above it) and refuses one not committed yet', async () => {
    const committed = repo.git('show', `HEAD:${scenario.file}`);
    const edited = committed.replace('public class Pricing {', 'public class Pricing {\n  // a new comment\n  // and another\n\n  public void fresh() {\n    System.out.println("new");\n  }\n');
    const freshLine = edited.split('\n').findIndex((l) => l.includes('fresh()')) + 1;
    const sumLine = edited.split('\n').findIndex((l) => l.includes('sumPrices(')) + 1;
    const history = await symbolHistory(repo.dir, { file: scenario.file, line: sumLine, text: edited });
    assert.equal(history.element.name, 'sumPrices');
    assert.equal(history.steps.length, 5);
    await rejects({ file: scenario.file, line: freshLine, text: edited }, /not committed yet/);
  });

  it('a commit that runs out of its time budget ends the walk and says which', async () => {
    const history = await symbolHistory(repo.dir, { file: scenario.file, symbol: scenario.symbol }, { timeBudgetMs: 0.001 });
    assert.equal(history.end, 'lost');
    assert.match(history.endDetail ?? '', new RegExp(`commit ${shas.at(-1)!.slice(0, 12)} ran out of its time budget`));
  });

  it('a file over the size limit is refused by its size, with the reason', async () => {
    await assert.rejects(
      symbolHistory(repo.dir, { file: scenario.file, symbol: scenario.symbol }, { maxFileSize: 100 }),
      (e: unknown) => e instanceof GitError && /cannot be analysed: too-large \(\d+ bytes, limit 100\)/.test(e.message),
    );
  });

  it('stops at the limit of commits and says so', async () => {
    const history = await symbolHistory(repo.dir, { file: scenario.file, symbol: scenario.symbol }, { maxCommits: 2 });
    assert.equal(history.end, 'limit');
    assert.equal(history.steps.length, 2);
    assert.equal(history.commitsAnalysed, 2);
  });

  it('in a shallow clone, ends at the cut and does not claim the element was added there', async () => {
    const shallow = path.join(makeScratchDir(), 'shallow');
    repo.git('clone', '-q', '--depth', '3', '--branch', 'main', `file://${repo.dir}`, shallow);
    const history = await symbolHistory(shallow, { file: scenario.file, symbol: scenario.symbol });
    // Depth 3: the extract, the signature change and the move; the move commit is the boundary
    // (its parent was cut), so what it did cannot be known.
    assert.equal(history.end, 'shallow');
    assert.deepEqual(
      history.steps.map((s) => s.type),
      ['Extract Method', 'Change Method Signature'],
    );
  });
});
