/** PHP: what the CST holds for one small file, and the refactorings reported on small fixtures. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../src/languages/registry';
import { refactorings } from '../helpers';

test('PHP classes, interfaces, traits, enums, methods and functions: kinds, names, namespace, parents, supertypes, stereotypes', async () => {
  const cst = await parseFile('src/Zoo/Animal.php', `<?php
namespace Zoo\\Animals;

use Foo\\Bar;
use Lib\\{Mover, Other as Walking};

abstract class Animal extends Base implements \\Countable, Named {
  private int $legs;
  public function __construct(int $legs, string $name = "x") { $this->init($legs); }
  abstract public function speak(int $times): string;
  public static function make(array ...$rest): static { return self::build(1, 2) + helper($rest) + (new Foo())->go(); }
}
interface Walker extends Mover, Walking\\Legs { public function walk(); }
trait Loud { public function shout() { echo strtoupper("x"); } }
enum Color: string { case Red = 'r'; public function label(): string { return 'red'; } }
function top($a, &$b) { $f = function ($x) { return g($x); }; return $f($a); }
`);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.noun, n.signature, n.namespace, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['class', 'Class', 'Animal', 'Zoo\\Animals\\', null],
    ['method', 'Method', '__construct', '', 'Animal'],
    ['method', 'Method', 'speak', '', 'Animal'],
    ['method', 'Method', 'make', '', 'Animal'],
    ['interface', 'Class', 'Walker', 'Zoo\\Animals\\', null],
    ['method', 'Method', 'walk', '', 'Walker'],
    ['trait', 'Class', 'Loud', 'Zoo\\Animals\\', null],
    ['method', 'Method', 'shout', '', 'Loud'],
    ['enum', 'Class', 'Color', 'Zoo\\Animals\\', null],
    ['method', 'Method', 'label', '', 'Color'],
    ['function', 'Function', 'top', 'Zoo\\Animals\\', null],
  ]);
  const [animal, ctor, speak, make, walker, walk, , , , , top] = cst.nodes;
  assert.deepEqual([animal.supertypes, walker.supertypes], [['Base', 'Countable', 'Named'], ['Mover', 'Legs']]);
  assert.deepEqual(animal.supertypeFullNames, ['Zoo\\Animals\\Base', 'Countable', 'Zoo\\Animals\\Named'], 'resolved in the namespace, or written whole');
  assert.deepEqual(walker.supertypeFullNames, ['Lib\\Mover', 'Lib\\Other\\Legs'], 'through a use');
  assert.deepEqual(ctor.stereotypes.slice().sort(), ['constructor', 'has-body', 'type-member']);
  assert.deepEqual(speak.stereotypes.slice().sort(), ['abstract', 'type-member']);
  assert.deepEqual(walk.stereotypes.slice().sort(), ['abstract', 'type-member']);
  assert.deepEqual(make.stereotypes.slice().sort(), ['has-body', 'static', 'type-member']);
  assert.deepEqual([make.parameters, make.returnType], [['$rest'], 'static']);
  assert.deepEqual(make.calls, [
    { name: 'build', args: 2, receiver: 'Animal', ownType: true },
    { name: 'helper', args: 1, module: '' },
    { name: 'go', args: 0, receiver: 'Foo', exact: true },
  ]);
  assert.deepEqual(top.calls, [{ name: 'g', args: 1, module: '' }], 'closures belong to the enclosing function; $f() calls no name');
  assert.equal(cst.errors, 0);
});

const file = (ns: string, body: string) => `<?php\nnamespace ${ns};\n\n${body}\n`;
const slugify = `function slugify(string $title, string $separator): string {
    $lower = strtolower(trim($title));
    $cleaned = preg_replace('/[^a-z0-9]+/', $separator, $lower);
    return trim($cleaned, $separator);
}`;
const upper = 'function upper(string $s): string {\n    return strtoupper($s);\n}';
const host = 'function host(string $url): string {\n    return parse_url($url, PHP_URL_HOST);\n}';

test('PHP: a function renamed is a Rename Function; a parameter added, a Change Function Signature', async () => {
  const before = { 'src/Text/functions.php': file('App\\Text', `${slugify}\n\n${upper}`) };
  assert.deepEqual(await refactorings(before, { 'src/Text/functions.php': file('App\\Text', `${slugify.replace('slugify(', 'toSlug(')}\n\n${upper}`) }), [
    'Rename Function: App\\Text\\slugify → App\\Text\\toSlug',
  ]);
  const changed = slugify.replace('string $separator)', 'string $separator, int $limit)');
  assert.deepEqual(await refactorings(before, { 'src/Text/functions.php': file('App\\Text', `${changed}\n\n${upper}`) }), [
    'Change Function Signature: App\\Text\\slugify → App\\Text\\slugify',
  ]);
});

test('PHP: a type made explicitly nullable (string $s = null → ?string $s = null, T|null, \\T) changes no signature; a type added or changed does', async () => {
  const format = (parameters: string) => `function format(${parameters}): string {\n    return sprintf('%s %s', $title, $date);\n}`;
  const before = { 'src/Text/functions.php': file('App\\Text', `${format('string $title = null, DateTime $date = null')}\n\n${upper}`) };
  const after = (parameters: string) => ({ 'src/Text/functions.php': file('App\\Text', `${format(parameters)}\n\n${upper}`) });
  assert.deepEqual(await refactorings(before, after('?string $title = null, ?DateTime $date = null')), []);
  assert.deepEqual(await refactorings(before, after('string|null $title = null, \\DateTime|null $date = null')), []);
  assert.deepEqual(await refactorings(before, after('?string $title = null, ?\\DateTimeImmutable $date = null')), [
    'Change Function Signature: App\\Text\\format → App\\Text\\format',
  ]);
  assert.deepEqual(await refactorings(before, after('string $title = \'\', DateTime $date = null')), [
    'Change Function Signature: App\\Text\\format → App\\Text\\format',
  ], 'a default other than null: the parameter can no longer be null');
});

test('PHP: `self` as a parameter type in a class is the class: InputOption $o → self $o changes no signature', async () => {
  const option = (name: string, type: string) => `class ${name}
{
    private string $name;

    public function equals(${type} $option): bool
    {
        return $option->getName() === $this->name && $option->isArray() === $this->isArray();
    }

    public function isArray(): bool
    {
        return false;
    }
}`;
  const before = { 'src/Input/InputOption.php': file('App\\Input', option('InputOption', 'InputOption')) };
  const after = (name: string, type: string) => ({ 'src/Input/InputOption.php': file('App\\Input', option(name, type)) });
  assert.deepEqual(await refactorings(before, after('InputOption', 'self')), []);
  assert.deepEqual(await refactorings(before, after('InputOption', '?self')), [
    'Change Method Signature: App\\Input\\InputOption.equals → App\\Input\\InputOption.equals',
  ], 'self made nullable is a change');
  assert.deepEqual(await refactorings(before, after('InputOption', 'InputArgument')), [
    'Change Method Signature: App\\Input\\InputOption.equals → App\\Input\\InputOption.equals',
  ]);
  const selfBefore = { 'src/Input/InputOption.php': file('App\\Input', option('InputOption', 'self')) };
  assert.deepEqual(await refactorings(selfBefore, after('Option', 'self')), ['Rename Class: App\\Input\\InputOption → App\\Input\\Option'],
    'a class renamed keeps its self parameters');
  const trait = (type: string) => ({ 'src/Input/Equality.php': file('App\\Input', option('InputOption', type).replace('class InputOption', 'trait Equality')) });
  assert.deepEqual(await refactorings(trait('InputOption'), trait('self')), [
    'Change Method Signature: App\\Input\\Equality.equals → App\\Input\\Equality.equals',
  ], "a trait's self is the class using it");
});

test('PHP: a new one-line method sharing only $this, return and punctuation with the code a caller lost is no Extract And Move of it; taken out again, no Inline', async () => {
  const argv = (body: string) => `class ArgvInput
{
    private InputDefinition $definition;
    private array $options = [];

    private function addLongOption(string $name, $value)
    {
${body}
        $this->options[$name] = $value;
    }
}`;
  const lost = `        if (!$this->definition->hasOption($name)) {
            throw new RuntimeException(sprintf('The "--%s" option does not exist.', $name));
        }

        $option = $this->definition->getOption($name);
        if (null === $value) {
            if ($option->isValueRequired()) {
                throw new RuntimeException(sprintf('The "--%s" option requires a value.', $name));
            }
            $value = true;
        }`;
  const kept = `        $option = $this->definition->getOption($name);
        $name = $option->effectiveName();
        $value = $option->checkValue($value);`;
  const option = (methods: string) => `class InputOption
{
    private string $name;

    public function getName(): string
    {
        return $this->name;
    }
${methods}
    public function checkValue($value)
    {
        if (null === $value) {
            if ($this->isValueRequired()) {
                throw new RuntimeException(sprintf('The "--%s" option requires a value.', $this->name));
            }
            $value = true;
        }

        return $value;
    }

    public function isValueRequired(): bool
    {
        return true;
    }
}`;
  const effectiveName = `
    public function effectiveName(): string
    {
        return $this->getName();
    }
`;
  const v1 = { 'src/Input/ArgvInput.php': file('App\\Input', argv(lost)), 'src/Input/InputOption.php': file('App\\Input', option('').replace(/\n    public function checkValue[\s\S]*?\n    }\n/, '\n')) };
  const v2 = { 'src/Input/ArgvInput.php': file('App\\Input', argv(kept)), 'src/Input/InputOption.php': file('App\\Input', option(effectiveName)) };
  assert.deepEqual(await refactorings(v1, v2), [
    'Extract And Move Method: App\\Input\\ArgvInput.addLongOption → App\\Input\\InputOption.checkValue',
  ]);
  assert.deepEqual(await refactorings(v2, v1), [
    'Inline Method: App\\Input\\InputOption.checkValue → App\\Input\\ArgvInput.addLongOption',
  ]);
});

test('PHP: a function moved to another namespace is a Move Function; renamed too, a Move And Rename Function', async () => {
  const before = { 'src/Text/functions.php': file('App\\Text', `${slugify}\n\n${upper}`), 'src/Web/functions.php': file('App\\Web', host) };
  const moved = (fn: string) => ({ 'src/Text/functions.php': file('App\\Text', upper), 'src/Web/functions.php': file('App\\Web', `${host}\n\n${fn}`) });
  assert.deepEqual(await refactorings(before, moved(slugify)), ['Move Function: App\\Text\\slugify → App\\Web\\slugify']);
  assert.deepEqual(await refactorings(before, moved(slugify.replace('slugify(', 'toSlug('))), ['Move And Rename Function: App\\Text\\slugify → App\\Web\\toSlug']);
});

test('PHP: a file declaring several namespaces: each declaration is in the one it is written in, and resolves supertypes through that one\'s `use`', async () => {
  const braced = `<?php
namespace App\\Text {
    use Lib\\Base;
    ${slugify}
    class Title extends Base {}
}

namespace App\\Web {
    ${host}
    class Link extends Base {}
}
`;
  const cst = await parseFile('src/functions.php', braced);
  assert.deepEqual(cst.nodes.map((n) => [n.name, n.namespace]), [
    ['slugify', 'App\\Text\\'], ['Title', 'App\\Text\\'], ['host', 'App\\Web\\'], ['Link', 'App\\Web\\'],
  ]);
  assert.deepEqual(cst.nodes.map((n) => n.supertypeFullNames ?? []).filter((names) => names.length > 0), [['Lib\\Base'], ['App\\Web\\Base']]);
  const unbraced = `<?php
namespace App\\Text;
${upper}

namespace App\\Web;
${host}
`;
  assert.deepEqual((await parseFile('src/functions.php', unbraced)).nodes.map((n) => [n.name, n.namespace]), [['upper', 'App\\Text\\'], ['host', 'App\\Web\\']]);
  // the second block's function stays in its namespace when the file keeps that one alone
  const before = { 'src/functions.php': `<?php\nnamespace App\\Text {\n${upper}\n}\n\nnamespace App\\Web {\n${host}\n}\n` };
  assert.deepEqual(await refactorings(before, { 'src/functions.php': file('App\\Web', host) }), []);
});

const shape = (members: string, name = 'Shape', ns = 'Geo') => file(ns, `class ${name} {\n${members}\n}`);
const area = `  public function area(float $width, float $height): float {
    $result = $width * $height;
    if ($result < 0) { throw new InvalidArgumentException("negative area " . $result); }
    return $result;
  }`;
const describe = `  public function describe(string $prefix, int $count): string {
    $text = $prefix;
    for ($i = 0; $i < $count; $i++) { $text .= $i . ", "; }
    return rtrim($text, ", ");
  }`;

test('PHP: a method moved to a class in another file is a Move Method; a class renamed, a Rename Class; moved, a Move Class', async () => {
  const text = (members: string) => shape(`  public function size(): int { return 1; }\n${members}`, 'Text');
  assert.deepEqual(await refactorings({ 'src/Geo/Shape.php': shape(`${area}\n${describe}`), 'src/Geo/Text.php': text('') }, { 'src/Geo/Shape.php': shape(area), 'src/Geo/Text.php': text(describe) }), [
    'Move Method: Geo\\Shape.describe → Geo\\Text.describe',
  ]);
  const body = `${area}\n${describe}`;
  assert.deepEqual(await refactorings({ 'src/Geo/Shape.php': shape(body) }, { 'src/Geo/Figure.php': shape(body, 'Figure') }), ['Rename Class: Geo\\Shape → Geo\\Figure']);
  assert.deepEqual(await refactorings({ 'src/Geo/Shape.php': shape(body) }, { 'src/Geo/Model/Shape.php': shape(body, 'Shape', 'Geo\\Model') }), [
    'Move Class: Geo\\Shape → Geo\\Model\\Shape',
  ]);
});

test('PHP: a trait made an abstract class (a class made a trait or an interface) is still that type: renamed too, a Rename Class; moved, a Move Class; in place, a Change Type Declaration Kind', async () => {
  // guzzle ce867392: `trait MessageTrait` → `abstract class AbstractMessage`, its members kept
  const body = `${area}\n${describe}`;
  const declared = (head: string, ns = 'Geo') => file(ns, `${head} {\n${body}\n}`);
  assert.deepEqual(await refactorings({ 'src/Geo/ShapeTrait.php': declared('trait ShapeTrait') }, { 'src/Geo/AbstractShape.php': declared('abstract class AbstractShape') }), [
    'Rename Class: Geo\\ShapeTrait → Geo\\AbstractShape',
  ]);
  assert.deepEqual(await refactorings({ 'src/Geo/Shape.php': declared('class Shape') }, { 'src/Geo/Model/Shape.php': declared('trait Shape', 'Geo\\Model') }), [
    'Move Class: Geo\\Shape → Geo\\Model\\Shape',
  ]);
  assert.deepEqual(await refactorings({ 'src/Geo/Shape.php': declared('trait Shape') }, { 'src/Geo/Shape.php': declared('abstract class Shape') }), [
    'Change Type Declaration Kind: Geo\\Shape → Geo\\Shape',
  ]);
});

const report = `  public function report(array $values): string {
    $sum = 0;
    foreach ($values as $v) { $sum += $v; }
    $average = count($values) == 0 ? 0 : $sum / count($values);
    $line = "sum=" . $sum . " average=" . $average;
    echo $line;
    return $line;
  }`;
const reportExtracted = `  public function report(array $values): string {
    $sum = $this->total($values);
    $average = count($values) == 0 ? 0 : $sum / count($values);
    $line = "sum=" . $sum . " average=" . $average;
    echo $line;
    return $line;
  }
  private function total(array $numbers): int {
    $sum = 0;
    foreach ($numbers as $v) { $sum += $v; }
    return $sum;
  }`;

test('PHP: part of a method moved to a new method it calls is an Extract Method; the reverse, an Inline Method', async () => {
  assert.deepEqual(await refactorings({ 'src/Geo/Shape.php': shape(report) }, { 'src/Geo/Shape.php': shape(reportExtracted) }), [
    'Extract Method: Geo\\Shape.report → Geo\\Shape.total',
  ]);
  assert.deepEqual(await refactorings({ 'src/Geo/Shape.php': shape(reportExtracted) }, { 'src/Geo/Shape.php': shape(report) }), [
    'Inline Method: Geo\\Shape.total → Geo\\Shape.report',
  ]);
});

const animal = (members: string) => file('Zoo', `class Animal {\n${members}\n}`);
const dog = (members: string, base = ' extends Animal') => file('Zoo', `class Dog${base} {\n  public function bark(): string { return "woof"; }\n${members}\n}`);
const feed = `  public function feed(int $grams, int $times): int {
    $total = $grams * $times;
    echo "feeding " . $total . " grams";
    return $total;
  }`;

test('PHP: a method moved to the parent class is a Pull Up Method; back down, a Push Down Method', async () => {
  const inDog = { 'src/Zoo/Animal.php': animal(''), 'src/Zoo/Dog.php': dog(feed) };
  const inAnimal = { 'src/Zoo/Animal.php': animal(feed), 'src/Zoo/Dog.php': dog('') };
  assert.deepEqual(await refactorings(inDog, inAnimal), ['Pull Up Method: Zoo\\Dog.feed → Zoo\\Animal.feed']);
  assert.deepEqual(await refactorings(inAnimal, inDog), ['Push Down Method: Zoo\\Animal.feed → Zoo\\Dog.feed']);
});

test('PHP: a new parent class receiving a method is an Extract Superclass; a new interface declaring it, an Extract Interface', async () => {
  const before = { 'src/Zoo/Dog.php': dog(feed, '') };
  assert.deepEqual(await refactorings(before, { 'src/Zoo/Dog.php': dog(''), 'src/Zoo/Animal.php': animal(feed) }), [
    'Extract Superclass: Zoo\\Dog → Zoo\\Animal',
    'Pull Up Method: Zoo\\Dog.feed → Zoo\\Animal.feed',
  ]);
  const withInterface = { 'src/Zoo/Dog.php': dog(feed, ' implements Feedable'), 'src/Zoo/Feedable.php': file('Zoo', 'interface Feedable {\n  public function feed(int $grams, int $times): int;\n}') };
  assert.deepEqual(await refactorings(before, withInterface), [
    'Extract Interface: Zoo\\Dog → Zoo\\Feedable',
    'Pull Up Method Signature: Zoo\\Dog.feed → Zoo\\Feedable.feed',
  ]);
});

test('PHP: a test switched from the project\'s TestCase to a new base that extends PHPUnit\'s TestCase had its base replaced, not extracted: the two TestCase are told apart by their namespaces', async () => {
  const getRecord = 'protected function getRecord(string $message): array {\n        return [\'message\' => $message, \'level\' => 300, \'context\' => []];\n    }';
  const fooTest = (head: string) => `${head} {\n    public function testFoo(): void {\n        $this->assertSame(\'a\', $this->getRecord(\'a\')[\'message\']);\n    }\n}`;
  const before = {
    'src/Test/TestCase.php': file('App\\Test', `class TestCase extends \\PHPUnit\\Framework\\TestCase {\n    ${getRecord}\n}`),
    'tests/FooTest.php': file('App', `use App\\Test\\TestCase;\n\n${fooTest('class FooTest extends TestCase')}`),
  };
  const after = {
    'src/Test/AppTestCase.php': file('App\\Test', `use PHPUnit\\Framework\\TestCase;\n\nclass AppTestCase extends TestCase {\n    ${getRecord}\n}`),
    'src/Test/TestCase.php': file('App\\Test', 'class TestCase extends AppTestCase {\n}'),
    'tests/FooTest.php': file('App', fooTest('class FooTest extends \\App\\Test\\AppTestCase')),
  };
  assert.deepEqual(await refactorings(before, after), [
    'Extract Superclass: App\\Test\\TestCase → App\\Test\\AppTestCase',
    'Pull Up Method: App\\Test\\TestCase.getRecord → App\\Test\\AppTestCase.getRecord',
  ]);
});

test('PHP calls say what they are made on: $this, self and static, parent, a class named, a new object, a typed parameter or property (promoted too), $x = new Foo(); an untyped variable is another object; f() is a function', async () => {
  const cst = await parseFile('src/Report.php', `<?php
namespace App;

class Report extends Base
{
    private Cache $cache;

    public function __construct(private Stats $stats, Config $config, $raw)
    {
        parent::__construct($config);
        $this->prepare();
        self::make();
        static::make();
        Format::create(1);
        (new Clock())->now();
        $config->get('a');
        $this->cache->clear();
        $this->stats->count();
        $printer = new Printer();
        $printer->print();
        $raw->close();
        strlen('x');
    }
}
`);
  assert.deepEqual(cst.nodes.find((n) => n.name === '__construct')!.calls, [
    { name: '__construct', args: 1, receiver: 'Base', exact: true },
    { name: 'prepare', args: 0, receiver: 'Report', ownType: true },
    { name: 'make', args: 0, receiver: 'Report', ownType: true },
    { name: 'make', args: 0, receiver: 'Report', ownType: true },
    { name: 'create', args: 1, receiver: 'Format', exact: true },
    { name: 'now', args: 0, receiver: 'Clock', exact: true },
    { name: 'get', args: 1, receiver: 'Config' },
    { name: 'clear', args: 0, receiver: 'Cache' },
    { name: 'count', args: 0, receiver: 'Stats' },
    { name: 'print', args: 0, receiver: 'Printer' },
    { name: 'close', args: 0, otherObject: true },
    { name: 'strlen', args: 1, module: '' },
  ]);
});

const positives = `        $n = 0;
        foreach ($values as $v) {
            if ($v > 0) { $n += $v * $this->weight; }
        }
`;
const summary = (body: string, total: string) => file('App', `class Report
{
    public function __construct(private Stats $stats, private int $weight = 2) {}

    public function summary(array $values): string
    {
${body}        return "total " . ${total} . " of " . count($values);
    }
}`);
const stats = (members: string) => file('App', `class Stats\n{\n    private int $weight = 2;\n${members}}`);
const countMethod = `\n    public function count(array $values): int\n    {\n${positives}        return $n;\n    }\n`;

test('PHP: code moved into a new method count() of another class is no Extract And Move from a method calling the function count(); from one calling it on a typed property, it is', async () => {
  const before = { 'src/Report.php': summary(positives, '$n'), 'src/Stats.php': stats('') };
  assert.deepEqual(await refactorings(before, { 'src/Report.php': summary('', 'count($values)'), 'src/Stats.php': stats(countMethod) }), []);
  assert.deepEqual(await refactorings(before, { 'src/Report.php': summary('', '$this->stats->count($values)'), 'src/Stats.php': stats(countMethod) }), [
    'Extract And Move Method: App\\Report.summary → App\\Stats.count',
  ]);
});

test('PHP: parent::__construct() calls the parent\'s constructor, not a sibling\'s: code moved into a new constructor of a sibling class is no Extract And Move', async () => {
  const detail = "        $this->detail = $detail ?? 'no detail given';\n        $this->logged = error_log('key: ' . $this->detail . ' at ' . date('c'));\n";
  const constructor = (body: string) =>
    `    public function __construct(string $message, ?string $detail = null)\n    {\n        parent::__construct($message);\n${body}    }\n`;
  const loadKey = (body: string) => file('App', `class UnableToLoadKey extends \\RuntimeException\n{\n${constructor(body)}}`);
  const authenticate = (members: string) =>
    file('App', `class UnableToAuthenticate extends \\RuntimeException\n{\n${members}    public static function withPassword(): self\n    {\n        return new self('password');\n    }\n}`);
  const before = { 'src/UnableToLoadKey.php': loadKey(detail), 'src/UnableToAuthenticate.php': authenticate('') };
  assert.deepEqual(await refactorings(before, { 'src/UnableToLoadKey.php': loadKey(''), 'src/UnableToAuthenticate.php': authenticate(`${constructor(detail)}\n`) }), []);
});

test('PHP: a new lazy getter adapter() (return $this->adapter) that tests now call instead of reading the field is extracted from none of them: the field read is in every statement that used it, no code moved', async () => {
  // flysystem 37715b8fca: the PHP methods' return types (`: FilesystemAdapter`) hid their statements; read, a
  // `return $this->adapter` matched any lost statement containing `$this->adapter`
  const base = (members: string) =>
    file('App', `abstract class AdapterTestCase extends TestCase\n{\n    private $adapter;\n\n    abstract protected function createAdapter(): Adapter;\n${members}}`);
  const getter = `
    public function adapter(): Adapter
    {
        if ( ! $this->adapter instanceof Adapter) {
            $this->adapter = $this->createAdapter();
        }

        return $this->adapter;
    }
`;
  const spec = (body: string) =>
    file('App', `class InMemoryTest extends AdapterTestCase\n{\n    public function test_writing_and_reading(): void\n    {\n${body}        $this->assertEquals('contents', $contents);\n    }\n}`);
  const before = spec("        $this->adapter->write('path.txt', 'contents', new Config());\n        $contents = $this->adapter->read('path.txt');\n");
  const after = spec("        $adapter = $this->adapter();\n        $adapter->write('path.txt', 'contents', new Config());\n        $contents = $adapter->read('path.txt');\n");
  assert.deepEqual(await refactorings({ 'src/AdapterTestCase.php': base(''), 'src/InMemoryTest.php': before }, { 'src/AdapterTestCase.php': base(getter), 'src/InMemoryTest.php': after }), []);
});
