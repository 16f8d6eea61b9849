/** Scala: what the CST holds for one small file, and the refactorings reported on small fixtures. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../src/languages/registry';
import { compare, refactorings, refactoringsFoundBy } from '../helpers';
import { toRefactorings } from '../../src/core/report';

test('Scala types, methods, constructors and functions: kinds, signatures, namespace, parents, supertypes, stereotypes', async () => {
  const cst = await parseFile('src/main/scala/zoo/Animal.scala', `package zoo
package animals

import scala.math.max

abstract class Animal[T](val name: String, legs: Int)(implicit ord: Ordering[T]) extends Base[Int](name) with Comparable[Animal[T]] with zoo.Named {
  def this(legs: Int) = this("none", legs)
  def speak(times: Int): String
  def count(a: Int, rest: String*)(using b: Double): Int = { this.helper(a, 2) }
  val weight: Int = 4
}
object Animal {
  def create(): Animal[Int] = new Dog()
}
trait Walker { def walk(): Unit }
case class Point(x: Int, y: Int)
object Registry:
  def get(key: Option[String], f: => Int, g: (Int, String) => Unit): Int = 1
enum Color:
  case Red, Green
  def shade: Int = 1
def topLevel[A](xs: List[A]): Int = xs.size
extension (s: String) def shout: String = s.toUpperCase
`);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.noun, n.signature, n.namespace, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['class', 'Class', 'Animal', 'zoo.animals.', null],
    ['constructor', 'Method', 'Animal(Int)', '', 'Animal'],
    ['method', 'Method', 'speak(Int)', '', 'Animal'],
    ['method', 'Method', 'count(Int,Seq,Double)', '', 'Animal'],
    ['object', 'Object', 'Animal', 'zoo.animals.', null],
    ['method', 'Method', 'create()', '', 'Animal'],
    ['trait', 'Class', 'Walker', 'zoo.animals.', null],
    ['method', 'Method', 'walk()', '', 'Walker'],
    ['class', 'Class', 'Point', 'zoo.animals.', null],
    ['object', 'Object', 'Registry', 'zoo.animals.', null],
    ['method', 'Method', 'get(Option,Function0,Function2)', '', 'Registry'],
    ['enum', 'Class', 'Color', 'zoo.animals.', null],
    ['method', 'Method', 'shade()', '', 'Color'],
    ['function', 'Function', 'topLevel(List)', 'zoo.animals.', null],
    ['function', 'Function', 'String.shout()', 'zoo.animals.', null],
  ]);
  const [animal, ctor, speak, count, , create, , walk, , , get, , , , shout] = cst.nodes;
  assert.deepEqual(animal.supertypes, ['Base', 'Comparable', 'Named']);
  assert.deepEqual(ctor.stereotypes.slice().sort(), ['constructor', 'has-body', 'type-member']);
  assert.deepEqual(speak.stereotypes.slice().sort(), ['abstract', 'type-member']);
  assert.deepEqual(walk.stereotypes.slice().sort(), ['abstract', 'type-member']);
  assert.deepEqual(create.stereotypes.slice().sort(), ['has-body', 'static', 'type-member'], 'a companion object\'s members are its class\'s statics');
  assert.deepEqual([count.parameters, count.parameterTypes, count.returnType], [['a', 'rest', 'b'], ['Int', 'String*', 'Double'], 'Int']);
  assert.ok(count.stereotypes.includes('variadic'));
  assert.deepEqual(count.calls, [{ name: 'helper', args: 2, receiver: 'Animal', ownType: true, orFunction: true, argumentTypes: ['Int', 'Int'] }]);
  assert.deepEqual(get.parameterTypes, ['Option[String]', '=>Int', '(Int,String)=>Unit']);
  assert.ok(shout.stereotypes.includes('extension'));
  assert.equal(cst.errors, 0);
});

test('Scala package clauses: one after another make one package; a package block names what is in it', async () => {
  const cst = await parseFile('a/B.scala', 'package a.b\npackage c\n\nclass X\n');
  assert.equal(cst.nodes[0].namespace, 'a.b.c.');
  const blocks = await parseFile('a/C.scala', 'package a {\n  package b {\n    class X\n  }\n  class Y\n}\npackage c.d {\n  object Z\n}\n');
  assert.deepEqual(blocks.nodes.map((n) => n.namespace + n.name), ['a.b.X', 'a.Y', 'c.d.Z']);
});

test('Scala 3 indentation syntax reads as braces do', async () => {
  const braces = await parseFile('a/S.scala', 'package a\n\nclass S(x: Int) extends T {\n  def f(y: Int): Int = {\n    val z = y + x\n    g(z)\n  }\n  def g(y: Int): Int = y\n}\n');
  const indented = await parseFile('a/S.scala', 'package a\n\nclass S(x: Int) extends T:\n  def f(y: Int): Int =\n    val z = y + x\n    g(z)\n  def g(y: Int): Int = y\nend S\n');
  const read = (nodes: typeof braces.nodes) => nodes.map((n) => `${n.kind} ${n.signature} ${n.supertypes.join(',')} ${JSON.stringify(n.calls)}`);
  assert.deepEqual(read(indented.nodes), read(braces.nodes));
  assert.equal(indented.errors, 0);
});

test('Scala: a file that does not parse gives what it can, and no exception', async () => {
  const cst = await parseFile('a/Broken.scala', 'package a\n\nclass Ok { def f(x: Int) = x }\nobject Bad {\n  def g(x: Int = {\n  def h( = \n');
  assert.ok(cst.errors > 0);
  assert.equal(cst.nodes[0].name, 'Ok');
});

const file = (body: string, pkg = 'text') => `package ${pkg}\n\n${body}\n`;
const slugify = `def slugify(title: String, separator: Char): String = {
  val lower = title.trim.toLowerCase
  val cleaned = lower.replaceAll("[^a-z0-9]+", separator.toString)
  cleaned.stripPrefix(separator.toString).stripSuffix(separator.toString)
}`;
const upper = 'def upper(s: String): String = s.toUpperCase';

test('Scala: a top-level function renamed is a Rename Function; a parameter added, a Change Function Signature', async () => {
  assert.deepEqual(await refactorings({ 'text/Slug.scala': file(slugify) }, { 'text/Slug.scala': file(slugify.replace('slugify(', 'toSlug(')) }), [
    'Rename Function: text.slugify(String,Char) → text.toSlug(String,Char)',
  ]);
  const changed = slugify.replace('separator: Char)', 'separator: Char)(implicit limit: Int)');
  assert.deepEqual(await refactorings({ 'text/Slug.scala': file(slugify) }, { 'text/Slug.scala': file(changed) }), [
    'Change Function Signature: text.slugify(String,Char) → text.slugify(String,Char,Int)',
  ]);
});

const obj = (name: string, members: string, pkg = 'text') => file(`object ${name} {\n${members}\n}`, pkg);
const indent = (code: string) => code.replace(/^/gm, '  ');

test('Scala: a method moved to an object in another package is a Move Method; renamed too, a Move And Rename Method', async () => {
  const before = { 'text/Slug.scala': obj('Slug', indent(`${slugify}\n${upper}`)), 'web/Url.scala': obj('Url', '  def host(url: String): String = url.takeWhile(_ != \'/\')', 'web') };
  const moved = (fn: string) => ({ 'text/Slug.scala': obj('Slug', indent(upper)), 'web/Url.scala': obj('Url', `  def host(url: String): String = url.takeWhile(_ != '/')\n${indent(fn)}`, 'web') });
  assert.deepEqual(await refactorings(before, moved(slugify)), ['Move Method: text.Slug.slugify(String,Char) → web.Url.slugify(String,Char)']);
  assert.deepEqual(await refactorings(before, moved(slugify.replace('slugify(', 'toSlug('))), [
    'Move And Rename Method: text.Slug.slugify(String,Char) → web.Url.toSlug(String,Char)',
  ]);
});

const shape = (members: string, name = 'Shape', pkg = 'geo') => `package ${pkg}\n\nclass ${name} {\n${members}\n}\n`;
const area = `  def area(width: Double, height: Double): Double = {
    val result = width * height
    if (result < 0) throw new IllegalArgumentException(s"negative area $result")
    result
  }`;
const describe = `  def describe(prefix: String, count: Int): String = {
    val text = new StringBuilder(prefix)
    for (i <- 0 until count) text.append(i).append(", ")
    text.toString.trim
  }`;

test('Scala: a class renamed is a Rename Class; moved to another package, a Move Class; a method renamed, a Rename Method', async () => {
  const body = `${area}\n${describe}`;
  assert.deepEqual(await refactorings({ 'geo/Shape.scala': shape(body) }, { 'geo/Figure.scala': shape(body, 'Figure') }), ['Rename Class: geo.Shape → geo.Figure']);
  assert.deepEqual(await refactorings({ 'geo/Shape.scala': shape(body) }, { 'geo/model/Shape.scala': shape(body, 'Shape', 'geo.model') }), [
    'Move Class: geo.Shape → geo.model.Shape',
  ]);
  assert.deepEqual(await refactorings({ 'geo/Shape.scala': shape(body) }, { 'geo/Shape.scala': shape(body.replace('def area(', 'def surface(')) }), [
    'Rename Method: geo.Shape.area(Double,Double) → geo.Shape.surface(Double,Double)',
  ]);
});

const report = `  def report(values: Array[Int]): String = {
    var sum = 0
    for (v <- values) sum += v
    if (sum < 0) throw new IllegalStateException("overflow in " + values.mkString(","))
    val average = if (values.isEmpty) 0.0 else sum.toDouble / values.length
    val line = "sum=" + sum + " average=" + average
    println(line)
    line
  }`;
const reportExtracted = `  def report(values: Array[Int]): String = {
    val sum = total(values)
    val average = if (values.isEmpty) 0.0 else sum.toDouble / values.length
    val line = "sum=" + sum + " average=" + average
    println(line)
    line
  }

  def total(numbers: Array[Int]): Int = {
    var sum = 0
    for (v <- numbers) sum += v
    if (sum < 0) throw new IllegalStateException("overflow in " + numbers.mkString(","))
    sum
  }`;

test('Scala: part of a method moved to a new method it calls is an Extract Method; the reverse, an Inline Method', async () => {
  assert.deepEqual(await refactorings({ 'stats/Report.scala': obj('Report', report, 'stats') }, { 'stats/Report.scala': obj('Report', reportExtracted, 'stats') }), [
    'Extract Method: stats.Report.report(Array[Int]) → stats.Report.total(Array[Int])',
  ]);
  assert.deepEqual(await refactorings({ 'stats/Report.scala': obj('Report', reportExtracted, 'stats') }, { 'stats/Report.scala': obj('Report', report, 'stats') }), [
    'Inline Method: stats.Report.total(Array[Int]) → stats.Report.report(Array[Int])',
  ]);
});

test('Scala: a parameterless method called by its bare name is an Extract Method too', async () => {
  const before = obj('Report', `  private val values = Array(1, 2, 3)\n${report.replace('(values: Array[Int])', '')}`, 'stats');
  const after = obj('Report', `  private val values = Array(1, 2, 3)
  def report: String = {
    val sum = total
    val average = if (values.isEmpty) 0.0 else sum.toDouble / values.length
    val line = "sum=" + sum + " average=" + average
    println(line)
    line
  }

  def total: Int = {
    var sum = 0
    for (v <- values) sum += v
    if (sum < 0) throw new IllegalStateException("overflow in " + values.mkString(","))
    sum
  }`, 'stats');
  assert.deepEqual(await refactorings({ 'stats/Report.scala': before }, { 'stats/Report.scala': after }), ['Extract Method: stats.Report.report() → stats.Report.total()']);
});

const animal = (members: string, kind = 'abstract class') => `package zoo\n\n${kind} Animal {\n${members}\n}\n`;
const dog = (members: string, base = ' extends Animal') => `package zoo\n\nclass Dog${base} {\n  def bark(): String = "woof"\n${members}\n}\n`;
const feed = `  def feed(grams: Int, times: Int): Int = {
    val total = grams * times
    println("feeding " + total + " grams")
    total
  }`;

test('Scala: a method moved to the superclass is a Pull Up Method; back down, a Push Down Method', async () => {
  const inDog = { 'zoo/Animal.scala': animal(''), 'zoo/Dog.scala': dog(feed) };
  const inAnimal = { 'zoo/Animal.scala': animal(feed), 'zoo/Dog.scala': dog('') };
  assert.deepEqual(await refactorings(inDog, inAnimal), ['Pull Up Method: zoo.Dog.feed(Int,Int) → zoo.Animal.feed(Int,Int)']);
  assert.deepEqual(await refactorings(inAnimal, inDog), ['Push Down Method: zoo.Animal.feed(Int,Int) → zoo.Dog.feed(Int,Int)']);
});

test('Scala: a new superclass receiving a method is an Extract Superclass; a new trait declaring it, an Extract Interface', async () => {
  const before = { 'zoo/Dog.scala': dog(feed, '') };
  assert.deepEqual(await refactorings(before, { 'zoo/Dog.scala': dog(''), 'zoo/Animal.scala': animal(feed) }), [
    'Extract Superclass: zoo.Dog → zoo.Animal',
    'Pull Up Method: zoo.Dog.feed(Int,Int) → zoo.Animal.feed(Int,Int)',
  ]);
  const withTrait = { 'zoo/Dog.scala': dog(feed, ' extends Feedable'), 'zoo/Feedable.scala': 'package zoo\n\ntrait Feedable {\n  def feed(grams: Int, times: Int): Int\n}\n' };
  assert.deepEqual(await refactorings(before, withTrait), [
    'Extract Interface: zoo.Dog → zoo.Feedable',
    'Pull Up Method Signature: zoo.Dog.feed(Int,Int) → zoo.Feedable.feed(Int,Int)',
  ]);
});

test('Scala calls say what they are made on: bare or this., the own type, else a function; super., the supertype; an object named, that object; a typed or constructed value, parameter or class parameter, its type', async () => {
  const cst = await parseFile('src/shop/Cart.scala', `package shop
class Cart[T](pricer: Pricer, size: Int) extends Basket {
  val book: Ledger = new Ledger()
  var scale = Scale()
  def check(item: Item, extra: T, label: String): Unit = {
    total()
    this.total()
    super.total()
    Util.log(label)
    item.weigh()
    extra.weigh()
    pricer.price(item)
    this.book.add(item)
    scale.weigh
    val found = lookup()
    found.weigh()
    new Receipt(1).print()
    items foreach println
    refresh
    label
  }
}
`);
  assert.deepEqual(cst.nodes.find((n) => n.name === 'check')!.calls, [
    { name: 'total', args: 0, receiver: 'Cart', ownType: true, orFunction: true },
    { name: 'total', args: 0, receiver: 'Cart', ownType: true, orFunction: true },
    { name: 'total', args: 0, receiver: 'Basket', exact: true },
    { name: 'log', args: 1, receiver: 'Util', exact: true, argumentTypes: ['String'] },
    { name: 'weigh', args: 0, receiver: 'Item' },
    { name: 'weigh', args: 0 },
    { name: 'price', args: 1, receiver: 'Pricer', argumentTypes: ['Item'] },
    { name: 'add', args: 1, receiver: 'Ledger', argumentTypes: ['Item'] },
    { name: 'weigh', args: -1, receiver: 'Scale' },
    { name: 'lookup', args: 0, receiver: 'Cart', ownType: true, orFunction: true },
    { name: 'weigh', args: 0, otherObject: true },
    { name: 'print', args: 0, receiver: 'Receipt' },
    { name: 'Receipt', args: 1 },
    { name: 'foreach', args: -1 },
    { name: 'refresh', args: -1, receiver: 'Cart', ownType: true, orFunction: true },
  ]);
});

const summed = `    var total = 0
    for (line <- lines) total += line * 2
    total -= lines.length
`;
const invoice = (body: string, call: string, members = '') =>
  `package shop\nclass Invoice(printer: Printer) {\n  def print(lines: Array[Int]): Unit = {\n${body}    ${call}\n  }\n${members}}\n`;
const printer = `package shop\nclass Printer {\n  def println(lines: Array[Int]): Unit = {\n${summed}    System.out.println(total)\n  }\n}\n`;

test('Scala: code moved into a new Printer.println is no Extract And Move from a method calling println(); from one calling it on a Printer class parameter, it is', async () => {
  const before = { 'src/shop/Invoice.scala': invoice(summed, 'println(lines)'), 'src/shop/Printer.scala': 'package shop\nclass Printer {\n}\n' };
  assert.deepEqual(await refactorings(before, { 'src/shop/Invoice.scala': invoice('', 'println(lines)'), 'src/shop/Printer.scala': printer }), []);
  assert.deepEqual(await refactorings(before, { 'src/shop/Invoice.scala': invoice('', 'printer.println(lines)'), 'src/shop/Printer.scala': printer }), [
    'Extract And Move Method: shop.Invoice.print(Array[Int]) → shop.Printer.println(Array[Int])',
  ]);
});

test('Scala: a companion object\'s method is called on the name it shares with its class', async () => {
  const before = { 'src/shop/Invoice.scala': invoice(summed, 'println(lines)'), 'src/shop/Money.scala': 'package shop\nclass Money\n' };
  const money = `package shop\nclass Money\nobject Money {\n  def sum(lines: Array[Int]): Unit = {\n${summed}  }\n}\n`;
  assert.deepEqual(await refactorings(before, { 'src/shop/Invoice.scala': invoice('', 'Money.sum(lines)'), 'src/shop/Money.scala': money }), [
    'Extract And Move Method: shop.Invoice.print(Array[Int]) → shop.Money.sum(Array[Int])',
  ]);
});

test('Scala: a class that now extends an existing trait, whose companion object is new, extracted nothing: an object is no supertype', async () => {
  const source = 'package a\n\ntrait Source {\n  def read(): Int\n}\n';
  const path = (base: string) => `package a\n\nclass Path(name: String)${base} {\n  def read(): Int = name.length\n  def show: String = "path " + name\n}\n`;
  const companion = `${source}\nobject Source {\n  def empty: Source = new Source { def read(): Int = 0 }\n  def of(text: String): Source = new Source { def read(): Int = text.length }\n}\n`;
  assert.deepEqual(await refactorings({ 'a/Source.scala': source, 'a/Path.scala': path('') }, { 'a/Source.scala': companion, 'a/Path.scala': path(' extends Source') }), []);
});

test('Scala: a call passing a typed value reaches the overload taking that type: code moved into `deserialize(s: File)` is extracted from the method passing a File', async () => {
  const conversions = (file: string, string: string) => `package a

import java.io.File
import java.nio.file.Paths

object StringConvertible {
  def apply(t: String) = ${string}
}
object FileConvertible {
  def apply(t: File) = ${file}
}
`;
  const serializer = `package a

import java.io.File
import java.nio.file.Paths

object Serializer {
  def deserialize(s: String) = Paths.get(s).normalize().toAbsolutePath()
  def deserialize(s: File) = Paths.get(s.getPath).normalize().toAbsolutePath()
}
`;
  const before = { 'a/Conv.scala': conversions('Paths.get(t.getPath).normalize().toAbsolutePath()', 'Paths.get(t).normalize().toAbsolutePath()') };
  const after = { 'a/Conv.scala': conversions('Serializer.deserialize(t)', 'Serializer.deserialize(t)'), 'a/Serializer.scala': serializer };
  assert.deepEqual(await refactorings(before, after), [
    'Extract And Move Method: a.FileConvertible.apply(File) → a.Serializer.deserialize(File)',
    'Extract And Move Method: a.StringConvertible.apply(String) → a.Serializer.deserialize(String)',
  ]);
});

test('Scala: methods moved from a class into its new companion object are moved; the class stays the class, not the object', async () => {
  const helpers = `  def splitIntoLines(text: String): Seq[String] =
    text.trim.replace("\\r\\n", "\\n").split("\\n").toSeq.map(_.trim).filter(_.nonEmpty)
  def asStripMargin(text: String): String =
    if (!text.contains("\\n")) "\\"" + text + "\\""
    else text.split("\\n").map(line => "  |" + line).mkString("\\"\\"\\"\\n", "\\n", "\\"\\"\\".stripMargin")
  def createUnifiedDiff(original: Seq[String], revised: Seq[String]): String =
    original.zipAll(revised, "", "").collect { case (a, b) if a != b => "-" + a + "\\n+" + b }.mkString("\\n")`;
  const members = `  val obtainedLines: Seq[String] = splitIntoLines(obtained)
  val expectedLines: Seq[String] = splitIntoLines(expected)
  val unifiedDiff: String = createUnifiedDiff(obtainedLines, expectedLines)
  def isEmpty: Boolean = unifiedDiff.isEmpty
  def createReport(title: String): String = title + "\\n" + asStripMargin(obtained) + "\\n" + unifiedDiff`;
  const before = `package munit.diff\n\nclass Diff(val obtained: String, val expected: String) {\n${members}\n${helpers}\n}\n`;
  const after = `package munit.diff\n\nclass Diff(val obtained: String, val expected: String) {\n  import Diff._\n${members}\n}\n\nobject Diff {\n${helpers}\n}\n`;
  assert.deepEqual(await refactorings({ 'munit/diff/Diff.scala': before }, { 'munit/diff/Diff.scala': after }), [
    'Move Method: munit.diff.Diff.asStripMargin(String) → munit.diff.Diff.asStripMargin(String)',
    'Move Method: munit.diff.Diff.createUnifiedDiff(Seq[String],Seq[String]) → munit.diff.Diff.createUnifiedDiff(Seq[String],Seq[String])',
    'Move Method: munit.diff.Diff.splitIntoLines(String) → munit.diff.Diff.splitIntoLines(String)',
  ]);
});

test('Scala: an object renamed is a Rename Object; a method moved from a class into its companion is described as going to the object', async () => {
  const tmp = (name: string) => `package os\n\nobject ${name} {\n  def apply(prefix: String = null, suffix: String = null): String = {\n    val file = java.io.File.createTempFile(prefix, suffix)\n    file.deleteOnExit()\n    file.getPath\n  }\n}\n`;
  assert.deepEqual(await refactorings({ 'os/Tmp.scala': tmp('tmp') }, { 'os/Tmp.scala': tmp('temp') }), ['Rename Object: os.tmp → os.temp']);
  const helper = '  def splitIntoLines(text: String): Seq[String] =\n    text.trim.replace("\\r\\n", "\\n").split("\\n").toSeq.map(_.trim).filter(_.nonEmpty)';
  const members = '  def isEmpty: Boolean = splitIntoLines(obtained).isEmpty\n  def lines: Int = splitIntoLines(obtained).length';
  const before = `package d\n\nclass Diff(val obtained: String) {\n${members}\n${helper}\n}\n`;
  const after = `package d\n\nclass Diff(val obtained: String) {\n  import Diff._\n${members}\n}\n\nobject Diff {\n${helper}\n}\n`;
  const result = await compare({ 'd/Diff.scala': before }, { 'd/Diff.scala': after });
  assert.deepEqual(toRefactorings(result.relationships, result.before, result.after).map((r) => r.description), [
    'Move Method splitIntoLines(text String) : Seq[String] from class d.Diff to splitIntoLines(text String) : Seq[String] from object d.Diff',
  ]);
});

test('Scala 3: a `given … with` instance is an object holding its methods, named as the compiler names it; a given bound to a value is none', async () => {
  const givens = (name: string) => `package a

object Orderings:
  given ${name}: Ordering[Int] with
    def compare(a: Int, b: Int): Int =
      if (a < b) -1 else if (a > b) 1 else 0
  given Ordering[String] with
    def compare(a: String, b: String): Int = a.length - b.length
  given ctx: Ctx = Ctx()
`;
  const cst = await parseFile('a/Orderings.scala', givens('intOrd'));
  assert.deepEqual(cst.nodes.map((n) => `${n.kind} ${n.signature} ${cst.nodes[n.parent ?? -1]?.name ?? '-'} ${n.supertypes.join(',')}`), [
    'object Orderings - ',
    'object intOrd Orderings Ordering',
    'method compare(Int,Int) intOrd ',
    'object given_Ordering_String Orderings Ordering',
    'method compare(String,String) given_Ordering_String ',
  ]);
  assert.deepEqual(await refactorings({ 'a/Orderings.scala': givens('intOrd') }, { 'a/Orderings.scala': givens('intOrdering') }), ['Rename Object: a.Orderings.intOrd → a.Orderings.intOrdering']);
});

test('Scala: an extension method\'s receiver is part of its identity: two namesakes for two types stay apart, and the one moved is named by its type', async () => {
  const forString = 'extension (s: String)\n  def shout: String =\n    val loud = s.toUpperCase\n    loud + "!"\n';
  const forInts = 'extension (xs: List[Int])\n  def shout: String =\n    val loud = xs.map(_ * 2).mkString(",")\n    loud + "!!"\n';
  const before = { 'src/zoo/Loud.scala': `package zoo\n\n${forString}\n${forInts}` };
  const after = { 'src/zoo/Loud.scala': `package zoo\n\n${forString}`, 'src/zoo/lists/Loud.scala': `package zoo.lists\n\n${forInts}` };
  assert.deepEqual(await refactorings(before, after), ['Move Function: zoo.(List).shout() → zoo.lists.(List).shout()']);
});

test('Scala statements end at a line\'s end: each one a block, class body or indented block holds, each `case` and each statement of its body', async () => {
  const { bodyStatements } = await import('../../src/core/statements');
  const cst = await parseFile('src/a/Tally.scala', `package a

class Tally {
  def add(item: Item): Int = {
    val price = item.price * 2
    if (price > limit) {
      warn(price)
    }
    item.kind match {
      case Free =>
        log(item)
        free += 1
      case other if other.paid => paid += 1
    }
    price
  }

  def size = items.size

  def reset(to: Int): Unit =
    val start = to * 2
    items.clear()
    total = start
}
`);
  const body = (name: string) => bodyStatements(cst.nodes.find((n) => n.name === name)!)?.map((s) => s.join(' '));
  assert.deepEqual(body('add'), [
    'val price = item . price * 2', 'if ( price > limit )', 'warn ( price )', 'item . kind match', 'case Free => log ( item )', 'free += 1',
    'case other if other . paid => paid += 1',
  ]);
  assert.deepEqual(body('size'), ['return items . size']);
  assert.deepEqual(body('reset'), ['val start = to * 2', 'items . clear ( )', 'total = start']);
});

test('Scala: code of a local function moved to a method of its class is an Extract Method, not an Extract And Move', async () => {
  const before = `package stats

class Report(values: Array[Int]) {
  def report(): String = {
    def line(from: Int): String = {
      var sum = 0
      for (v <- values.drop(from)) sum += v
      if (sum < 0) throw new IllegalStateException("overflow in " + values.mkString(","))
      val average = if (values.isEmpty) 0.0 else sum.toDouble / values.length
      "sum=" + sum + " average=" + average
    }
    line(0)
  }
}
`;
  const toMethod = `package stats

class Report(values: Array[Int]) {
  def report(): String = {
    def line(from: Int): String = {
      val sum = total(from)
      val average = if (values.isEmpty) 0.0 else sum.toDouble / values.length
      "sum=" + sum + " average=" + average
    }
    line(0)
  }

  private def total(from: Int): Int = {
    var sum = 0
    for (v <- values.drop(from)) sum += v
    if (sum < 0) throw new IllegalStateException("overflow in " + values.mkString(","))
    sum
  }
}
`;
  assert.deepEqual(await refactorings({ 'stats/Report.scala': before }, { 'stats/Report.scala': toMethod }), [
    'Extract Method: stats.Report.report.line(Int) → stats.Report.total(Int)',
  ]);
});

test('Scala: a type extending a namesake of another package (`trait Parser extends core.Parser`) has that type as its supertype, not itself', async () => {
  const members = `  def parse(input: String, index: Int = 0): Int = {
    val start = index + input.length
    println("parsing " + input)
    parseRec(input, start)
  }
  def parseRec(input: String, index: Int): Int`;
  const before = { 'zoo/Parser.scala': `package zoo\n\ntrait Parser {\n${members}\n}\n` };
  const after = {
    'zoo/Parser.scala': 'package zoo\n\ntrait Parser extends core.Parser\n',
    'zoo/core/Parser.scala': `package zoo.core\n\ntrait Parser {\n${members}\n}\n`,
  };
  const { parseFile } = await import('../../src/languages/registry');
  assert.deepEqual((await parseFile('zoo/Parser.scala', after['zoo/Parser.scala'])).nodes.find((n) => n.name === 'Parser')!.supertypes, ['Parser']);
  assert.deepEqual(await refactorings(before, after), [
    'Extract Interface: zoo.Parser → zoo.core.Parser',
    'Pull Up Method Signature: zoo.Parser.parseRec(String,Int) → zoo.core.Parser.parseRec(String,Int)',
    'Pull Up Method: zoo.Parser.parse(String,Int) → zoo.core.Parser.parse(String,Int)',
  ]);
});

test('Scala: of identical local functions of several methods, each goes with the method of its name: renderUsage.heads stays in renderUsage', async () => {
  const heads = '    def heads: Seq[OptionDef] = options filter { _.kind == Head }\n';
  const method = (name: string, parameters: string, body: string, local = heads) => `  def ${name}(${parameters}): String = {\n${local}${body}  }\n`;
  const usage = '    val header = heads.map(_.usage).mkString("\\n")\n    header + options.map(_.usage).mkString("\\n")\n';
  const header = '    heads.map(_.text).mkString("\\n")\n';
  const parse = '    val pending = options.filterNot(_.kind == Head)\n    pending.map(_.name).mkString(",")\n';
  const before = { 'src/main/scala/scopt/ScoptEngine.scala': `package scopt\n\nobject ScoptEngine {\n${method('renderHeader', 'options: Seq[OptionDef]', header)}\n${method('renderUsage', 'name: String, options: Seq[OptionDef]', usage)}\n${method('parse', 'options: Seq[OptionDef]', parse, '')}}\n` };
  const after = { 'src/main/scala/scopt/ORunner.scala': `package scopt\n\nobject ORunner {\n${method('renderUsage', 'options: Seq[OptionDef]', usage)}\n${method('parse', 'options: Seq[OptionDef]', parse)}}\n` };
  const found = await refactorings(before, after);
  assert.deepEqual(found, [
    'Change Method Signature: scopt.ScoptEngine.renderUsage(String,Seq[OptionDef]) → scopt.ORunner.renderUsage(Seq[OptionDef])',
    'Move Function: scopt.ScoptEngine.renderHeader.heads() → scopt.ORunner.parse.heads()',
    'Rename Object: scopt.ScoptEngine → scopt.ORunner',
  ]);
});

test('Scala: a supertype written as nested in an object (`extends Visitor.Delegate`) is that object\'s type, not a namesake nested in another: a parameter added in place is no Pull Up', async () => {
  const file = (visit: string) => `package upickle

object Visitor {
  class Delegate {
    def visit(n: Int): Int = n
  }
}
object Reader {
  class Delegate extends Visitor.Delegate {
    override ${visit} = {
      val read = n + 1
      println("reading " + read)
      read
    }
  }
}
object Writer {
  class Delegate extends Visitor.Delegate {
    def write(n: Int): Int = n * 2
  }
}
`;
  const { parseFile } = await import('../../src/languages/registry');
  const reader = (await parseFile('upickle/Types.scala', file('def visit(n: Int): Int'))).nodes.filter((n) => n.name === 'Delegate')[1];
  assert.deepEqual([reader.supertypes, reader.supertypeQualifiers], [['Delegate'], ['Visitor']]);
  assert.deepEqual(await refactorings({ 'upickle/Types.scala': file('def visit(n: Int): Int') }, { 'upickle/Types.scala': file('def visit(n: Int, strict: Boolean): Int') }), [
    'Change Method Signature: upickle.Reader.Delegate.visit(Int) → upickle.Reader.Delegate.visit(Int,Boolean)',
  ]);
});

test('Scala: a bare supertype name reaches the member type its enclosing type inherits: each `object test` extends the `CommonTestModule` of its own platform, not all three', async () => {
  const platform = (name: string, segment: string, withTests: boolean) => `trait ${name} {
  def platformSegment = "${segment}"
${withTests ? `  trait CommonTestModule {
    def testFramework = "utest.runner.Framework"
    def platform = "${segment}-tests"
  }
` : ''}}
`;
  const module = (name: string, base: string, withTests: boolean) => `  trait ${name} extends ${base} {
    object test${withTests ? ' extends CommonTestModule' : ''} {
      def moduleDeps = Seq("core", "${name}")
    }
  }
`;
  const build = (withTests: boolean) => `${platform('CommonJvmModule', 'jvm', withTests)}${platform('CommonJsModule', 'js', withTests)}object core {
${module('CoreJvmModule', 'CommonJvmModule', withTests)}${module('CoreJsModule', 'CommonJsModule', withTests)}}
`;
  assert.deepEqual(await refactorings({ 'build.sc': build(false) }, { 'build.sc': build(true) }), [
    'Extract Interface: core.CoreJsModule.test → CommonJsModule.CommonTestModule',
    'Extract Interface: core.CoreJvmModule.test → CommonJvmModule.CommonTestModule',
  ]);
});

test('Scala: a call writes the first parameter list only: `Codec.of(name, decoders, encoders, labels)` calls the `of` taking four and a using list, not an inherited `of` of four parameters in all', async () => {
  const encoder = (extracted: boolean) => `package derivation

trait ConfiguredEncoder[A]
object ConfiguredEncoder {
${extracted ? `  def of[A](encoders: List[String], labels: List[String])(using conf: Configuration, mirror: Mirror[A]): ConfiguredEncoder[A] =
    new EncoderImpl[A](encoders.map(conf.transform), labels.map(conf.rename), mirror.ordinal)

  def derived[A](using conf: Configuration, mirror: Mirror[A]): ConfiguredEncoder[A] =
    ConfiguredEncoder.of(summonEncoders(mirror), summonLabels(mirror))
` : `  def derived[A](using conf: Configuration, mirror: Mirror[A]): ConfiguredEncoder[A] = {
    val encoders = summonEncoders(mirror)
    val labels = summonLabels(mirror)
    new EncoderImpl[A](encoders.map(conf.transform), labels.map(conf.rename), mirror.ordinal)
  }
`}}
`;
  const codec = (extracted: boolean) => `package derivation

trait ConfiguredCodec[A] extends ConfiguredDecoder[A] with ConfiguredEncoder[A]
object ConfiguredCodec {
${extracted ? `  def of[A](name: String, decoders: List[String], encoders: List[String], labels: List[String])(using conf: Configuration, mirror: Mirror[A]): ConfiguredCodec[A] =
    new CodecImpl[A](name, decoders.map(conf.transform), encoders.map(conf.transform), labels.map(conf.rename), mirror.ordinal, conf.defaults)

  def derived[A](using conf: Configuration, mirror: Mirror[A]): ConfiguredCodec[A] =
    ConfiguredCodec.of(mirror.label, summonDecoders(mirror), summonEncoders(mirror), summonLabels(mirror))
` : `  def derived[A](using conf: Configuration, mirror: Mirror[A]): ConfiguredCodec[A] = {
    val name = mirror.label
    val decoders = summonDecoders(mirror)
    val encoders = summonEncoders(mirror)
    val labels = summonLabels(mirror)
    new CodecImpl[A](name, decoders.map(conf.transform), encoders.map(conf.transform), labels.map(conf.rename), mirror.ordinal, conf.defaults)
  }
`}}
`;
  const files = (extracted: boolean) => ({ 'src/derivation/ConfiguredEncoder.scala': encoder(extracted), 'src/derivation/ConfiguredCodec.scala': codec(extracted) });
  assert.deepEqual(await refactorings(files(false), files(true)), [
    'Extract Method: derivation.ConfiguredCodec.derived(Configuration,Mirror[A]) → derivation.ConfiguredCodec.of(String,List[String],List[String],List[String],Configuration,Mirror[A])',
    'Extract Method: derivation.ConfiguredEncoder.derived(Configuration,Mirror[A]) → derivation.ConfiguredEncoder.of(List[String],List[String],Configuration,Mirror[A])',
  ]);
});

test('Scala: a call made on a type by its name reaches its own member before an inherited one: `ConfiguredCodec.derived[A](…)` is the companion object\'s, not the `derived` of `ConfiguredEncoder`, which the trait `ConfiguredCodec` extends', async () => {
const derivation = (moved: boolean) => `package io.circe

trait EncoderDerivation {
  def derived[A](using mirror: Mirror[A]): Encoder[A] = ${moved ? 'ConfiguredEncoder.derived[A](using Configuration.default)' : `{
    val labels = summonLabels(mirror)
    val encoders = summonEncoders(mirror)
    new EncoderImpl[A](labels, encoders, mirror.ordinal)
  }`}
}

trait CodecDerivation {
  def derived[A](using mirror: Mirror[A]): Codec[A] = ${moved ? 'ConfiguredCodec.derived[A](using Configuration.default)' : `{
    val labels = summonLabels(mirror)
    val encoders = summonEncoders(mirror)
    val decoders = summonDecoders(mirror)
    new CodecImpl[A](labels, encoders, decoders, mirror.ordinal)
  }`}
}
`;
const after = {
  'src/io/circe/Derivation.scala': derivation(true),
  'src/io/circe/derivation/ConfiguredEncoder.scala': `package io.circe.derivation

trait ConfiguredEncoder[A]
object ConfiguredEncoder {
  def derived[A](using conf: Configuration)(using mirror: Mirror[A]): ConfiguredEncoder[A] = {
    val labels = summonLabels(mirror).map(conf.transformMemberNames)
    val encoders = summonEncoders(mirror)
    new EncoderImpl[A](labels, encoders, mirror.ordinal)
  }
}
`,
  'src/io/circe/derivation/ConfiguredCodec.scala': `package io.circe.derivation

trait ConfiguredCodec[A] extends ConfiguredDecoder[A] with ConfiguredEncoder[A]
object ConfiguredCodec {
  def derived[A](using conf: Configuration)(using mirror: Mirror[A]): ConfiguredCodec[A] =
    new CodecImpl[A](summonLabels(mirror).map(conf.transformMemberNames), summonEncoders(mirror), summonDecoders(mirror), mirror.ordinal, conf.useDefaults)
}
`,
};
  assert.deepEqual(await refactorings({ 'src/io/circe/Derivation.scala': derivation(false) }, after), [
    'Extract And Move Method: io.circe.EncoderDerivation.derived(Mirror[A]) → io.circe.derivation.ConfiguredEncoder.derived(Configuration,Mirror[A])',
  ]);
});

test('Scala: a class renamed with its old name left as a `type` alias in an object is a Rename Class, though little of its code stayed', async () => {
  const before = { 'src/Store.scala': `package app\n\nclass MemoryStore {\n  private val items = scala.collection.mutable.Map[String, Int]()\n  def get(key: String): Option[Int] = items.get(key)\n}\n` };
  const after = (alias: string) => ({
    'src/Store.scala': `package app\n\nclass InMemoryStore(clock: Clock) {\n  private val entries = new java.util.HashMap[String, Entry]()\n  def lookup(name: String, fallback: Option[Int] = None): Option[Int] = {\n    val entry = entries.get(name)\n    if (entry == null || entry.expires < clock.now()) fallback else Some(entry.value)\n  }\n  def store(name: String, value: Int, ttl: Long = 60): Unit = {\n    entries.put(name, Entry(value, clock.now() + ttl))\n  }\n}\n${alias}`,
  });
  assert.deepEqual(await refactoringsFoundBy(before, after('\nobject compat {\n  @deprecated("use InMemoryStore")\n  type MemoryStore = InMemoryStore\n}\n')), [
    'Rename Class: app.MemoryStore → app.InMemoryStore (alias-left)',
  ]);
  // a class's type member of that name is a member, no alias other code is written with
  assert.ok(!(await refactorings(before, after('\nclass Holder {\n  type MemoryStore = InMemoryStore\n}\n'))).some((r) => r.startsWith('Rename Class')));
});

test('Scala: a lambda whose implicit parameter has a type (`{ implicit tracer: Tracer[F] => … }`) leaves the defs after it members of their object: usingMeter → usingTracer is a Rename Method of the object', async () => {
  const backend = (helper: string) => `package sttp.otel

object TracingBackend {
  def apply[F[_]](delegate: Backend[F], config: TracingConfig): F[Backend[F]] =
    ${helper} { implicit tracer: Tracer[F] =>
      FollowRedirectsBackend(new TracingBackend(delegate, config))
    }

  def apply[F[_]](delegate: StreamBackend[F], config: TracingConfig): F[StreamBackend[F]] =
    ${helper} { implicit tracer: Tracer[(F, Int)] =>
      FollowRedirectsBackend(new TracingStreamBackend(delegate, config))
    }

  private def ${helper}[F[_], A](f: Tracer[F] => A): F[A] =
    for {
      tracer <- TracerProvider[F].tracer("sttp-client4").withVersion("1.0.0").get
    } yield f(tracer)
}
`;
  const cst = await parseFile('src/sttp/otel/TracingBackend.scala', backend('usingTracer'));
  assert.deepEqual(cst.nodes.map((n) => `${n.kind} ${n.parent === undefined ? '' : `${cst.nodes[n.parent].name}.`}${n.signature}`), [
    'object TracingBackend',
    'method TracingBackend.apply(Backend,TracingConfig)',
    'method TracingBackend.apply(StreamBackend,TracingConfig)',
    'method TracingBackend.usingTracer(Function1)',
  ]);
  assert.equal(cst.errors, 0);
  const path = 'src/sttp/otel/TracingBackend.scala';
  assert.deepEqual(await refactorings({ [path]: backend('usingMeter') }, { [path]: backend('usingTracer') }), [
    'Rename Method: sttp.otel.TracingBackend.usingMeter(Tracer[F]=>A) → sttp.otel.TracingBackend.usingTracer(Tracer[F]=>A)',
  ]);
});
