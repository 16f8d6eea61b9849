import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CallSite, CstNode, FileCst } from '../../src/core/cst';
import { parseFile } from '../../src/languages/registry';

const named = (cst: FileCst, signature: string): CstNode => {
  const node = cst.nodes.find((n) => n.signature === signature);
  assert.ok(node, `no node ${signature} among ${cst.nodes.map((n) => n.signature).join(', ')}`);
  return node;
};

const calculator = `package my.calc;

import java.util.List;

public class Calculator extends Base<Integer> implements Comparable<Calculator>, java.io.Serializable {
  private int total;

  public Calculator(int start) { this(start, 0); }

  public int sum(int a, int b) {
    // add them
    return a + b + total;
  }

  public void put(final @Deprecated java.lang.Object key, List<String> values, String... rest) { log("put", key); }

  static class Inner {
    void run() {}
  }
}
`;

test('Java types and methods get kinds, simple names, signatures, namespaces and parents', async () => {
  const cst = await parseFile('src/my/calc/Calculator.java', calculator);
  assert.equal(cst.language, 'java');
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.signature, n.namespace, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['class', 'Calculator', 'my.calc.', null],
    ['constructor', 'Calculator(int)', '', 'Calculator'],
    ['method', 'sum(int,int)', '', 'Calculator'],
    ['method', 'put(Object,List,String[])', '', 'Calculator'],
    ['class', 'Inner', '', 'Calculator'],
    ['method', 'run()', '', 'Inner'],
  ]);
  assert.deepEqual(cst.nodes[0].children, [1, 2, 3, 4]);
  assert.deepEqual(cst.nodes.map((n) => n.noun), ['Class', 'Method', 'Method', 'Method', 'Class', 'Method']);
  const put = named(cst, 'put(Object,List,String[])');
  assert.deepEqual(put.parameters, ['key', 'values', 'rest']);
  assert.equal(put.returnType, 'void');
  assert.equal(named(cst, 'sum(int,int)').returnType, 'int');
  assert.equal(cst.errors, 0);
});

test('a type in the default package has an empty namespace', async () => {
  const cst = await parseFile('A.java', 'class A { interface B {} enum C { X } record D(int x) {} @interface E {} }');
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name, n.namespace]), [
    ['class', 'A', ''], ['interface', 'B', ''], ['enum', 'C', ''], ['record', 'D', ''], ['annotation', 'E', ''],
  ]);
});

test('Java tokens include the children; body tokens drop parameters and return', async () => {
  const cst = await parseFile('Calculator.java', calculator);
  const sum = named(cst, 'sum(int,int)');
  assert.deepEqual(sum.tokens, ['public', 'int', 'sum', '(', 'int', 'a', ',', 'int', 'b', ')', '{', 'return', 'a', '+', 'b', '+', 'total', ';', '}']);
  assert.deepEqual(sum.bodyTokens, ['{', '+', '+', 'total', ';', '}']);
  const put = named(cst, 'put(Object,List,String[])');
  assert.deepEqual(put.bodyTokens, ['{', 'log', '(', '"put"', ',', ')', ';', '}'], 'a string literal is one token');
  assert.ok(cst.nodes[0].tokens.includes('total') && cst.nodes[0].tokens.includes('run'), 'the class has its methods\' tokens');
  assert.ok(!cst.nodes[0].tokens.some((t) => t.includes('add them')), 'comments are not tokens');
});

test('Java calls are method invocations with argument counts; this(...) and new are not calls', async () => {
  const cst = await parseFile('C.java', `class C {
  C() { this(1); }
  C(int x) { super(); init(x, 2); }
  void a() { b(); this.c(1); util.Strings.d(1, 2, /* no */ 3); new Thread(() -> e()).start(); new Object() { void f() { g(); } }; }
}`);
  assert.deepEqual(cst.nodes.map((n) => n.calls.map(({ name, args }) => ({ name, args }))), [
    [],
    [],
    [{ name: 'init', args: 2 }],
    [{ name: 'b', args: 0 }, { name: 'c', args: 1 }, { name: 'd', args: 3 }, { name: 'start', args: 0 }, { name: 'e', args: 0 }, { name: 'g', args: 0 }],
  ]);
  assert.deepEqual(cst.nodes.map((n) => n.signature), ['C', 'C()', 'C(int)', 'a()'], 'anonymous classes and lambdas are not nodes');
});

test('Java call receivers: the declared type of the variable, parameter or field called on, the type named, or the call whose result it is', async () => {
  const cst = await parseFile('p/Store.java', `package p;
public class Store extends Base {
  enum Mode { FAST; }
  private final java.util.List<Page> pages = new java.util.ArrayList<>();
  void close(Helper helper, String... rest) {
    graph.close();
    this.graph.flush(1);
    helper.help();
    Cursor cursor = open();
    cursor.next();
    var writer = new Writer();
    writer.write();
    Util.check();
    java.util.Objects.hash(1);
    new Reader().read();
    ((Page) o).load();
    super.close();
    pages.clear();
    for (Page page : pages) page.drop();
    Mode.FAST.ordinal();
    LOG.info("closed");
    next().go();
  }
  private BaseGraph graph;
}`);
  const close = cst.nodes.find((n) => n.name === 'close');
  assert.ok(close);
  const receiver = (c: CallSite) => c.receiver ?? (c.receiverCall !== undefined ? `${close.calls[c.receiverCall].name}()` : '?');
  assert.deepEqual(close.calls.map((c) => `${c.name}:${receiver(c)}${c.ownType ? ' (own type)' : ''}`), [
    'close:BaseGraph', // a field declared below its use
    'flush:BaseGraph',
    'help:Helper',
    'open:Store (own type)',
    'next:Cursor',
    'write:Writer',
    'check:Util',
    'hash:Objects',
    'read:Reader',
    'load:Page',
    'close:Base',
    'clear:List',
    'drop:Page',
    'ordinal:?',
    'info:?', // a constant, not a type
    'go:next()',
    'next:Store (own type)',
  ]);
});

test('Java stereotypes: abstract, constructor, accessor, mutator, static, type member, variadic, file-private', async () => {
  const cst = await parseFile('S.java', `abstract class S {
  private int f;
  S() {}
  abstract void todo();
  static int count() { return 0; }
  int getF() { return f; }
  int getThisF() { return this.f; }
  void setF(int f) { this.f = f; }
  void setG(int g) { f = g; }
  void notSetter(int g) { f = g + 1; }
  native void n();
  void all(String first, Object... rest) {}
  void array(String first, Object[] rest) {}
  private static int hidden() { return 1; }
}
interface I { void m(); default void d() {} static void s() {} }`);
  const stereotypes = (signature: string) => named(cst, signature).stereotypes.slice().sort();
  assert.deepEqual(stereotypes('S()'), ['constructor', 'has-body', 'type-member']);
  assert.deepEqual(stereotypes('todo()'), ['abstract', 'type-member']);
  assert.deepEqual(stereotypes('count()'), ['has-body', 'static', 'type-member']);
  assert.deepEqual(stereotypes('getF()'), ['field-accessor', 'has-body', 'type-member']);
  assert.deepEqual(stereotypes('getThisF()'), ['field-accessor', 'has-body', 'type-member']);
  assert.deepEqual(stereotypes('setF(int)'), ['field-mutator', 'has-body', 'type-member']);
  assert.deepEqual(stereotypes('setG(int)'), ['field-mutator', 'has-body', 'type-member']);
  assert.deepEqual(stereotypes('notSetter(int)'), ['has-body', 'type-member']);
  assert.deepEqual(stereotypes('n()'), ['type-member'], 'a native method has no body but is not abstract');
  assert.deepEqual(stereotypes('all(String,Object[])'), ['has-body', 'type-member', 'variadic']);
  assert.deepEqual(stereotypes('array(String,Object[])'), ['has-body', 'type-member']);
  assert.deepEqual(stereotypes('hidden()'), ['file-private', 'has-body', 'static', 'type-member'], 'a private method is called from its own file only');
  assert.deepEqual(stereotypes('m()'), ['abstract', 'type-member']);
  assert.deepEqual(stereotypes('d()'), ['has-body', 'type-member']);
  assert.deepEqual(stereotypes('s()'), ['has-body', 'static', 'type-member']);
  assert.deepEqual(named(cst, 'todo()').bodyTokens, undefined);
});

test('Java supertypes are simple names without generic arguments', async () => {
  const cst = await parseFile('Calculator.java', calculator);
  assert.deepEqual(cst.nodes[0].supertypes, ['Base', 'Comparable', 'Serializable']);
  const other = await parseFile('I.java', 'interface I extends J<K>, a.L {} enum E implements X {} record R(int a) implements Y<Z> {}');
  assert.deepEqual(other.nodes.map((n) => n.supertypes), [['J', 'L'], ['X'], ['Y']]);
});

test('Java parameter types keep their generic arguments and wildcards, unqualified; the signature erases them', async () => {
  const text = 'class A {\n  void f(java.util.List<? extends a.b.C> xs, Map.Entry<K, @NonNull V> e, java.util.Comparator<? super T> c, String @NonNull [] s, int... n) {}\n}\n';
  const f = (await parseFile('A.java', text)).nodes.find((n) => n.name === 'f');
  assert.ok(f);
  assert.deepEqual(f.parameterTypes, ['List<? extends C>', 'Entry<K,V>', 'Comparator<? super T>', 'String[]', 'int[]']);
  assert.equal(f.signature, 'f(List,Entry,Comparator,String[],int[])');
  // Qualified or not, a wildcard's bound is the same type, and `extends` is not `super`.
  const g = (type: string) => `class A {\n  void g(${type} xs) {}\n}\n`;
  const typeOf = async (type: string) => (await parseFile('A.java', g(type))).nodes.find((n) => n.name === 'g')?.parameterTypes[0];
  assert.equal(await typeOf('List<? extends a.b.C>'), await typeOf('List<? extends C>'));
  assert.notEqual(await typeOf('List<? extends a.b.C>'), await typeOf('List<? super a.b.C>'));
});

test('Java locations are 1-based lines and columns, with 0-based offsets', async () => {
  const text = 'package p;\n\nclass A {\n  @Override\n  public int sum(int a) {\n    return a;\n  }\n}\n';
  const cst = await parseFile('A.java', text);
  const sum = named(cst, 'sum(int)');
  assert.deepEqual({ ...sum.location, file: undefined }, { file: undefined, startLine: 4, startColumn: 3, endLine: 7, endColumn: 4, begin: text.indexOf('@Override'), end: text.indexOf('}\n}') + 1 });
  assert.deepEqual([sum.nameLocation.startLine, sum.nameLocation.startColumn, sum.nameLocation.endColumn], [5, 14, 17]);
  assert.equal(sum.location.file, 'A.java');
  assert.equal(text.slice(sum.nameLocation.begin, sum.nameLocation.end), 'sum');
});

test('a Java file with syntax errors still yields its methods', async () => {
  const cst = await parseFile('Broken.java', 'class Broken {\n  void ok() { a(); }\n  void bad( { int x = ; }\n  void fine() { b(); }\n}\n');
  assert.ok(cst.errors > 0);
  const signatures = cst.nodes.map((n) => n.signature);
  assert.ok(signatures.includes('Broken') && signatures.includes('ok()') && signatures.includes('fine()'), signatures.join(', '));
});

test('an empty Java file has no nodes and no errors', async () => {
  assert.deepEqual(await parseFile('Empty.java', ''), { file: 'Empty.java', language: 'java', nodes: [], errors: 0 });
});

test('Java columns count UTF-16 code units after emoji and non-ASCII identifiers', async () => {
  const text = 'class Größe { String s = "😀😀"; int für() { return 1; } }';
  const cst = await parseFile('G.java', text);
  const method = named(cst, 'für()');
  assert.equal(method.location.startColumn, text.indexOf('int für') + 1);
  assert.equal(method.nameLocation.startColumn, text.indexOf('für') + 1);
  assert.equal(method.location.endColumn, text.lastIndexOf('}') - 1 + 1);
  assert.equal(cst.nodes[0].name, 'Größe');
  assert.ok(cst.nodes[0].tokens.includes('"😀😀"'));
});
