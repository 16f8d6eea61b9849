/**
 * FindRelationships on small Java fixtures: each of the sixteen relationship types, the paper's
 * running example, conflicts resolved by similarity, and rename of a class with its method.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compare, refactorings, relationships, sources } from '../helpers';
import { analyzeFileSets } from '../../src/analysis/files';
import { toRefactorings } from '../../src/core/report';

const calculatorBefore = {
  'my/calc/Main.java': `package my.calc;
public class Main {
  public static void main(String[] args) {
    Calculator c = new Calculator();
    double r = c.sum(c.min(2.3, 3), 1.8);
    System.out.printf("%.2f", r);
  }
}
`,
  'my/calc/Calculator.java': `package my.calc;
public class Calculator {
  public double sum(double x, double y) {
    return x + y;
  }
  public double min(double x, double y) {
    if (x < y) return x;
    else return y;
  }
}
`,
};

const calculatorAfter = {
  'my/calc/Main.java': `package my.calc;
public class Main {
  public static void main(String[] args) {
    FpCalculator c = new FpCalculator();
    double r = c.sum(c.minimum(2.3, 3), 1.8);
    print(r);
  }
  private static void print(double res) {
    System.out.printf("%.2f", res);
  }
}
`,
  'my/calc/FpCalculator.java': `package my.calc;
public class FpCalculator {
  public double sum(double x, double y) {
    return x + y;
  }
  public double minimum(double x, double y) {
    if (x < y) return x;
    else return y;
  }
  public double maximum(double x, double y) {
    if (x > y) return x;
    else return y;
  }
}
`,
};

test('the paper running example: Calculator renamed, min renamed to minimum (not maximum), print extracted from main', async () => {
  assert.deepEqual(await relationships(calculatorBefore, calculatorAfter), [
    'EXTRACT my.calc.Main.main(String[]) → my.calc.Main.print(double)',
    'RENAME my.calc.Calculator → my.calc.FpCalculator',
    'RENAME my.calc.Calculator.min(double,double) → my.calc.FpCalculator.minimum(double,double)',
  ]);
});

test('the paper running example: Main, main and sum are the same elements', async () => {
  const result = await compare(calculatorBefore, calculatorAfter);
  const same = result.relationships.filter((r) => r.type === 'SAME').map((r) => r.after.signature).sort();
  assert.deepEqual(same, ['Main', 'main(String[])', 'sum(double,double)']);
});

test('the paper running example as a user reads it', async () => {
  assert.deepEqual(await refactorings(calculatorBefore, calculatorAfter), [
    'Extract Method: my.calc.Main.main(String[]) → my.calc.Main.print(double)',
    'Rename Class: my.calc.Calculator → my.calc.FpCalculator',
    'Rename Method: my.calc.Calculator.min(double,double) → my.calc.FpCalculator.minimum(double,double)',
  ]);
});

const shapes = (body: string) => ({
  'geo/Shape.java': `package geo;
public class Shape {
${body}
}
`,
});

const area = `  public double area(double width, double height) {
    double result = width * height;
    if (result < 0) { throw new IllegalArgumentException("negative area " + result); }
    return result;
  }`;

test('a method renamed in its class is a Rename Method', async () => {
  assert.deepEqual(await relationships(shapes(area), shapes(area.replace('area(', 'surface('))), [
    'RENAME geo.Shape.area(double,double) → geo.Shape.surface(double,double)',
  ]);
});

test('a parameter added to a method is a Change Signature', async () => {
  const changed = area.replace('double height)', 'double height, double depth)');
  assert.deepEqual(await relationships(shapes(area), shapes(changed)), [
    'CHANGE_SIGNATURE geo.Shape.area(double,double) → geo.Shape.area(double,double,double)',
  ]);
});

test('a class turned into an interface is a Convert Type', async () => {
  const before = { 'a/Greeter.java': 'package a;\npublic class Greeter {\n  public String greet(String name) { return "Hello " + name; }\n}\n' };
  const after = { 'a/Greeter.java': 'package a;\npublic interface Greeter {\n  String greet(String name);\n}\n' };
  const found = await relationships(before, after);
  assert.ok(found.includes('CONVERT_TYPE a.Greeter → a.Greeter'), found.join('\n'));
});

const other = `  public String describe(String prefix, int count) {
    StringBuilder text = new StringBuilder(prefix);
    for (int i = 0; i < count; i++) { text.append(i).append(", "); }
    return text.toString().trim();
  }`;

test('the only removed and the only added method of one arity in a kept class, rewritten and renamed, is a Rename Method', async () => {
  const cls = (member: string) => `package geo;\npublic class Shape {\n${area}\n${member}\n}\n`;
  const before = cls(`  public String labelFor(String prefix, int count) {
    StringBuilder text = new StringBuilder(prefix);
    for (int i = 0; i < count; i++) { text.append('*'); }
    return text.toString();
  }`);
  const after = cls(`  public String label(String prefix, int count) {
    if (count <= 0) return prefix;
    return prefix + " x" + Integer.toString(count);
  }`);
  assert.deepEqual(await refactorings({ 'geo/Shape.java': before }, { 'geo/Shape.java': after }), [
    'Rename Method: geo.Shape.labelFor(String,int) → geo.Shape.label(String,int)',
  ]);
  const two = cls(`  public String label(String prefix, int count) {
    if (count <= 0) return prefix;
    return prefix + " x" + Integer.toString(count);
  }
  public String caption(String prefix, int count) {
    return prefix.toUpperCase() + count;
  }`);
  const renames = (await refactorings({ 'geo/Shape.java': before }, { 'geo/Shape.java': two })).filter((r) => r.startsWith('Rename'));
  assert.deepEqual(renames, [], 'two added candidates of that arity: no guess');
});

test('the only method a kept class lost and the only one it gained, with other parameters and similar names, is a Rename Method', async () => {
  const cls = (member: string) => `package geo;\npublic class Shape {\n${area}\n${member}\n}\n`;
  const before = cls(`  public void describeTo(StringBuilder description) {
    description.append("shape");
  }`);
  const after = cls(`  public String describe() {
    return "shape";
  }`);
  assert.deepEqual(await refactorings({ 'geo/Shape.java': before }, { 'geo/Shape.java': after }), [
    'Rename Method: geo.Shape.describeTo(StringBuilder) → geo.Shape.describe()',
  ]);
  const unrelated = cls(`  public String owner() {
    return "nobody";
  }`);
  assert.deepEqual(await refactorings({ 'geo/Shape.java': before }, { 'geo/Shape.java': unrelated }), [], 'names and code unlike: no guess');
});

test('the only method a kept class lost and the only one it gained, sharing a field but no statement, is no Rename Method', async () => {
  const cls = (field: string, member: string) => `package bench;\npublic class ParsingBenchmark {\n  ${field}\n  public void empty() {\n    parser.parse("");\n  }\n${member}\n}\n`;
  const before = cls('Parser parser;', `  public void setup() {
    parser = new Parser();
  }`);
  const after = cls('Parser parser = new Parser();', `  public void literalTextOnly() {
    parser.parse("literal text only");
  }`);
  assert.deepEqual(await refactorings({ 'bench/ParsingBenchmark.java': before }, { 'bench/ParsingBenchmark.java': after }), []);
  const kept = cls('Parser parser;', `  public void prepare() {
    parser = new Parser();
  }`);
  assert.deepEqual(await refactorings({ 'bench/ParsingBenchmark.java': before }, { 'bench/ParsingBenchmark.java': kept }), [
    'Rename Method: bench.ParsingBenchmark.setup() → bench.ParsingBenchmark.prepare()',
  ]);
});

test('a method moved to another class in another file is a Move Method', async () => {
  const before = {
    'geo/Shape.java': `package geo;\npublic class Shape {\n${area}\n${other}\n}\n`,
    'geo/Text.java': 'package geo;\npublic class Text {\n  public int size() { return 1; }\n}\n',
  };
  const after = {
    'geo/Shape.java': `package geo;\npublic class Shape {\n${area}\n}\n`,
    'geo/Text.java': `package geo;\npublic class Text {\n  public int size() { return 1; }\n${other}\n}\n`,
  };
  assert.deepEqual(await relationships(before, after), ['MOVE geo.Shape.describe(String,int) → geo.Text.describe(String,int)']);
});

test('an override of one short statement gone from a kept class and one new in another kept class, sharing no word but the name, is no Move Method', async () => {
  const writer = (member: string) => `package io;\npublic class Writer {\n  private StringBuilder buf = new StringBuilder();\n${area}\n${member}\n}\n`;
  const method = (member: string) => `package api;\npublic class MethodRef {\n  private Node mth;\n${other}\n${member}\n}\n`;
  const gone = '  @Override\n  public int hashCode() {\n    return buf.toString().hashCode();\n  }';
  const before = { 'io/Writer.java': writer(gone), 'api/MethodRef.java': method('') };
  const after = (added: string) => ({ 'io/Writer.java': writer(''), 'api/MethodRef.java': method(added) });
  assert.deepEqual(await refactorings(before, after('  @Override\n  public int hashCode() {\n    return mth.hashCode();\n  }')), []);
  // the same statement, moved as it was, is still a move
  assert.deepEqual(await refactorings(before, after(gone)), ['Move Method: io.Writer.hashCode() → api.MethodRef.hashCode()']);
});

test('a method rewritten in its kept class with other parameters is a Change Signature there, not a Move And Rename into a new class that holds its old code under another name', async () => {
  const other = `  public String forDelete(String tableName, String primaryKey) {\n    return "delete from " + tableName.trim() + " where " + primaryKey + " = ?";\n  }`;
  const oldFind = `  public String forFind(String tableName, String primaryKey, String columns) {
    StringBuilder sql = new StringBuilder("select ");
    if (columns.trim().equals("*")) {
      sql.append(columns);
    } else {
      String[] columnsArray = columns.split(",");
      for (int i = 0; i < columnsArray.length; i++) {
        if (i > 0) sql.append(", ");
        sql.append(columnsArray[i].trim());
      }
    }
    sql.append(" from ");
    sql.append(tableName.trim());
    sql.append(" where ").append(primaryKey).append(" = ?");
    return sql.toString();
  }`;
  const newFind = `  public String forFind(String tableName, String[] pKeys) {
    trimPrimaryKeys(pKeys);
    return "select * from " + tableName.trim() + " where " + String.join(" = ? and ", pKeys) + " = ?";
  }`;
  const modelFind = `  public String forModelFind(Table table, String columns) {
    StringBuilder sql = new StringBuilder("select ");
    if (columns.trim().equals("*")) {
      sql.append(columns);
    } else {
      String[] columnsArray = columns.split(",");
      for (int i = 0; i < columnsArray.length; i++) {
        if (i > 0) sql.append(", ");
        sql.append(columnsArray[i].trim());
      }
    }
    sql.append(" from ").append(table.getName()).append(" where ");
    String[] pKeys = table.getPrimaryKey();
    for (int i = 0; i < pKeys.length; i++) {
      if (i > 0) sql.append(" and ");
      sql.append(pKeys[i]).append(" = ?");
    }
    return sql.toString();
  }`;
  const ansi = (m: string) => `package dia;\npublic class AnsiDialect {\n${other}\n${m}\n}\n`;
  const before = { 'dia/AnsiDialect.java': ansi(oldFind) };
  const after = { 'dia/AnsiDialect.java': ansi(newFind), 'dia/ServerDialect.java': `package dia;\npublic class ServerDialect {\n${modelFind}\n}\n` };
  assert.deepEqual(await refactorings(before, after), ['Change Method Signature: dia.AnsiDialect.forFind(String,String,String) → dia.AnsiDialect.forFind(String,String[])']);
});

test('a getter gone with its class and one alike new in a kept class that had the field before is no Move Method; in a kept class the field came to with it, it is', async () => {
  const invocation = `package core;\npublic class ActionInvocation {\n  private Controller controller;\n  private int index = 0;\n  public void invoke() {\n    if (index < inters.length) { inters[index++].intercept(this); }\n    else { action.getMethod().invoke(controller); }\n  }\n  public Controller getController() {\n    return controller;\n  }\n}\n`;
  const validator = (member: string) => `package validate;\npublic abstract class Validator {\n  private Controller controller;\n  public final void intercept(ActionInvocation invocation) {\n    Validator validator = newInstance();\n    validator.controller = invocation.getController();\n    validator.validate(validator.controller);\n  }\n${member}\n}\n`;
  const getter = '  protected Controller getController() {\n    return controller;\n  }';
  assert.deepEqual(await refactorings({ 'core/ActionInvocation.java': invocation, 'validate/Validator.java': validator('') }, { 'validate/Validator.java': validator(getter) }), []);
  const renamed = (member: string) => validator(member).replace(/controller/g, 'ctl').replace('getCtl', 'getController');
  const withField = renamed('').replace('  private Controller ctl;', '  private Controller ctl;\n  private Controller controller;').replace('\n}\n', '\n' + getter + '\n}\n');
  assert.deepEqual(await refactorings({ 'core/ActionInvocation.java': invocation, 'validate/Validator.java': renamed('') }, { 'validate/Validator.java': withField }), ['Move Method: core.ActionInvocation.getController() → validate.Validator.getController()']);
});

test('a setter gone from one kept class and one new in another that takes another type sets another field: no Move And Rename Method; one of the same type is', async () => {
  const toggle = (member: string) => `package ui;\npublic class EmojiToggle {\n  private OnClickListener listener;\n  public void toggle() { if (isEmoji()) showIme(); else showEmoji(); }\n${member}\n}\n`;
  const drawer = (member: string) => `package ui;\npublic class EmojiDrawer {\n  private EventListener listener;\n  public void open(int height) { setHeight(height); setVisible(true); }\n${member}\n}\n`;
  const setter = (name: string, type: string) => `  public void ${name}(${type} listener) {\n    this.listener = listener;\n  }`;
  const before = { 'ui/EmojiToggle.java': toggle(setter('setOnClickListener', 'OnClickListener')), 'ui/EmojiDrawer.java': drawer('') };
  assert.deepEqual(await refactorings(before, { 'ui/EmojiToggle.java': toggle(''), 'ui/EmojiDrawer.java': drawer(setter('setEventListener', 'EventListener')) }), []);
  const sameType = drawer(setter('setClickListener', 'OnClickListener')).replace('EventListener listener;', 'OnClickListener listener;');
  assert.deepEqual(await refactorings(before, { 'ui/EmojiToggle.java': toggle(''), 'ui/EmojiDrawer.java': sameType }), ['Move And Rename Method: ui.EmojiToggle.setOnClickListener(OnClickListener) → ui.EmojiDrawer.setClickListener(OnClickListener)']);
});

test('a helper holding the block its kept caller lost was extracted from it, not moved and renamed from a deleted class that did alike', async () => {
  const queue = `package common;\npublic class EntryQueue {\n  private Entry head;\n  private Entry tail;\n  private int size = 0;\n  public synchronized boolean add(Entry entry) {\n    if (head == null) {\n      head = entry;\n      tail = entry;\n    } else {\n      tail.setNext(entry);\n      tail = entry;\n    }\n    return size++ == 0;\n  }\n  public Entry peek() {\n    return head;\n  }\n}\n`;
  const listBefore = `package phreak;\npublic class PropagationList {\n  private Entry head;\n  private Entry tail;\n  public void addEntry(final Entry entry) {\n    if (entry.requiresFlush()) {\n      memory.execute(entry);\n      return;\n    }\n    synchronized (this) {\n      boolean wasEmpty = head == null;\n      if (wasEmpty) {\n        head = entry;\n      } else {\n        tail.setNext(entry);\n      }\n      tail = entry;\n      if (wasEmpty) {\n        memory.notifyHalt();\n      }\n    }\n  }\n}\n`;
  const listAfter = `package phreak;\npublic class PropagationList {\n  private Entry head;\n  private Entry tail;\n  public void addEntry(final Entry entry) {\n    if (entry.requiresFlush()) {\n      memory.execute(entry);\n    } else {\n      internalAddEntry(entry);\n    }\n  }\n  private synchronized void internalAddEntry(Entry entry) {\n    boolean wasEmpty = head == null;\n    if (wasEmpty) {\n      head = entry;\n    } else {\n      tail.setNext(entry);\n    }\n    tail = entry;\n    if (wasEmpty) {\n      notifyHalt();\n    }\n  }\n}\n`;
  assert.deepEqual(await refactorings({ 'common/EntryQueue.java': queue, 'phreak/PropagationList.java': listBefore }, { 'phreak/PropagationList.java': listAfter }), [
    'Extract Method: phreak.PropagationList.addEntry(Entry) → phreak.PropagationList.internalAddEntry(Entry)',
  ]);
});

test('a method moved to another class and renamed is a Move And Rename Method', async () => {
  const before = {
    'geo/Shape.java': `package geo;\npublic class Shape {\n${area}\n${other}\n}\n`,
    'geo/Text.java': 'package geo;\npublic class Text {\n  public int size() { return 1; }\n}\n',
  };
  const after = {
    'geo/Shape.java': `package geo;\npublic class Shape {\n${area}\n}\n`,
    'geo/Text.java': `package geo;\npublic class Text {\n  public int size() { return 1; }\n${other.replace('describe(', 'render(')}\n}\n`,
  };
  assert.deepEqual(await refactorings(before, after), ['Move And Rename Method: geo.Shape.describe(String,int) → geo.Text.render(String,int)']);
});

test('a method moved to another class, changed, and renamed to a name sharing no word needs more similar code', async () => {
  const changed = (name: string) => `  public String ${name}(String name, int count) {
    StringBuilder text = new StringBuilder(name);
    text.append(" = ");
    for (int i = 0; i < count; i += 2) { text.append(i).append(" / "); }
    return text.toString();
  }`;
  const before = {
    'geo/Shape.java': `package geo;\npublic class Shape {\n${area}\n${other}\n}\n`,
    'geo/Text.java': 'package geo;\npublic class Text {\n  public int size() { return 1; }\n}\n',
  };
  const after = (name: string) => ({
    'geo/Shape.java': `package geo;\npublic class Shape {\n${area}\n}\n`,
    'geo/Text.java': `package geo;\npublic class Text {\n  public int size() { return 1; }\n${changed(name)}\n}\n`,
  });
  assert.deepEqual(await refactorings(before, after('render')), []);
  assert.deepEqual(await refactorings(before, after('describeAll')), ['Move And Rename Method: geo.Shape.describe(String,int) → geo.Text.describeAll(String,int)']);
});

test('a method moved from a nested class to its outer class is an Internal Move', async () => {
  const before = { 'geo/Outer.java': `package geo;\npublic class Outer {\n${area}\n  static class Inner {\n${other}\n  }\n}\n` };
  const after = { 'geo/Outer.java': `package geo;\npublic class Outer {\n${area}\n${other}\n  static class Inner {\n  }\n}\n` };
  assert.deepEqual(await relationships(before, after), ['INTERNAL_MOVE geo.Outer.Inner.describe(String,int) → geo.Outer.describe(String,int)']);
});

test('a method moved from a nested class to its outer class and renamed is an Internal Move And Rename', async () => {
  const before = { 'geo/Outer.java': `package geo;\npublic class Outer {\n${area}\n  static class Inner {\n${other}\n  }\n}\n` };
  const after = { 'geo/Outer.java': `package geo;\npublic class Outer {\n${area}\n${other.replace('describe(', 'render(')}\n  static class Inner {\n  }\n}\n` };
  assert.deepEqual(await relationships(before, after), ['INTERNAL_MOVE_RENAME geo.Outer.Inner.describe(String,int) → geo.Outer.render(String,int)']);
});

test('a class moved to another package is a Move Class, and its methods stay the same', async () => {
  const body = `public class Shape {\n${area}\n${other}\n}\n`;
  const found = await relationships({ 'src/geo/Shape.java': `package geo;\n${body}` }, { 'src/geo/model/Shape.java': `package geo.model;\n${body}` });
  assert.deepEqual(found, ['MOVE geo.Shape → geo.model.Shape']);
});

test('a class moved to another package and rewritten is a Move Class when its members kept their names; a namesake with other members is not', async () => {
  const before = `package plugins.core;
  public class ChannelFactory {
    public Channel createChannel(String id) {
      Channel channel = new Channel(id);
      channel.setDiscardOwnMessages(true);
      return channel;
    }
    public String getProperties(String stack) {
      return stacks.get(stack).toString();
    }
    public void close() {
      for (Channel c : open) c.close();
    }
  }
  `;
  const after = `package server.jgroups.spi;
  public class ChannelFactory {
    public JChannel createChannel(String id, ProtocolStackConfiguration configuration) throws Exception {
      JChannel result = new JChannel(configuration.getProtocols());
      result.setName(configuration.getNodeName());
      result.addAddressGenerator(new TopologyAddressGenerator(result, configuration.getTransport()));
      return result;
    }
    public ProtocolStackConfiguration getProperties() {
      return this.configuration;
    }
    public void close() {
      this.executor.shutdownNow();
    }
  }
  `;
  assert.deepEqual(await refactorings({ 'src/plugins/core/ChannelFactory.java': before }, { 'src/server/jgroups/spi/ChannelFactory.java': after }), [
    'Move Class: plugins.core.ChannelFactory → server.jgroups.spi.ChannelFactory',
  ]);
  const unrelated = after.replace('createChannel(', 'openSession(').replace('getProperties(', 'describe(').replace('void close()', 'void shutdown()');
  assert.deepEqual(await refactorings({ 'src/plugins/core/ChannelFactory.java': before }, { 'src/server/jgroups/spi/ChannelFactory.java': unrelated }), []);
});

test('a class split into two namesakes in other packages is the one that kept its members\' signatures, though the other holds more of its code', async () => {
  // scopt's OptionParser split into a mutable one keeping every builder as it was (the action
  // wrapped) and an immutable one written from it, whose builders take other parameters
  const builders = (signature: (value: string, consumer: string) => string, body: (definition: string, args: string) => string) =>
    [
      ['opt', 'String', 'Consumer<String>', 'ArgDefinition', 'shortopt, longopt, DEFAULT_VALUE_NAME, description'],
      ['opt', '', 'Consumer<String>', 'ArgDefinition', 'null, longopt, DEFAULT_VALUE_NAME, description'],
      ['intOpt', 'String', 'IntConsumer', 'IntArgDefinition', 'shortopt, longopt, DEFAULT_VALUE_NAME, description'],
      ['doubleOpt', 'String', 'DoubleConsumer', 'DoubleArgDefinition', 'shortopt, longopt, DEFAULT_VALUE_NAME, description'],
      ['flag', 'String', 'Runnable', 'FlagDefinition', 'shortopt, longopt, description'],
    ]
      .map(([name, short, consumer, definition, args]) =>
        `  public ${signature(name, consumer).replace('PARAMS', `${short ? `String shortopt, ` : ''}String longopt, String description`)} {\n    ${body(definition, args)}\n  }`)
      .join('\n');
  const parser = (pkg: string, head: string, members: string) => `package ${pkg};\n${head} {\n  private final List<Definition> options = new ArrayList<>();\n${members}\n}\n`;
  const before = { 'src/opt/OptionParser.java': parser('opt', 'public class OptionParser', builders((name, consumer) => `void ${name}(PARAMS, ${consumer} action)`, (definition, args) => `options.add(new ${definition}(${args}, action));`)) };
  const after = {
    'src/opt/mutable/OptionParser.java': parser('opt.mutable', 'public class OptionParser extends GenericOptionParser<Void>', builders(
      (name, consumer) => `void ${name}(PARAMS, ${consumer} action)`,
      (definition, args) => `options.add(new ${definition}<Void>(${args}, (value, unused) -> {\n      action.accept(value);\n      return null;\n    }));`,
    )),
    'src/opt/immutable/OptionParser.java': parser('opt.immutable', 'public class OptionParser<C> extends GenericOptionParser<C>', builders(
      (name) => `${name === 'flag' ? 'FlagDefinition' : 'ArgDefinition'}<C> ${name}(PARAMS, BiFunction<Object, C, C> action)`,
      (definition, args) => `return options.add(new ${definition}(${args}, action));`,
    )),
  };
  assert.deepEqual(await refactorings(before, after), ['Move Class: opt.OptionParser → opt.mutable.OptionParser']);
});

test('two test classes merged into a new one: the class that brought the most methods is the one moved; the other\'s methods went with the merge, no Move Method', async () => {
  const method = (name: string, n: number, extra = '') =>
    `  @Test\n  public void ${name}() throws Throwable {\n    createTable("CREATE TABLE %s (k int PRIMARY KEY, v${n} int)");\n    execute("INSERT INTO %s (k, v${n}) VALUES (?, ?)", ${n}, ${n * 10});\n    assertRows(execute("SELECT v${n} FROM %s WHERE k = ?", ${n}), row(${n * 10}));${extra}\n  }`;
  const methods = (names: string[], from: number, extra = '') => names.map((m, i) => method(m, from + i, extra)).join('\n');
  const big = ['selectByKey', 'selectRange', 'selectReversed', 'selectLimit'];
  const small = ['containsSet', 'containsList'];
  const fresh = Array.from({ length: 20 }, (_, i) => `newCase${i}`);
  const before = {
    // The larger class also lost a statement in each method, so less of its code is in the new class than of the smaller one's.
    'test/cql3/RangeQueryTest.java': `package cql3;\npublic class RangeQueryTest extends CQLTester {\n${methods(big, 1, '\n    flushAndCompactLegacyTables(keyspace());')}\n}\n`,
    'test/cql3/ContainsTest.java': `package cql3;\npublic class ContainsTest extends CQLTester {\n${methods(small, 7)}\n}\n`,
  };
  const after = {
    'test/cql3/validation/SelectTest.java': `package cql3.validation;\npublic class SelectTest extends CQLTester {\n${methods(big, 1)}\n${methods(small, 7)}\n${methods(fresh, 20)}\n}\n`,
  };
  assert.deepEqual(await refactorings(before, after), [
    'Move And Rename Class: cql3.RangeQueryTest → cql3.validation.SelectTest',
  ]);
});

test('an interface method renamed with its implementation is a Rename Method too, though a declaration has no body to compare', async () => {
  const visitor = (a: string, r: string, p = 'element') => `package tx;\npublic interface Visitor {\n  void ${a}(Constraint ${p});\n  void ${r}(Constraint ${p});\n  void visitNode(long id);\n  void visitRelationship(long id, String type);\n  void visitProperty(long id, String key, Object value);\n}\n`;
  const adapter = (a: string, r: string) => `package tx;\npublic class Adapter implements Visitor {\n  @Override\n  public void ${a}(Constraint element) {\n    log.add("added " + element.label() + " on " + element.property());\n    count++;\n  }\n  @Override\n  public void ${r}(Constraint element) {\n    log.add("removed " + element.label() + " on " + element.property());\n    count--;\n  }\n  @Override\n  public void visitNode(long id) {\n    nodes.add(id);\n  }\n}\n`;
  const before = { 'src/tx/Visitor.java': visitor('visitAddedConstraint', 'visitRemovedConstraint'), 'src/tx/Adapter.java': adapter('visitAddedConstraint', 'visitRemovedConstraint') };
  const after = { 'src/tx/Visitor.java': visitor('uniquenessCreated', 'uniquenessDropped', 'constraint'), 'src/tx/Adapter.java': adapter('uniquenessCreated', 'uniquenessDropped') };
  assert.deepEqual(await refactorings(before, after), [
    'Rename Method: tx.Adapter.visitAddedConstraint(Constraint) → tx.Adapter.uniquenessCreated(Constraint)',
    'Rename Method: tx.Adapter.visitRemovedConstraint(Constraint) → tx.Adapter.uniquenessDropped(Constraint)',
    'Rename Method: tx.Visitor.visitAddedConstraint(Constraint) → tx.Visitor.uniquenessCreated(Constraint)',
    'Rename Method: tx.Visitor.visitRemovedConstraint(Constraint) → tx.Visitor.uniquenessDropped(Constraint)',
  ]);
});

test('renaming a class and one of its methods is Rename Class + Rename Method, not Move And Rename', async () => {
  const before = { 'geo/Shape.java': `package geo;\npublic class Shape {\n${area}\n${other}\n}\n` };
  const after = { 'geo/Figure.java': `package geo;\npublic class Figure {\n${area.replace('area(', 'surface(')}\n${other}\n}\n` };
  assert.deepEqual(await refactorings(before, after), [
    'Rename Class: geo.Shape → geo.Figure',
    'Rename Method: geo.Shape.area(double,double) → geo.Figure.surface(double,double)',
  ]);
});

test('a class whose methods all went into one new class of another name went there itself: Move And Rename Class', async () => {
  const added = [1, 2, 3].map((i) => `  public String label${i}(String prefix) {\n    StringBuilder b${i} = new StringBuilder(prefix);\n    for (int k = 0; k < ${i}; k++) { b${i}.append("#${i}"); }\n    return b${i}.reverse().toString();\n  }`).join('\n');
  const before = { 'geo/Shape.java': `package geo;\npublic class Shape {\n${area}\n${other}\n}\n` };
  const after = { 'geo/model/Figure.java': `package geo.model;\npublic class Figure {\n${area}\n${other}\n${added}\n}\n` };
  assert.deepEqual(await refactorings(before, after), ['Move And Rename Class: geo.Shape → geo.model.Figure']);
});

const animal = (members: string) => `package zoo;\npublic class Animal {\n${members}\n}\n`;
const dog = (members: string) => `package zoo;\npublic class Dog extends Animal {\n  public String bark() { return "woof"; }\n${members}\n}\n`;
const cat = (members: string) => `package zoo;\npublic class Cat extends Animal {\n  public String meow() { return "meow"; }\n${members}\n}\n`;
const feed = `  public int feed(int grams, int times) {
    int total = grams * times;
    System.out.println("feeding " + total + " grams");
    return total;
  }`;

test('a helper of the same name in two classes, its parameter type changed in both, stays in its class (Change Signature) even where the other class\'s copy looks closer', async () => {
  const helper = (cls: string, type: string, tag: string) => `package m;\npublic class ${cls} {\n  public static boolean any${cls}() { return report(ANY) != null; }\n  private static Values report(${type} matcher) {\n    Values values = progress.storage().report(matcher);\n    values.tag("${tag}");\n    return values;\n  }\n}\n`;
  const before = { 'm/Matchers.java': helper('Matchers', 'Matcher', 'first'), 'm/Extra.java': helper('Extra', 'ArgumentMatcher', 'second') };
  // Each class's new helper carries the other's tag: by code alone the pairs would cross.
  const after = { 'm/Matchers.java': helper('Matchers', 'MockitoMatcher', 'second'), 'm/Extra.java': helper('Extra', 'MockitoMatcher', 'first') };
  assert.deepEqual(await refactorings(before, after), [
    'Change Method Signature: m.Extra.report(ArgumentMatcher) → m.Extra.report(MockitoMatcher)',
    'Change Method Signature: m.Matchers.report(Matcher) → m.Matchers.report(MockitoMatcher)',
  ]);
});

test('a method moved from subclasses to their superclass is a Pull Up Method (from each subclass)', async () => {
  const before = { 'zoo/Animal.java': animal(''), 'zoo/Dog.java': dog(feed), 'zoo/Cat.java': cat(feed) };
  const after = { 'zoo/Animal.java': animal(feed), 'zoo/Dog.java': dog(''), 'zoo/Cat.java': cat('') };
  assert.deepEqual(await refactorings(before, after), [
    'Pull Up Method: zoo.Cat.feed(int,int) → zoo.Animal.feed(int,int)',
    'Pull Up Method: zoo.Dog.feed(int,int) → zoo.Animal.feed(int,int)',
  ]);
});

test('copies of a method in three subclasses gone, one pulled up and one alike new in an unrelated class: every copy went up, none moved', async () => {
  const sub = (name: string, members: string) => `package zoo;\npublic class ${name} extends Animal {\n  public String ${name.toLowerCase()}Sound() { return "${name}"; }\n${members}\n}\n`;
  const before = { 'zoo/Animal.java': animal(''), 'zoo/Dog.java': sub('Dog', feed), 'zoo/Cat.java': sub('Cat', feed), 'zoo/Cow.java': sub('Cow', feed), 'zoo/Keeper.java': 'package zoo;\npublic class Keeper {\n  public String name() { return "keeper"; }\n}\n' };
  const after = { 'zoo/Animal.java': animal(feed), 'zoo/Dog.java': sub('Dog', ''), 'zoo/Cat.java': sub('Cat', ''), 'zoo/Cow.java': sub('Cow', ''), 'zoo/Keeper.java': `package zoo;\npublic class Keeper {\n  public String name() { return "keeper"; }\n${feed}\n}\n` };
  assert.deepEqual(await refactorings(before, after), [
    'Pull Up Method: zoo.Cat.feed(int,int) → zoo.Animal.feed(int,int)',
    'Pull Up Method: zoo.Cow.feed(int,int) → zoo.Animal.feed(int,int)',
    'Pull Up Method: zoo.Dog.feed(int,int) → zoo.Animal.feed(int,int)',
  ]);
});

test('copies of a method in three unrelated classes merged into one new class: each moved there, none to a new look-alike of another name beside it', async () => {
  const adder = (name: string) => `  public <E extends Enum<E> & Attribute> ${name} addAttributes(Class<E> enumClass) {\n    return this.addAttributes(EnumSet.allOf(enumClass));\n  }\n  public ${name} addAttributes(Collection<? extends Attribute> attributes) {\n    this.attributes.addAll(attributes);\n    return this;\n  }`;
  const handler = (name: string, members: string) => `package ctl;\npublic class ${name} {\n  public void execute(Context context) { context.run(this.attributes); }\n${members}\n}\n`;
  const names = ['AddHandler', 'BootHandler', 'RestartHandler'];
  const before = Object.fromEntries(names.map((n) => [`ctl/${n}.java`, handler(n, adder(n))]));
  const descriptor = `package ctl;\npublic class Descriptor {\n${adder('Descriptor')}\n  public <E extends Enum<E> & Capability> Descriptor addCapabilities(Class<E> enumClass) {\n    return this.addCapabilities(EnumSet.allOf(enumClass));\n  }\n}\n`;
  const after = { ...Object.fromEntries(names.map((n) => [`ctl/${n}.java`, handler(n, '')])), 'ctl/Descriptor.java': descriptor };
  const found = await refactorings(before, after);
  assert.deepEqual(found.filter((r) => r.includes('(Class')), names.map((n) => `Move Method: ctl.${n}.addAttributes(Class<E>) → ctl.Descriptor.addAttributes(Class<E>)`));
});

test('a method pulled up with its code adapted to the superclass (half its tokens rewritten) is a Pull Up Method; the same code gone to an unrelated class is no Move', async () => {
  const vet = (members: string) => `package zoo;\npublic class Vet {\n  public String cure() { return "ok"; }\n${members}\n}\n`;
  const dogDescribe = `  public String describe(int age) {
    String text = "dog " + name + " aged " + age;
    if (age > 10) text += " (senior)";
    log.info(text);
    return text.trim();
  }`;
  const adapted = `  public String describe(int age) {
    StringBuilder out = new StringBuilder(kind());
    out.append(' ').append(label).append(" aged ").append(age);
    if (age > 10) out.append(" (senior)");
    return out.toString();
  }`;
  assert.deepEqual(await refactorings({ 'zoo/Animal.java': animal(''), 'zoo/Dog.java': dog(dogDescribe) }, { 'zoo/Animal.java': animal(adapted), 'zoo/Dog.java': dog('') }), [
    'Pull Up Method: zoo.Dog.describe(int) → zoo.Animal.describe(int)',
  ]);
  assert.deepEqual(await refactorings({ 'zoo/Vet.java': vet(''), 'zoo/Dog.java': dog(dogDescribe) }, { 'zoo/Vet.java': vet(adapted), 'zoo/Dog.java': dog('') }), []);
});

test('a method moved from the superclass to a subclass is a Push Down Method', async () => {
  const before = { 'zoo/Animal.java': animal(feed), 'zoo/Dog.java': dog('') };
  const after = { 'zoo/Animal.java': animal(''), 'zoo/Dog.java': dog(feed) };
  assert.deepEqual(await relationships(before, after), ['PUSH_DOWN zoo.Animal.feed(int,int) → zoo.Dog.feed(int,int)']);
});

test('a subclass deleted with its method moved up into the superclass is a Pull Up Method; a superclass deleted with its method moved into the subclass is a Move Method (RefactoringMiner reads the hierarchy the classes have where they survive)', async () => {
  const before = { 'zoo/Animal.java': animal(''), 'zoo/Dog.java': dog(feed) };
  assert.deepEqual(await refactorings(before, { 'zoo/Animal.java': animal(feed) }), ['Pull Up Method: zoo.Dog.feed(int,int) → zoo.Animal.feed(int,int)']);
  const alone = (members: string) => `package zoo;\npublic class Dog {\n  public String bark() { return "woof"; }\n${members}\n}\n`;
  assert.deepEqual(await refactorings({ 'zoo/Animal.java': animal(feed), 'zoo/Dog.java': dog('') }, { 'zoo/Dog.java': alone(feed) }), [
    'Move Method: zoo.Animal.feed(int,int) → zoo.Dog.feed(int,int)',
  ]);
});

test('an abstract declaration of a kept method added to the superclass is a Pull Up Signature', async () => {
  const abstractAnimal = (members: string) => `package zoo;\npublic abstract class Animal {\n  public String name() { return "animal"; }\n${members}\n}\n`;
  const before = { 'zoo/Animal.java': abstractAnimal(''), 'zoo/Dog.java': dog(feed) };
  const after = { 'zoo/Animal.java': abstractAnimal('  public abstract int feed(int grams, int times);'), 'zoo/Dog.java': dog(`  @Override\n${feed}`) };
  assert.deepEqual(await relationships(before, after), ['PULL_UP_SIGNATURE zoo.Dog.feed(int,int) → zoo.Animal.feed(int,int)']);
});

test('an implementation made abstract and moved to a subclass is a Push Down Implementation', async () => {
  const abstractAnimal = (members: string) => `package zoo;\npublic abstract class Animal {\n  public String name() { return "animal"; }\n${members}\n}\n`;
  const before = { 'zoo/Animal.java': abstractAnimal(feed), 'zoo/Dog.java': dog('') };
  const after = { 'zoo/Animal.java': abstractAnimal('  public abstract int feed(int grams, int times);'), 'zoo/Dog.java': dog(feed) };
  const found = await relationships(before, after);
  assert.ok(found.includes('PUSH_DOWN_IMPL zoo.Animal.feed(int,int) → zoo.Dog.feed(int,int)'), found.join('\n'));
});

test('a getter made abstract is pushed down into the subtype whose getter reads its field, not into one whose getter reads a field of its own', async () => {
  const base = (member: string) => `package meta;\npublic abstract class BlockBase {\n  protected long size;\n  public long getId() { return id; }\n${member}\n}\n`;
  const sub = (name: string, field: string, member: string) => `package meta;\npublic class ${name} extends BlockBase {\n  private long ${field};\n  public String path() { return "${name}" + id; }\n${member}\n}\n`;
  const getter = (field: string) => `  public long getSize() {\n    return ${field};\n  }`;
  const before = { 'meta/BlockBase.java': base(getter('size')), 'meta/Block.java': sub('Block', 'size', ''), 'meta/TempBlock.java': sub('TempBlock', 'tempSize', '') };
  const after = { 'meta/BlockBase.java': base('  public abstract long getSize();'), 'meta/Block.java': sub('Block', 'size', getter('size')), 'meta/TempBlock.java': sub('TempBlock', 'tempSize', getter('tempSize')) };
  const found = await relationships(before, after);
  assert.deepEqual(found.filter((r) => r.startsWith('PUSH_DOWN')), ['PUSH_DOWN_IMPL meta.BlockBase.getSize() → meta.Block.getSize()']);
});

test('a method moved into its class\'s superclass under another name or signature is a Pull Up Method', async () => {
  const feedAll = feed.replace('feed(int grams, int times)', 'feedAll(int grams, int times)');
  const before = { 'zoo/Animal.java': animal(''), 'zoo/Dog.java': dog(feed) };
  const after = { 'zoo/Animal.java': animal(feedAll), 'zoo/Dog.java': dog('') };
  assert.deepEqual(await refactorings(before, after), ['Pull Up Method: zoo.Dog.feed(int,int) → zoo.Animal.feedAll(int,int)']);
});

test('a method moved into a grandparent that existed before is a Pull Up Method, whatever lies between; into a new type past another new one it is a Move', async () => {
  const puppy = (members: string) => `package zoo;\npublic class Puppy extends Dog {\n  public String yelp() { return "yip"; }\n${members}\n}\n`;
  const before = { 'zoo/Animal.java': animal(''), 'zoo/Dog.java': dog(''), 'zoo/Puppy.java': puppy(feed) };
  const after = { 'zoo/Animal.java': animal(feed), 'zoo/Dog.java': dog('  // fed by Animal'), 'zoo/Puppy.java': puppy('') };
  assert.deepEqual(await refactorings(before, after), ['Pull Up Method: zoo.Puppy.feed(int,int) → zoo.Animal.feed(int,int)']);
  // A class inserted between Puppy and Animal (infinispan's BaseEmbeddedQuery): Animal was there
  // before and was Puppy's superclass; feed went up to it.
  const young = (parent: string) => `package zoo;\npublic class Young extends ${parent} {\n  public boolean small() { return true; }\n}\n`;
  const beforeInserted = { 'zoo/Animal.java': animal(''), 'zoo/Puppy.java': puppy(feed).replace('extends Dog', 'extends Animal') };
  const afterInserted = { 'zoo/Animal.java': animal(feed), 'zoo/Young.java': young('Animal'), 'zoo/Puppy.java': puppy('').replace('extends Dog', 'extends Young') };
  const inserted = await refactorings(beforeInserted, afterInserted);
  assert.ok(inserted.includes('Pull Up Method: zoo.Puppy.feed(int,int) → zoo.Animal.feed(int,int)'), inserted.join('\n'));
  // Two new classes above Puppy, feed in the upper one: an extracted class took it, past the other.
  const base = `package zoo;\npublic class Base {\n  public String kind() { return "base"; }\n${feed}\n}\n`;
  const beforeNew = { 'zoo/Puppy.java': puppy(feed).replace(' extends Dog', '') };
  const afterNew = { 'zoo/Base.java': base, 'zoo/Young.java': young('Base'), 'zoo/Puppy.java': puppy('').replace('extends Dog', 'extends Young') };
  const moved = await refactorings(beforeNew, afterNew);
  assert.ok(moved.includes('Move Method: zoo.Puppy.feed(int,int) → zoo.Base.feed(int,int)'), moved.join('\n'));
});

test('a method pulled up past a class inserted above its subclasses is pulled up from each of them, and an abstract declaration takes its body from below the inserted class', async () => {
  const young = `package zoo;\npublic class Young extends Animal {\n  public boolean small() { return true; }\n}\n`;
  const under = (text: string) => text.replace('extends Animal', 'extends Young');
  const before = { 'zoo/Animal.java': animal(''), 'zoo/Dog.java': dog(feed), 'zoo/Cat.java': cat(feed) };
  const after = { 'zoo/Animal.java': animal(feed), 'zoo/Young.java': young, 'zoo/Dog.java': under(dog('')), 'zoo/Cat.java': under(cat('')) };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Pull Up Method: zoo.Cat.feed(int,int) → zoo.Animal.feed(int,int)'), found.join('\n'));
  assert.ok(found.includes('Pull Up Method: zoo.Dog.feed(int,int) → zoo.Animal.feed(int,int)'), found.join('\n'));
  const abstractAnimal = (members: string) => `package zoo;\npublic abstract class Animal {\n  public String name() { return "animal"; }\n${members}\n}\n`;
  const beforeAbstract = { 'zoo/Animal.java': abstractAnimal('  public abstract int feed(int grams, int times);'), 'zoo/Dog.java': dog(feed) };
  const afterAbstract = { 'zoo/Animal.java': abstractAnimal(feed), 'zoo/Young.java': young, 'zoo/Dog.java': under(dog('')) };
  const tookBody = await refactorings(beforeAbstract, afterAbstract);
  assert.ok(tookBody.includes('Pull Up Method: zoo.Dog.feed(int,int) → zoo.Animal.feed(int,int)'), tookBody.join('\n'));
});

test('a method pulled up from one grandchild is pulled up from the others that had it, through a superclass that existed before', async () => {
  const puppy = (members: string) => `package zoo;\npublic class Puppy extends Dog {\n  public String yelp() { return "yip"; }\n${members}\n}\n`;
  const kitten = (members: string) => `package zoo;\npublic class Kitten extends Cat {\n  public String mew() { return "mew"; }\n${members}\n}\n`;
  const before = { 'zoo/Animal.java': animal(''), 'zoo/Dog.java': dog(''), 'zoo/Cat.java': cat(''), 'zoo/Puppy.java': puppy(feed), 'zoo/Kitten.java': kitten(feed) };
  // (Dog and Cat change too: files a commit leaves alone are not read, as in a git diff.)
  const after = { 'zoo/Animal.java': animal(feed), 'zoo/Dog.java': dog('  // fed by Animal'), 'zoo/Cat.java': cat('  // fed by Animal'), 'zoo/Puppy.java': puppy(''), 'zoo/Kitten.java': kitten('') };
  assert.deepEqual(await refactorings(before, after), [
    'Pull Up Method: zoo.Kitten.feed(int,int) → zoo.Animal.feed(int,int)',
    'Pull Up Method: zoo.Puppy.feed(int,int) → zoo.Animal.feed(int,int)',
  ]);
});

test('an abstract declaration that got the body of one implementation is a Pull Up Method from that subclass only; the other implementation was dropped', async () => {
  const abstractAnimal = (members: string) => `package zoo;\npublic abstract class Animal {\n  public String name() { return "animal"; }\n${members}\n}\n`;
  const catFeed = `  public int feed(int grams, int times) {\n    if (times > 3) throw new IllegalStateException("too often");\n    return grams;\n  }`;
  const before = { 'zoo/Animal.java': abstractAnimal('  public abstract int feed(int grams, int times);'), 'zoo/Dog.java': dog(feed), 'zoo/Cat.java': cat(catFeed) };
  const after = { 'zoo/Animal.java': abstractAnimal(feed), 'zoo/Dog.java': dog(''), 'zoo/Cat.java': cat('') };
  assert.deepEqual(await refactorings(before, after), ['Pull Up Method: zoo.Dog.feed(int,int) → zoo.Animal.feed(int,int)']);
  // A body too short to tell (an empty default) is no pulled-up code.
  const empty = '  public int feed(int grams, int times) { return 0; }';
  const emptyAfter = { 'zoo/Animal.java': abstractAnimal(empty), 'zoo/Dog.java': dog(''), 'zoo/Cat.java': cat('') };
  const beforeEmpty = { ...before, 'zoo/Dog.java': dog(empty) };
  assert.deepEqual(await refactorings(beforeEmpty, emptyAfter), []);
});

test('an interface that became a class and took the body of its nested implementation, now gone, pulled the method up from it', async () => {
  const before = {
    'zoo/Feeder.java': `package zoo;\npublic interface Feeder {\n  int feed(int grams, int times);\n  String name();\n  class Plain implements Feeder {\n${feed}\n    public String name() { return "plain"; }\n  }\n  Feeder PLAIN = new Plain();\n}\n`,
  };
  const after = {
    'zoo/Feeder.java': `package zoo;\npublic class Feeder {\n  public static final Feeder PLAIN = new Feeder();\n${feed}\n  public String name() { return "plain"; }\n}\n`,
  };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Pull Up Method: zoo.Feeder.Plain.feed(int,int) → zoo.Feeder.feed(int,int)'), found.join('\n'));
});

test('a new superclass receiving a pulled-up method is an Extract Superclass', async () => {
  const before = { 'zoo/Dog.java': `package zoo;\npublic class Dog {\n  public String bark() { return "woof"; }\n${feed}\n}\n` };
  const after = {
    'zoo/Dog.java': dog(''),
    'zoo/Animal.java': animal(feed),
  };
  assert.deepEqual(await refactorings(before, after), [
    'Extract Superclass: zoo.Dog → zoo.Animal',
    'Pull Up Method: zoo.Dog.feed(int,int) → zoo.Animal.feed(int,int)',
  ]);
});

const report = `  public String report(int[] values) {
    int sum = 0;
    for (int v : values) { sum += v; }
    double average = values.length == 0 ? 0 : (double) sum / values.length;
    String line = "sum=" + sum + " average=" + average;
    System.out.println(line);
    return line;
  }`;

test('a new superclass with code of its own that a kept class now extends is an Extract Superclass; a new interface of declarations only is not', async () => {
  const before = { 'zoo/Dog.java': `package zoo;\npublic class Dog {\n  private int age;\n  public String bark() { return "woof"; }\n}\n` };
  const base = `package zoo;\npublic abstract class Animal {\n  protected int age;\n  public boolean isOld() { return age > 10; }\n}\n`;
  const after = { 'zoo/Dog.java': dog(''), 'zoo/Animal.java': base };
  assert.deepEqual(await refactorings(before, after), ['Extract Superclass: zoo.Dog → zoo.Animal']);
  const declarations = `package zoo;\npublic interface Animal {\n  boolean isOld();\n}\n`;
  const implementing = { 'zoo/Dog.java': `package zoo;\npublic class Dog implements Animal {\n  private int age;\n  public String bark() { return "woof"; }\n}\n`, 'zoo/Animal.java': declarations };
  assert.deepEqual(await refactorings(before, implementing), []);
});

test('part of a method moved to a new method it calls is an Extract Method', async () => {
  const extracted = `  public String report(int[] values) {
    int sum = total(values);
    double average = values.length == 0 ? 0 : (double) sum / values.length;
    String line = "sum=" + sum + " average=" + average;
    System.out.println(line);
    return line;
  }
  private int total(int[] numbers) {
    int sum = 0;
    for (int v : numbers) { sum += v; }
    return sum;
  }`;
  assert.deepEqual(await relationships(shapes(report), shapes(extracted)), ['EXTRACT geo.Shape.report(int[]) → geo.Shape.total(int[])']);
});

test('part of a constructor moved to a new method it calls is an Extract Method', async () => {
  const ctor = (body: string) => `package geo;\npublic class Grid {\n  private final int[][] cells;\n  public Grid(int rows, int columns) {\n${body}\n  }\n}\n`;
  const fill = `    for (int r = 0; r < cells.length; r++) {\n      for (int c = 0; c < cells[r].length; c++) { cells[r][c] = r * c + 1; }\n    }`;
  const before = { 'geo/Grid.java': ctor(`    cells = new int[rows][columns];\n${fill}`) };
  const after = { 'geo/Grid.java': ctor(`    cells = new int[rows][columns];\n    fill();`).replace('\n}\n', `\n  private void fill() {\n${fill}\n  }\n}\n`) };
  assert.deepEqual(await refactorings(before, after), ['Extract Method: geo.Grid.Grid(int,int) → geo.Grid.fill()']);
});

test('code extracted in two steps (a new method calling another new one) is an Extract of each from the original method', async () => {
  const cls = (members: string) => `package geo;\npublic class Report {\n${members}\n}\n`;
  const before = cls(`  public void print(int[] values, String title) {
    System.out.println("== " + title.toUpperCase() + " ==");
    int sum = 0;
    for (int v : values) { sum += v; }
    String line = String.format("%-10s %8d", "total", sum);
    System.out.println(line.trim());
  }`);
  const after = cls(`  public void print(int[] values, String title) {
    System.out.println("== " + title.toUpperCase() + " ==");
    printTotal(values);
  }
  private void printTotal(int[] values) {
    int sum = 0;
    for (int v : values) { sum += v; }
    System.out.println(format("total", sum));
  }
  private String format(String label, int amount) {
    String line = String.format("%-10s %8d", label, amount);
    return line.trim();
  }`);
  assert.deepEqual(await refactorings({ 'geo/Report.java': before }, { 'geo/Report.java': after }), [
    'Extract Method: geo.Report.print(int[],String) → geo.Report.format(String,int)',
    'Extract Method: geo.Report.print(int[],String) → geo.Report.printTotal(int[])',
  ]);
});

test('part of a method moved to a new method of another class is an Extract And Move Method', async () => {
  const after = {
    'geo/Shape.java': `package geo;
public class Shape {
  public String report(int[] values) {
    int sum = Stats.total(values);
    double average = values.length == 0 ? 0 : (double) sum / values.length;
    String line = "sum=" + sum + " average=" + average;
    System.out.println(line);
    return line;
  }
}
`,
    'geo/Stats.java': `package geo;
public class Stats {
  static int total(int[] numbers) {
    int sum = 0;
    for (int v : numbers) { sum += v; }
    return sum;
  }
}
`,
  };
  assert.deepEqual(await refactorings(shapes(report), after), ['Extract And Move Method: geo.Shape.report(int[]) → geo.Stats.total(int[])']);
});

test('a method whose code went to a namesake in another class it now delegates to is an Extract And Move Method', async () => {
  const body = `    int sum = 0;\n    for (int v : values) { sum += v * v; }\n    System.out.println("squares=" + sum);\n    return sum;`;
  const before = { 'geo/Shape.java': `package geo;\npublic class Shape {\n  public int squares(int[] values) {\n${body}\n  }\n}\n` };
  const after = {
    'geo/Shape.java': `package geo;\npublic class Shape {\n  private final Stats stats = new Stats();\n  public int squares(int[] values) {\n    return stats.squares(values);\n  }\n}\n`,
    'geo/Stats.java': `package geo;\npublic class Stats {\n  int squares(int[] values) {\n${body}\n  }\n}\n`,
  };
  assert.deepEqual(await refactorings(before, after), ['Extract And Move Method: geo.Shape.squares(int[]) → geo.Stats.squares(int[])']);
});

for (const [how, delegation] of [['a typed field', 'baseGraph.close()'], ['the return type of a getter', 'graph().close()']]) {
  test(`a delegation through ${how} is linked to that type\'s method among many namesakes: Extract And Move Method`, async () => {
    const body = `    store.flush();\n    store.release(headerPages);\n    headerPages = 0;\n    System.out.println("closed " + name);`;
    // Five other classes of the commit also gain a close(): a call by name alone would be ambiguous.
    const others = Object.fromEntries(['Cache', 'Index', 'Journal', 'Lock', 'Pool'].map((name) => [
      `g/${name}.java`, `package g;\npublic class ${name} {\n  public void close() {\n    System.out.println("${name} closed");\n  }\n}\n`,
    ]));
    const storage = (close: string) =>
      `package g;\npublic class Storage {\n  private BaseGraph baseGraph;\n  BaseGraph graph() {\n    return baseGraph;\n  }\n  public void close() {\n${close}\n  }\n}\n`;
    const before = {
      'g/Storage.java': storage(body),
      'g/BaseGraph.java': `package g;\npublic class BaseGraph {\n  int nodes;\n}\n`,
    };
    const after = {
      'g/Storage.java': storage(`    ${delegation};`),
      'g/BaseGraph.java': `package g;\npublic class BaseGraph {\n  int nodes;\n  void close() {\n${body}\n  }\n}\n`,
      ...others,
    };
    assert.deepEqual(await refactorings(before, after), ['Extract And Move Method: g.Storage.close() → g.BaseGraph.close()']);
  });
}

test('a method renamed while its code was split into new helpers it calls is a Rename Method plus an Extract Method of each helper', async () => {
  const sections = ['heap', 'threads', 'events', 'clients'];
  const line = (s: string) => `    sb.append("${s}=").append(format(metrics.get("${s}"), "${s}.unit")).append(", ");`;
  const before = `package mon;\npublic class Metrics {\n  public boolean exceeds(int limit) { return metrics.size() > limit; }\n  public String toString() {\n    StringBuilder sb = new StringBuilder();\n${sections.map(line).join('\n')}\n    return sb.toString();\n  }\n}\n`;
  const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
  const helpers = sections.map((s) => `  private void render${cap(s)}(StringBuilder sb) {\n${line(s)}\n  }`).join('\n');
  const after = `package mon;\npublic class Metrics {\n  public boolean exceeds(int limit) { return metrics.size() > limit; }\n  public String render() {\n    StringBuilder sb = new StringBuilder();\n${sections.map((s) => `    render${cap(s)}(sb);`).join('\n')}\n    return sb.toString();\n  }\n${helpers}\n}\n`;
  const found = await refactorings({ 'mon/Metrics.java': before }, { 'mon/Metrics.java': after });
  assert.ok(found.includes('Rename Method: mon.Metrics.toString() → mon.Metrics.render()'), found.join('\n'));
  for (const s of sections) assert.ok(found.includes(`Extract Method: mon.Metrics.toString() → mon.Metrics.render${cap(s)}(StringBuilder)`), found.join('\n'));
});

test('a method whose name is only spelled otherwise (case) is a Rename Method though other methods of its arity came and went', async () => {
  const before = `package t;\npublic class StoreTest {\n  public void teardown() {\n    store.close();\n  }\n  public void oldCase() {\n    assertEquals(1, store.count());\n  }\n}\n`;
  const after = `package t;\npublic class StoreTest {\n  public void tearDown() {\n    if (store != null) store.close();\n    fs.shutdown();\n    pageCache.close();\n  }\n  public void newCase() {\n    fs.format(dir);\n    assertTrue(dir.exists());\n  }\n}\n`;
  const found = await refactorings({ 't/StoreTest.java': before }, { 't/StoreTest.java': after });
  assert.deepEqual(found, ['Rename Method: t.StoreTest.teardown() → t.StoreTest.tearDown()']);
});

test('a method whose body replaced its only call is an Inline Method', async () => {
  const before = `  public String report(int[] values) {
    int sum = total(values);
    String line = "sum=" + sum;
    return line;
  }
  private int total(int[] numbers) {
    int sum = 0;
    for (int v : numbers) { sum += v * 2; }
    return sum;
  }`;
  const after = `  public String report(int[] values) {
    int sum = 0;
    for (int v : values) { sum += v * 2; }
    String line = "sum=" + sum;
    return line;
  }`;
  assert.deepEqual(await refactorings(shapes(before), shapes(after)), ['Inline Method: geo.Shape.total(int[]) → geo.Shape.report(int[])']);
});

test('an implementation removed from one class is not inlined into a caller that calls the method through an interface that keeps it', async () => {
  const memory = (extra: string) => `package w;\npublic interface Memory {\n  void flush();\n${extra}}\n`;
  const mock = `package w;\npublic class MockMemory implements Memory {\n  private int pending;\n  public void flush() {\n    pending = 0;\n    System.out.println("flushed " + pending + " entries");\n  }\n}\n`;
  const agenda = (extra: string) => `package w;\npublic class Agenda {\n  private Memory memory;\n  private int pending;\n  public void fire() {\n    memory.flush();\n${extra}  }\n}\n`;
  const before = { 'w/Memory.java': memory(''), 'w/MockMemory.java': mock, 'w/Agenda.java': agenda('') };
  const after = {
    'w/Memory.java': memory('  boolean isEmpty();\n'),
    'w/MockMemory.java': mock.replace(/  public void flush\(\) \{[^}]*\}\n/, ''),
    'w/Agenda.java': agenda('    pending = 0;\n    System.out.println("fired, " + pending + " entries left");\n'),
  };
  assert.deepEqual((await refactorings(before, after)).filter((r) => r.startsWith('Inline Method')), []);
});

test('an implementation removed with the interface method it implemented is not inlined into a caller that called the interface', async () => {
  const memory = (declared: string) => `package w;\npublic interface Memory {\n${declared}  boolean isEmpty();\n}\n`;
  const mock = (flush: string) => `package w;\npublic class MockMemory implements Memory {\n  private int pending;\n${flush}  public boolean isEmpty() { return pending == 0; }\n}\n`;
  const flush = '  public void flush() {\n    pending = 0;\n    System.out.println("flushed " + pending + " entries");\n  }\n';
  const agenda = (fire: string) => `package w;\npublic class Agenda {\n  private Memory memory;\n  private int pending;\n  public void fire() {\n${fire}  }\n}\n`;
  const before = { 'w/Memory.java': memory('  void flush();\n'), 'w/MockMemory.java': mock(flush), 'w/Agenda.java': agenda('    memory.flush();\n') };
  const after = {
    'w/Memory.java': memory(''),
    'w/MockMemory.java': mock(''),
    'w/Agenda.java': agenda('    pending = 0;\n    System.out.println("fired, " + pending + " entries left");\n'),
  };
  assert.deepEqual((await refactorings(before, after)).filter((r) => r.startsWith('Inline Method')), []);
});

test('unchanged elements are SAME relationships and no refactoring', async () => {
  const before = shapes(`${area}\n${other}`);
  const after = shapes(`${area}\n${other}\n  public int added() { return 42; }`);
  assert.deepEqual(await refactorings(before, after), []);
  const result = await compare(before, after);
  assert.deepEqual(result.relationships.map((r) => r.type).sort(), ['SAME', 'SAME', 'SAME']);
});

test('a conflict between two candidates is resolved by similarity: the closer copy is the rename', async () => {
  const near = area.replace('area(', 'surface(').replace('"negative area "', '"negative surface "');
  const far = area.replace('area(', 'volume(').replace('width * height', 'width * height * 2').replace('result < 0', 'result <= 0');
  const found = await relationships(shapes(area), shapes(`${far}\n${near}`));
  assert.deepEqual(found, ['RENAME geo.Shape.area(double,double) → geo.Shape.surface(double,double)']);
});

const cart = (checkout: string, extra = '') => ({
  'shop/Cart.java': `package shop;
public class Cart {
  private java.util.List<Item> items;
  public double checkout(Customer customer) {
${checkout}
    customer.charge(total);
    return total;
  }
${extra}}
`,
});
const summed = `  private double sum() {
    if (items == null || items.isEmpty()) { throw new IllegalStateException("no items in the cart"); }
    double total = 0;
    for (Item item : items) { total += item.price() * item.quantity(); }
    return total;
  }
`;

test('an extracted method that does more than the removed code is an Extract Method when its call is new to the caller', async () => {
  const before = cart(`    double total = 0;
    for (Item item : items) { total += item.price() * item.quantity(); }`);
  const after = cart('    double total = sum();', summed);
  assert.deepEqual(await relationships(before, after), ['EXTRACT shop.Cart.checkout(Customer) → shop.Cart.sum()']);
});

test('a caller that already called the name needs the full extract similarity', async () => {
  const before = cart(`    double total = 0;
    for (Item item : items) { total += item.price() * item.quantity(); }
    customer.log(prices.sum());`);
  const rewritten = summed.replace(/item/g, 'line').replace('double total = 0;', 'double total = 0.0;');
  const after = cart(`    double total = sum();
    customer.log(total);`, rewritten);
  assert.deepEqual(await relationships(before, after), []);
});

test('a call with fewer arguments than a variadic method has parameters is a call to it: Extract Method from each caller', async () => {
  const parser = (extra: string) => `package web;\npublic class Parser {\n  public static Route parse(Class<?> type, String method) { return new Route(type, method); }\n${extra}}\n`;
  const test1 = (members: string) => `package web;\npublic class ParserTest {\n${members}\n}\n`;
  const setup = (args: string) => `    Route route = new Route(Api.class, ${args});\n    route.validate();\n    route.checkHeaders(Api.class.getAnnotations());\n    assertEquals("GET", route.method());`;
  const before = {
    'web/Parser.java': parser(''),
    'web/ParserTest.java': test1(`  public void plain() {\n${setup('"get"')}\n  }\n  public void withTypes() {\n${setup('"list", String.class')}\n  }`),
  };
  const after = {
    'web/Parser.java': parser('  public static boolean known(String method) { return method.length() > 0; }\n'),
    'web/ParserTest.java': test1(`  public void plain() {\n    parse(Api.class, "get");\n  }\n  public void withTypes() {\n    parse(Api.class, "list", String.class);\n  }
  private Route parse(Class<?> type, String method, Class<?>... parameters) {
    Route route = new Route(type, method, parameters);
    route.validate();
    route.checkHeaders(type.getAnnotations());
    assertEquals("GET", route.method());
    return route;
  }`),
  };
  assert.deepEqual(await refactorings(before, after), [
    'Extract Method: web.ParserTest.plain() → web.ParserTest.parse(Class<?>,String,Class<?>[])',
    'Extract Method: web.ParserTest.withTypes() → web.ParserTest.parse(Class<?>,String,Class<?>[])',
  ]);
});

test('a renamed class keeps the method it still declares, although a new class has a copy of it', async () => {
  const members = `  public String bark() { return "woof" + name; }\n  public String sit() { return "sitting " + name; }\n${feed}`;
  const before = { 'zoo/Dog.java': `package zoo;\npublic class Dog {\n  private String name;\n${members}\n}\n` };
  const after = {
    'zoo/Cat.java': `package zoo;\npublic class Cat {\n  public String meow() { return "meow"; }\n${feed}\n}\n`,
    'zoo/Hound.java': `package zoo;\npublic class Hound {\n  private String name;\n${members}\n}\n`,
  };
  assert.deepEqual(await refactorings(before, after), ['Rename Class: zoo.Dog → zoo.Hound']);
});

test('a method that went from a deleted class into a new one, with the classes merged, is no Move Method; into a kept class it is', async () => {
  const tool = (members: string) => `package geo;\npublic class Tool {\n${members}\n}\n`;
  const before = { 'geo/Shape.java': `package geo;\npublic class Shape {\n${area}\n${other}\n}\n`, 'geo/Tool.java': tool(feed) };
  const merged = { 'geo/model/Figure.java': `package geo.model;\npublic class Figure {\n${area}\n${other}\n${feed}\n}\n` };
  assert.deepEqual(await refactorings(before, merged), ['Move And Rename Class: geo.Shape → geo.model.Figure']);
  const kept = { 'geo/Shape.java': `package geo;\npublic class Shape {\n${area}\n${other}\n${feed}\n}\n` };
  assert.deepEqual(await refactorings(before, kept), ['Move Method: geo.Tool.feed(int,int) → geo.Shape.feed(int,int)']);
});

test('a method split into a helper and a caller whose name is close to the old one: the caller is the rename, the helper an extraction', async () => {
  const header = `    int marker = in.readByte();
    int size;
    if (marker == TINY_TEXT) size = in.readByte() & 0x0F;
    else if (marker == TEXT_8) size = in.readByte() & 0xFF;
    else if (marker == TEXT_16) size = in.readShort() & 0xFFFF;
    else throw new IOException("Expected a string, but got: " + marker);`;
  const before = {
    'io/Unpacker.java': `package io;\npublic class Unpacker {\n  public byte[] unpackUtf8() throws IOException {\n${header}\n    byte[] bytes = new byte[size];\n    in.readBytes(bytes, 0, size);\n    return bytes;\n  }\n}\n`,
  };
  const after = {
    'io/Unpacker.java': `package io;\npublic class Unpacker {\n  public byte[] unpackUTF8() throws IOException {\n    int size = unpackTextHeader();\n    return in.readBytes(new byte[size], 0, size);\n  }\n  public int unpackTextHeader() throws IOException {\n${header}\n    return size;\n  }\n}\n`,
  };
  assert.deepEqual(await refactorings(before, after), [
    'Extract Method: io.Unpacker.unpackUtf8() → io.Unpacker.unpackTextHeader()',
    'Rename Method: io.Unpacker.unpackUtf8() → io.Unpacker.unpackUTF8()',
  ]);
});

test('a method renamed word for word, which its callers now call, is the rename; a new caller of it with a closer name is no Rename', async () => {
  const guard = `    if (!accepted.test(name)) {\n      reject(name);\n    }`;
  const before = {
    'io/Guard.java': `package io;\npublic class Guard {\n  private java.util.function.Predicate<String> accepted;\n  public Class<?> resolve(String name) {\n    checkClassName(name);\n    return load(name);\n  }\n  private void checkClassName(String name) {\n${guard}\n  }\n}\n`,
  };
  const after = {
    'io/Guard.java': `package io;\npublic class Guard {\n  private java.util.function.Predicate<String> accepted;\n  public Class<?> resolve(String name) {\n    checkTypeName(name);\n    Class<?> type = load(name);\n    if (strict) check(type);\n    return type;\n  }\n  private void check(Class<?> type) {\n    checkTypeName(type.getName());\n    for (Class<?> face : type.getInterfaces()) {\n      check(face);\n    }\n  }\n  private void checkTypeName(String name) {\n${guard}\n  }\n}\n`,
  };
  assert.deepEqual(await refactorings(before, after), ['Rename Method: io.Guard.checkClassName(String) → io.Guard.checkTypeName(String)']);
});

test('a nested class renamed inside a class that moved or was renamed is a Move And Rename Class; inside a kept class, a Rename Class', async () => {
  const stream = (pkg: string, outer: string, inner: string) => `package net.${pkg};
public class ${outer} {
  private final int id;
  public ${outer}(int id) { this.id = id; }
  public int id() { return id; }
  public boolean isOpen() { return id > 0 && !closed(); }
  private boolean closed() { return id < 0; }
  final class ${inner} {
    private final byte[] buffer = new byte[1024];
    private int position;
    public int read(byte[] sink, int offset, int count) {
      int n = Math.min(count, buffer.length - position);
      System.arraycopy(buffer, position, sink, offset, n);
      position += n;
      return n;
    }
    public void close() { position = buffer.length; }
  }
}
`;
  const before = { 'net/spdy/SpdyStream.java': stream('spdy', 'SpdyStream', 'SpdyDataSource') };
  const moved = { 'net/framed/FramedStream.java': stream('framed', 'FramedStream', 'FramedDataSource') };
  assert.deepEqual(await refactorings(before, moved), [
    'Move And Rename Class: net.spdy.SpdyStream → net.framed.FramedStream',
    'Move And Rename Class: net.spdy.SpdyStream.SpdyDataSource → net.framed.FramedStream.FramedDataSource',
  ]);
  const kept = { 'net/spdy/SpdyStream.java': stream('spdy', 'SpdyStream', 'FramedDataSource') };
  assert.deepEqual(await refactorings(before, kept), ['Rename Class: net.spdy.SpdyStream.SpdyDataSource → net.spdy.SpdyStream.FramedDataSource']);
});

test('a new setter called where the method assigned the field itself is an Extract Method; a setter added beside code that kept its assignment is not', async () => {
  const stats = (members: string) => `package os;\npublic class Stats {\n  private int steps;\n  private long total;\n${members}\n}\n`;
  const read = (assign: string) => `  public void readSummary(Parcel in) {\n    total = in.readLong();\n    ${assign}\n    log("read " + total);\n  }`;
  const setter = '  protected void setSteps(int count) {\n    steps = count;\n  }';
  const before = { 'os/Stats.java': stats(read('steps = in.readInt();')) };
  assert.deepEqual(await refactorings(before, { 'os/Stats.java': stats(`${read('setSteps(in.readInt());')}\n${setter}`) }), [
    'Extract Method: os.Stats.readSummary(Parcel) → os.Stats.setSteps(int)',
  ]);
  const otherCall = `  public void reset() {\n    setSteps(0);\n  }`;
  assert.deepEqual(await refactorings(before, { 'os/Stats.java': stats(`${read('steps = in.readInt();')}\n${setter}\n${otherCall}`) }), []);
});

test('a helper copied in two classes and merged into one shared class is a Move Method from each copy; a namesake with other code stays out', async () => {
  const helper = `  private boolean isOperator(String op) {
    if (op.length() == 0) return false;
    return op.equals("and") || op.equals("or") || op.equals("not");
  }`;
  const parser = (cls: string, members: string) => `package p;\npublic class ${cls} {\n  public Object parse(String text) { return build(text.trim()); }\n${members}\n}\n`;
  const shared = (members: string) => `package p;\npublic class Tokens {\n  public int count(String text) { return text.split(" ").length; }\n${members}\n}\n`;
  const before = { 'p/HandlerParser.java': parser('HandlerParser', helper), 'p/PredicateParser.java': parser('PredicateParser', helper), 'p/Tokens.java': shared('') };
  const after = { 'p/HandlerParser.java': parser('HandlerParser', ''), 'p/PredicateParser.java': parser('PredicateParser', ''), 'p/Tokens.java': shared(helper) };
  assert.deepEqual(await refactorings(before, after), [
    'Move Method: p.HandlerParser.isOperator(String) → p.Tokens.isOperator(String)',
    'Move Method: p.PredicateParser.isOperator(String) → p.Tokens.isOperator(String)',
  ]);
  const other = '  private boolean isOperator(String op) {\n    return OPERATORS.contains(op.toLowerCase(Locale.ROOT));\n  }';
  const differs = { ...before, 'p/PredicateParser.java': parser('PredicateParser', other) };
  assert.deepEqual(await refactorings(differs, after), ['Move Method: p.HandlerParser.isOperator(String) → p.Tokens.isOperator(String)']);
});

test('two identical classes moved from two packages to two others go to the package whose folders they share, not crosswise', async () => {
  const genre = (pkg: string) => `package ${pkg};\npublic class Genre {\n  private String name;\n  public String getName() { return name; }\n  public void setName(String name) { this.name = name; }\n}\n`;
  const before = { 'src/integration/web/domain/Genre.java': genre('integration.web.domain'), 'src/integration/movies/domain/Genre.java': genre('integration.movies.domain') };
  const after = { 'src/examples/movies/domain/Genre.java': genre('examples.movies.domain'), 'src/web/domain/Genre.java': genre('web.domain') };
  assert.deepEqual(await refactorings(before, after), [
    'Move Class: integration.movies.domain.Genre → examples.movies.domain.Genre',
    'Move Class: integration.web.domain.Genre → web.domain.Genre',
  ]);
});

test('two methods of a class rewritten with their names, each the other\'s most similar with the same parameters, are two Rename Methods', async () => {
  const guard = (members: string) => `package kernel;
public class AvailabilityGuard {
  private final Set<Requirement> blocking = new HashSet<>();
  private final List<Listener> listeners = new ArrayList<>();
  private final Log log;
${members}
  public boolean isAvailable() { return blocking.isEmpty(); }
}
`;
  const before = {
    'kernel/AvailabilityGuard.java': guard(`
  public void deny(Requirement requirementNotMet) {
    synchronized (blocking) {
      if (blocking.add(requirementNotMet) && blocking.size() == 1) {
        for (Listener listener : listeners) listener.unavailable();
      }
    }
  }
  public void grant(Requirement requirementNowMet) {
    synchronized (blocking) {
      if (blocking.remove(requirementNowMet) && blocking.isEmpty()) {
        for (Listener listener : listeners) listener.available();
      }
    }
  }`),
  };
  const rewritten = (extra: string) => `
  public void require(Requirement requirement${extra}) {
    if (blocking.add(requirement) && blocking.size() == 1) {
      log.info("Database unavailable: " + describe(requirement));
      notifyListeners(false);
    }
  }
  public void fulfill(Requirement requirement${extra}) {
    if (blocking.remove(requirement) && blocking.isEmpty()) {
      log.info("Database available");
      notifyListeners(true);
    }
  }`;
  assert.deepEqual(await refactorings(before, { 'kernel/AvailabilityGuard.java': guard(rewritten('')) }), [
    'Rename Method: kernel.AvailabilityGuard.deny(Requirement) → kernel.AvailabilityGuard.require(Requirement)',
    'Rename Method: kernel.AvailabilityGuard.grant(Requirement) → kernel.AvailabilityGuard.fulfill(Requirement)',
  ]);
  // With other parameters as well, the rewritten code alone is too little to tell.
  assert.deepEqual(await refactorings(before, { 'kernel/AvailabilityGuard.java': guard(rewritten(', String reason')) }), []);
});

test('a method whose name its class still declares (an overload added in its place) is not renamed to a new method on position alone', async () => {
  const bundle = (members: string) => `package js;
public class Bundle {
  private final Path output;
  private final Path resources;
  public Bundle(Target target) {
    this.output = getPathToBundleDir(target).resolve("out");
    this.resources = getPathToResources(target);
  }
${members}
  public Path getPathToResources(Target target) { return target.genPath("__%s_res__/"); }
}
`;
  const old = '  public Path getPathToBundleDir() {\n    return output.getParent();\n  }';
  const renamed = '  public Path getBundleDir() {\n    return jsOutputDir;\n  }';
  const overload = '  public static Path getPathToBundleDir(Target target) {\n    return target.genPath("__%s_js__/");\n  }';
  const before = { 'js/Bundle.java': bundle(old) };
  assert.deepEqual(await refactorings(before, { 'js/Bundle.java': bundle(renamed) }), ['Rename Method: js.Bundle.getPathToBundleDir() → js.Bundle.getBundleDir()']);
  assert.deepEqual(await refactorings(before, { 'js/Bundle.java': bundle(`${renamed}\n${overload}`) }), []);
});

test('a test class split into two new ones named after it is renamed to neither: its nested class moved, its methods went with their code', async () => {
  const method = (name: string, kind: string, n: number) =>
    `  @Test\n  public void ${name}() {\n    SomeObject object = new SomeObject();\n    metricsRegistry.register(object, "foo${n}", ${kind}Probe.of(${n}));\n    ${kind}Gauge gauge = metricsRegistry.new${kind}Gauge("foo${n}");\n    assertEquals(${n * 10}, gauge.read(), 0.1);\n  }`;
  const nested = '  private static class SomeObject {\n    long longField = 10;\n    double doubleField = 10.8;\n  }';
  const cases = ['whenNoProbe', 'whenException', 'whenDoubleProbe', 'whenLongProbe'];
  const all = [...cases.map((c, i) => method(`readDouble_${c}`, 'Double', i)), ...cases.map((c, i) => method(`readLong_${c}`, 'Long', 10 + i))];
  const before = { 'metrics/GaugeImplTest.java': `package metrics;\npublic class GaugeImplTest {\n${all.join('\n')}\n${nested}\n}\n` };
  const after = {
    'metrics/DoubleGaugeImplTest.java': `package metrics;\npublic class DoubleGaugeImplTest {\n${cases.map((c, i) => method(c, 'Double', i)).join('\n')}\n${nested}\n}\n`,
    'metrics/LongGaugeImplTest.java': `package metrics;\npublic class LongGaugeImplTest {\n${cases.map((c, i) => method(c, 'Long', 10 + i)).join('\n')}\n}\n`,
  };
  assert.deepEqual(await refactorings(before, after), ['Move Class: metrics.GaugeImplTest.SomeObject → metrics.DoubleGaugeImplTest.SomeObject']);
});

test('a method moved under a new name goes to the new type whose namesake of its old caller calls it, before a closer look-alike elsewhere', async () => {
  const load = (name: string, kind: string, extra = '') =>
    `  public static Map<String, ${kind}Builder> ${name}(ClassLoader classLoader) {\n    ServiceLoader<${kind}Builder> loader = ServiceLoader.load(${kind}Builder.class, classLoader);\n    Map<String, ${kind}Builder> ret = new HashMap<>();\n    for (${kind}Builder builder : loader) {\n      ret.put(builder.name(), builder);\n    }${extra}\n    return ret;\n  }`;
  const parse = (loader: string) =>
    `  public static List<Handler> parse(String contents, ClassLoader classLoader) {\n    Map<String, HandlerBuilder> builders = ${loader}(classLoader);\n    List<Handler> handlers = new ArrayList<>();\n    for (String line : contents.split("\\n")) {\n      handlers.add(builders.get(line.trim()).build());\n    }\n    return handlers;\n  }`;
  const keep = '  public static String version() {\n    return "1.0";\n  }';
  const before = {
    'io/Handlers.java': `package io;\npublic class Handlers {\n${parse('loadBuilders')}\n${load('loadBuilders', 'Handler')}\n${keep}\n}\n`,
    'io/Predicates.java': `package io;\npublic class Predicates {\n${keep}\n}\n`,
  };
  const after = {
    'io/Handlers.java': `package io;\npublic class Handlers {\n${keep}\n}\n`,
    'io/Predicates.java': `package io;\npublic class Predicates {\n${keep}\n${load('loadPredicateBuilders', 'Handler')}\n}\n`,
    'io/HandlersParser.java': `package io;\npublic class HandlersParser {\n${parse('loadHandlerBuilders')}\n${load('loadHandlerBuilders', 'Handler', '\n    ret.remove("none");')}\n}\n`,
  };
  assert.deepEqual(await refactorings(before, after), [
    'Move And Rename Method: io.Handlers.loadBuilders(ClassLoader) → io.HandlersParser.loadHandlerBuilders(ClassLoader)',
    'Move Method: io.Handlers.parse(String,ClassLoader) → io.HandlersParser.parse(String,ClassLoader)',
  ]);
});

test('a method pulled up into a new superclass whose method of the same name now calls a new helper holding its body went to that namesake; the helper was extracted from it', async () => {
  const strategies = '        if (this.requestUpgradeStrategy instanceof Lifecycle) {\n          ((Lifecycle) this.requestUpgradeStrategy).start();\n        }\n        if (this.sockJsService instanceof Lifecycle) {\n          ((Lifecycle) this.sockJsService).start();\n        }\n        for (WebSocketExtension extension : this.extensions) {\n          extension.initialize(this.servletContext);\n        }';
  const body = `    synchronized (this.lifecycleMonitor) {\n      if (!isRunning()) {\n        this.running = true;\n${strategies}\n      }\n    }`;
  const common = '  public boolean isRunning() {\n    return this.running;\n  }\n  public String[] getSupportedProtocols() {\n    return this.supportedProtocols.toArray(new String[this.supportedProtocols.size()]);\n  }';
  const before = {
    'ws/DefaultHandshakeHandler.java': `package ws;\npublic class DefaultHandshakeHandler implements Lifecycle {\n  public void start() {\n${body}\n  }\n${common}\n}\n`,
  };
  const after = {
    'ws/DefaultHandshakeHandler.java': 'package ws;\npublic class DefaultHandshakeHandler extends AbstractHandshakeHandler {\n  public DefaultHandshakeHandler() {\n    super();\n  }\n}\n',
    'ws/AbstractHandshakeHandler.java': `package ws;\npublic abstract class AbstractHandshakeHandler implements Lifecycle {\n  public void start() {\n    synchronized (this.lifecycleMonitor) {\n      if (!isRunning()) {\n        this.running = true;\n        doStart();\n      }\n    }\n  }\n  protected void doStart() {\n${strategies}\n  }\n${common}\n}\n`,
  };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Pull Up Method: ws.DefaultHandshakeHandler.start() → ws.AbstractHandshakeHandler.start()'), found.join('\n'));
  assert.ok(!found.some((r) => r.includes('→ ws.AbstractHandshakeHandler.doStart()') && !r.startsWith('Extract')), found.join('\n'));
});

test('a helper extracted from a method that itself moved there (pulled up into the helper\'s type) is an Extract Method, not an Extract And Move', async () => {
  const strategies = '    if (this.requestUpgradeStrategy instanceof Lifecycle) {\n      ((Lifecycle) this.requestUpgradeStrategy).start();\n    }\n    if (this.sockJsService instanceof Lifecycle) {\n      ((Lifecycle) this.sockJsService).start();\n    }\n    for (WebSocketExtension extension : this.extensions) {\n      extension.initialize(this.servletContext);\n    }';
  const common = '  public boolean isRunning() {\n    return this.running;\n  }';
  const before = {
    'ws/DefaultHandshakeHandler.java': `package ws;\npublic class DefaultHandshakeHandler implements Lifecycle {\n  public void start() {\n    synchronized (this.lifecycleMonitor) {\n      if (!isRunning()) {\n        this.running = true;\n    ${strategies}\n      }\n    }\n  }\n${common}\n}\n`,
  };
  const after = {
    'ws/DefaultHandshakeHandler.java': 'package ws;\npublic class DefaultHandshakeHandler extends AbstractHandshakeHandler {\n  public DefaultHandshakeHandler() {\n    super();\n  }\n}\n',
    'ws/AbstractHandshakeHandler.java': `package ws;\npublic abstract class AbstractHandshakeHandler implements Lifecycle {\n  public void start() {\n    synchronized (this.lifecycleMonitor) {\n      if (!isRunning()) {\n        this.running = true;\n        doStart();\n      }\n    }\n  }\n  protected void doStart() {\n${strategies}\n  }\n${common}\n}\n`,
  };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Extract Method: ws.DefaultHandshakeHandler.start() → ws.AbstractHandshakeHandler.doStart()'), found.join('\n'));
  assert.ok(!found.some((r) => r.startsWith('Extract And Move')), found.join('\n'));
});

test('a parameter whose generic arguments changed is a signature change of the same method, shown with them', async () => {
  const loader = (type: string) => `package io;\nimport java.util.List;\npublic class Loader {\n  public int load(${type} paths, boolean strict) {\n    int n = 0;\n    for (Object p : paths) n++;\n    return strict ? n : -n;\n  }\n}\n`;
  const result = await compare({ 'io/Loader.java': loader('List<Path>') }, { 'io/Loader.java': loader('java.util.List<URL>') });
  const found = toRefactorings(result.relationships, result.before, result.after).map((r) => r.description);
  assert.deepEqual(found, ['Change Method Signature load(paths List<Path>, strict boolean) : int to load(paths List<URL>, strict boolean) : int in class io.Loader']);
  // The same type written qualified is the same signature.
  const same = await compare({ 'io/Loader.java': loader('List<Path>') }, { 'io/Loader.java': loader('java.util.List<java.nio.file.Path>') });
  assert.deepEqual(toRefactorings(same.relationships, same.before, same.after), []);
  // Both sides' names show what changed, as the one-line output and the views print them.
  const wildcard = await refactorings({ 'io/Loader.java': loader('Class<? extends  Throwable>') }, { 'io/Loader.java': loader('Class<T>') });
  assert.deepEqual(wildcard, ['Change Method Signature: io.Loader.load(Class<? extends Throwable>,boolean) → io.Loader.load(Class<T>,boolean)']);
  const bounded = await compare({ 'io/Loader.java': loader('List<? extends Path>') }, { 'io/Loader.java': loader('List<? extends java.nio.file.Path>') });
  assert.deepEqual(toRefactorings(bounded.relationships, bounded.before, bounded.after), []);
});

test('the only constructor a class lost and the only one it gained are one constructor whose parameters changed, whatever is left of its code', async () => {
  const operation = (constructor: string) => `package ops;\npublic class JoinCheck {\n  private Object request;\n  public JoinCheck() {\n  }\n${constructor}\n  public boolean run() {\n    return request != null;\n  }\n}\n`;
  const before = { 'ops/JoinCheck.java': operation('  public JoinCheck(JoinRequest joinRequest) {\n    this.joinRequest = joinRequest;\n  }') };
  const after = { 'ops/JoinCheck.java': operation('  public JoinCheck(JoinMessage request) {\n    this.request = request;\n  }') };
  assert.deepEqual(await refactorings(before, after), ['Change Method Signature: ops.JoinCheck.JoinCheck(JoinRequest) → ops.JoinCheck.JoinCheck(JoinMessage)']);
});

test('a method moved from a class that existed before down to a subclass, past a new class inserted between them, is a Push Down Method', async () => {
  const young = `package zoo;\npublic class Young extends Animal {\n  public boolean small() { return true; }\n}\n`;
  const before = { 'zoo/Animal.java': animal(feed), 'zoo/Dog.java': dog('') };
  const after = { 'zoo/Animal.java': animal(''), 'zoo/Young.java': young, 'zoo/Dog.java': dog(feed).replace('extends Animal', 'extends Young') };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Push Down Method: zoo.Animal.feed(int,int) → zoo.Dog.feed(int,int)'), found.join('\n'));
});

test('a new variadic overload is not what a call with as many arguments as a fixed-arity overload links to (no Extract Method into it)', async () => {
  const tree = (extra: string) => `package log;

public abstract class Tree {
  protected abstract void log(int priority, String tag, String message, Throwable t);

  private void prepareLog(int priority, Throwable t, String message, Object... args) {
    String tag = getTag();
    if (message == null || message.isEmpty()) {
      if (t == null) return;
      message = stackTrace(t);
    } else if (args.length > 0) {
      message = String.format(message, args);
    }
    log(priority, tag, message, t);
  }
${extra}
  private String getTag() { return "tag"; }
  private String stackTrace(Throwable t) { return t.toString(); }
}
`;
  const overload = '\n  public void log(int priority, Throwable t, String message, Object... args) {\n    prepareLog(priority, t, message, args);\n  }\n';
  assert.deepEqual(await refactorings({ 'src/log/Tree.java': tree('') }, { 'src/log/Tree.java': tree(overload) }), []);
});

test('a type parameter renamed (a method\'s `<T>` → `<TT>`, a class\'s `Builder<R>` → `Builder<RS>`) changes no parameter type', async () => {
  const factories = (t: string) => `package bind;
public final class Adapters {
  public static <${t}> Factory newFactory(final Class<${t}> type, final Adapter<? super ${t}> adapter) {
    return new Factory(type, adapter);
  }
  public static <${t}> Factory newFactory(final Class<${t}> unboxed, final Class<${t}> boxed, final Adapter<${t}> adapter) {
    return new Factory(unboxed, boxed, adapter);
  }
}
`;
  assert.deepEqual(await refactorings({ 'bind/Adapters.java': factories('T') }, { 'bind/Adapters.java': factories('TT') }), []);
  const response = (r: string) => `package rest;
public class Response<${r}> {
  public static class Builder<${r}> {
    private ${r} body;
    public Builder<${r}> setBody(${r} body) {
      this.body = body;
      return this;
    }
  }
}
`;
  assert.deepEqual(await refactorings({ 'rest/Response.java': response('R') }, { 'rest/Response.java': response('RS') }), []);
  // A parameter that now takes another type is still a signature change, renamed parameter or not.
  const changed = `package bind;
public final class Adapters {
  public static <TT> Factory newFactory(final Class<TT> type, final Adapter<? super TT> adapter) {
    return new Factory(type, adapter);
  }
  public static <TT> Factory newFactory(final Class<TT> unboxed, final Class<? extends TT> boxed, final Adapter<TT> adapter) {
    return new Factory(unboxed, boxed, adapter);
  }
}
`;
  assert.deepEqual(await refactorings({ 'bind/Adapters.java': factories('T') }, { 'bind/Adapters.java': changed }), [
    'Change Method Signature: bind.Adapters.newFactory(Class<T>,Class<T>,Adapter<T>) → bind.Adapters.newFactory(Class<TT>,Class<? extends TT>,Adapter<TT>)',
  ]);
});

test('a new overload or wrapper that only passes the call on to a namesake is no code extracted from callers that made that call already', async () => {
  // Callers switched from an overload given a default to a new overload filling it in.
  const writer = (extra: string) => `package gen;
import java.util.EnumSet;
import java.util.Set;
public final class Writer {
  public Writer beginType(String type, String kind, Set<Modifier> modifiers) {
    return beginType(type, kind, modifiers, null);
  }
  public Writer beginType(String type, String kind, Set<Modifier> modifiers, String extendsType) {
    emit(kind + " " + type);
    return this;
  }
${extra}  private void emit(String s) { }
}
`;
  const overload = '  public Writer beginType(String type, String kind) {\n    return beginType(type, kind, EnumSet.noneOf(Modifier.class), null);\n  }\n';
  const test = (call: string) => `package gen;
import java.util.EnumSet;
public final class WriterTest {
  private final Writer writer = new Writer();
  public void classDeclaration() {
    writer.beginType("com.example.Foo", ${call});
  }
  public void interfaceDeclaration() {
    writer.beginType("com.example.Bar", ${call.replace('"class"', '"interface"')});
  }
}
`;
  assert.deepEqual(
    await refactorings(
      { 'gen/Writer.java': writer(''), 'gen/WriterTest.java': test('"class", EnumSet.noneOf(Modifier.class)') },
      { 'gen/Writer.java': writer(overload), 'gen/WriterTest.java': test('"class"') },
    ),
    [],
  );
  // A field whose type became a new wrapper, the wrapper's methods passing each call on.
  const terminal = 'package term;\npublic interface Terminal {\n  int getWidth();\n  boolean hasWeirdWrap();\n}\n';
  const terminal2 = 'package term;\npublic interface Terminal2 extends Terminal {\n  boolean getBooleanCapability(String name);\n}\n';
  const wrapper = `package term;
public class DefaultTerminal2 implements Terminal2 {
  private final Terminal terminal;
  public DefaultTerminal2(Terminal terminal) { this.terminal = terminal; }
  public int getWidth() {
    return terminal.getWidth();
  }
  public boolean hasWeirdWrap() {
    return terminal.hasWeirdWrap();
  }
  public boolean getBooleanCapability(String name) { return false; }
}
`;
  const reader = (type: string, init: string, draw: string) => `package term;
public class Reader {
  private final ${type} terminal;
  private StringBuilder out = new StringBuilder();
  public Reader(Terminal term) {
    this.terminal = ${init};
  }
  private void drawBuffer(int cursor, int clear) {
${draw}    if (terminal.hasWeirdWrap()) {
      int width = terminal.getWidth();
      if (cursor > 0 && cursor % width == 0) {
        out.append(' ');
        out.append('\\r');
      }
    }
  }
}
`;
  // The caller's code rewritten too: it lost one of its calls of each.
  const wrap = '    if (clear != 0 && terminal.hasWeirdWrap()) {\n      int width = terminal.getWidth();\n      out.append(width);\n    }\n';
  assert.deepEqual(
    await refactorings(
      { 'term/Terminal.java': terminal, 'term/Reader.java': reader('Terminal', 'term', wrap) },
      {
        'term/Terminal.java': terminal,
        'term/Terminal2.java': terminal2,
        'term/DefaultTerminal2.java': wrapper,
        'term/Reader.java': reader('Terminal2', 'term instanceof Terminal2 ? (Terminal2) term : new DefaultTerminal2(term)', ''),
      },
    ),
    [],
  );
  // A call now made on another receiver, the new method hiding what it was made on: an extraction.
  const window = (context: string, calls: string) => `package rules;
import java.util.PriorityQueue;
public class Window {
  public void expire(Object context, long now) {
    Context ctx = (Context) context;
    Event handle = ${calls};
    while (handle != null && handle.time() < now) {
      handle.expire();
    }
  }
  public static class Context {
    public PriorityQueue<Event> queue = new PriorityQueue<Event>(16);
${context}  }
}
`;
  assert.deepEqual(
    await refactorings(
      { 'rules/Window.java': window('', 'ctx.queue.peek()') },
      { 'rules/Window.java': window('    public Event peek() {\n      return queue.peek();\n    }\n', 'ctx.peek()') },
    ),
    ['Extract And Move Method: rules.Window.expire(Object,long) → rules.Window.Context.peek()'],
  );
  // A method that now delegates to a new overload of its own name holding its code: an extraction.
  const types = (body: string) => `package types;
import java.util.LinkedHashMap;
import java.util.Map;
public final class ArrayName {
  public static ArrayName of(Object component) { return new ArrayName(); }
  public static Object get(Object type) { return type; }
${body}}
`;
  const old = '  public static ArrayName get(GenericArrayType type) {\n    return ArrayName.of(get(type.getGenericComponentType()));\n  }\n';
  const split =
    '  public static ArrayName get(GenericArrayType type) {\n    return get(type, new LinkedHashMap<Type, Name>());\n  }\n' +
    '  static ArrayName get(GenericArrayType type, Map<Type, Name> map) {\n    return ArrayName.of(get(type.getGenericComponentType(), map));\n  }\n';
  assert.deepEqual(await refactorings({ 'types/ArrayName.java': types(old) }, { 'types/ArrayName.java': types(split) }), [
    'Extract Method: types.ArrayName.get(GenericArrayType) → types.ArrayName.get(GenericArrayType,Map<Type,Name>)',
  ]);
});

test('a method with an empty body (a hook that does nothing) that callers no longer call is inlined into none of them', async () => {
  const support = (hook: string) => `package term;
public abstract class TerminalSupport {
  public abstract boolean isSupported();
${hook}}
`;
  const hook = '  public void afterReadLine(Reader reader, String prompt) {\n    // nothing\n  }\n';
  const reader = (body: string) => `package term;
public class Reader {
  private final TerminalSupport terminal;
  private Thread maskThread;
  public Reader(TerminalSupport terminal) { this.terminal = terminal; }
  public String readLine(String prompt) {
    try {
      return read(prompt);
    } finally {
${body}    }
  }
  private String read(String prompt) { return prompt; }
}
`;
  const found = await refactorings(
    { 'term/TerminalSupport.java': support(hook), 'term/Reader.java': reader('      terminal.afterReadLine(this, prompt);\n') },
    { 'term/TerminalSupport.java': support(''), 'term/Reader.java': reader('      if (!terminal.isSupported()) {\n        maskThread = null;\n      }\n') },
  );
  assert.deepEqual(found, []);
});

/** jline's console reader: rawPrint(int) and drawBuffer(parameters) with `body`, `extra` members between them. */
const consoleReader = (parameters: string) => (extra: string, body: string) => `package console;

public class Reader {
  private final StringBuilder out = new StringBuilder();

  private void rawPrint(int c) {
    out.append((char) c);
  }
${extra}
  public void drawBuffer(${parameters}) {
${body}  }
}
`;
/** The rawPrint(String) overload a commit adds beside rawPrint(int). */
const printString = '\n  private void rawPrint(String text) {\n    out.append(text).append(\'\\n\');\n  }\n';

test('a call with a literal argument links to the overload whose parameter can take it: rawPrint(32) is no call of a new rawPrint(String)', async () => {
  const reader = consoleReader('int clear');
  const before = '    for (int i = 0; i < clear; i++) {\n      rawPrint(32);\n    }\n    out.append("done").append(\'\\n\');\n    out.append(clear);\n';
  const after = '    for (int i = 0; i < clear; i++) {\n      rawPrint(32);\n    }\n    rawPrint("done");\n    out.append(clear);\n';
  assert.deepEqual(await refactorings({ 'src/console/Reader.java': reader('', before) }, { 'src/console/Reader.java': reader(printString, after) }), [
    'Extract Method: console.Reader.drawBuffer(int) → console.Reader.rawPrint(String)',
  ]);
  // the extraction is told by the new call rawPrint("done"): with only rawPrint(32) written, none
  const unchanged = before.replace('out.append("done").append(\'\\n\');\n', '');
  assert.deepEqual(await refactorings({ 'src/console/Reader.java': reader('', `${unchanged}    out.append('\\n');\n`) }, { 'src/console/Reader.java': reader(printString, unchanged) }), []);
});

test('a caller that makes a call on a chained expression as before (`w.sink(a).writeTo.sink(b)`) wrote no code into a new namesake passing that call on', async () => {
  const test = (reset: string) => `package log;
public class ConfigTest {
  public void wrappingIsAppliedWhenChaining() {
    DummySink.${reset};
    Sink a = new Sink();
    Sink b = new Sink();
    Logger logger = new Configuration().writeTo.dummy(w -> w.sink(a).writeTo.sink(b)).createLogger();
    assertSame(a, logger.first());
  }
}
`;
  const surrogates = `package log.settings;
class SurrogateMethods {
  static Configuration sink(SinkConfiguration sinkConfiguration, Sink sink, Level restrictedToMinimumLevel, LevelSwitch levelSwitch) {
    return sinkConfiguration.sink(sink, restrictedToMinimumLevel, levelSwitch);
  }
  static Configuration fromContext(EnrichConfiguration configuration) {
    return configuration.fromContext();
  }
}
`;
  const before = { 'log/ConfigTest.java': test('emitted.clear();\n    DummySink.levels.clear()'), 'log/settings/SurrogateMethods.java': surrogates.replace(/  static Configuration sink[^}]*}\n/, '') };
  const after = { 'log/ConfigTest.java': test('reset()'), 'log/settings/SurrogateMethods.java': surrogates };
  assert.deepEqual(await refactorings(before, after), []);
});

test('a call passing typed variables links to the overload taking those types: code moved out of four overloads goes to its own namesake', async () => {
  // The four overloads of addMethod have near-identical bodies: linked by arity alone, each
  // delegation reached all four new ones and the best-scoring one won, not the one it calls.
  const overloads = (prefix: string) => `
  public MethodWriter addMethod(TypeWriter returnType, String name) {
    ${prefix}MethodWriter methodWriter = new MethodWriter(returnType.name, name);
    ${prefix}methodWriters.add(methodWriter);
    ${prefix}return methodWriter;
  }

  public MethodWriter addMethod(TypeMirror returnType, String name) {
    ${prefix}MethodWriter methodWriter = new MethodWriter(TypeNames.forTypeMirror(returnType), name);
    ${prefix}methodWriters.add(methodWriter);
    ${prefix}return methodWriter;
  }

  public MethodWriter addMethod(TypeName returnType, String name) {
    ${prefix}MethodWriter methodWriter = new MethodWriter(returnType, name);
    ${prefix}methodWriters.add(methodWriter);
    ${prefix}return methodWriter;
  }

  public MethodWriter addMethod(Class<?> returnType, String name) {
    ${prefix}MethodWriter methodWriter = new MethodWriter(TypeNames.forClass(returnType), name);
    ${prefix}methodWriters.add(methodWriter);
    ${prefix}return methodWriter;
  }
`;
  const writer = (members: string) => `package w;

public final class AnonymousClassWriter {
  private final List<MethodWriter> methodWriters = new ArrayList<>();
  private final ClassBodyWriter body = new ClassBodyWriter();
${members}}
`;
  const delegating = `
  public MethodWriter addMethod(TypeWriter returnType, String name) {
    return body.addMethod(returnType, name);
  }

  public MethodWriter addMethod(TypeMirror returnType, String name) {
    return body.addMethod(returnType, name);
  }

  public MethodWriter addMethod(TypeName returnType, String name) {
    return body.addMethod(returnType, name);
  }

  public MethodWriter addMethod(Class<?> returnType, String name) {
    return body.addMethod(returnType, name);
  }
`;
  const bodyWriter = `package w;

public final class ClassBodyWriter {
  private final List<MethodWriter> methodWriters = new ArrayList<>();
${overloads('')}}
`;
  const found = await refactorings(
    { 'src/w/AnonymousClassWriter.java': writer(overloads('')) },
    { 'src/w/AnonymousClassWriter.java': writer(delegating), 'src/w/ClassBodyWriter.java': bodyWriter },
  );
  assert.deepEqual(
    found.filter((r) => r.startsWith('Extract And Move')).sort(),
    ['Class<?>', 'TypeMirror', 'TypeName', 'TypeWriter'].map(
      (type) => `Extract And Move Method: w.AnonymousClassWriter.addMethod(${type},String) → w.ClassBodyWriter.addMethod(${type},String)`,
    ),
  );
});

test('a typed variable argument never reaches an overload that cannot take it: an int is no String, a String no int', async () => {
  const reader = consoleReader('int clear, String label');
  const before = '    int space = 32;\n    rawPrint(space);\n    out.append(label).append(\'\\n\');\n    out.append(clear);\n';
  const after = '    int space = 32;\n    rawPrint(space);\n    rawPrint(label);\n    out.append(clear);\n';
  assert.deepEqual(await refactorings({ 'src/console/Reader.java': reader('', before) }, { 'src/console/Reader.java': reader(printString, after) }), [
    'Extract Method: console.Reader.drawBuffer(int,String) → console.Reader.rawPrint(String)',
  ]);
  // rawPrint(space) alone, an int: no call of the new rawPrint(String), so no extraction
  const unchanged = before.replace('    out.append(label).append(\'\\n\');\n', '');
  assert.deepEqual(await refactorings({ 'src/console/Reader.java': reader('', `${unchanged}    out.append('\\n');\n`) }, { 'src/console/Reader.java': reader(printString, unchanged) }), []);
});

test('a new lazy getter (return this.adapter) that callers now call instead of reading the field is extracted from none of them: the field read is in every statement that used it', async () => {
  const base = (members: string) => `package app;

public abstract class AdapterTestCase {
  private Adapter adapter;

  protected abstract Adapter createAdapter();
${members}}
`;
  const getter = `
  public Adapter adapter() {
    if (this.adapter == null) {
      this.adapter = createAdapter();
    }
    return this.adapter;
  }
`;
  const spec = (body: string) => `package app;

public class InMemoryTest extends AdapterTestCase {
  @Test
  public void writingAndReading() {
${body}    assertEquals("contents", contents);
  }
}
`;
  const before = spec('    this.adapter.write("path.txt", "contents", new Config());\n    String contents = this.adapter.read("path.txt");\n');
  const after = spec('    Adapter adapter = adapter();\n    adapter.write("path.txt", "contents", new Config());\n    String contents = adapter.read("path.txt");\n');
  assert.deepEqual(
    await refactorings({ 'app/AdapterTestCase.java': base(''), 'app/InMemoryTest.java': before }, { 'app/AdapterTestCase.java': base(getter), 'app/InMemoryTest.java': after }),
    [],
  );
  // a getter returning what a call computes (return this.store.load(key)) still matches where the caller kept that value
});

test('a method moved from a nested builder to the nested builder it now extends by its qualified name (`extends Base.Builder<…>`) is a Pull Up Method, though both are named Builder', async () => {
  const base = (members: string) => `package h;\npublic abstract class Base {\n  public static class Builder<B extends Builder<B>> {\n    protected String separator = " | ";\n    protected B self() { return (B) this; }\n${members}\n  }\n}\n`;
  const formatter = (header: string, members: string) => `package h;\npublic class Formatter extends Base {\n  ${header} {\n    private boolean since = true;\n    public Formatter build() { return new Formatter(); }\n${members}\n  }\n}\n`;
  const other = `package h;\npublic class Style {\n  public static class Builder {\n    private int indent;\n    public Builder setIndent(int indent) { this.indent = indent; return this; }\n  }\n}\n`;
  const setter = (returned: string) => `    public Builder setSeparator(final String separator) {\n      this.separator = separator == null ? "" : separator;\n      return ${returned};\n    }`;
  const before = { 'h/Base.java': base(''), 'h/Formatter.java': formatter('public static class Builder', setter('this')), 'h/Style.java': other };
  const after = { 'h/Base.java': base(setter('self()')), 'h/Formatter.java': formatter('public static class Builder extends Base.Builder<Builder>', ''), 'h/Style.java': other };
  assert.deepEqual(await refactorings(before, after), ['Pull Up Method: h.Formatter.Builder.setSeparator(String) → h.Base.Builder.setSeparator(String)']);
});

/** commons-cli's test of a parser stopping at an expected argument, in ParserTestCase after the pull-up. */
const stopAtExpectedArg = `  public void testStopAtExpectedArg() throws Exception {
    String[] args = new String[] { "-b", "foo" };
    CommandLine cl = parser.parse(options, args, true);
    assertTrue("Confirm -b is set", cl.hasOption("b"));
    assertEquals("Confirm -b is set", "foo", cl.getOptionValue("b"));
    assertTrue("Confirm no extra args: " + cl.getArgList().size(), cl.getArgList().size() == 0);
  }`;
/** A commons-cli parser test `name` extending `parent`, its parser made in setUp, with `members`. */
const parserTest = (name: string, parent: string, members: string) =>
  `package cli;\npublic class ${name} extends ${parent} {\n  public void setUp() { parser = new ${name.replace('Test', '')}(); }\n${members}\n}\n`;

test('a test pulled up from two subclasses that held the same copy is pulled up from both, not paired once with a look-alike new test of another name', async () => {
  const doubleDash = `  public void testDoubleDash() throws Exception {
    String[] args = new String[] { "--copt", "--", "-b", "toast" };
    CommandLine cl = parser.parse(options, args);
    assertTrue("Confirm -c is set", cl.hasOption("c"));
    assertTrue("Confirm -b is not set", !cl.hasOption("b"));
    assertTrue("Confirm 2 extra args: " + cl.getArgList().size(), cl.getArgList().size() == 2);
  }`;
  const base = `package cli;\npublic abstract class ParserTestCase extends TestCase {\n  protected Parser parser;\n  protected Options options;\n${doubleDash}\n${stopAtExpectedArg}\n}\n`;
  const before = { 'cli/GnuParserTest.java': parserTest('GnuParserTest', 'TestCase', doubleDash), 'cli/PosixParserTest.java': parserTest('PosixParserTest', 'TestCase', doubleDash) };
  const after = { 'cli/ParserTestCase.java': base, 'cli/GnuParserTest.java': parserTest('GnuParserTest', 'ParserTestCase', ''), 'cli/PosixParserTest.java': parserTest('PosixParserTest', 'ParserTestCase', '') };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Pull Up Method: cli.GnuParserTest.testDoubleDash() → cli.ParserTestCase.testDoubleDash()'), found.join('\n'));
  assert.ok(found.includes('Pull Up Method: cli.PosixParserTest.testDoubleDash() → cli.ParserTestCase.testDoubleDash()'), found.join('\n'));
  assert.ok(!found.some((r) => r.includes('testStopAtExpectedArg')), found.join('\n'));
});

test('near copies of a test in two subclasses, pulled up under a new name into one: the copy that did not get it pairs with no less similar new test of the base class', async () => {
  const stop = (name: string, args: string, extra: number) => `  public void ${name}() throws Exception {
    String[] args = new String[] { ${args} };
    CommandLine cl = parser.parse(options, args, true);
    assertTrue("Confirm -c is set", cl.hasOption("c"));
    assertTrue("Confirm  ${extra} extra args: " + cl.getArgList().size(), cl.getArgList().size() == ${extra});
  }`;
  const base = `package cli;\npublic abstract class ParserTestCase extends TestCase {\n  protected Parser parser;\n  protected Options options;\n${stop('testStopAtUnexpectedArg', '"-c", "foober", "-b", "toast"', 3)}\n${stopAtExpectedArg}\n}\n`;
  const before = {
    'cli/GnuParserTest.java': parserTest('GnuParserTest', 'TestCase', stop('testStop', '"-c", "foober", "-b", "toast"', 3)),
    'cli/PosixParserTest.java': parserTest('PosixParserTest', 'TestCase', stop('testStop', '"-c", "foober", "-btoast"', 2)),
  };
  const after = { 'cli/ParserTestCase.java': base, 'cli/GnuParserTest.java': parserTest('GnuParserTest', 'ParserTestCase', ''), 'cli/PosixParserTest.java': parserTest('PosixParserTest', 'ParserTestCase', '') };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Pull Up Method: cli.GnuParserTest.testStop() → cli.ParserTestCase.testStopAtUnexpectedArg()'), found.join('\n'));
  assert.ok(!found.some((r) => r.includes('testStopAtExpectedArg')), found.join('\n'));
});

test('small getters folded into a new helper with the string their callers built around them: the new call stands for the callers\' code, an Extract Method from each', async () => {
  // gson ecaa57114f: getLineNumber() and getColumnNumber() are gone, their code in locationString()
  // beside the " at line " ... " path " the callers wrote; the new call replaced more than theirs
  const reader = (members: string, message: string) => `package stream;

public class JsonReader {
  private int lineNumber;
  private int lineStart;
  private int pos;
  private String path;
  private int[] stack = new int[32];
  private int stackSize;
${members}
  public void beginArray() {
    if (peek() != 1) {
      throw new IllegalStateException("Expected BEGIN_ARRAY but was " + peek()${message});
    }
    push(1);
  }

  public void endArray() {
    if (peek() != 2) {
      throw new IllegalStateException("Expected END_ARRAY but was " + peek()${message});
    }
    pop();
  }

  public String getPath() {
    return path;
  }

  int peek() {
    return stack[stackSize - 1];
  }

  void push(int newTop) {
    stack[stackSize++] = newTop;
  }

  void pop() {
    stackSize--;
  }
}
`;
  const getters = '\n  int getLineNumber() {\n    return lineNumber + 1;\n  }\n\n  int getColumnNumber() {\n    return pos - lineStart + 1;\n  }\n';
  const location = '\n  private String locationString() {\n    int line = lineNumber + 1;\n    int column = pos - lineStart + 1;\n    return " at line " + line + " column " + column + " path " + getPath();\n  }\n';
  const found = await refactorings(
    { 'src/stream/JsonReader.java': reader(getters, '\n          + " at line " + getLineNumber() + " column " + getColumnNumber() + " path " + getPath()') },
    { 'src/stream/JsonReader.java': reader(location, ' + locationString()') },
  );
  assert.deepEqual(found.filter((r) => r.startsWith('Extract')).sort(), [
    'Extract Method: stream.JsonReader.beginArray() → stream.JsonReader.locationString()',
    'Extract Method: stream.JsonReader.endArray() → stream.JsonReader.locationString()',
  ]);
});

test('an abstract API replaced, with do-nothing overrides: methods sharing no word of their names and not their signatures, with no code to compare, are no renames; a lone name change still is', async () => {
  const handler = (declarations: string, overrides: string, helper: string) => `package p;
public abstract class ModuleHandler {
${declarations}
  static class NoModuleSystemFound extends ModuleHandler {
${overrides}
  }
}
class Util {
${helper}
}
`;
  const found = await refactorings(
    {
      'p/ModuleHandler.java': handler(
        '  abstract boolean isOpened(Class<?> source, Class<?> target);\n  abstract boolean canRead(Class<?> source, Class<?> target);\n  abstract Class<?> injectionBase(ClassLoader classLoader, String typeName);',
        '    @Override\n    boolean isOpened(Class<?> source, Class<?> target) {\n      return true;\n    }\n    @Override\n    boolean canRead(Class<?> source, Class<?> target) {\n      return true;\n    }\n    @Override\n    Class<?> injectionBase(ClassLoader classLoader, String typeName) {\n      return null;\n    }',
        '  static ByteString as(byte[] value) {\n    return new ByteString(value);\n  }',
      ),
    },
    {
      'p/ModuleHandler.java': handler(
        '  abstract void exportFromTo(Class<?> source, Class<?> target);\n  abstract void exportFromTo(Class<?> source, ClassLoader classLoader);\n  abstract void openFromTo(Class<?> source, Class<?> target);',
        '    @Override\n    void exportFromTo(Class<?> source, Class<?> target) {\n      // empty\n    }\n    @Override\n    void exportFromTo(Class<?> source, ClassLoader classLoader) {\n      // empty\n    }\n    @Override\n    void openFromTo(Class<?> source, Class<?> target) {\n      // empty\n    }',
        '  static ByteString bs(byte[] value) {\n    return new ByteString(value);\n  }',
      ),
    },
  );
  assert.deepEqual(found, ['Rename Method: p.Util.as(byte[]) → p.Util.bs(byte[])']);
});

test('a query replaced by a command that does nothing: a value-returning method and a void one with no code are no rename, though their names share a word; a setter made fluent still is', async () => {
  const handler = (declarations: string, overrides: string, builder: string) => `package p;
public abstract class ModuleHandler {
${declarations}
  static class NoModuleSystemFound extends ModuleHandler {
${overrides}
  }
}
class Builder {
  private int quorum;
  private String name;
  Builder(String name) {
    this.name = name;
  }
${builder}
}
`;
  const found = await refactorings(
    {
      'p/ModuleHandler.java': handler(
        '  abstract boolean canRead(Class<?> source, Class<?> target);\n  abstract Class<?> injectionBase(ClassLoader classLoader, String typeName);',
        '    @Override\n    boolean canRead(Class<?> source, Class<?> target) {\n      return true;\n    }\n    @Override\n    Class<?> injectionBase(ClassLoader classLoader, String typeName) {\n      return null;\n    }',
        '  public void setQuorum(int quorum) {\n    this.quorum = quorum;\n  }',
      ),
    },
    {
      'p/ModuleHandler.java': handler(
        '  abstract void readFromTo(Class<?> source, Class<?> target);\n  abstract ClassLoader toCodegenLoader(ClassLoader classLoader);',
        '    @Override\n    void readFromTo(Class<?> source, Class<?> target) {\n      // empty\n    }\n    @Override\n    ClassLoader toCodegenLoader(ClassLoader classLoader) {\n      return classLoader;\n    }',
        '  public Builder requireQuorum(int quorum) {\n    this.quorum = quorum;\n    return this;\n  }',
      ),
    },
  );
  assert.deepEqual(found.filter((r) => r.startsWith('Rename')), ['Rename Method: p.Builder.setQuorum(int) → p.Builder.requireQuorum(int)']);
});

test('abstract declarations moved from an interface up into the interface it extends are a Pull Up Method Signature from that interface, not from an implementation that keeps its own', async () => {
  const files = (sub: string, base: string, implemented: string) => ({
    'p/MockHandler.java': `package p;\npublic interface MockHandler {\n  Object handle(Object invocation);\n${base}}\n`,
    'p/InternalMockHandler.java': `package p;\npublic interface InternalMockHandler extends MockHandler {\n${sub}}\n`,
    'p/MockHandlerImpl.java': `package p;
public class MockHandlerImpl implements ${implemented} {
  private Settings settings;
  private Container container;
  public Object handle(Object invocation) {
    return container.answer(invocation);
  }
  public Settings getMockSettings() {
    return settings;
  }
  public Container getInvocationContainer() {
    return container;
  }
}
`,
  });
  const declarations = '  Settings getMockSettings();\n  Container getInvocationContainer();\n';
  // the implementation now implements the base interface itself, as the sub-interface is left empty
  const found = await refactorings(files(declarations, '', 'InternalMockHandler'), files('', declarations, 'MockHandler'));
  assert.deepEqual(found, [
    'Pull Up Method Signature: p.InternalMockHandler.getInvocationContainer() → p.MockHandler.getInvocationContainer()',
    'Pull Up Method Signature: p.InternalMockHandler.getMockSettings() → p.MockHandler.getMockSettings()',
  ]);
});

/** mockito's InstanceOf matcher, with `nested` members (its VarArgAware subclass) before its end. */
const instanceOf = (nested: string) => `package p;
public class InstanceOf implements ArgumentMatcher {
  protected final Class<?> clazz;
  public InstanceOf(Class<?> clazz) {
    this.clazz = clazz;
  }
  public boolean matches(Object actual) {
    return clazz.isInstance(actual);
  }
${nested}}
`;
const varArgAware = `  public static class VarArgAware extends InstanceOf {
    public VarArgAware(Class<?> clazz) {
      super(clazz);
    }
    public Class<?> type() {
      return clazz;
    }
  }
`;

test('a getter gone with its class and a getter of the same name new in an unrelated class, each returning its own field, are no Move Method; a getter moved with its field is', async () => {
  const found = await refactorings(
    {
      'p/InstanceOf.java': instanceOf(varArgAware),
      'p/HamcrestArgumentMatcher.java': `package p;
public class HamcrestArgumentMatcher implements ArgumentMatcher {
  private final Matcher matcher;
  public HamcrestArgumentMatcher(Matcher matcher) {
    this.matcher = matcher;
  }
  public boolean matches(Object argument) {
    return matcher.matches(argument);
  }
}
`,
      'p/Settings.java': 'package p;\npublic class Settings {\n  private String name;\n  public String getName() {\n    return name;\n  }\n}\n',
      'p/Other.java': 'package p;\npublic class Other {\n  public void run() {\n    System.out.println("run");\n  }\n}\n',
    },
    {
      'p/InstanceOf.java': instanceOf(''),
      'p/HamcrestArgumentMatcher.java': `package p;
public class HamcrestArgumentMatcher implements ArgumentMatcher {
  private final Matcher matcher;
  private final Class<?> type;
  public HamcrestArgumentMatcher(Matcher matcher, Class<?> type) {
    this.matcher = matcher;
    this.type = type;
  }
  public boolean matches(Object argument) {
    return matcher.matches(argument);
  }
  public Class<?> type() {
    return type;
  }
}
`,
      'p/Settings.java': 'package p;\npublic class Settings {\n}\n',
      'p/Other.java': 'package p;\npublic class Other {\n  private String name;\n  public void run() {\n    System.out.println("run");\n  }\n  public String getName() {\n    return name;\n  }\n}\n',
    },
  );
  assert.deepEqual(
    found.filter((r) => r.startsWith('Move')),
    ['Move Method: p.Settings.getName() → p.Other.getName()'],
  );
});

test('a test switched from a base class that stays to a new one that does not extend it is no Extract Superclass; a new class inserted between, however far up, is', async () => {
  const testBase5 = `package util;
public class TestBase5 {
  @BeforeEach
  public void init() {
    MockitoAnnotations.openMocks(this);
  }
  public static void makeStackTracesClean() {
    ConfigurationAccess.getConfig().overrideCleansStackTrace(true);
  }
}
`;
  const baseTest = `package util;
public class BaseTest extends MidBase {
  protected void resetState() {
    new StateMaster().reset();
  }
}
`;
  const midBase = 'package util;\npublic class MidBase extends TestBase {\n  protected void clean() {\n    state.validate();\n  }\n}\n';
  const test = (base: string, body: string) => `package usage;
public class PluginStackTraceFilteringTest extends ${base} {
  @Test
  public void pluginFiltersOutStackTraceElement() {
${body}
  }
}
`;
  const other = (base: string) => `package usage;
public class OtherTest extends ${base} {
  @Test
  public void works() {
    assertTrue(true);
  }
}
`;
  const found = await refactorings(
    {
      'usage/PluginStackTraceFilteringTest.java': test('TestBase', '    MyStackTraceCleanerProvider.ENABLED = true;\n    assertThat(cleanStackTrace(e)).hasMessage("x");'),
      'usage/OtherTest.java': other('TestBase'),
    },
    {
      'usage/PluginStackTraceFilteringTest.java': test('TestBase5', '    MyStackTraceCleanerProvider.ENABLED = true;\n    assertThat(cleanStackTrace(e)).hasMessage("y");'),
      'usage/OtherTest.java': other('BaseTest'),
      'util/TestBase5.java': testBase5,
      'util/BaseTest.java': baseTest,
      'util/MidBase.java': midBase,
    },
  );
  assert.deepEqual(found.filter((r) => r.startsWith('Extract')), ['Extract Superclass: usage.OtherTest → util.BaseTest']);
});

test('a helper moved into its supertype under a new name goes to the newcomer holding its code, not to a new caller there whose name merely shares a word with the old one', async () => {
  const equalsBuilder = (members: string) => `package build;
import java.util.Set;
public class EqualsBuilder extends AbstractReflection {
  private static final ThreadLocal<Set<Pair<IDKey, IDKey>>> REGISTRY = new ThreadLocal<>();
${members}
  public boolean isEquals() {
    return equal;
  }
}
`;
  const abstractReflection = (members: string) => `package build;
import java.util.Set;
public abstract class AbstractReflection {
  private final boolean forceAccessible;
  protected boolean isForceAccessible() {
    return forceAccessible;
  }
${members}
}
`;
  const before = {
    'build/EqualsBuilder.java': equalsBuilder(`  static Pair<IDKey, IDKey> getRegisterPair(final Object lhs, final Object rhs) {
    return Pair.of(new IDKey(lhs), new IDKey(rhs));
  }
  static boolean isRegistered(final Object lhs, final Object rhs) {
    final Set<Pair<IDKey, IDKey>> registry = REGISTRY.get();
    final Pair<IDKey, IDKey> pair = getRegisterPair(lhs, rhs);
    final Pair<IDKey, IDKey> swappedPair = Pair.of(pair.getRight(), pair.getLeft());
    return registry != null && (registry.contains(pair) || registry.contains(swappedPair));
  }
  private static void register(final Object lhs, final Object rhs) {
    REGISTRY.get().add(getRegisterPair(lhs, rhs));
  }`),
    'build/AbstractReflection.java': abstractReflection(''),
  };
  const after = {
    'build/EqualsBuilder.java': equalsBuilder(`  static boolean isRegistered(final Object lhs, final Object rhs) {
    return isRegistered(lhs, rhs, REGISTRY.get());
  }
  private static void register(final Object lhs, final Object rhs) {
    register(lhs, rhs, REGISTRY.get());
  }`),
    'build/AbstractReflection.java': abstractReflection(`  static boolean isRegistered(final Object lhs, final Object rhs, final Set<Pair<IDKey, IDKey>> registry) {
    final Pair<IDKey, IDKey> pair = toRegisterPair(lhs, rhs);
    final Pair<IDKey, IDKey> swappedPair = Pair.of(pair.getRight(), pair.getLeft());
    return registry != null && (registry.contains(pair) || registry.contains(swappedPair));
  }
  static void register(final Object lhs, final Object rhs, final Set<Pair<IDKey, IDKey>> registry) {
    registry.add(toRegisterPair(lhs, rhs));
  }
  static Pair<IDKey, IDKey> toRegisterPair(final Object lhs, final Object rhs) {
    return Pair.of(new IDKey(lhs), new IDKey(rhs));
  }`),
  };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Pull Up Method: build.EqualsBuilder.getRegisterPair(Object,Object) → build.AbstractReflection.toRegisterPair(Object,Object)'), found.join('\n'));
  assert.ok(!found.some((r) => r.includes('getRegisterPair') && r.includes('AbstractReflection.register(')), found.join('\n'));
});

test('a one-statement accessor that several extracted helpers call is not extracted from their origins when the origins never held its statement', async () => {
  const range = (type: string, random: string) => `    Validate.isTrue(end >= start, "Start value must be smaller or equal to end value.");
    Validate.isTrue(start >= 0, "Both range values must be non-negative.");
    if (start == end) {
      return start;
    }
    return start + (end - start) * ${random}.next${type}();`;
  const before = {
    'rnd/RandomUtils.java': `package rnd;
public class RandomUtils {
  public static double nextDouble(final double start, final double end) {
${range('Double', 'Shared.random()')}
  }
  public static float nextFloat(final float start, final float end) {
${range('Float', 'Shared.random()')}
  }
}
`,
  };
  const after = {
    'rnd/RandomUtils.java': `package rnd;
import java.util.Random;
import java.util.function.Supplier;
public class RandomUtils {
  private static final RandomUtils SECURE = new RandomUtils(Shared::random);
  private final Supplier<Random> random;
  private RandomUtils(final Supplier<Random> random) {
    this.random = random;
  }
  public static RandomUtils secure() {
    return SECURE;
  }
  public static double nextDouble(final double start, final double end) {
    return secure().randomDouble(start, end);
  }
  public static float nextFloat(final float start, final float end) {
    return secure().randomFloat(start, end);
  }
  Random random() {
    return random.get();
  }
  public double randomDouble(final double start, final double end) {
${range('Double', 'random()')}
  }
  public float randomFloat(final float start, final float end) {
${range('Float', 'random()')}
  }
}
`,
  };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Extract Method: rnd.RandomUtils.nextDouble(double,double) → rnd.RandomUtils.randomDouble(double,double)'), found.join('\n'));
  assert.ok(found.includes('Extract Method: rnd.RandomUtils.nextFloat(float,float) → rnd.RandomUtils.randomFloat(float,float)'), found.join('\n'));
  assert.deepEqual(found.filter((r) => r.endsWith('.random()')), []);
});

test('a new factory `builder() { return new Builder(); }` that a constructor now delegates through is not extracted from it; a tiny helper holding only words its callers lost is', async () => {
  const gate = (members: string) => `package sem;
public class Gate {
  private final long period;
  private final int limit;
  private final Executor executor;
${members}
  public int getLimit() {
    return limit;
  }
}
`;
  const before = {
    'sem/Gate.java': gate(`  public Gate(final Executor service, final long timePeriod, final int limit) {
    Validate.inclusiveBetween(1, Long.MAX_VALUE, timePeriod, "Time period must be greater than 0!");
    period = timePeriod;
    if (service != null) {
      executor = service;
    } else {
      final Pool pool = new Pool(POOL_SIZE);
      pool.setContinueAfterShutdown(false);
      executor = pool;
    }
    this.limit = limit;
  }
  static boolean isCountryCode(final String str) {
    return isAllUpperCase(str) && str.length() == 2;
  }`),
  };
  const after = {
    'sem/Gate.java': gate(`  public static class Builder {
    private Executor service;
    private long period;
    private int limit;
    public Builder setService(final Executor service) {
      this.service = service;
      return this;
    }
    public Builder setPeriod(final long period) {
      this.period = period;
      return this;
    }
    public Builder setLimit(final int limit) {
      this.limit = limit;
      return this;
    }
  }
  public static Builder builder() {
    return new Builder();
  }
  private Gate(final Builder builder) {
    Validate.inclusiveBetween(1, Long.MAX_VALUE, builder.period, "Time period must be greater than 0.");
    period = builder.period;
    if (builder.service != null) {
      executor = builder.service;
    } else {
      final Pool pool = new Pool(POOL_SIZE);
      pool.setContinueAfterShutdown(false);
      executor = pool;
    }
    this.limit = builder.limit;
  }
  public Gate(final Executor service, final long timePeriod, final int limit) {
    this(builder().setService(service).setPeriod(timePeriod).setLimit(limit));
  }
  static boolean isCountryCode(final String str) {
    return isAllUpperCase(str) && isAlpha2Len(str);
  }
  private static boolean isAlpha2Len(final String str) {
    return str.length() == 2;
  }`),
  };
  const found = await refactorings(before, after);
  assert.ok(!found.some((r) => r.endsWith('sem.Gate.builder()')), found.join('\n'));
  assert.ok(found.includes('Extract Method: sem.Gate.isCountryCode(String) → sem.Gate.isAlpha2Len(String)'), found.join('\n'));
});

test('a call on `new Raw.Builder()`, or on what its methods return, reaches Raw.Builder, not another type\'s Builder: no Extract And Move into Req.Builder (okhttp 350c43b6fe)', async () => {
  const raw = (members: string) => `package h;\npublic final class Raw {\n  private String requestLine;\n  private final java.util.List<String> names = new java.util.ArrayList<>();\n  public void set(String name) { names.add(name); }\n${members}\n}\n`;
  const rawBuilder = `  public static class Builder {\n    private String requestLine;\n    private String host;\n    public Builder host(String host) { this.host = host; return this; }\n    public Builder setRequestLine(String requestLine) {\n      this.requestLine = requestLine.trim();\n      return this;\n    }\n    public Raw build() { return new Raw(); }\n  }`;
  const rawSetter = `  public void setRequestLine(String requestLine) {\n    this.requestLine = requestLine.trim();\n  }`;
  const req = (members: string) => `package h;\npublic final class Req {\n  private final Raw headers;\n  Req(Raw headers) { this.headers = headers; }\n${members}\n}\n`;
  const reqBuilder = `  public static class Builder {\n    private final Raw headers = new Raw();\n    public Builder setRequestLine(String requestLine) {\n      headers.setRequestLine(requestLine);\n      return this;\n    }\n  }`;
  const tunnel = (body: string) => `package h;\npublic final class Tunnel {\n  private String host;\n  private int port;\n  Raw headers() {\n${body}\n    return result;\n  }\n}\n`;
  const before = { 'h/Raw.java': raw(rawSetter), 'h/Req.java': req(''), 'h/Tunnel.java': tunnel('    Raw result = new Raw();\n    result.setRequestLine("CONNECT " + host + ":" + port + " HTTP/1.1");\n    result.set("Host");') };
  const after = (chain: string) => ({
    'h/Raw.java': raw(`${rawSetter}\n${rawBuilder}`),
    'h/Req.java': req(reqBuilder),
    'h/Tunnel.java': tunnel(`    Raw result = new Raw.Builder()${chain}\n        .setRequestLine("CONNECT " + host + ":" + port + " HTTP/1.1").build();\n    result.set("Host");`),
  });
  assert.deepEqual(await refactorings(before, after('')), []);
  assert.deepEqual(await refactorings(before, after('.host(host)')), []);
});

test('of two identical getters, the one whose class has the name of the new one\'s class is its pair: a class moved and rewritten keeps its getter, which a look-alike elsewhere does not take', async () => {
  const getter = '  public Method getMethod() {\n    return fMethod;\n  }\n';
  const explosive = (body: string) => `package run;\nimport java.lang.reflect.Method;\npublic class ExplosiveMethod {\n  private Method fMethod;\n${body}  public void invoke(Object target, Object... params) throws Throwable {\n    ${body ? 'getMethod()' : 'fMethod'}.invoke(target, params);\n  }\n}\n`;
  const oldTest = `package run;
import java.lang.reflect.Method;
public class TestMethod {
  private final Method fMethod;
  public TestMethod(Method method) {
    fMethod = method;
  }
${getter}  public long getTimeout() {
    Test annotation = getMethod().getAnnotation(Test.class);
    if (annotation == null) return 0;
    return annotation.timeout();
  }
  public boolean isIgnored() {
    return getMethod().getAnnotation(Ignore.class) != null;
  }
}
`;
  // moved to another package and rewritten, so that it pairs with its old self only after its members did
  const newTest = `package run.model;
import java.lang.reflect.Method;
public class TestMethod extends TestElement {
  private final Method fMethod;
  private final TestClass fTestClass;
  public TestMethod(Method method, TestClass testClass) {
    fMethod = method;
    fTestClass = testClass;
  }
  public long getTimeout() {
    Test annotation = fMethod.getAnnotation(Test.class);
    if (annotation == null) return 0;
    return annotation.timeout();
  }
  public boolean isIgnored() {
    return fMethod.getAnnotation(Ignore.class) != null;
  }
  public List<TestMethod> getBefores() {
    return fTestClass.getAnnotatedMethods(Before.class);
  }
${getter}EXTRA
  public Object invokeExplosively(final Object target, final Object... params) throws Throwable {
    return fMethod.invoke(target, params);
  }
}
`.replace('EXTRA', `  public boolean check1(List<Throwable> errors1) {
    if (fMethod.getParameterTypes().length > 1) errors1.add(new Exception("Method " + fMethod.getName() + " takes 1"));
    return errors1.isEmpty();
  }
  public boolean check2(List<Throwable> errors2) {
    if (fMethod.getParameterTypes().length > 2) errors2.add(new Exception("Method " + fMethod.getName() + " takes 2"));
    return errors2.isEmpty();
  }
  public boolean check3(List<Throwable> errors3) {
    if (fMethod.getParameterTypes().length > 3) errors3.add(new Exception("Method " + fMethod.getName() + " takes 3"));
    return errors3.isEmpty();
  }
  public boolean check4(List<Throwable> errors4) {
    if (fMethod.getParameterTypes().length > 4) errors4.add(new Exception("Method " + fMethod.getName() + " takes 4"));
    return errors4.isEmpty();
  }
  public boolean check5(List<Throwable> errors5) {
    if (fMethod.getParameterTypes().length > 5) errors5.add(new Exception("Method " + fMethod.getName() + " takes 5"));
    return errors5.isEmpty();
  }
  public boolean check6(List<Throwable> errors6) {
    if (fMethod.getParameterTypes().length > 6) errors6.add(new Exception("Method " + fMethod.getName() + " takes 6"));
    return errors6.isEmpty();
  }`);
  const before = { 'run/ExplosiveMethod.java': explosive(getter), 'run/TestMethod.java': oldTest };
  const after = { 'run/ExplosiveMethod.java': explosive(''), 'run/model/TestMethod.java': newTest };
  assert.deepEqual(await refactorings(before, after), [
    'Change Method Signature: run.TestMethod.TestMethod(Method) → run.model.TestMethod.TestMethod(Method,TestClass)',
    'Move Class: run.TestMethod → run.model.TestMethod',
  ]);
});

test('a deleted class whose few setters resemble those of a new, different class is not that class renamed; one that went mostly into a new class is', async () => {
  const accessors = `  public void setId(Long id) {\n    this.id = id;\n  }\n  public void setName(String name) {\n    this.name = name;\n  }\n  public String getName() {\n    return name;\n  }`;
  const tracking = ['Dirty', 'Clean', 'Loaded', 'Evicted', 'Flushed', 'Merged']
    .map((w, i) => `  public boolean track${w}(EntityEntry entry) {\n    if (entry.status() == Status.${w.toUpperCase()}) return interceptor.mark${w}(entry, ${i});\n    return tracker.suspend("${w}", previous, next);\n  }`)
    .join('\n');
  const family = `  public Parent getParent() {\n    return parent == null ? Parent.orphan() : parent;\n  }\n  public void attach(Parent p, List<Child> siblings) {\n    siblings.add(this);\n    p.adopt(this, siblings.size());\n  }`;
  const before = { 'src/store/entity/SampleEntity.java': `package store.entity;\npublic class SampleEntity {\n  private Long id;\n  private String name;\n${accessors}\n${tracking}\n}\n` };
  const child = { 'src/store/lazy/Child.java': `package store.lazy;\npublic class Child {\n  private Long id;\n  private String name;\n${accessors}\n${family}\n}\n` };
  assert.deepEqual(await refactorings(before, child), []);
  const grown = { 'src/store/lazy/Child.java': `package store.lazy;\npublic class Child {\n  private Long id;\n  private String name;\n${accessors}\n${tracking}\n${family}\n}\n` };
  assert.deepEqual(await refactorings(before, grown), ['Move And Rename Class: store.entity.SampleEntity → store.lazy.Child']);
});

test('an interface moved to another package with its members\' names kept is a Move Class, though a sibling deleted beside it is closer to its new code', async () => {
  const before = {
    'spi/src/cluster/spi/GroupFactory.java': `package cluster.spi;\npublic interface GroupFactory {\n  String BASE_NAME = "clustering";\n  ServiceName BASE_SERVICE_NAME = ServiceName.JBOSS.append(BASE_NAME);\n  ServiceName getServiceName(String group);\n}\n`,
    'spi/src/cluster/spi/CacheGroupFactory.java': `package cluster.spi;\npublic interface CacheGroupFactory extends GroupFactory {\n  String DEFAULT_CACHE = "default";\n  ServiceName getServiceName(String container, String cache);\n}\n`,
  };
  const after = {
    'service/src/cluster/service/GroupFactory.java': `package cluster.service;\npublic interface GroupFactory {\n  String DEFAULT_GROUP = "default";\n  ServiceName getServiceName(String group);\n}\n`,
  };
  assert.deepEqual(await refactorings(before, after), ['Move Class: cluster.spi.GroupFactory → cluster.service.GroupFactory']);
});

test('a class switched from a deleted interface to a new one declaring the same method took that declaration from the deleted interface: no Extract Interface from the class; from a class that kept its interface, one', async () => {
  const icons = (iface: string, extra = '') =>
    `package icons;\npublic enum Glyphs${iface ? ` implements ${iface}` : ''} {\n  STAR('\\uf005'), HEART('\\uf004');\n  private final char character;\n  Glyphs(char character) {\n    this.character = character;\n  }\n  @Override\n  public char character() {\n    return character;\n  }\n${extra}}\n`;
  const before = {
    'src/icons/BaseIconValue.java': `package icons;\npublic interface BaseIconValue {\n  char character();\n  String getPrefix();\n  String getTtfFilename();\n}\n`,
    'src/icons/Glyphs.java': icons('BaseIconValue'),
  };
  const after = {
    'src/icons/Icon.java': `package icons;\npublic interface Icon {\n  String key();\n  char character();\n}\n`,
    'src/icons/Glyphs.java': icons('Icon', `  @Override\n  public String key() {\n    return "fa-" + name().toLowerCase();\n  }\n`),
  };
  const found = await refactorings(before, after);
  assert.deepEqual(found.filter((r) => r.startsWith('Extract')), []);
  const kept = { 'src/icons/Glyphs.java': icons('') };
  const extracted = await refactorings(kept, { ...after, 'src/icons/Glyphs.java': icons('Icon') });
  assert.deepEqual(extracted.filter((r) => r.startsWith('Extract')), ['Extract Interface: icons.Glyphs → icons.Icon']);
});

test('an interface moved to another package that kept all its methods and gained many more is a Move Class; one that kept only some of them is not', async () => {
  const kept = ['activatingSubsystem()', 'setProtocolProperty(String protocol, String property, Object value)', 'unableToAccessProperty(Throwable cause, String property)'];
  const gained = ['parserFailure(URL url)', 'notFound(String resource)', 'duplicateNodeName(String name)', 'transportNotDefined(String stack)', 'protocolListNotDefined(String stack)', 'protocolAlreadyDefined(String path)', 'protocolNotDefined(String path)', 'propertyNotDefined(String property, String path)', 'unknownMetric(String metric)', 'unableToLoadProtocolClass(String protocol)'];
  const logger = (pkg: string, methods: string[]) => `package ${pkg};\npublic interface JGroupsLogger extends BasicLogger {\n  JGroupsLogger ROOT_LOGGER = Logger.getMessageLogger(JGroupsLogger.class, "${pkg}");\n${methods.map((m) => `  void ${m};`).join('\n')}\n}\n`;
  const before = { 'src/cluster/jgroups/JGroupsLogger.java': logger('cluster.jgroups', kept) };
  const grown = { 'src/server/jgroups/logging/JGroupsLogger.java': logger('server.jgroups.logging', [...kept, ...gained]) };
  assert.deepEqual(await refactorings(before, grown), ['Move Class: cluster.jgroups.JGroupsLogger → server.jgroups.logging.JGroupsLogger']);
  const partly = { 'src/server/jgroups/logging/JGroupsLogger.java': logger('server.jgroups.logging', [...kept.slice(1), ...gained]) };
  assert.deepEqual(await refactorings(before, partly), []);
});

test('a local class of a test rewritten into another test is not moved to that test\'s look-alike local class; one of a test that moved with it goes along', async () => {
  const local = (test: string, verb: string, method: string, body: string) =>
    `  @Test public void ${test}() {\n    class Example {\n      @${verb}("/foo") Response ${method}() {\n        return null;\n      }\n    }\n${body}  }\n`;
  const info = (verb: string) =>
    `    Method method = TestingUtils.getMethod(Example.class, "a");\n    MethodInfo info = new MethodInfo(method);\n    info.init();\n    assertThat(info.requestMethod).isEqualTo("${verb}");\n    assertThat(info.requestHasBody).isFalse();\n`;
  const built = (verb: string) =>
    `    interceptor = new RequestInterceptor() {\n      @Override public void intercept(RequestFacade request) {\n        request.addPathParam("ping", "po ng");\n      }\n    };\n    Request request = buildRequest(Example.class);\n    assertThat(request.getMethod()).isEqualTo("${verb}");\n    assertThat(request.getUrl()).isEqualTo("http://example.com/foo/po%20ng/");\n`;
  const before = {
    'src/test/retro/MethodInfoTest.java': `package retro;\npublic class MethodInfoTest {\n${local('postMethod', 'POST', 'a', info('POST'))}${local('lackingMethod', 'GET', 'a', info('GET') + '    assertThat(info.isSynchronous).isTrue();\n')}}\n`,
    'src/test/retro/RequestBuilderTest.java': `package retro;\npublic class RequestBuilderTest {\n  private RequestInterceptor interceptor;\n}\n`,
  };
  const after = {
    'src/test/retro/RequestBuilderTest.java': `package retro;\npublic class RequestBuilderTest {\n  private RequestInterceptor interceptor;\n${local('getWithInterceptorPathParam', 'GET', 'method', built('GET'))}${local('lackingMethod', 'GET', 'method', info('GET') + '    assertThat(info.isSynchronous).isTrue();\n')}}\n`,
  };
  const found = await refactorings(before, after);
  assert.deepEqual(found.filter((r) => r.includes('Example') && !r.includes('lackingMethod')), []);
  assert.ok(found.includes('Move Method: retro.MethodInfoTest.lackingMethod() → retro.RequestBuilderTest.lackingMethod()'), found.join('\n'));
});

test('a getter of a deleted class is not inlined into a test that now calls a namesake of the library class that replaced it, however low the bar', async () => {
  const request = `package retro.client;\npublic final class Request {\n  private final String method;\n  private final List<Header> headers;\n  private final TypedOutput body;\n  public Request(String method, List<Header> headers, TypedOutput body) {\n    this.method = method;\n    this.headers = headers;\n    this.body = body;\n  }\n  public String getMethod() {\n    return method;\n  }\n  public List<Header> getHeaders() {\n    return headers;\n  }\n  public TypedOutput getBody() {\n    return body;\n  }\n}\n`;
  const test = (type: string, setup: string, arg: string, get: (field: string) => string, assertion: string) =>
    `package retro;\npublic class RequestBuilderTest {\n  @Test public void post() {\n    class Example {\n      @POST("/foo/bar/") //\n      Response method(@Body ${type} body) {\n        return null;\n      }\n    }\n${setup}    Request request = buildRequest(Example.class, ${arg});\n    assertThat(request.${get('method')}()).isEqualTo("POST");\n    assertThat(request.${get('headers')}().size()).isZero();\n    ${assertion}(request.${get('body')}(), "hi");\n  }\n}\n`;
  const getter = (field: string) => 'get' + field[0].toUpperCase() + field.slice(1);
  const before = { 'src/retro/client/Request.java': request, 'src/test/retro/RequestBuilderTest.java': test('TypedInput', '', 'new TypedString("hi")', getter, 'assertTypedBytes') };
  const created = '    RequestBody body = RequestBody.create(MediaType.parse("text/plain"), "hi");\n';
  const after = { 'src/test/retro/RequestBuilderTest.java': test('RequestBody', created, 'body', (field) => field, 'assertBody') };
  // The bar lowered to what the commit's own vocabulary let these reach (retrofit b9fe6f9939: 11 Inline lines).
  const result = await analyzeFileSets(sources(before), sources(after), { comparison: { thresholds: { inlineNoStatement: 0.5 } } });
  const found = toRefactorings(result.relationships, result.before, result.after).map((r) => `${r.type}: ${r.before.qualifiedName} → ${r.after.qualifiedName}`);
  assert.deepEqual(found.filter((r) => r.startsWith('Inline')), []);
});

test('among several new and gone methods, a pair alike only in name, whose body kept no statement, is not renamed by position', async () => {
  const message = (members: string) => `package chat;
public class Message {
  private String body;
  private Object session;
  private String fingerprint;
  public String getBody() { return body; }
  public void setBody(String body) { this.body = body; }
${members}
}
`;
  const gone = '  public void setSession(Object session) {\n    this.session = session;\n  }\n  public Object session() {\n    return session;\n  }';
  const added = '  public void setSessionFingerprint(String fingerprint) {\n    this.fingerprint = fingerprint.toLowerCase();\n  }\n  public String fingerprint() {\n    return fingerprint;\n  }';
  assert.deepEqual(await refactorings({ 'chat/Message.java': message(gone) }, { 'chat/Message.java': message(added) }), []);
  // Kept a statement, as edited: the same setter renamed.
  const kept = '  public void setSessionFingerprint(Object session) {\n    this.session = session;\n    this.fingerprint = null;\n  }\n  public String fingerprint() {\n    return fingerprint;\n  }';
  assert.deepEqual(await refactorings({ 'chat/Message.java': message(gone) }, { 'chat/Message.java': message(kept) }), [
    'Rename Method: chat.Message.setSession(Object) → chat.Message.setSessionFingerprint(Object)',
  ]);
});

test('a helper pulled out of near-duplicate methods of two classes (namesakes) is extracted from each, though one of them wrote the code otherwise; another caller that wrote it so is not', async () => {
  const writer = (name: string, body: string, method = 'update') => `package db;\npublic class ${name} {\n  public String ${method}(String table, String[] keys, java.util.List<Object> values) {\n${body}\n  }\n}\n`;
  const before = {
    'db/MysqlWriter.java': writer('MysqlWriter', `    StringBuilder sql = new StringBuilder("update ").append(table).append(" set ");
    for (int i = 0; i < keys.length; i++) {
      if (i > 0) sql.append(", ");
      sql.append(keys[i].trim().toLowerCase()).append(" = ?");
    }
    values.clear();
    return sql.toString();`),
    'db/OracleWriter.java': writer('OracleWriter', `    StringBuilder sql = new StringBuilder("UPDATE " + table + " SET ");
    for (int i = 0; i < keys.length; i++) {
      sql.append(i == 0 ? "" : ", ").append(keys[i].trim().toLowerCase()).append(" = ?");
    }
    values.clear();
    return sql.toString();`),
    'db/AuditLog.java': writer('AuditLog', `    StringBuilder sql = new StringBuilder("UPDATE " + table + " SET ");
    for (int i = 0; i < keys.length; i++) {
      sql.append(i == 0 ? "" : ", ").append(keys[i].trim().toLowerCase()).append(" = ?");
    }
    values.clear();
    return sql.toString();`, 'describe'),
  };
  const after = {
    'db/MysqlWriter.java': writer('MysqlWriter', `    StringBuilder sql = new StringBuilder("update ").append(table).append(" set ");
    sql.append(SqlText.assignments(keys));
    values.clear();
    return sql.toString();`),
    'db/OracleWriter.java': writer('OracleWriter', `    StringBuilder sql = new StringBuilder("UPDATE " + table + " SET ").append(SqlText.assignments(keys));
    values.clear();
    return sql.toString();`),
    'db/AuditLog.java': writer('AuditLog', `    StringBuilder sql = new StringBuilder("UPDATE " + table + " SET ").append(SqlText.assignments(keys));
    values.clear();
    return sql.toString();`, 'describe'),
    'db/SqlText.java': `package db;
public class SqlText {
  static String assignments(String[] columns) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < columns.length; i++) {
      if (i > 0) out.append(", ");
      out.append(columns[i].trim().toLowerCase()).append(" = ?");
    }
    return out.toString();
  }
}
`,
  };
  const found = (await refactorings(before, after)).filter((r) => r.startsWith('Extract'));
  assert.deepEqual(found, [
    'Extract And Move Method: db.MysqlWriter.update(String,String[],List<Object>) → db.SqlText.assignments(String[])',
    'Extract And Move Method: db.OracleWriter.update(String,String[],List<Object>) → db.SqlText.assignments(String[])',
  ]);
  // Alone, the second caller would not tell: what it lost resembles the helper too little (AuditLog's
  // describe, no namesake of update, is held to the usual bar).
  const alone = { 'db/OracleWriter.java': after['db/OracleWriter.java'], 'db/SqlText.java': after['db/SqlText.java'] };
  assert.deepEqual((await refactorings({ 'db/OracleWriter.java': before['db/OracleWriter.java'] }, alone)).filter((r) => r.startsWith('Extract')), []);
});

test('a method whose name no other method of its class bears, on either side, keeps that name with other parameters and a rewritten body where its caller\'s call was edited to them: a signature change, not a new method extracted from its caller', async () => {
  const codecs = (call: string, members: string) => `package conv;
public class Codecs {
  private final boolean lenient;
  private final List<Codec> all = new ArrayList<>();
  public Codecs(boolean lenient, boolean strictDates) {
    this.lenient = lenient;
    all.add(Builtins.INTEGER);
    all.add(${call});
    all.add(Builtins.STRING);
  }
${members}
}
`;
  const oldCodec = `  private Codec numberCodec(boolean lenient) {
    if (lenient) {
      return Builtins.NUMBER;
    }
    return new Codec() {
      @Override public Object decode(Reader in) throws IOException {
        if (in.peekNull()) {
          in.skip();
          return null;
        }
        return in.nextNumber();
      }
    };
  }
  private static String describe(Codec codec, Locale locale) {
    return codec.name().toUpperCase(locale);
  }`;
  const newCodec = `  private Codec numberCodec() {
    return lenient ? Builtins.NUMBER : Builtins.STRICT_NUMBER;
  }
  public void register(Codec codec, int priority, boolean replace) {
    if (replace) all.removeIf(c -> c.type() == codec.type());
    all.add(Math.min(priority, all.size()), codec);
  }`;
  const before = { 'conv/Codecs.java': codecs('numberCodec(lenient)', oldCodec) };
  assert.deepEqual(await refactorings(before, { 'conv/Codecs.java': codecs('numberCodec()', newCodec) }), [
    'Change Method Signature: conv.Codecs.numberCodec(boolean) → conv.Codecs.numberCodec()',
  ]);
  // The caller no longer calls it: nothing ties the new method to the old one but the name.
  assert.deepEqual(await refactorings(before, { 'conv/Codecs.java': codecs('Builtins.NUMBER', newCodec) }), []);
});

test('a class turned inside out (an adapter made the inner class of a new factory that took its file): its constructor went with its statements into the inner class, not into the factory\'s new constructor', async () => {
  const before = {
    'bind/ListAdapter.java': `package bind;
public final class ListAdapter<E> extends Adapter<List<E>> {
  private final Adapter<E> elementAdapter;
  private final Supplier<List<E>> creator;
  public ListAdapter(Adapter<E> elementAdapter, Supplier<List<E>> creator) {
    this.elementAdapter = elementAdapter;
    this.creator = creator;
  }
  public List<E> read(Reader in) throws IOException {
    List<E> list = creator.get();
    in.beginArray();
    while (in.hasNext()) list.add(elementAdapter.read(in));
    in.endArray();
    return list;
  }
}
`,
  };
  const after = {
    'bind/ListAdapterFactory.java': `package bind;
public final class ListAdapterFactory implements Adapter.Factory {
  private final Creators creators;
  public ListAdapterFactory(Creators creators) {
    this.creators = creators;
  }
  public <T> Adapter<T> create(Context context, Token<T> token) {
    Adapter<?> elementAdapter = context.adapterFor(token.elementType());
    return new Inner(elementAdapter, creators.forList(token));
  }
  private static final class Inner<E> extends Adapter<List<E>> {
    private final Adapter<E> elementAdapter;
    private final Supplier<List<E>> creator;
    Inner(Adapter<E> elementAdapter, Supplier<List<E>> creator) {
      this.elementAdapter = elementAdapter;
      this.creator = creator;
    }
    public List<E> read(Reader in) throws IOException {
      List<E> list = creator.get();
      in.beginArray();
      while (in.hasNext()) list.add(elementAdapter.read(in));
      in.endArray();
      return list;
    }
  }
}
`,
  };
  const found = await refactorings(before, after);
  assert.ok(!found.some((r) => r.includes('bind.ListAdapterFactory.ListAdapterFactory(Creators)')), found.join('\n'));
});

test('a nested class moved into a new holder class of its own name, which took its constants: it went to its namesake inside, not to the holder', async () => {
  const before = {
    'text/Escapes.java': `package text;
public class Escapes {
  public static final Translator UNESCAPE_CSV = new CsvUnescaper();
  static class CsvUnescaper extends Translator {
    private static final char CSV_DELIMITER = ',';
    private static final char CSV_QUOTE = '"';
    private static final String CSV_QUOTE_STR = String.valueOf(CSV_QUOTE);
    private static final char[] CSV_SEARCH_CHARS = new char[] {CSV_DELIMITER, CSV_QUOTE, '\\r', '\\n'};
    public int translate(final CharSequence input, final int index, final Writer out) throws IOException {
      if (index != 0) {
        throw new IllegalStateException("CsvUnescaper should never reach the [1] index");
      }
      if (input.charAt(0) != CSV_QUOTE || input.charAt(input.length() - 1) != CSV_QUOTE) {
        out.write(input.toString());
        return Character.codePointCount(input, 0, input.length());
      }
      final String quoteless = input.subSequence(1, input.length() - 1).toString();
      if (Strings.containsAny(quoteless, CSV_SEARCH_CHARS)) {
        out.write(Strings.replace(quoteless, CSV_QUOTE_STR + CSV_QUOTE_STR, CSV_QUOTE_STR));
      } else {
        out.write(input.toString());
      }
      return Character.codePointCount(input, 0, input.length());
    }
  }
}
`,
  };
  const after = {
    'text/Escapes.java': `package text;
import text.translate.CsvTranslators;
public class Escapes {
  public static final Translator UNESCAPE_CSV = new CsvTranslators.CsvUnescaper();
}
`,
    'text/translate/CsvTranslators.java': `package text.translate;
public class CsvTranslators {
  private static final char CSV_DELIMITER = ',';
  private static final char CSV_QUOTE = '"';
  private static final String CSV_QUOTE_STR = String.valueOf(CSV_QUOTE);
  private static final String CSV_ESCAPED_QUOTE_STR = CSV_QUOTE_STR + CSV_QUOTE_STR;
  private static final char[] CSV_SEARCH_CHARS = new char[] {CSV_DELIMITER, CSV_QUOTE, '\\r', '\\n'};
  private CsvTranslators() { }
  public static class CsvUnescaper extends SinglePassTranslator {
    void translateWhole(final CharSequence input, final Writer out) throws IOException {
      if (input.charAt(0) != CSV_QUOTE || input.charAt(input.length() - 1) != CSV_QUOTE) {
        out.write(input.toString());
        return;
      }
      final String quoteless = input.subSequence(1, input.length() - 1).toString();
      if (Strings.containsAny(quoteless, CSV_SEARCH_CHARS)) {
        out.write(Strings.replace(quoteless, CSV_ESCAPED_QUOTE_STR, CSV_QUOTE_STR));
      } else {
        out.write(input.toString());
      }
    }
  }
}
`,
  };
  const found = await refactorings(before, after);
  assert.ok(!found.some((r) => r.endsWith('→ text.translate.CsvTranslators')), found.join('\n'));
});

test('a test renamed in its class, its assertions handed to a new helper in another test class that it calls: Rename Method and Extract And Move Method, not a Move And Rename into the helper', async () => {
  const keys = ['BASE64', 'CONST', 'DATE', 'ENV', 'FILE', 'JAVA', 'LOCALHOST', 'PROPERTIES', 'SCRIPT', 'SYS', 'URL', 'XML'];
  const asserts = keys.map((k) => `    assertTrue(map.containsKey(Factory.KEY_${k}));`).join('\n');
  const before = {
    'lookup/InterpolatorTest.java': `package lookup;
public class InterpolatorTest {
  @Test
  public void testLookupKey() {
    final Interpolator lookup = new Interpolator((Map<String, Object>) null);
    final Map<String, Lookup> map = lookup.getLookupMap();
${asserts}
  }
  @Test
  public void testNull() {
    assertNull(new Interpolator().lookup(null));
  }
}
`,
    'lookup/FactoryTest.java': `package lookup;
public class FactoryTest {
  @Test
  public void testSingleton() {
    assertSame(Factory.INSTANCE, Factory.INSTANCE);
  }
}
`,
  };
  const after = {
    'lookup/InterpolatorTest.java': `package lookup;
public class InterpolatorTest {
  @Test
  public void testLookupKeys() {
    final Interpolator lookup = new Interpolator((Map<String, Object>) null);
    final Map<String, Lookup> map = lookup.getLookupMap();
    FactoryTest.assertDefaultKeys(map);
  }
  @Test
  public void testNull() {
    assertNull(new Interpolator().lookup(null));
  }
}
`,
    'lookup/FactoryTest.java': `package lookup;
public class FactoryTest {
  public static void assertDefaultKeys(final Map<String, Lookup> map) {
${asserts}
  }
  @Test
  public void testSingleton() {
    assertSame(Factory.INSTANCE, Factory.INSTANCE);
  }
}
`,
  };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Rename Method: lookup.InterpolatorTest.testLookupKey() → lookup.InterpolatorTest.testLookupKeys()'), found.join('\n'));
  assert.ok(!found.some((r) => r.startsWith('Move And Rename Method')), found.join('\n'));
});

test('a class pulled out of a kept one took its constructor\'s code with its methods: no Change Signature of the kept class\'s new constructor', async () => {
  // the methods, word for word on both sides: they moved into the new class
  const methods = `  public String getStr() {
    return str;
  }
  public String chopWithRegex(String regex, int submatchIndex) {
    String chopped = "";
    Matcher m = Pattern.compile(regex).matcher(str);
    if (m.find()) {
      chopped = m.group(submatchIndex);
      str = m.replaceAll("");
    }
    return chopped;
  }
  public void flip(String flipAroundChar) {
    String[] parts = str.split(flipAroundChar);
    if (parts.length == 2) {
      str = parts[1] + " " + parts[0];
      norm();
    }
  }
  public void norm() {
    str = str.trim().replaceAll("\\\\s+", " ");
  }
`;
  const before = {
    'names/Name.java': `package names;
public class Name {
  private String str;
  public Name(String str) {
    this.str = str;
  }
${methods}}
`,
  };
  const after = {
    'names/Name.java': `package names;
public final class Name {
  private final String first;
  private final String middle;
  private final String last;
  public Name(String first, String middle, String last) {
    this.first = first;
    this.middle = middle;
    this.last = last;
  }
  public String getFirst() {
    return first;
  }
}
`,
    'names/NameString.java': `package names;
final class NameString {
  private String str;
  public NameString(String str) {
    this.str = str;
  }
${methods}}
`,
  };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Move Method: names.Name.flip(String) → names.NameString.flip(String)'), found.join('\n'));
  assert.ok(!found.some((r) => r.startsWith('Change Method Signature')), found.join('\n'));
});

test('a constructor whose code went up into a new superclass\'s constructor, with other members, stays where it was: it calls super(…) with a parameter added, a Change Signature', async () => {
  const before = {
    'ogr/Configurator.java': `package ogr;
public class Configurator {
  private final OutputFormat format;
  private final Resource configFile;
  public Configurator(OutputFormat format) {
    this.format = format;
    this.configFile = Resources.find("ogr2ogr.xml");
  }
  public void loadConfiguration() {
    Configuration configuration = reader.read(configFile);
    format.clearFormats();
    format.addFormats(configuration.getFormats());
  }
}
`,
  };
  const after = {
    'ogr/AbstractConfigurator.java': `package ogr;
public abstract class AbstractConfigurator {
  protected final OutputFormat format;
  protected final Resource configFile;
  public AbstractConfigurator(OutputFormat format) {
    this.format = format;
    this.configFile = Resources.find("ogr2ogr.xml");
  }
  public void loadConfiguration() {
    Configuration configuration = reader.read(configFile);
    format.clearFormats();
    format.addFormats(configuration.getFormats());
  }
}
`,
    'ogr/Configurator.java': `package ogr;
public class Configurator extends AbstractConfigurator {
  private final WrapperFactory wrapperFactory;
  public Configurator(OutputFormat format, WrapperFactory wrapperFactory) {
    super(format);
    this.wrapperFactory = wrapperFactory;
  }
}
`,
  };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Pull Up Method: ogr.Configurator.loadConfiguration() → ogr.AbstractConfigurator.loadConfiguration()'), found.join('\n'));
  assert.ok(found.includes('Change Method Signature: ogr.Configurator.Configurator(OutputFormat) → ogr.Configurator.Configurator(OutputFormat,WrapperFactory)'), found.join('\n'));
});

test('a new helper that shares only `return false;` and brackets with the checks its caller lost is not extracted from it; one holding a name the caller lost is', async () => {
  const before = {
    'num/Checks.java': `package num;
public class Checks {
  public static boolean isNumber(final String text) {
    if (text == null || text.isEmpty()) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      if (!Character.isDigit(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }
  public static String label(final String text) {
    String trimmed = text.trim();
    return trimmed.toUpperCase() + ":" + trimmed.length();
  }
}
`,
  };
  const after = {
    'num/Checks.java': `package num;
import java.util.function.Consumer;
public class Checks {
  private static <T> boolean tries(final Consumer<T> action, final T value) {
    try {
      action.accept(value);
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }
  public static boolean isNumber(final String text) {
    return tries(Integer::parseInt, text) || tries(Double::parseDouble, text);
  }
  public static String label(final String text) {
    return shout(text.trim());
  }
  private static String shout(final String trimmed) {
    return trimmed.toUpperCase() + ":" + trimmed.length();
  }
}
`,
  };
  const found = await refactorings(before, after);
  assert.ok(!found.some((r) => r.includes('num.Checks.tries(')), found.join('\n'));
  assert.ok(found.includes('Extract Method: num.Checks.label(String) → num.Checks.shout(String)'), found.join('\n'));
});

test('a helper that a method extracted in steps calls, whose code that method still writes in place, is no Extract from the first caller', async () => {
  // check() moved whole into checkThrows(…), which still builds its message in place; the new
  // describe(…) holds the same expression for other callers: a copy, not code check() lost into it.
  const helpers = `  void run(String q, Object[] v) {}
  static String format(Object[] v) { return ""; }
  static String inline(String q, Object[] v) { return q; }
  static void fail(String m) {}
  static void contains(String m, Exception e) {}
  static void log(String m) {}
`;
  const before = `package db;
public class Checker {
  static boolean verbose;
  protected void check(String error, String query, Object... values) throws Exception {
    try {
      run(query, values);
      String q = verbose ? query + " (values: " + format(values) + ")" : inline(query, values);
      fail("Query should fail: " + q);
    } catch (IllegalStateException e) {
      if (error != null) contains(error, e);
    }
  }
  protected void report(String query, Object... values) {
    log("ran " + query);
  }
${helpers}}
`;
  const after = `package db;
public class Checker {
  static boolean verbose;
  protected void check(String error, String query, Object... values) throws Exception {
    checkThrows(error, null, query, values);
  }
  protected void checkThrows(String error, Class<? extends Exception> type, String query, Object... values) throws Exception {
    try {
      run(query, values);
      String q = verbose ? query + " (values: " + format(values) + ")" : inline(query, values);
      fail("Query should fail: " + q);
    } catch (RuntimeException e) {
      if (type != null && !type.isInstance(e)) fail("wrong error for " + describe(query, values));
      if (error != null) contains(error, e);
    }
  }
  private static String describe(String query, Object[] values) {
    return verbose ? query + " (values: " + format(values) + ")" : inline(query, values);
  }
  protected void report(String query, Object... values) {
    log("ran " + describe(query, values));
  }
${helpers}}
`;
  assert.deepEqual(await refactorings({ 'src/db/Checker.java': before }, { 'src/db/Checker.java': after }), [
    'Extract Method: db.Checker.check(String,String,Object[]) → db.Checker.checkThrows(String,Class<? extends Exception>,String,Object[])',
  ]);
});

test('a deleted copy of a class that stays is no source of the overloads the kept class gained: each of its methods is the twin the kept class keeps', async () => {
  const logger = (pkg: string, extra: string) => `package org.slf4j.${pkg};
import org.slf4j.Marker;
public class NOPLogger extends NamedLoggerBase implements Logger {
  public String getName() {
    return "NOP";
  }
  final public boolean isDebugEnabled() {
    return false;
  }
  final public void debug(String msg) {
    // NOP
  }
  final public void debug(String format, Object arg) {
    // NOP
  }
  final public void debug(String format, Object arg1, Object arg2) {
    // NOP
  }
${extra}}
`;
  const markers = `  final public boolean isDebugEnabled(Marker marker) {
    // NOP
    return false;
  }
  final public void debug(Marker marker, String msg) {
    // NOP
  }
  final public void debug(Marker marker, String format, Object arg) {
    // NOP
  }
  final public void debug(Marker marker, String format, Object arg1, Object arg2) {
    // NOP
  }
`;
  const found = await refactorings(
    { 'slf4j-nop/src/main/java/org/slf4j/nop/NOPLogger.java': logger('nop', ''), 'slf4j-api/src/main/java/org/slf4j/helpers/NOPLogger.java': logger('helpers', '') },
    // the kept class's `isDebugEnabled()` gained an `@Override`: its `return false;` is still the copy's
    { 'slf4j-api/src/main/java/org/slf4j/helpers/NOPLogger.java': logger('helpers', markers).replace('  final public boolean isDebugEnabled() {', '  @Override\n  final public boolean isDebugEnabled() {') },
  );
  assert.deepEqual(found, []);
  // a method moved into the kept class, its namesake there another code, is still a move
  const moved = await refactorings(
    { 'a/Old.java': 'package a;\npublic class Old {\n  public int size(java.util.List<String> items) {\n    int n = 0;\n    for (String item : items) n += item.length();\n    return n;\n  }\n}\n', 'a/Kept.java': 'package a;\npublic class Kept {\n  public int size(java.util.List<String> items) {\n    return items.size();\n  }\n}\n' },
    { 'a/Kept.java': 'package a;\npublic class Kept {\n  public int size(java.util.List<String> items) {\n    return items.size();\n  }\n  public int size(java.util.List<String> items, int extra) {\n    int n = extra;\n    for (String item : items) n += item.length();\n    return n;\n  }\n}\n' },
  );
  assert.deepEqual(moved, ['Move Method: a.Old.size(List<String>) → a.Kept.size(List<String>,int)']);
});

test('identical overrides in a class and its subclass, each given a parameter in place, are two Change Method Signature, not a Pull Up and a Push Down crossed over', async () => {
  const reader = (params: string) => `package upickle;
public class TaggedReader {
  public Object visitObject(${params}) {
    return taggedObjectContext(this, index);
  }
  Object taggedObjectContext(Object reader, int index) { return reader; }
}
`;
  const readWriter = (params: string) => `package upickle;
public class TaggedReadWriter extends TaggedReader {
  public Object visitObject(${params}) {
    return taggedObjectContext(this, index);
  }
  public void write(Object out) { System.out.println(out); }
}
`;
  const files = (params: string) => ({ 'upickle/TaggedReader.java': reader(params), 'upickle/TaggedReadWriter.java': readWriter(params) });
  assert.deepEqual(await refactorings(files('int length, int index'), files('int length, boolean jsonableKeys, int index')), [
    'Change Method Signature: upickle.TaggedReadWriter.visitObject(int,int) → upickle.TaggedReadWriter.visitObject(int,boolean,int)',
    'Change Method Signature: upickle.TaggedReader.visitObject(int,int) → upickle.TaggedReader.visitObject(int,boolean,int)',
  ]);
});
