/** Kotlin: what the CST holds for one small file, and the refactorings reported on small fixtures. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../src/languages/registry';
import { compare, refactorings, refactoringsFoundBy } from '../helpers';

test('Kotlin types, functions and constructors: kinds, signatures, namespace, parents, supertypes, stereotypes', async () => {
  const cst = await parseFile('src/zoo/Animal.kt', `package zoo.animals

import kotlin.math.max

abstract class Animal(val name: String) : Base<Int>(), Comparable<Animal>, zoo.Named {
  constructor(legs: Int, name: String) : this(name) { init(legs) }
  abstract fun speak(times: Int): String
  fun count(a: Int, vararg rest: String): Int { return this.helper(a, 2) }
  val legs: Int get() = 4
  companion object { fun create(): Animal = Dog() }
}
interface Walker {
  fun walk()
}
data class Point(val x: Int, val y: Int)
enum class Color { RED, GREEN }
object Registry { fun get(key: String?): Int = 1 }
fun topLevel(x: List<Int>): Int = x.size
`);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.noun, n.signature, n.namespace, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['class', 'Class', 'Animal', 'zoo.animals.', null],
    ['constructor', 'Method', 'Animal(int,String)', '', 'Animal'],
    ['method', 'Method', 'speak(int)', '', 'Animal'],
    ['method', 'Method', 'count(int,String[])', '', 'Animal'],
    ['object', 'Class', 'Companion', '', 'Animal'],
    ['method', 'Method', 'create()', '', 'Companion'],
    ['interface', 'Class', 'Walker', 'zoo.animals.', null],
    ['method', 'Method', 'walk()', '', 'Walker'],
    ['class', 'Class', 'Point', 'zoo.animals.', null],
    ['enum', 'Class', 'Color', 'zoo.animals.', null],
    ['object', 'Class', 'Registry', 'zoo.animals.', null],
    ['method', 'Method', 'get(String)', '', 'Registry'],
    ['function', 'Function', 'topLevel(List)', 'zoo.animals.', null],
  ]);
  const [animal, ctor, speak, count, , create, , walk] = cst.nodes;
  assert.deepEqual(animal.supertypes, ['Base', 'Comparable', 'Named']);
  assert.deepEqual(ctor.stereotypes.slice().sort(), ['constructor', 'has-body', 'type-member']);
  assert.deepEqual(speak.stereotypes.slice().sort(), ['abstract', 'type-member']);
  assert.deepEqual(walk.stereotypes.slice().sort(), ['abstract', 'type-member']);
  assert.deepEqual(create.stereotypes.slice().sort(), ['has-body', 'static', 'type-member']);
  assert.deepEqual([count.parameters, count.parameterTypes, count.returnType, count.calls], [['a', 'rest'], ['Int', 'vararg String'], 'Int', [{ name: 'helper', args: 2, receiver: 'Animal', ownType: true, orFunction: true }]]);
  assert.ok(count.stereotypes.includes('variadic'));
  assert.deepEqual(ctor.calls, [{ name: 'init', args: 1, receiver: 'Animal', ownType: true, orFunction: true }]);
  assert.equal(cst.errors, 0);
});

const file = (body: string, pkg = 'text') => `package ${pkg}\n\n${body}\n`;
const slugify = `fun slugify(title: String, separator: Char): String {
    val lower = title.trim().lowercase()
    val cleaned = lower.replace(Regex("[^a-z0-9]+"), separator.toString())
    return cleaned.trim(separator)
}`;
const upper = 'fun upper(s: String): String {\n    return s.uppercase()\n}';

test('Kotlin: a function renamed is a Rename Function; a parameter added, a Change Function Signature', async () => {
  assert.deepEqual(await refactorings({ 'text/Slug.kt': file(slugify) }, { 'text/Slug.kt': file(slugify.replace('slugify(', 'toSlug(')) }), [
    'Rename Function: text.slugify(String,Char) → text.toSlug(String,Char)',
  ]);
  const changed = slugify.replace('separator: Char)', 'separator: Char, limit: Int)');
  assert.deepEqual(await refactorings({ 'text/Slug.kt': file(slugify) }, { 'text/Slug.kt': file(changed) }), [
    'Change Function Signature: text.slugify(String,Char) → text.slugify(String,Char,Int)',
  ]);
});

test('Kotlin: a top-level function moved to another package is a Move Function; renamed too, a Move And Rename Function', async () => {
  const before = { 'text/Slug.kt': file(`${slugify}\n\n${upper}`), 'web/Url.kt': file('fun host(url: String): String = url.substringBefore("/")', 'web') };
  const moved = (fn: string) => ({ 'text/Slug.kt': file(upper), 'web/Url.kt': file(`fun host(url: String): String = url.substringBefore("/")\n\n${fn}`, 'web') });
  assert.deepEqual(await refactorings(before, moved(slugify)), ['Move Function: text.slugify(String,Char) → web.slugify(String,Char)']);
  assert.deepEqual(await refactorings(before, moved(slugify.replace('slugify(', 'toSlug('))), [
    'Move And Rename Function: text.slugify(String,Char) → web.toSlug(String,Char)',
  ]);
});

const shape = (members: string, name = 'Shape', pkg = 'geo') => `package ${pkg}\n\nclass ${name} {\n${members}\n}\n`;
const area = `  fun area(width: Double, height: Double): Double {
    val result = width * height
    if (result < 0) throw IllegalArgumentException("negative area $result")
    return result
  }`;
const describe = `  fun describe(prefix: String, count: Int): String {
    val text = StringBuilder(prefix)
    for (i in 0 until count) { text.append(i).append(", ") }
    return text.toString().trim()
  }`;

test('Kotlin: a method moved to a class in another file is a Move Method', async () => {
  const text = (members: string) => shape(`  fun size(): Int { return 1 }\n${members}`, 'Text');
  const before = { 'geo/Shape.kt': shape(`${area}\n${describe}`), 'geo/Text.kt': text('') };
  assert.deepEqual(await refactorings(before, { 'geo/Shape.kt': shape(area), 'geo/Text.kt': text(describe) }), [
    'Move Method: geo.Shape.describe(String,Int) → geo.Text.describe(String,Int)',
  ]);
});

test('Kotlin: a class renamed is a Rename Class; moved to another package, a Move Class', async () => {
  const body = `${area}\n${describe}`;
  assert.deepEqual(await refactorings({ 'geo/Shape.kt': shape(body) }, { 'geo/Figure.kt': shape(body, 'Figure') }), ['Rename Class: geo.Shape → geo.Figure']);
  assert.deepEqual(await refactorings({ 'geo/Shape.kt': shape(body) }, { 'geo/model/Shape.kt': shape(body, 'Shape', 'geo.model') }), [
    'Move Class: geo.Shape → geo.model.Shape',
  ]);
});

const report = `fun report(values: IntArray): String {
    var sum = 0
    for (v in values) { sum += v }
    val average = if (values.isEmpty()) 0.0 else sum.toDouble() / values.size
    val line = "sum=" + sum + " average=" + average
    println(line)
    return line
}`;
const reportExtracted = `fun report(values: IntArray): String {
    val sum = total(values)
    val average = if (values.isEmpty()) 0.0 else sum.toDouble() / values.size
    val line = "sum=" + sum + " average=" + average
    println(line)
    return line
}

fun total(numbers: IntArray): Int {
    var sum = 0
    for (v in numbers) { sum += v }
    return sum
}`;

test('Kotlin: part of a function moved to a new function it calls is an Extract Function; the reverse, an Inline Function', async () => {
  assert.deepEqual(await refactorings({ 'stats/Report.kt': file(report, 'stats') }, { 'stats/Report.kt': file(reportExtracted, 'stats') }), [
    'Extract Function: stats.report(IntArray) → stats.total(IntArray)',
  ]);
  assert.deepEqual(await refactorings({ 'stats/Report.kt': file(reportExtracted, 'stats') }, { 'stats/Report.kt': file(report, 'stats') }), [
    'Inline Function: stats.total(IntArray) → stats.report(IntArray)',
  ]);
});

const animal = (members: string, kind = 'open class') => `package zoo\n\n${kind} Animal {\n${members}\n}\n`;
const dog = (members: string, base = ' : Animal()') => `package zoo\n\nclass Dog${base} {\n  fun bark(): String { return "woof" }\n${members}\n}\n`;
const feed = `  fun feed(grams: Int, times: Int): Int {
    val total = grams * times
    println("feeding " + total + " grams")
    return total
  }`;

test('Kotlin: a method moved to the superclass is a Pull Up Method; back down, a Push Down Method', async () => {
  const inDog = { 'zoo/Animal.kt': animal(''), 'zoo/Dog.kt': dog(feed) };
  const inAnimal = { 'zoo/Animal.kt': animal(feed), 'zoo/Dog.kt': dog('') };
  assert.deepEqual(await refactorings(inDog, inAnimal), ['Pull Up Method: zoo.Dog.feed(Int,Int) → zoo.Animal.feed(Int,Int)']);
  assert.deepEqual(await refactorings(inAnimal, inDog), ['Push Down Method: zoo.Animal.feed(Int,Int) → zoo.Dog.feed(Int,Int)']);
});

test('Kotlin: a new superclass receiving a method is an Extract Superclass; a new interface declaring it, an Extract Interface', async () => {
  const before = { 'zoo/Dog.kt': dog(feed, '') };
  assert.deepEqual(await refactorings(before, { 'zoo/Dog.kt': dog(''), 'zoo/Animal.kt': animal(feed) }), [
    'Extract Superclass: zoo.Dog → zoo.Animal',
    'Pull Up Method: zoo.Dog.feed(Int,Int) → zoo.Animal.feed(Int,Int)',
  ]);
  const withInterface = { 'zoo/Dog.kt': dog(feed, ' : Feedable'), 'zoo/Feedable.kt': 'package zoo\n\ninterface Feedable {\n  fun feed(grams: Int, times: Int): Int\n}\n' };
  assert.deepEqual(await refactorings(before, withInterface), [
    'Extract Interface: zoo.Dog → zoo.Feedable',
    'Pull Up Method Signature: zoo.Dog.feed(Int,Int) → zoo.Feedable.feed(Int,Int)',
  ]);
});

test('Kotlin: parameter types are identified as the JVM reads them, shown as written', async () => {
  const cst = await parseFile('a/Types.kt', `package a
class Types {
  fun f(a: Int?, b: Any, c: Array<out String>, d: IntArray, e: MutableList<String>, g: Boolean?, h: Long?) {}
  companion object Factory { fun make(): Types = Types() }
}
`);
  const f = cst.nodes.find((n) => n.name === 'f')!;
  assert.equal(f.signature, 'f(Integer,Object,String[],int[],List,Boolean,Long)');
  assert.deepEqual(f.parameterTypes, ['Int?', 'Any', 'Array', 'IntArray', 'MutableList', 'Boolean?', 'Long?']);
  assert.ok(cst.nodes.find((n) => n.name === 'make')!.stereotypes.includes('static'), 'a named companion holds statics too');
});

test('Kotlin: a parameter of a function type is the JVM\'s FunctionN, and is shown whole, arrow and result type included', async () => {
  const cst = await parseFile('a/Specs.kt', `package a
fun toParameterSpec(resolver: ((index: Int) -> com.squareup.TypeName), annotations: List<AnnotationSpec>): ParameterSpec = TODO()
fun visit(block: Builder.(String, Int) -> Unit, done: (suspend () -> Unit)?, pick: ((Int) -> Boolean, Map<String, (Int) -> Int>) -> Unit) {}
`);
  const spec = cst.nodes.find((n) => n.name === 'toParameterSpec')!;
  assert.equal(spec.signature, 'toParameterSpec(Function1,List)');
  assert.deepEqual(spec.parameterTypes, ['((index:Int)->TypeName)', 'List']);
  const visit = cst.nodes.find((n) => n.name === 'visit')!;
  assert.equal(visit.signature, 'visit(Function3,Function1,Function2)');
  const content = (await parseFile('a/Ui.kt', 'package a\nfun Screen(content: @Composable () -> Unit, row: @Composable (Int) -> Unit) {}\n')).nodes[0];
  assert.equal(content.signature, 'Screen(Function0,Function1)');
  assert.deepEqual(content.parameterTypes, ['()->Unit', '(Int)->Unit']);
});

const javaLog = `package log;

public final class Log {
  private final String tag;

  public Log(String tag) { this.tag = tag; }

  public static Log forClass(Class<?> type) {
    String name = type.getSimpleName();
    return new Log(name.isEmpty() ? "anonymous" : name);
  }

  public void debug(String message, Object... args) {
    if (args.length > 0) message = String.format(message, args);
    System.out.println(tag + ": " + message);
  }

  public boolean enabled(int priority) {
    return priority >= 3 && !tag.isEmpty();
  }
}
`;
const kotlinLog = (enabled = 'priority: Int') => `package log

class Log(private val tag: String) {

  fun debug(message: String?, vararg args: Any?) {
    var text = message
    if (args.isNotEmpty()) text = String.format(message!!, *args)
    println(tag + ": " + text)
  }

  fun enabled(${enabled}): Boolean {
    return priority >= 3 && !tag.isEmpty()
  }

  companion object {
    @JvmStatic fun forClass(type: Class<*>): Log {
      val name = type.simpleName
      return Log(if (name.isEmpty()) "anonymous" else name)
    }
  }
}
`;

test('Kotlin: a Java class ported to Kotlin keeps its methods: JVM types are one type, statics live in the companion', async () => {
  assert.deepEqual(await refactorings({ 'src/log/Log.java': javaLog }, { 'src/log/Log.kt': kotlinLog() }), []);
  assert.deepEqual(await refactorings({ 'src/log/Log.kt': kotlinLog() }, { 'src/log/Log.java': javaLog }), []);
  // a parameter whose type changed on the way is still a signature change
  assert.deepEqual(await refactorings({ 'src/log/Log.java': javaLog }, { 'src/log/Log.kt': kotlinLog('priority: Long') }), [
    'Change Method Signature: log.Log.enabled(int) → log.Log.enabled(Long)',
  ]);
});

test('Kotlin: an `annotation class` is an annotation type, as Java\'s `@interface`: ported, it keeps its kind; made a class, it changes kind', async () => {
  const javaQualifier = 'package json;\n\nimport java.lang.annotation.Retention;\n\n@Retention(RUNTIME)\npublic @interface JsonQualifier {}\n';
  const kotlinQualifier = (kind: string) => `package json\n\n@Retention(AnnotationRetention.RUNTIME)\npublic ${kind} JsonQualifier\n`;
  assert.deepEqual(await refactorings({ 'src/json/JsonQualifier.java': javaQualifier }, { 'src/json/JsonQualifier.kt': kotlinQualifier('annotation class') }), []);
  assert.deepEqual(await refactorings({ 'src/json/JsonQualifier.kt': kotlinQualifier('annotation class') }, { 'src/json/JsonQualifier.kt': kotlinQualifier('class') }), [
    'Change Type Declaration Kind: json.JsonQualifier → json.JsonQualifier',
  ]);
});

test('Kotlin: text committed under the other language\'s extension is read in its own language, with a warning', async () => {
  // the first step of a port: the Kotlin text still under the .java name, then the file renamed
  const result = await compare({ 'src/log/Log.java': kotlinLog() }, { 'src/log/Log.kt': kotlinLog() });
  assert.deepEqual(result.relationships.filter((r) => r.type !== 'SAME').map((r) => r.type), []);
  assert.deepEqual(result.warnings.map((w) => `${w.side} ${w.path} ${w.reason}: ${w.detail}`), [
    'before src/log/Log.java other-language: read as Kotlin: the text does not parse as Java',
  ]);
  const java = await compare({ 'src/log/Log.kt': javaLog }, { 'src/log/Log.kt': javaLog.replace('priority >= 3', 'priority >= 4') });
  assert.deepEqual(java.before.nodes.map((n) => `${n.language} ${n.signature}`).slice(0, 2), ['java Log', 'java Log(String)']);
  assert.equal(java.warnings.length, 2);
});

test('A Java class and a Kotlin class of one qualified name side by side: the Kotlin one deleted, the Java one keeps its methods', async () => {
  const kotlinTest = 'package log\n\nclass LogTest {\n  fun parsesLevel() {\n    val level = Level.parse("debug")\n    check(level == Level.DEBUG)\n  }\n}\n';
  const before = { 'common/src/test/kotlin/log/LogTest.kt': kotlinTest, 'src/test/java/log/LogTest.java': javaLog.replace(/class Log\b/, 'class LogTest').replace('public Log(', 'public LogTest(') };
  const after = { 'src/test/java/log/LogTest.java': before['src/test/java/log/LogTest.java'].replace('priority >= 3', 'priority >= 4') };
  assert.deepEqual(await refactorings(before, after), []);
});

test('Kotlin calls say what they are made on: bare or this., the own type, else a function; super., the supertype exactly; a type named, that type exactly; a typed or constructed variable, parameter or property, its type', async () => {
  const cst = await parseFile('src/shop/Cart.kt', `package shop
class Cart<T>(private val pricer: Pricer, size: Int) : Basket() {
  val book: Ledger = Ledger()
  var scale = Scale()
  fun check(item: Item?, extra: T, label: String) {
    total()
    this.total()
    super.total()
    Util.log(label)
    item?.weigh()
    extra.weigh()
    pricer.price(item)
    this.book.add(item)
    scale.weigh()
    val found = lookup()
    found.weigh()
    val receipt: Receipt = make()
    receipt.print()
    Receipt().print()
    items.forEach { it.weigh(); total() }
  }
}
`);
  assert.deepEqual(cst.nodes.find((n) => n.name === 'check')!.calls, [
    { name: 'total', args: 0, receiver: 'Cart', ownType: true, orFunction: true },
    { name: 'total', args: 0, receiver: 'Cart', ownType: true, orFunction: true },
    { name: 'total', args: 0, receiver: 'Basket', exact: true },
    { name: 'log', args: 1, receiver: 'Util', exact: true },
    { name: 'weigh', args: 0, receiver: 'Item' },
    { name: 'weigh', args: 0 },
    { name: 'price', args: 1, receiver: 'Pricer' },
    { name: 'add', args: 1, receiver: 'Ledger' },
    { name: 'weigh', args: 0, receiver: 'Scale' },
    { name: 'lookup', args: 0, receiver: 'Cart', ownType: true, orFunction: true },
    { name: 'weigh', args: 0, otherObject: true },
    { name: 'make', args: 0, receiver: 'Cart', ownType: true, orFunction: true },
    { name: 'print', args: 0, receiver: 'Receipt' },
    { name: 'print', args: 0, receiver: 'Receipt' },
    { name: 'Receipt', args: 0, receiver: 'Cart', ownType: true, orFunction: true },
    { name: 'forEach', args: -1 },
    { name: 'weigh', args: 0 },
    { name: 'total', args: 0 },
  ]);
});

const summed = `    var total = 0
    for (line in lines) { total += line * 2 }
    total -= lines.size
`;
const invoice = (body: string, call: string, members = '') =>
  `package shop\nclass Invoice(private val printer: Printer) {\n  fun print(lines: IntArray) {\n${body}    ${call}\n  }\n${members}}\n`;
const printer = `package shop\nclass Printer {\n  fun println(lines: IntArray) {\n${summed}    System.out.println(total)\n  }\n}\n`;

test('Kotlin: code moved into a new Printer.println is no Extract And Move from a method calling println(); from one calling it on a Printer property, it is', async () => {
  const before = { 'src/shop/Invoice.kt': invoice(summed, 'println(lines)'), 'src/shop/Printer.kt': 'package shop\nclass Printer {\n}\n' };
  assert.deepEqual(await refactorings(before, { 'src/shop/Invoice.kt': invoice('', 'println(lines)'), 'src/shop/Printer.kt': printer }), []);
  assert.deepEqual(await refactorings(before, { 'src/shop/Invoice.kt': invoice('', 'printer.println(lines)'), 'src/shop/Printer.kt': printer }), [
    'Extract And Move Method: shop.Invoice.print(IntArray) → shop.Printer.println(IntArray)',
  ]);
  assert.deepEqual(await refactorings(before, { 'src/shop/Invoice.kt': invoice('', 'this.sum(lines)', `  fun sum(lines: IntArray) {\n${summed}  }\n`), 'src/shop/Printer.kt': before['src/shop/Printer.kt'] }), [
    'Extract Method: shop.Invoice.print(IntArray) → shop.Invoice.sum(IntArray)',
  ]);
});

test('Kotlin: a companion object\'s function is called on its class; an extension function, on any object', async () => {
  const cst = await parseFile('src/shop/Ext.kt', 'package shop\nclass Money {\n  companion object {\n    fun of(cents: Int) = Money()\n  }\n}\nfun IntArray.sum2(): Int = 0\n');
  assert.equal(cst.nodes.find((n) => n.name === 'of')!.owner, 'Money');
  assert.ok(cst.nodes.find((n) => n.name === 'sum2')!.stereotypes.includes('extension'));
  const before = { 'src/shop/Invoice.kt': invoice(summed, 'println(lines)'), 'src/shop/Money.kt': 'package shop\nclass Money {\n}\n' };
  const money = `package shop\nclass Money {\n  companion object {\n    fun sum(lines: IntArray) {\n${summed}    }\n  }\n}\n`;
  assert.deepEqual(await refactorings(before, { 'src/shop/Invoice.kt': invoice('', 'Money.sum(lines)'), 'src/shop/Money.kt': money }), [
    'Extract And Move Method: shop.Invoice.print(IntArray) → shop.Money.Companion.sum(IntArray)',
  ]);
  const ext = `package shop\nfun IntArray.sum() {\n  val lines = this\n${summed}}\n`;
  assert.deepEqual(await refactorings(before, { 'src/shop/Invoice.kt': invoice('', 'lines.sum()'), 'src/shop/Money.kt': ext }), [
    'Extract And Move Function: shop.Invoice.print(IntArray) → shop.(IntArray).sum()',
  ]);
});

test('Kotlin: a function type\'s receiver is part of the type (`Foo.() -> Unit` → `Bar.() -> Unit` changes the signature), and a `suspend` one with a receiver counts it and the continuation', async () => {
  const before = { 'a/Dsl.kt': 'package a\n\nfun configure(name: String, block: DnsTester.() -> Unit) {\n  println(name)\n  block(DnsTester())\n}\n\nfun other(block: a.b.Foo.() -> Unit) {\n  println("other")\n}\n' };
  const after = { 'a/Dsl.kt': 'package a\n\nfun configure(name: String, block: QueryTester.() -> Unit) {\n  println(name)\n  block(QueryTester())\n}\n\nfun other(block: c.Foo.() -> Unit) {\n  println("other")\n}\n' };
  assert.deepEqual(await refactorings(before, after), ['Change Function Signature: a.configure(String,DnsTester.()->Unit) → a.configure(String,QueryTester.()->Unit)']);
  const cst = await parseFile('a/Run.kt', 'package a\nfun run(block: suspend Scope.(Int) -> Unit, plain: suspend () -> Unit, wrapped: (suspend Scope.() -> Unit)?) {}\n');
  assert.equal(cst.nodes[0].signature, 'run(Function3,Function1,Function2)');
});

test('Kotlin: a statement starting with a name the grammar takes for a modifier or a setter (`open = isOpen`, `in1.close()`, `set(a, b)` after a `val`) keeps its class: members stay methods', async () => {
  const stream = (name: string) => `package a

class Stream {
  private var isOpen = true

  fun receive(inFinished: Boolean) {
    val open: Boolean
    synchronized(this) {
      open = isOpen
    }
    if (!open) println(inFinished)
  }

  fun ${name}(in1: java.io.InputStream) {
    val snapshot = cache["a"]!!
    set("b", "bb", "bbb")
    in1.close()
    snapshot.close()
  }

  fun set(key: String, a: String, b: String) {
    println(key + a + b)
  }
}
`;
  const text = stream('cancel');
  const cst = await parseFile('a/Stream.kt', text);
  assert.equal(cst.errors, 0);
  assert.deepEqual(cst.nodes.map((n) => `${n.kind} ${n.signature}`), ['class Stream', 'method receive(boolean)', 'method cancel(InputStream)', 'method set(String,String,String)']);
  // the names are written in backticks in place of two spaces of indentation: what follows keeps its offsets
  assert.equal(cst.nodes[3].location.begin, text.indexOf('fun set'));
  assert.deepEqual(await refactorings({ 'a/Stream.kt': stream('cancel') }, { 'a/Stream.kt': stream('close') }), ['Rename Method: a.Stream.cancel(InputStream) → a.Stream.close(InputStream)']);
});

test('Kotlin: a lambda whose first word the grammar takes for a modifier (`{ open(book) }`, `{ override -> … }`) keeps its class: members stay methods', async () => {
  const shelf = (name: string) => `package a

class Shelf(val books: List<Book>, val marks: List<Mark>) {
  fun size(): Int = books.size

  fun goTo(book: Book): Shelf = mapOpen(ifNoneIsOpen = { open(book) }) { it.goTo(book) }

  fun ${name}(): Int {
    return marks.sumOf { it.weight }
  }

  fun open(book: Book): Shelf = Shelf(books + book, marks)
}
`;
  const text = shelf('weigh');
  const cst = await parseFile('a/Shelf.kt', text);
  assert.equal(cst.errors, 0);
  assert.deepEqual(cst.nodes.map((n) => `${n.kind} ${n.signature}`), ['class Shelf', 'method size()', 'method goTo(Book)', 'method weigh()', 'method open(Book)']);
  // every line keeps its length: what follows keeps its offsets
  assert.equal(cst.nodes[4].location.begin, text.indexOf('fun open'));
  assert.deepEqual(await refactorings({ 'a/Shelf.kt': shelf('weigh') }, { 'a/Shelf.kt': shelf('totalWeight') }), ['Rename Method: a.Shelf.weigh() → a.Shelf.totalWeight()']);
  // a lambda's first parameter so named, alone or before another
  const weights = await parseFile('a/Weights.kt', `package a

fun weigh(marks: List<Mark>, set: (Mark, Boolean) -> Unit): Int {
  var count = 0
  marks.forEach { override ->
    count += override.weight
  }
  val apply: (Mark, Boolean) -> Unit = { override, solved -> set(override, solved) }
  marks.forEach { apply(it, true) }
  return count
}
`);
  assert.equal(weights.errors, 0);
});

test('Kotlin: the members of an enum constant\'s body are no members of the enum (one override per constant, as Java\'s enum constants): a parameter changed is one Change Method Signature, of the enum\'s declaration', async () => {
  const kind = (type: string) => `package a

enum class Kind {
  CHUNKED {
    override fun setBody(response: ${type}, size: Int) {
      response.chunked(size)
    }
  },
  FIXED {
    override fun setBody(response: ${type}, size: Int) {
      response.fixed(size)
    }
  };

  abstract fun setBody(response: ${type}, size: Int)
}
`;
  const cst = await parseFile('a/Kind.kt', kind('Response'));
  assert.deepEqual(cst.nodes.map((n) => `${n.kind} ${n.signature}`), ['enum Kind', 'method setBody(Response,int)']);
  assert.deepEqual(await refactorings({ 'a/Kind.kt': kind('Response') }, { 'a/Kind.kt': kind('Response.Builder') }), [
    'Change Method Signature: a.Kind.setBody(Response,Int) → a.Kind.setBody(Builder,Int)',
  ]);
});

test('Kotlin: a `private` function is called from its own file only: one deleted from a test file was not inlined into code elsewhere calling a library\'s namesake', async () => {
  // the library's `parameterizedBy` on a receiver of unknown type, and a test's private extension of that name
  const key = (body: string) => `package gen\n\nclass DelegateKey(private val type: TypeName) {\n  fun generateProperty(names: List<String>): TypeName {\n${body}  }\n}\n`;
  const before = {
    'src/main/kotlin/gen/DelegateKey.kt': key('    val raw = type.rawType()\n    return raw.parameterizedBy(names.first())\n'),
    'src/test/kotlin/gen/GenTest.kt': `package gen\n\nclass GenTest {\n  fun listOfStrings() {\n    check(listClass.parameterizedBy(stringType) == expected)\n  }\n\n  private fun KClassifier.parameterizedBy(vararg types: KType): KType {\n    val projections = types.map { it.asProjection(invariant) }\n    return createType(projections, nullable = false)\n  }\n}\n`,
  };
  const after = {
    'src/main/kotlin/gen/DelegateKey.kt': key('    val raw = type.rawType()\n    val projections = names.map { it.asProjection(invariant) }\n    return createType(projections, nullable = false)\n'),
    'src/test/kotlin/gen/GenTest.kt': `package gen\n\nclass GenTest {\n  fun listOfStrings() {\n    check(listType == expected)\n  }\n}\n`,
  };
  assert.deepEqual(await refactorings(before, after), []);
});

const closeQuietly = (receiver: string, extra: string) =>
  `fun ${receiver}.closeQuietly() {\n  try {\n    close()\n  } catch (rethrown: RuntimeException) {\n${extra}    throw rethrown\n  } catch (_: Exception) {\n  }\n}\n`;

test('Kotlin: an extension function\'s receiver is part of its identity: two namesakes for two types stay apart, and the one moved is named by its type', async () => {
  const closeable = closeQuietly('Closeable', '');
  const socket = closeQuietly('Socket', '    if (rethrown.message == "bio == null") return\n');
  const cst = await parseFile('src/okhttp3/internal/Util.kt', `package okhttp3.internal\n\n${closeable}\n${socket}`);
  assert.deepEqual(cst.nodes.map((n) => n.signature), ['Closeable.closeQuietly()', 'Socket.closeQuietly()']);
  const before = { 'src/okhttp3/internal/Util.kt': `package okhttp3.internal\n\n${closeable}\n${socket}` };
  const after = {
    'src/okhttp3/internal/Util.kt': `package okhttp3.internal\n\n${closeable}`,
    'src/okhttp3/internal/io/Sockets.kt': `package okhttp3.internal.io\n\n${socket}`,
  };
  assert.deepEqual(await refactorings(before, after), [
    'Move Function: okhttp3.internal.(Socket).closeQuietly() → okhttp3.internal.io.(Socket).closeQuietly()',
  ]);
});

test('Kotlin: equals and hashCode gone from several classes are not moved into a new class\'s own (`other is Factory`, `delegate == other`: the bodies share no word)', async () => {
  const decoder = (name: string, equality: string) => `package decode

class ${name}Decoder(private val source: Source, private val options: Options) : Decoder {
    override suspend fun decode(): DecodeResult {
        val image = source.read${name}(options.size)
        return DecodeResult(image, isSampled = options.size != image.size)
    }

    class Factory : Decoder.Factory {
        override fun create(result: SourceResult, options: Options): Decoder? {
            if (!is${name}(result.mimeType)) return null
            return ${name}Decoder(result.source, options)
        }
${equality}
    }
}
`;
  const equality = '\n        override fun equals(other: Any?) = other is Factory\n\n        override fun hashCode() = javaClass.hashCode()\n';
  const names = ['Gif', 'Svg', 'Video'];
  const before = Object.fromEntries(names.map((n) => [`decode/${n}Decoder.kt`, decoder(n, equality)]));
  const after = Object.fromEntries(names.map((n) => [`decode/${n}Decoder.kt`, decoder(n, '')]));
  after['util/Maps.kt'] = `package util

class ReadOnlyMap(private val delegate: Map<String, Int>) {
    fun get(key: String): Int? = delegate[key]

    override fun equals(other: Any?) = delegate == other

    override fun hashCode() = delegate.hashCode()
}
`;
  assert.deepEqual(await refactorings(before, after), []);
});

test('Kotlin: a class delegating its last supertype (`: List<T> by delegate {`) holds its members, not a lambda passed to `delegate`; lines and columns stay', async () => {
  const source = `package util

private class ReadOnlyList<T>(
    private val delegate: List<T>,
) : List<T> by delegate {

    override fun iterator(): Iterator<T> {
        return ReadOnlyIterator(delegate.iterator())
    }

    override fun toString() = delegate.toString()
}
`;
  const cst = await parseFile('src/util/lists.kt', source);
  const members = (name: string) => cst.nodes.filter((n) => n.parent !== undefined && cst.nodes[n.parent].name === name).map((n) => n.signature);
  assert.deepEqual(members('ReadOnlyList'), ['iterator()', 'toString()']);
  assert.deepEqual(cst.nodes.find((n) => n.name === 'ReadOnlyList')!.supertypes, ['List']);
  // a delegation before another supertype, and a property's `by lazy { … }`, are left as written
  const holder = await parseFile('src/util/holder.kt', 'package util\n\nclass Holder : Base(), Named by names, Sized {\n    val cache by lazy {\n        fun twice() = compute() * 2\n        twice()\n    }\n    fun size() = 1\n}\n');
  assert.deepEqual(holder.nodes.map((n) => `${n.kind} ${n.signature} ${n.supertypes.join(',')}`), ['class Holder Base,Named,Sized', 'method size() ']);
  const iterator = cst.nodes.find((n) => n.name === 'iterator')!;
  assert.deepEqual([iterator.location.startLine, iterator.nameLocation.startLine, iterator.nameLocation.startColumn], [7, 7, 18]);
  assert.deepEqual(await refactorings({ 'src/util/lists.kt': source }, { 'src/util/lists.kt': source.replace(/toString\(\) =/, 'describe() =') }), [
    'Rename Method: util.ReadOnlyList.toString() → util.ReadOnlyList.describe()',
  ]);
});

test('Kotlin: an annotated `actual`/`expect` declaration at the top of a file holds its members (tree-sitter-kotlin read it as an expression); lines and columns stay', async () => {
  const platform = (annotation: string) => `package okio

${annotation}actual abstract class FileSystem {
  @Throws(IOException::class)
  actual abstract fun canonicalize(path: Path): Path

  actual abstract fun delete(path: Path)
}

${annotation.replace('Experimental', 'Throws')}internal actual fun Path.variantDelete(mustExist: Boolean) {
  remove(toString())
}
`;
  const cst = await parseFile('src/jvmMain/okio/FileSystem.kt', platform('@Experimental\n'));
  assert.deepEqual(cst.nodes.map((n) => `${n.kind} ${n.signature}`), ['class FileSystem', 'method canonicalize(Path)', 'method delete(Path)', 'function Path.variantDelete(boolean)']);
  const canonicalize = cst.nodes.find((n) => n.name === 'canonicalize')!;
  assert.deepEqual([canonicalize.nameLocation.startLine, canonicalize.nameLocation.startColumn], [6, 23]);
  // an annotation with arguments, or on the declaration's own line, and a bracketed one
  for (const annotation of ['@Experimental(level = "(")\n', '@Experimental ', '@[Experimental Api]\n']) {
    assert.deepEqual((await parseFile('src/jvmMain/okio/FileSystem.kt', platform(annotation))).nodes.map((n) => n.name), ['FileSystem', 'canonicalize', 'delete', 'variantDelete'], annotation);
  }
  // an annotated `enum class` at the top of the file is an enum (its annotation is not read)
  const colors = await parseFile('src/ui/Color.kt', 'package ui\n\n@Serializable\nenum class Color {\n  RED;\n\n  fun next(): Color = RED\n}\n');
  assert.deepEqual(colors.nodes.map((n) => `${n.kind} ${n.signature}`), ['enum Color', 'method next()']);
  // the annotation removed from every file, as okio's `@ExperimentalFileSystem` was: nothing was pulled up into FileSystem
  const files = (annotation: string) => ({
    'okio/src/commonMain/okio/FileSystem.kt': `package okio\n\n${annotation}expect abstract class FileSystem() {\n  abstract fun canonicalize(path: Path): Path\n\n  abstract fun delete(path: Path)\n}\n`,
    'okio/src/jvmMain/okio/FileSystem.kt': platform(annotation),
    'fake/src/okio/fakefilesystem/FakeFileSystem.kt': `package okio.fakefilesystem\n\nimport okio.FileSystem\n\n${annotation}class FakeFileSystem : FileSystem() {\n  override fun canonicalize(path: Path): Path = path\n\n  override fun delete(path: Path) {\n    files.remove(path)\n  }\n}\n`,
  });
  assert.deepEqual(await refactorings(files('@Experimental\n'), files('')), []);
});

test('Kotlin: a declaration after annotations on lines of their own at the top of a file is read (tree-sitter-kotlin read some as expressions); lines and columns stay', async () => {
  const source = (name: string, open: string) => `package okio

@JvmField
const val SEGMENT_SIZE = 8192

@JvmName("-deprecated_${name}")
operator fun Path.${name}(child: String): Path = resolve(child)

@OptIn(InternalApi::class)
@ApplicationDslMarker
${open}class Application ${open ? 'protected' : 'private'} constructor() {
  fun modules(list: List<Module>) = list.size

  companion object {
    fun init(): Application = Application()
  }
}

@Service
// a comment between annotations
@Transactional(readOnly = true)
open class UserService {
  fun findAll(): List<User> = users
}
`;
  const cst = await parseFile('src/okio/Paths.kt', source('div', 'open '));
  assert.deepEqual(cst.nodes.map((n) => `${n.kind} ${n.signature}`), [
    'function Path.div(String)', 'class Application', 'method modules(List)', 'object Companion', 'method init()', 'class UserService', 'method findAll()',
  ]);
  const div = cst.nodes.find((n) => n.name === 'div')!;
  assert.deepEqual([div.nameLocation.startLine, div.nameLocation.startColumn], [7, 19]);
  const modules = cst.nodes.find((n) => n.name === 'modules')!;
  assert.deepEqual([modules.nameLocation.startLine, modules.nameLocation.startColumn], [12, 7]);
  // the operator renamed, the class made open with a protected constructor: one rename, the classes kept
  assert.deepEqual(await refactorings({ 'src/okio/Paths.kt': source('div', '') }, { 'src/okio/Paths.kt': source('resolve', 'open ') }), [
    'Rename Function: okio.(Path).div(String) → okio.(Path).resolve(String)',
  ]);
});

test('Kotlin: a `when` branch with a guard (`is Ref if ref.isId() ->`, Kotlin 2.1) keeps its class: members stay methods, lines and columns stay', async () => {
  const source = (parameters: string) => `package dao

open class Entity(val id: Int) {
    fun describe(value: Any, cache: Cache?): String = when (value) {
        is Ref<*> if value.isId() -> "ref"
        is Long if (
            value > 0 && cache != null
            ) -> "positive"
        Kind.EMPTY if cache == null -> "empty"
        else if value.toString().isEmpty() -> "blank"
        else -> if (cache != null) "cached" else "plain"
    }

    internal fun isNewEntity(${parameters}): Boolean {
        return id < 0
    }
}
`;
  const cst = await parseFile('src/dao/Entity.kt', source(''));
  assert.deepEqual(cst.nodes.map((n) => `${n.kind} ${n.signature}`), ['class Entity', 'method describe(Object,Cache)', 'method isNewEntity()']);
  const isNew = cst.nodes.find((n) => n.name === 'isNewEntity')!;
  assert.deepEqual([isNew.nameLocation.startLine, isNew.nameLocation.startColumn], [14, 18]);
  assert.deepEqual(await refactorings({ 'src/dao/Entity.kt': source('') }, { 'src/dao/Entity.kt': source('cache: Cache') }), [
    'Change Method Signature: dao.Entity.isNewEntity() → dao.Entity.isNewEntity(Cache)',
  ]);
});

test('Kotlin: a class made `expect` with a new `actual` class per platform: the actual class\'s abstract members were declared by the expect class, not pulled up from a subclass', async () => {
  const common = (prefix: string) => `package okio\n\n${prefix}abstract class FileSystem {\n  abstract fun canonicalize(path: Path): Path\n\n  abstract fun delete(path: Path)\n}\n`;
  const node = (body: string) => `package okio\n\nobject NodeJsFileSystem : FileSystem() {\n  override fun canonicalize(path: Path): Path = path\n\n  override fun delete(path: Path) {\n    ${body}\n  }\n}\n`;
  assert.deepEqual(await refactorings(
    { 'okio/src/commonMain/okio/FileSystem.kt': common(''), 'okio/src/jsMain/okio/NodeJsFileSystem.kt': node('fs.unlinkSync(path.toString())') },
    {
      'okio/src/commonMain/okio/FileSystem.kt': common('expect '),
      'okio/src/jsMain/okio/FileSystem.kt': 'package okio\n\nactual abstract class FileSystem {\n  actual abstract fun canonicalize(path: Path): Path\n\n  actual abstract fun delete(path: Path)\n}\n',
      'okio/src/jsMain/okio/NodeJsFileSystem.kt': node('fs.rmSync(path.toString())'),
    },
  ), []);
});

test('Kotlin statements end at a line\'s end: each one a block, class body or lambda holds, and a `when` branch, is one (no `;` needed)', async () => {
  const { bodyStatements } = await import('../../src/core/statements');
  const cst = await parseFile('src/a/Tally.kt', `package a

class Tally {
    fun add(item: Item): Int {
        val price = item.price * 2
        if (price > limit) {
            warn(price)
        }
        when (item.kind) {
            Kind.FREE -> return 0
            else -> log(item)
        }
        items.forEach { i ->
            total += i.price
        }
        return price
    }

    fun size() = items.size
}
`);
  const body = (name: string) => bodyStatements(cst.nodes.find((n) => n.name === name)!)?.map((s) => s.join(' '));
  assert.deepEqual(body('add'), [
    'val price = item . price * 2', 'if ( price > limit )', 'warn ( price )', 'when ( item . kind )', 'Kind . FREE -> return 0', 'else -> log ( item )',
    'items . forEach', 'i ->', 'total += i . price', 'return price',
  ]);
  assert.deepEqual(body('size'), ['return items . size']);
});

test('Kotlin: two statements of a method moved as written into a new helper it calls, the rest rewritten, make an Extract Method', async () => {
  const screen = (members: string) => `package ui\n\nclass GalleryTest {\n    private val rule = createRule()\n    private val tracker = Tracker()\n\n${members}\n}\n`;
  const before = screen(`    private fun waitForLoads(count: Int = 1) {
        rule.waitForIdle()
        rule.waitUntil(10_000) {
            tracker.finished >= count
        }
        rule.waitForIdle()
    }`);
  const after = screen(`    private fun waitForLoads(count: Int = 1) = waitUntil {
        tracker.finished >= count
    }

    private fun waitUntil(condition: () -> Boolean) {
        rule.waitForIdle()
        rule.waitUntil(10_000, condition)
        rule.waitForIdle()
    }`);
  assert.deepEqual(await refactorings({ 'src/ui/GalleryTest.kt': before }, { 'src/ui/GalleryTest.kt': after }), [
    'Extract Method: ui.GalleryTest.waitForLoads(Int) → ui.GalleryTest.waitUntil(()->Boolean)',
  ]);
});

test('a new test as alike to a test that stayed as to a gone one is not that gone test renamed: the tests of the class share one template', async () => {
  const java = (statement: string) => `java("""
            |package foo;
            |public class Example {
            |  public void log() {
            |    ${statement}
            |  }
            |}""".trimMargin())`;
  const kotlin = (statement: string) => `,
            kotlin("""
            |package foo
            |class Example {
            |  fun log() {
            |    ${statement}
            |  }
            |}""".trimMargin())`;
  const allow = '\n        .allowMissingSdk()\n        .allowCompilationErrors()\n        .allowDuplicates()';
  const lintTest = (name: string, statement: string, expect: string, extra = '', more = '') => `  @Test fun ${name}() {
    lint()
        .files(STUB, ${java(statement)}${extra})
        .issues(*issues)${more}
        .run()
        .${expect}
  }
`;
  const kept = [
    lintTest('innerStringFormat', 'Timber.d(String.format("%s", "x"));', 'expectClean()'),
    lintTest('validStringFormat', 'Timber.d("%s", "x");', 'expectClean()'),
    lintTest('validNoArgs', 'Timber.d("x");', 'expectClean()'),
    lintTest('throwableNotAtBeginning', 'Timber.d("%s", new Exception());', 'expectWarningCount(1)'),
    lintTest('tooManyFormatArgs', 'Timber.d("%s", "a", "b");', 'expectErrorCount(1)'),
    lintTest('wrongArgTypes', 'Timber.d("%d", "a");', 'expectErrorCount(1)'),
    lintTest('binaryOperation', 'Timber.d("a" + s);', 'expectWarningCount(1)'),
    lintTest('validStringFormatInCodeBlock', 'if (true) { Timber.d("%s", "x"); }', 'expectClean()', kotlin('Timber.d("%s", "x")'), allow),
  ];
  const gone = [
    lintTest('tagTooLongPlusField', 'Timber.tag("abcdefghijklmnopqrstuvw" + field);', 'expectErrorCount(1)', ', manifest().minSdk(25)'),
    lintTest('tagTooLongPlusFieldBeforeApi26', 'Timber.tag("abcdefghijklmnopqrstuvw" + field);', 'expectClean()', ', manifest().minSdk(26)'),
  ];
  const added = lintTest(
    'validStringFormatExtracted',
    'String message = String.format("%s", "foo"); Timber.d(message);',
    'expectClean()',
    kotlin('val message = String.format("%s", "foo")\n            |    Timber.d(message)'),
    allow,
  );
  const file = (tests: string[]) => `package foo\n\nclass DetectorTest {\n${tests.join('')}}\n`;
  const path = 'src/test/kotlin/foo/DetectorTest.kt';
  const before = { [path]: file([...kept.slice(0, 3), ...gone, ...kept.slice(3)]) };
  const after = { [path]: file([...kept.slice(0, 3), added, ...kept.slice(3)]) };
  assert.deepEqual(await refactorings(before, after), []);
});

test('a new test copied from a test that stayed, closer to it in both code and name than to a gone test whose name it half shares, is not that gone test renamed', async () => {
  const curlTest = (name: string, media: string, data: string, verb: string, expected: string) => `  @Test
  fun ${name}() {
    val mediaType = "${media}".toMediaType()
    val body = ${data}.toRequestBody(mediaType)
    val request =
      Request
        .Builder()
        .url("https://api.example.com/data")
        .${verb}(body)
        .addHeader("Content-Type", "${media}")
        .build()
    assertThat(request.toCurl())
      .isEqualTo("${expected}")
  }
`;
  const kept = [
    `  @Test
  fun curlGet() {
    val request = Request.Builder().url("https://example.com").build()
    assertThat(request.toCurl()).isEqualTo("curl https://example.com")
  }
`,
    curlTest('curlPostWithBody', 'application/json', '"{\\"key\\":\\"value\\"}"', 'post', "curl -X POST --data '{}'"),
  ];
  const binaryTest = (name: string, data: string, mode: string, expected: string) => `  @Test
  fun ${name}() {
    val mediaType = "application/octet-stream".toMediaType()
    val binaryData = byteArrayOf(${data})
    val body = binaryData.toRequestBody(mediaType)
    val request =
      Request
        .Builder()
        .url("https://api.example.com/upload")
        .post(body)
        .addHeader("Content-Type", "application/octet-stream")
        .build()
    val curl = request.toCurl(BinaryMode.${mode})
    assertThat(curl)
      .isEqualTo("${expected}")
    assertThat(body.contentLength()).isEqualTo(binaryData.size.toLong())
    assertThat(curl.lines()).hasSize(1)
  }
`;
  const gone = [binaryTest('curlPostWithBinaryBody_HexMode', '0x00, 0x01, 0x02', 'HEX', 'curl --data-binary 000102'), binaryTest('curlPostWithBinaryBody_FileMode', '0xAA.toByte()', 'FILE', 'curl --data-binary @file')];
  const added = curlTest('curlPutWithBody', 'application/json', '"{\\"key\\":\\"value\\"}"', 'put', "curl -X PUT --data '{}'");
  const file = (tests: string[]) => `package okhttp3\n\nclass RequestTest {\n${tests.join('\n')}}\n`;
  const path = 'okhttp/src/jvmTest/kotlin/okhttp3/RequestTest.kt';
  assert.deepEqual(await refactorings({ [path]: file([...kept, ...gone]) }, { [path]: file([kept[0], added, kept[1]]) }), []);
});

test('Kotlin: a method given a parameter in place while the second half of its body went into a new method it calls, whose name holds every word of the old one, is a Change Method Signature and an Extract Method, not a rename to that helper', async () => {
  const runner = (members: string) => `package bench

object Runner {
${members}
}
`;
  // the second half, moved whole into the new method
  const secondHalf = `        val app = started.value
        val scenario = measure {
            app.resolveAll()
        }
        val startTime = started.duration.inWholeMilliseconds.toDouble()
        val runTime = scenario.duration.inWholeMilliseconds.toDouble()
        println("Perf[$index] start in $startTime ms")
        println("Perf[$index] run in $runTime ms")
        return Pair(startTime, runTime)
`;
  const before = `    fun runScenario(index: Int, debug: Boolean): Pair<Double, Double> {
        val started = measure {
            startApp(debug, defaultModules())
        }
${secondHalf}    }`;
  const after = `    fun runScenario(index: Int, debug: Boolean, modules: () -> List<Module>): Pair<Double, Double> {
        val started = measure {
            startApp(debug, modules())
        }
        return onScenarioRun(started, index)
    }

    private fun onScenarioRun(started: Timed<App>, index: Int): Pair<Double, Double> {
${secondHalf}    }`;
  assert.deepEqual(await refactorings({ 'bench/Runner.kt': runner(before) }, { 'bench/Runner.kt': runner(after) }), [
    'Change Method Signature: bench.Runner.runScenario(Int,Boolean) → bench.Runner.runScenario(Int,Boolean,()->List)',
    'Extract Method: bench.Runner.runScenario(Int,Boolean) → bench.Runner.onScenarioRun(Timed,Int)',
  ]);
});

test('Kotlin: a test class moved to a new package while a rewritten copy of it went to another module: its nested classes, identical in both, stay with the class that moved, not with the copy', async () => {
  const nested = `    data class Holder(val value: Int)

    class HolderTransformer : ColumnTransformer<Int, Holder> {
        override fun unwrap(value: Holder): Int = value.value
        override fun wrap(value: Int): Holder = Holder(value)
    }
`;
  const test = (pkg: string, run: string, extra: string) => `package ${pkg}

class TransformTest : DatabaseTestsBase() {
${nested}
    @Test
    fun testSimpleTransforms() {
        ${run}(TransformTable) {
            val id = TransformTable.insertAndGetId { it[simple] = Holder(120) }
            val entry = TransformTable.selectAll().where { TransformTable.id eq id }.single()
            assertEquals(Holder(120), entry[TransformTable.simple])${extra}
        }
    }

    @Test
    fun testNestedTransforms() {
        ${run}(TransformTable) {
            val id = TransformTable.insertAndGetId { it[nested] = listOf(Holder(1), Holder(2)) }
            assertEquals(2, TransformTable.selectAll().where { TransformTable.id eq id }.count())
        }
    }
}
`;
  const before = { 'core-tests/src/test/kotlin/org/db/sql/tests/dml/TransformTest.kt': test('org.db.sql.tests.dml', 'withTables', '') };
  const after = {
    'core-async-tests/src/test/kotlin/org/db/v1/async/sql/tests/dml/TransformTest.kt': test('org.db.v1.async.sql.tests.dml', 'suspendWithTables', '\n            commitSuspended(entry)'),
    'core-tests/src/test/kotlin/org/db/v1/tests/dml/TransformTest.kt': test('org.db.v1.tests.dml', 'withTables', '\n            assertNotNull(entry)'),
  };
  assert.deepEqual(await refactorings(before, after), ['Move Class: org.db.sql.tests.dml.TransformTest → org.db.v1.tests.dml.TransformTest']);
});

test('Kotlin: a method split into overrides as its signature changed is no code its caller extracted: the caller calls the new form where it called the old one (source.outputDir(project, multiple) → source.outputDir(project))', async () => {
  const file = (setup: string, source: string, overrides: (dir: string) => string) => `package gradle

import java.io.File

fun setupTask(${setup}) {
  val targets = extension.outputs.map { output ->
    output.toTarget(project.relativePath(output.out ?: source.outputDir(${setup.includes('multiple') ? 'project, multiple' : 'project'})))
  }
${setup.includes('kotlin') ? `  if (kotlin) {
    project.tasks.withType(compileClass).matching { it.name == "compile\${source.name}Kotlin" }.configureEach { it.source(targets) }
  }
` : ''}  val task = project.tasks.register("generate\${source.name}Protos", WireTask::class.java) { task ->
    task.description = "Generate protobuf implementation for \${source.name}"
    task.targets.set(targets)
  }
  source.register(project, task)
}

${source}

class JvmSource(name: String) : Source(name) {
${overrides('File(project.targetDefaultOutputPath())')}  override fun register(project: Project, task: Task) {
    project.sourceSets.add(task.outputs)
  }
}

class AndroidSource(name: String, private val variant: Variant) : Source(name) {
${overrides('File(project.targetDefaultOutputPath(), name)')}  override fun register(project: Project, task: Task) {
    variant.sources.add(task.outputs)
  }
}
`;
  const before = file('project: Project, extension: Extension, source: Source, multiple: Boolean, kotlin: Boolean', `sealed class Source(val name: String) {
  fun outputDir(project: Project, multiple: Boolean): File {
    return if (multiple) {
      File(project.targetDefaultOutputPath(), name)
    } else {
      File(project.targetDefaultOutputPath())
    }
  }

  abstract fun register(project: Project, task: Task)
}`, () => '');
  const after = file('project: Project, extension: Extension, source: Source', `abstract class Source(val name: String) {
  abstract fun outputDir(project: Project): File

  abstract fun register(project: Project, task: Task)
}`, (dir) => `  override fun outputDir(project: Project): File {\n    return ${dir}\n  }\n\n`);
  assert.deepEqual(await refactorings({ 'src/main/kotlin/gradle/Sources.kt': before }, { 'src/main/kotlin/gradle/Sources.kt': after }), [
    'Change Function Signature: gradle.setupTask(Project,Extension,Source,Boolean,Boolean) → gradle.setupTask(Project,Extension,Source)',
  ]);
});

test('Kotlin: a companion object goes with its class: between two classes that are not each other\'s match, it is no Move Class; with its class renamed, it moves along', async () => {
  // leakcanary b6e603b975: DescribedCell rewritten as PointedCell (0.364, no rename found), its companion read as moved
  const cell = (name: string, field: string, extra: string, members: string) => `package app

private data class ${name}(
  val cell: SelectedCell,
  val ${field}: Request
) {
${members}
  companion object {
    fun of(cell: LayoutCell): ${name} = ${name}(
      cell = SelectedCell.of(cell.subject),
      ${field} = Request.of(cell)
    )
${extra}  }
}
`;
  const byNode = (name: string) => `\n    fun of(nodeId: Long): ${name} = ${name}(\n      cell = SelectedCell(nodeId, isGroup = false),\n      request = Request.Object(nodeId)\n    )\n`;
  const described = '  fun describe(session: Session): String = session.describe(request).title\n  fun isStarred(stars: Set<Long>): Boolean = request.objectId in stars\n';
  const before = { 'app/Cells.kt': cell('DescribedCell', 'request', byNode('DescribedCell'), described) };
  const after = {
    'app/Cells.kt': cell('PointedCell', 'place', '', '  val label: String get() = place.label.uppercase()\n  fun pointsAt(other: PointedCell): Boolean = other.cell.id == cell.id && other.place == place\n'),
  };
  const found = await refactorings(before, after);
  assert.ok(!found.some((r) => r.includes('Companion')), found.join('\n'));
  // the class renamed, its code kept: the companion goes with it, and is no Move Class of its own
  const renamed = { 'app/Cells.kt': cell('PointedCell', 'request', byNode('PointedCell'), described) };
  const moved = await refactorings(before, renamed);
  assert.ok(moved.includes('Rename Class: app.DescribedCell → app.PointedCell'), moved.join('\n'));
  assert.ok(!moved.some((r) => r.startsWith('Move Class')), moved.join('\n'));
});

test('Kotlin: a class renamed with its old name left as a `typealias` is a Rename Class, though little of its code stayed', async () => {
  const before = { 'src/Store.kt': `package app\n\nclass MemoryStore {\n    private val items = mutableMapOf<String, Int>()\n    fun get(key: String): Int? {\n        return items[key]\n    }\n}\n` };
  const after = (alias: string) => ({
    'src/Store.kt': `package app\n\nclass InMemoryStore(private val clock: Clock) {\n    private val entries = HashMap<String, Entry>()\n    fun lookup(name: String, fallback: Int? = null): Int? {\n        val entry = entries[name] ?: return fallback\n        if (entry.expires < clock.now()) return fallback\n        return entry.value\n    }\n    fun store(name: String, value: Int, ttl: Long = 60) {\n        entries[name] = Entry(value, clock.now() + ttl)\n    }\n}\n${alias}`,
  });
  assert.deepEqual(await refactoringsFoundBy(before, after('\n@Deprecated("use InMemoryStore")\ntypealias MemoryStore = InMemoryStore\n')), [
    'Rename Class: app.MemoryStore → app.InMemoryStore (alias-left)',
  ]);
  // no alias: nothing tells the two classes are one
  assert.ok(!(await refactorings(before, after(''))).some((r) => r.startsWith('Rename Class')));
});

test('Kotlin: a `fun interface` (top-level, nested, with modifiers and a supertype) is an interface with its abstract method', async () => {
  const cst = await parseFile('src/app/Logger.kt', `package app

public fun interface Transition {
  suspend fun transition(x: Int): Int
}

interface Logger {
  fun log(message: String)

  fun interface Factory : Serializable {
    fun create(): Logger
  }
}
`);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['interface', 'Transition', null],
    ['method', 'transition(int)', 'Transition'],
    ['interface', 'Logger', null],
    ['method', 'log(String)', 'Logger'],
    ['interface', 'Factory', 'Logger'],
    ['method', 'create()', 'Factory'],
  ]);
  assert.ok(cst.nodes[1].stereotypes.includes('abstract'));
  assert.equal(cst.errors, 0);
});
