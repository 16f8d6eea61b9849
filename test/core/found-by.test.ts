/**
 * How each relationship was found (Relationship.foundBy): the matching step that took a pair, the
 * call graph for an Extract or Inline, the type hierarchy for what it tells; and the words a user
 * reads for it (howFound), where a pair taken on thin evidence says to check it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { howFound, toRefactorings } from '../../src/core/report';
import { compare, type Files } from '../helpers';

/** The refactorings as `Type before → after: foundBy`, in report order. */
async function foundBy(before: Files, after: Files): Promise<string[]> {
  const result = await compare(before, after);
  return toRefactorings(result.relationships, result.before, result.after).map((r) => `${r.type} ${r.before.qualifiedName} → ${r.after.qualifiedName}: ${r.foundBy}`);
}

const calc = (name: string, other = '') =>
  `package a;\npublic class Calc {\n  public int ${name}(int x, int y) {\n    int r = x + y;\n    log("adding", x, y, r);\n    return r;\n  }\n  public int sub(int x, int y) {\n    return x - y;\n  }\n${other}}\n`;

test('a rename in place is paired by its code (its place kept); a move and rename by its code alone', async () => {
  assert.deepEqual(await foundBy({ 'a/Calc.java': calc('sum') }, { 'a/Calc.java': calc('add') }), ['Rename Method a.Calc.sum(int,int) → a.Calc.add(int,int): similarity-safe']);
  const util = (more = '') => `package a;\npublic class Util {\n  public void hello() {\n    System.out.println("hi");\n  }\n${more}}\n`;
  const add = '  public int add(int x, int y) {\n    int r = x + y;\n    log("adding", x, y, r);\n    return r;\n  }\n';
  assert.deepEqual(
    await foundBy({ 'a/Calc.java': calc('sum'), 'a/Util.java': util() }, { 'a/Calc.java': 'package a;\npublic class Calc {\n  public int sub(int x, int y) {\n    return x - y;\n  }\n}\n', 'a/Util.java': util(add) }),
    ['Move And Rename Method a.Calc.sum(int,int) → a.Util.add(int,int): similarity'],
  );
});

test('a class moved to another package is paired by its unique name; a JavaScript function whose parameters changed by its identity', async () => {
  const shape = (pkg: string) => `package ${pkg};\npublic class Shape {\n  int w;\n  int h;\n  public int area() {\n    return w * h;\n  }\n}\n`;
  assert.deepEqual(await foundBy({ 'a/Shape.java': shape('a') }, { 'b/Shape.java': shape('b') }), ['Move Class a.Shape → b.Shape: unique-name']);
  const total = (params: string, result: string) => `function total(${params}) {\n  let s = 0;\n  for (const i of items) s += i.price;\n  return ${result};\n}\n`;
  assert.deepEqual(await foundBy({ 'a.js': total('items', 's') }, { 'a.js': total('items, tax', 's * tax') }), ['Change Function Signature a.js/total → a.js/total: identity']);
});

test('a lone method rewritten with its name is paired by position; a class renamed with few of its own tokens left, by its members', async () => {
  const cart = (method: string) => `package shop;\npublic class Cart {\n  private int total;\n${method}}\n`;
  assert.deepEqual(
    await foundBy({ 'shop/Cart.java': cart('  public int sum() {\n    return total * 2;\n  }\n') }, { 'shop/Cart.java': cart('  public int doubled() {\n    log("doubled");\n    return total + total;\n  }\n') }),
    ['Rename Method shop.Cart.sum() → shop.Cart.doubled(): position'],
  );
  const kept = '  public int count() {\n    return items.size();\n  }\n  public void clear() {\n    items.clear();\n  }\n';
  const added = '  public void a1() { x.a(1, 2, 3); y.b(4); }\n  public void a2() { z.c(5, 6, 7); w.d(8); }\n  public void a3() { q.e(9); r.f(10, 11); }\n  public void a4() { t.g(12); u.h(13); v.i(14); }\n';
  assert.deepEqual(
    await foundBy({ 'a/Orders.java': `package a;\npublic class Orders {\n${kept}}\n` }, { 'a/Orders.java': `package a;\npublic class OrderBook {\n${kept}${added}}\n` }),
    ['Rename Class a.Orders → a.OrderBook: children'],
  );
});

test('a method whose callers all call a new one instead, its body rewritten, is paired through its callers', async () => {
  const job = (name: string, body: string) =>
    `package a;\npublic class Job {\n  public void run() {\n    ${name}(1);\n    go();\n  }\n  public void again() {\n    ${name}(2);\n  }\n  private void ${name}(int n) {\n${body}\n  }\n  private void go() {\n  }\n}\n`;
  assert.deepEqual(
    await foundBy(
      { 'a/Job.java': job('prepare', '    cache.reset(n);\n    log.info("prepare " + n);\n    counter = n;') },
      { 'a/Job.java': job('setUp', '    pool.start(n, true);\n    counter = n;\n    metrics.mark("setup");') },
    ),
    ['Rename Method a.Job.prepare(int) → a.Job.setUp(int): redirected-calls'],
  );
});

test('an Extract and an Inline are found through the call graph; an Extract Interface and its signatures through the hierarchy', async () => {
  const kept = '  public String render(String title, java.util.List<String> lines) {\n    StringBuilder sb = new StringBuilder();\n    sb.append(title).append("\\n");\n';
  const loop = '    for (String line : lines) {\n      sb.append("- ").append(line.trim()).append("\\n");\n    }\n';
  const inline = { 'a/Report.java': `package a;\npublic class Report {\n${kept}${loop}    return sb.toString();\n  }\n}\n` };
  const extracted = {
    'a/Report.java': `package a;\npublic class Report {\n${kept}    appendLines(sb, lines);\n    return sb.toString();\n  }\n  private void appendLines(StringBuilder sb, java.util.List<String> lines) {\n${loop}  }\n}\n`,
  };
  assert.deepEqual(await foundBy(inline, extracted), ['Extract Method a.Report.render(String,List<String>) → a.Report.appendLines(StringBuilder,List<String>): call-graph']);
  assert.deepEqual(await foundBy(extracted, inline), ['Inline Method a.Report.appendLines(StringBuilder,List<String>) → a.Report.render(String,List<String>): call-graph']);
  const dog = (implementsAnimal: string) => `package a;\npublic class Dog${implementsAnimal} {\n  public String sound() {\n    return "woof";\n  }\n}\n`;
  assert.deepEqual(await foundBy({ 'a/Dog.java': dog('') }, { 'a/Dog.java': dog(' implements Animal'), 'a/Animal.java': 'package a;\npublic interface Animal {\n  String sound();\n}\n' }), [
    'Extract Interface a.Dog → a.Animal: hierarchy',
    'Pull Up Method Signature a.Dog.sound() → a.Animal.sound(): hierarchy',
  ]);
});

test('how it was found, in words: the evidence, the similarity, and "check it" where the evidence is thin', () => {
  const words = (type: string, relationship: string, foundBy: string, similarity?: number) => howFound({ type, relationship, foundBy, similarity } as Parameters<typeof howFound>[0]);
  assert.deepEqual(words('Rename Method', 'RENAME', 'unique-name', 0.82), { text: 'Paired by its name, unique on both sides; code similarity 82%', weak: false });
  assert.deepEqual(words('Extract Method', 'EXTRACT', 'call-graph', 0.61), {
    text: 'Found through the call graph: the new method is called from where the code it holds was lost; similarity 61%',
    weak: false,
  });
  assert.deepEqual(words('Inline Function', 'INLINE', 'call-graph', 0.7).text, 'Found through the call graph: the function is gone and its code is now where it was called; similarity 70%');
  assert.deepEqual(words('Rename Method', 'RENAME', 'position', 0.31), { text: 'Paired by position, as the only one left unpaired in its container (code similarity 31%): check it', weak: true });
  assert.equal(words('Rename Method', 'RENAME', 'mutual-best', 0.4).weak, true);
  // a container paired by its members: thin only where little of its own code is alike
  assert.equal(words('Rename Class', 'RENAME', 'children', 0.18).weak, true);
  assert.equal(words('Rename Class', 'RENAME', 'children', 0.7).weak, false);
  assert.equal(words('Pull Up Method Signature', 'PULL_UP_SIGNATURE', 'hierarchy').text, 'Found through the type hierarchy: a new supertype declares its signature');
});

test('the words of the two pairings of types by what names them: the supertype its subtype names, the namesake keeping most member signatures', () => {
  assert.equal(howFound({ type: 'Rename Class', relationship: 'RENAME', foundBy: 'renamed-supertype' }).text, 'Paired as the supertype its subtype now names in its place');
  assert.equal(
    howFound({ type: 'Move Class', relationship: 'MOVE', foundBy: 'namesake-members', similarity: 0.462 }).text,
    "Paired among the types of its name as the one keeping most of its members' signatures; code similarity 46%",
  );
});

test('the words of a type paired by the alias its rename left behind (`using ConfigINI = ConfigBase;`)', () => {
  assert.equal(
    howFound({ type: 'Rename Class', relationship: 'RENAME', foundBy: 'alias-left', similarity: 0.142 }).text,
    'Paired by the alias the rename left behind: the new class still answers to the old name; code similarity 14%',
  );
});

test('the words of a pairing that followed the same element written elsewhere: a C definition its prototype, an abstract method its implementation', () => {
  assert.equal(
    howFound({ type: 'Move And Rename Function', relationship: 'MOVE_RENAME', foundBy: 'same-rename', similarity: 0.397 }).text,
    'Paired as the same function written elsewhere (its implementation, or its prototype) was renamed the same way; code similarity 40%',
  );
  assert.equal(
    howFound({ type: 'Rename Method', relationship: 'RENAME', foundBy: 'same-rename' }).text,
    'Paired as the same method written elsewhere (its implementation, or its prototype) was renamed the same way',
  );
});
