/** Python: what the CST builder finds in one small file, and the refactorings a user sees on small fixtures. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CstNode, FileCst } from '../../src/core/cst';
import { parseFile } from '../../src/languages/registry';
import { refactorings } from '../helpers';

const named = (cst: FileCst, name: string): CstNode => {
  const node = cst.nodes.find((n) => n.name === name);
  assert.ok(node, `no node ${name} among ${cst.nodes.map((n) => n.name).join(', ')}`);
  return node;
};

const shapes = `import abc

@register
class Shape(Base, abc.ABC, metaclass=Meta):
    """A shape."""

    def __init__(self, side: int, *args, scale=1.0, **options):
        self.side = side * scale

    @staticmethod
    def unit():
        return Shape(1)

    @classmethod
    def of(cls, side):
        return cls(side)

    @abc.abstractmethod
    def area(self) -> float:
        """The area."""
        raise NotImplementedError

    @property
    def name(self):
        return self._name

def describe(shape, prefix: str = "", *, upper=False):
    def line(text):
        return prefix + text.strip()
    return line(shape.name) if not upper else line(shape.name).upper()
`;

test('Python CST: a file node, classes, methods, the constructor, functions and nested functions', async () => {
  const cst = await parseFile('geo/shapes.py', shapes);
  assert.equal(cst.language, 'python');
  assert.equal(cst.errors, 0);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.noun, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'File', 'shapes.py', null],
    ['class', 'Class', 'Shape', 'shapes.py'],
    ['constructor', 'Method', '__init__', 'Shape'],
    ['method', 'Method', 'unit', 'Shape'],
    ['method', 'Method', 'of', 'Shape'],
    ['method', 'Method', 'area', 'Shape'],
    ['method', 'Method', 'name', 'Shape'],
    ['function', 'Function', 'describe', 'shapes.py'],
    ['function', 'Function', 'line', 'describe'],
  ]);
  assert.deepEqual(cst.nodes.map((n) => n.namespace), ['geo/', ...cst.nodes.slice(1).map(() => '')]);
  assert.deepEqual(named(cst, 'Shape').supertypes, ['Base', 'ABC'], 'metaclass= is not a base class');
  assert.equal(named(cst, 'Shape').location.startLine, 3, 'a decorated class starts at its decorator');
});

test('Python parameters: self and cls are receivers, not parameters; annotations are the types', async () => {
  const cst = await parseFile('geo/shapes.py', shapes);
  const init = named(cst, '__init__');
  assert.deepEqual([init.parameters, init.parameterTypes], [['side', 'args', 'scale', 'options'], ['int', '', '', '']]);
  assert.deepEqual(named(cst, 'of').parameters, ['side']);
  assert.deepEqual(named(cst, 'unit').parameters, [], 'a static method has no receiver');
  assert.deepEqual(named(cst, 'describe').parameters, ['shape', 'prefix', 'upper']);
  assert.deepEqual(named(cst, 'describe').parameterTypes, ['', 'str', '']);
  assert.equal(named(cst, 'area').returnType, 'float');
  const splat = await parseFile('s.py', 'class A:\n    def f(*args, **kw):\n        pass\n');
  assert.deepEqual(named(splat, 'f').parameters, ['args', 'kw'], '*args is not a receiver');
});

test('Python stereotypes from decorators, abstract placeholders, the constructor and a module\'s classes', async () => {
  const cst = await parseFile('geo/shapes.py', shapes);
  // every Python callable's parameter types are annotations ('gradual-types'); the rest tells them apart
  const own = (stereotypes: CstNode['stereotypes']) => stereotypes.filter((s) => s !== 'gradual-types');
  const stereotypes = (name: string) => own(named(cst, name).stereotypes).sort();
  assert.ok(named(cst, 'describe').stereotypes.includes('gradual-types') && !named(cst, 'Shape').stereotypes.includes('gradual-types'));
  assert.deepEqual(stereotypes('Shape'), ['module-qualified'], 'a class of the module is named after it');
  assert.deepEqual(stereotypes('__init__'), ['constructor', 'has-body', 'type-member']);
  assert.deepEqual(stereotypes('unit'), ['has-body', 'static', 'type-member']);
  assert.deepEqual(stereotypes('of'), ['class-method', 'has-body', 'type-member']);
  assert.deepEqual(stereotypes('area'), ['abstract', 'type-member']);
  assert.deepEqual(stereotypes('name'), ['decorated-property', 'field-accessor', 'has-body', 'type-member'], 'a getter: it returns a field of self');
  const setter = await parseFile('s.py', 'class A:\n    def set_x(self, value):\n        self._x = value\n\n    def scale(self, value):\n        self._x = value * 2\n');
  assert.deepEqual(setter.nodes.filter((n) => n.kind !== 'file' && n.kind !== 'class').map((n) => own(n.stereotypes)), [['type-member', 'has-body', 'field-mutator'], ['type-member', 'has-body']], 'a setter assigns its only parameter to a field of self');
  assert.deepEqual(stereotypes('describe'), ['has-body']);
  assert.deepEqual(stereotypes('line'), ['has-body', 'local'], 'a function declared in a function is local to it');
  const concrete = await parseFile('c.py', 'class A:\n    @abstractmethod\n    def f(self):\n        return 1\n');
  assert.deepEqual(own(named(concrete, 'f').stereotypes), ['type-member', 'has-body'], 'an @abstractmethod with a real body is not abstract');
  const stub = await parseFile('s.py', 'class Plugin:\n    def on_load(self, app):\n        ...\n\n    def load(self, app):\n        self.on_load(app)\n');
  assert.deepEqual(stub.nodes.filter((n) => n.name.includes('load')).map((n) => own(n.stereotypes)), [['type-member', 'has-body', 'stub'], ['type-member', 'has-body']], 'an empty hook has no code of its own');
  const nested = await parseFile('n.py', 'class A:\n    class B:\n        pass\n');
  assert.deepEqual(named(nested, 'B').stereotypes, [], 'a nested class is named after its class');
});

test('Python calls: names and attributes with argument counts, in the caller\'s own code only', async () => {
  const cst = await parseFile('geo/shapes.py', shapes);
  assert.deepEqual(named(cst, 'unit').calls, [{ name: 'Shape', args: 1, module: '' }], 'a bare call reaches a function or a class, never a method');
  assert.deepEqual(named(cst, 'line').calls, [{ name: 'strip', args: 0, otherObject: true }], 'text.strip() is made on a parameter: another object');
  assert.deepEqual(named(cst, 'describe').calls, [{ name: 'line', args: 1, module: '' }, { name: 'upper', args: 0 }, { name: 'line', args: 1, module: '' }]);
});

const total = `def total_price(items, tax_rate):
    subtotal = 0
    for item in items:
        subtotal += item.price * item.quantity
    if subtotal < 0:
        raise ValueError("negative total: " + str(subtotal))
    return round(subtotal * (1 + tax_rate), 2)
`;
const slug = `def slugify(title):
    text = title.strip().lower()
    return "-".join(part for part in text.split() if part.isalnum())
`;

test('a Python function renamed in its module is a Rename Function', async () => {
  assert.deepEqual(await refactorings({ 'shop/util.py': `${total}\n${slug}` }, { 'shop/util.py': `${total.replace('total_price(', 'order_total(')}\n${slug}` }), [
    'Rename Function: shop/util.py/total_price → shop/util.py/order_total',
  ]);
});

test('a parameter added to a Python function is a Change Function Signature', async () => {
  const changed = total.replace('(items, tax_rate)', '(items, tax_rate, currency="EUR")');
  assert.deepEqual(await refactorings({ 'shop/util.py': `${total}\n${slug}` }, { 'shop/util.py': `${changed}\n${slug}` }), [
    'Change Function Signature: shop/util.py/total_price → shop/util.py/total_price',
  ]);
});

test('a Python annotation spelt otherwise names the same type (Optional, Union, |, a quoted forward reference, List): no signature changed; another type is a change', async () => {
  const app = (params: string) => `from __future__ import annotations\nimport typing as t\n\nclass App:\n    def route(self, ${params}) -> None:\n        self.rules.append((rule, endpoint, options))\n`;
  const old = 'rule: t.Optional[str], endpoint: t.Union[str, None, int], options: "t.List[Blueprint]"';
  const respelt = 'rule: str | None, endpoint: int | str | None, options: list[Blueprint]';
  assert.deepEqual(await refactorings({ 'app.py': app(old) }, { 'app.py': app(respelt) }), []);
  assert.deepEqual(await refactorings({ 'app.py': app(old) }, { 'app.py': app(respelt.replace('str | None,', 'bytes | None,')) }), [
    'Change Method Signature: app.py/App/route → app.py/App/route',
  ]);
});

test('the metadata of a Python `Annotated[T, …]` is no part of its type: written, dropped or with T respelt, no signature changed; another T is a change', async () => {
  // typer 2d529b2d9c wrote a `Doc("""…""")` into every parameter's type, 829576c56c respelt `Optional[str]` inside it as `str | None`
  const app = (params: string) => `from typing import Annotated, Optional\n\nclass Typer:\n    def command(self, ${params}) -> None:\n        self.commands.append((name, help))\n`;
  const plain = 'name: Optional[str] = None, help: t.List[str] = ()';
  const documented = 'name: Annotated[Optional[str], Doc("""The name, see [names](https://x.org/a,b)."""),] = None, help: Annotated[t.List[str], Doc(\'it\\\'s "the" help\'), typer.Option(min=0)] = ()';
  const respelt = 'name: Annotated[str | None, Doc("""The name, see [names](https://x.org/a,b)."""),] = None, help: typing.Annotated[list[str], Doc(\'it\\\'s "the" help\'), typer.Option(min=0)] = ()';
  assert.deepEqual(await refactorings({ 'main.py': app(plain) }, { 'main.py': app(documented) }), []);
  assert.deepEqual(await refactorings({ 'main.py': app(documented) }, { 'main.py': app(respelt) }), []);
  assert.deepEqual(await refactorings({ 'main.py': app(documented) }, { 'main.py': app(respelt.replace('str | None', 'bytes | None')) }), [
    'Change Method Signature: main.py/Typer/command → main.py/Typer/command',
  ]);
});

test('a quoted Python literal type made plain (`"te.Literal[1, -1]"` → `te.Literal[1, -1]`) is no signature changed; other literals are a change', async () => {
  const ranges = (type: string) => `import typing_extensions as te\n\nclass FloatRange:\n    def _clamp(self, bound: float, dir: ${type}, open: bool) -> float:\n        return bound + dir * self.step\n`;
  const before = { 'types.py': ranges('"te.Literal[1, -1]"') };
  assert.deepEqual(await refactorings(before, { 'types.py': ranges('te.Literal[1, -1]') }), []);
  assert.deepEqual(await refactorings(before, { 'types.py': ranges('te.Literal[1, 0]') }), ['Change Method Signature: types.py/FloatRange/_clamp → types.py/FloatRange/_clamp']);
});

test('None added to a Python type alias that admits None already changes no type (`Alias | None` is `Alias`); None added to another alias does', async () => {
  // werkzeug 51926a7a88 wrote `ssl_context: _TSSLContextArg | None` as `ssl_context: _TSSLContextArg`, the alias rewritten from Optional[Union[…]] to Union[…, None]
  const serving = (alias: string, type: string) =>
    `import typing as t\n\n_TSSLContextArg = ${alias}\n_TFd = t.Union[int, str]\n\n` +
    `def make_server(host: str, port: int, ssl_context: ${type} = None) -> None:\n    server = Server(host, port)\n    server.wrap(ssl_context)\n    return server\n`;
  const before = serving('t.Optional[t.Union["ssl.SSLContext", t.Tuple[str, t.Optional[str]]]]', '_TSSLContextArg | None');
  for (const type of ['_TSSLContextArg', 't.Optional[_TSSLContextArg]', 'None | "_TSSLContextArg"']) {
    assert.deepEqual(await refactorings({ 'serving.py': before }, { 'serving.py': serving('t.Union["ssl.SSLContext", t.Tuple[str, str | None], None]', type) }), [], type);
  }
  // without a None default: `ssl_context: _TSSLContextArg = None` admits None whatever the alias (the test below)
  const required = (alias: string, type: string) => serving(alias, type).replace(' = None)', ')');
  assert.deepEqual(await refactorings({ 'serving.py': required('t.Union[int, str]', '_TSSLContextArg') }, { 'serving.py': required('t.Union[int, str]', '_TSSLContextArg | None') }), [
    'Change Function Signature: serving.py/make_server → serving.py/make_server',
  ]);
});

test('a Python parameter whose default is None admits None: `many: bool = None` made `many: Optional[bool] = None` or `bool | None` changes no signature; another type does', async () => {
  // marshmallow 43db1072f9 "Use explicit optional" rewrote 34 signatures so, none of them changed:
  // a type with a None default is implicitly Optional (PEP 484 as first written, mypy before 0.990)
  const schema = (params: string) => `import typing

class Schema:
    def dump(self, obj: typing.Any, *, ${params}):
        result = self._serialize(obj, many=many)
        return result
`;
  const before = { 'schema.py': schema('many: bool = None, error: str = None') };
  for (const params of ['many: typing.Optional[bool] = None, error: typing.Optional[str] = None', 'many: bool | None = None, error: None | str = None']) {
    assert.deepEqual(await refactorings(before, { 'schema.py': schema(params) }), [], params);
    assert.deepEqual(await refactorings({ 'schema.py': schema(params) }, before), [], params);
  }
  for (const params of ['many: typing.Optional[int] = None, error: str = None', 'many: int = None, error: str = None', 'many: bool = None, error: str | int = None']) {
    assert.deepEqual(await refactorings(before, { 'schema.py': schema(params) }), ['Change Method Signature: schema.py/Schema/dump → schema.py/Schema/dump'], params);
  }
});

test('Python annotations written on unannotated parameters change no signature; a parameter renamed in annotated code does', async () => {
  const bucket = (params: string) => `class Bucket:\n    def load_bytecode(self, ${params}):\n        magic = f.read(len(bc_magic))\n        if magic != bc_magic:\n            self.reset()\n            return\n        self.code = marshal.load(f)\n`;
  // jinja be15556dba "add type annotations": 484 signatures read as changed, not one parameter added, removed or renamed
  assert.deepEqual(await refactorings({ 'bccache.py': bucket('f, strict=False') }, { 'bccache.py': bucket('f: t.BinaryIO, strict: bool = False') }), []);
  assert.deepEqual(await refactorings({ 'bccache.py': bucket('f: t.BinaryIO, strict: bool = False') }, { 'bccache.py': bucket('f, strict=False') }), []);
  assert.deepEqual(await refactorings({ 'bccache.py': bucket('f: t.BinaryIO, strict: bool = False') }, { 'bccache.py': bucket('f: t.BinaryIO, check: bool = False') }), [
    'Change Method Signature: bccache.py/Bucket/load_bytecode → bccache.py/Bucket/load_bytecode',
  ]);
});

test('Python @overload stubs state the signatures of the function defined after them: no element of their own, one line when it is renamed', async () => {
  const stub = (name: string, params: string) => `@t.overload\ndef ${name}(${params}) -> t.Iterable:\n    ...\n`;
  const impl = (name: string) => `def ${name}(context, value, *args, **kwargs):\n    if value:\n        func = prepare_map(context, args, kwargs)\n        for item in value:\n            yield func(item)\n`;
  const module = (name: string) => ['import typing as t', stub(name, 'context, value: t.Iterable, name: str'), stub(name, 'context, value: t.Iterable, *, attribute: str'), impl(name)].join('\n\n');
  const before = await parseFile('filters.py', module('do_map'));
  assert.deepEqual(before.nodes.filter((n) => n.kind !== 'file').map((n) => `${n.name}(${n.parameters.join(', ')})`), ['do_map(context, value, args, kwargs)']);
  assert.deepEqual(await refactorings({ 'filters.py': module('do_map') }, { 'filters.py': module('sync_do_map') }), [
    'Rename Function: filters.py/do_map → filters.py/sync_do_map',
  ]);
  // stubs with no implementation after them (a Protocol's) are the only declarations of their name
  const protocol = `class Mapper(t.Protocol):\n${stub('map', 'self, value: int').replace(/^/gm, '    ')}\n${stub('map', 'self, value: str').replace(/^/gm, '    ')}`;
  const stubs = await parseFile('protocols.py', protocol);
  assert.deepEqual(stubs.nodes.filter((n) => n.kind !== 'file').map((n) => `${n.name}(${n.parameters.join(', ')})`), ['Mapper()', 'map(value)', 'map(value)']);
});

test('a Python method rebound as `f = staticmethod(f)` (decorators before Python 2.4) is static: its first parameter is no receiver, and writing it as @staticmethod changes no signature', async () => {
  const test = '    def test(func, name):\n        if name is None:\n            name = func.__name__\n        env.tests[name] = func\n        return func\n';
  const library = (member: string) => `class Library(object):\n${member}`;
  const rebound = library(`${test}    test = staticmethod(test)\n`);
  const cst = await parseFile('support.py', rebound);
  assert.deepEqual(named(cst, 'test').parameters, ['func', 'name']);
  assert.ok(named(cst, 'test').stereotypes.includes('static'));
  assert.deepEqual(await refactorings({ 'support.py': library(`    @staticmethod\n${test}`) }, { 'support.py': rebound }), []);
});

test('a Python generic annotation given its Any arguments (`t.Iterable` → `t.Iterable[t.Any]`) changes no signature; another argument does', async () => {
  const unique = (annotation: string) => `def do_unique(value: ${annotation}, case_sensitive: bool = False) -> t.Iterator[t.Any]:\n    seen = set()\n    for item in value:\n        if item not in seen:\n            seen.add(item)\n            yield item\n`;
  assert.deepEqual(await refactorings({ 'filters.py': unique('t.Iterable') }, { 'filters.py': unique('t.Iterable[t.Any]') }), []);
  assert.deepEqual(await refactorings({ 'filters.py': unique('t.Iterable') }, { 'filters.py': unique('t.Iterable[str]') }), [
    'Change Function Signature: filters.py/do_unique → filters.py/do_unique',
  ]);
});

test('a module merged into another whose namesake function was renamed to make room: Rename of the old one, Move of the merged one, though both still look alike', async () => {
  const sync = (name: string) => `def ${name}(context, value, *args, **kwargs):\n    """Applies a filter on a sequence of objects."""\n    if value:\n        func = prepare_map(context, args, kwargs)\n        for item in value:\n            yield func(item)\n`;
  const asyncMap = (variant: string) => `@async_variant(${variant})\nasync def do_map(context, value, *args, **kwargs):\n    if value:\n        func = prepare_map(context, args, kwargs)\n        async for item in auto_aiter(value):\n            yield func(item)\n`;
  const join = 'def do_join(value, d=""):\n    return d.join(value)\n';
  const before = { 'filters.py': `${join}\n\n${sync('do_map')}`, 'asyncfilters.py': `from . import filters\n\n\n${asyncMap('filters.do_map')}` };
  const after = { 'filters.py': `${join}\n\n${sync('sync_do_map')}\n\n${asyncMap('sync_do_map')}` };
  // jinja 1932ce3dc4: asyncfilters.py's do_map was read as renamed to sync_do_map, filters.py's do_map as kept
  assert.deepEqual(await refactorings(before, after), [
    'Move Function: asyncfilters.py/do_map → filters.py/do_map',
    'Rename Function: filters.py/do_map → filters.py/sync_do_map',
  ]);
});

test('a merged module\'s thin wrapper taking the name of a function renamed beside it: Rename of the old one, Move of the wrapper, though the name kept is a poor pair (0.28)', async () => {
  const sync = (name: string) => `def ${name}(eval_ctx, value, d="", attribute=None):
    """Return a string which is the concatenation of the strings in the sequence."""
    if attribute is not None:
        value = map(make_attrgetter(eval_ctx.environment, attribute), value)
    if not eval_ctx.autoescape:
        return str(d).join(map(str, value))
    if not hasattr(d, "__html__"):
        value = list(value)
        do_escape = False
        for idx, item in enumerate(value):
            if hasattr(item, "__html__"):
                do_escape = True
            else:
                value[idx] = str(item)
        if do_escape:
            d = escape(d)
        else:
            d = str(d)
        return d.join(value)
    return soft_str(d).join(map(soft_str, value))
`;
  const asyncJoin = (variant: string, toList: string) => `@async_variant(${variant})
async def do_join(eval_ctx, value, d="", attribute=None):
    return ${variant}(eval_ctx, await ${toList}(value), d, attribute)
`;
  const center = 'def do_center(value, width=80):\n    return soft_str(value).center(width)\n';
  const before = { 'filters.py': `${sync('do_join')}\n\n${center}`, 'asyncfilters.py': `from . import filters\n\n\n${asyncJoin('filters.do_join', 'auto_to_seq')}` };
  const after = { 'filters.py': `${sync('sync_do_join')}\n\n${asyncJoin('sync_do_join', 'auto_to_list')}\n\n${center}` };
  // jinja 1932ce3dc4: filters.py's do_join read as kept with its signature changed, and sync_do_join as extracted from it
  assert.deepEqual(await refactorings(before, after), [
    'Move Function: asyncfilters.py/do_join → filters.py/do_join',
    'Rename Function: filters.py/do_join → filters.py/sync_do_join',
  ]);
});

test('a Python test renamed while another takes its freed name: two renames, not the old name kept', async () => {
  const test = (name: string, body: string) => `def ${name}():\n    app = flask.Flask(__name__)\n${body}    common_object_test(app)\n`;
  const pyfile = '    app.config.from_pyfile(__file__.rsplit(".", 1)[0] + ".py")\n';
  const json = '    current_dir = os.path.dirname(os.path.abspath(__file__))\n    app.config.from_json(os.path.join(current_dir, "static", "config.json"))\n';
  const loaded = json.replace('from_json(', 'from_file(').replace('"config.json"))', '"config.json"), json.load)');
  const before = `${test('test_config_from_file', pyfile)}\n\n${test('test_config_from_json', json)}`;
  const after = `${test('test_config_from_pyfile', pyfile)}\n\n${test('test_config_from_file', loaded)}`;
  assert.deepEqual(await refactorings({ 'tests/test_config.py': before }, { 'tests/test_config.py': after }), [
    'Rename Function: tests/test_config.py/test_config_from_file → tests/test_config.py/test_config_from_pyfile',
    'Rename Function: tests/test_config.py/test_config_from_json → tests/test_config.py/test_config_from_file',
  ]);
});

test('a new typing @overload stub (a body of `...`) is no Extract Function from a caller that lost a `...` of its own', async () => {
  const stub = (params: string) => `@t.overload\ndef command(${params}) -> t.Callable:\n    ...\n`;
  const command = 'def command(name=None, cls=None, **attrs):\n    if cls is None:\n        cls = Command\n    return lambda f: cls(name or f.__name__, callback=f, **attrs)\n';
  const group = (annotation: string, call: string) => `def group(name: ${annotation} = None, **attrs: t.Any):\n    attrs.setdefault("cls", Group)\n    return ${call}\n`;
  const before = ['import typing as t', stub('name: t.Callable[..., t.Any]'), command, group('t.Union[str, t.Callable[..., t.Any], None]', 'command(name, **attrs)')];
  const after = [
    'import typing as t', stub('name: _AnyCallable'), stub('name: t.Optional[str], cls: t.Type[C], **attrs: t.Any'), command,
    group('t.Union[str, _AnyCallable, None]', 'command(name, cls, **attrs)'),
  ];
  const found = await refactorings({ 'decorators.py': before.join('\n\n') }, { 'decorators.py': after.join('\n\n') });
  assert.deepEqual(found.filter((line) => !line.startsWith('Change Function Signature')), []);
});

test('a Python property whose setter now comes before its getter: each is paired with its own code, no signature changed', async () => {
  const getter = '    @property\n    def value(self):\n        self.reads += 1\n        return self._value\n';
  const setter = '    @value.setter\n    def value(self, new_value):\n        if new_value < 0:\n            raise ValueError("negative value")\n        self._value = new_value\n';
  const gauge = (members: string) => `class Gauge:\n    def __init__(self):\n        self.reads = 0\n\n${members}`;
  assert.deepEqual(await refactorings({ 'gauge.py': gauge(`${getter}\n${setter}`) }, { 'gauge.py': gauge(`${setter}\n${getter}`) }), []);
});

test('a Python function moved to another module is a Move Function; moved and renamed, a Move And Rename Function', async () => {
  const upper = 'def shout(text):\n    return text.upper() + "!"\n';
  const before = { 'shop/util.py': `${total}\n${slug}`, 'shop/text.py': upper };
  assert.deepEqual(await refactorings(before, { 'shop/util.py': total, 'shop/text.py': `${upper}\n${slug}` }), [
    'Move Function: shop/util.py/slugify → shop/text.py/slugify',
  ]);
  assert.deepEqual(await refactorings(before, { 'shop/util.py': total, 'shop/text.py': `${upper}\n${slug.replace('slugify(', 'to_slug(')}` }), [
    'Move And Rename Function: shop/util.py/slugify → shop/text.py/to_slug',
  ]);
});

const report = `def report(orders):
    lines = []
    for order in orders:
        name = order.customer.name.strip().title()
        amount = "{:.2f}".format(order.amount)
        lines.append(name + ": " + amount + " " + order.currency)
    return "\\n".join(lines)
`;
const reportExtracted = `def report(orders):
    lines = []
    for order in orders:
        lines.append(format_line(order))
    return "\\n".join(lines)
`;
const formatLine = `def format_line(entry):
    name = entry.customer.name.strip().title()
    amount = "{:.2f}".format(entry.amount)
    return name + ": " + amount + " " + entry.currency
`;

test('part of a Python function moved to a new function it calls is an Extract Function; back, an Inline Function', async () => {
  assert.deepEqual(await refactorings({ 'shop/report.py': report }, { 'shop/report.py': `${reportExtracted}\n${formatLine}` }), [
    'Extract Function: shop/report.py/report → shop/report.py/format_line',
  ]);
  assert.deepEqual(await refactorings({ 'shop/report.py': `${reportExtracted}\n${formatLine}` }, { 'shop/report.py': report }), [
    'Inline Function: shop/report.py/format_line → shop/report.py/report',
  ]);
});

const fetchAll = `def fetch_all(urls, folder):
    paths = []
    for url in urls:
        name = url.split("/")[-1]
        path = folder + "/" + name
        def progress(count, size, total):
            percent = float(count * size) / float(total) * 100.0
            print("downloading %s %.1f%%" % (name, percent))
        path, _ = urlretrieve(url, path, progress)
        print("downloaded", name, os.stat(path).st_size)
        paths.append(path)
    return paths
`;
const fetchAllExtracted = `def fetch_all(urls, folder):
    paths = []
    for url in urls:
        name = url.split("/")[-1]
        paths.append(fetch_one(url, name, folder))
    return paths

def fetch_one(url, name, folder):
    path = folder + "/" + name
    def progress(count, size, total):
        percent = float(count * size) / float(total) * 100.0
        print("downloading %s %.1f%%" % (name, percent))
    path, _ = urlretrieve(url, path, progress)
    print("downloaded", name, os.stat(path).st_size)
    return path
`;

test('a Python function declared inside another goes with the code around it: extracted with it into a helper, it is no Move Function', async () => {
  assert.deepEqual(await refactorings({ 'net/fetch.py': fetchAll }, { 'net/fetch.py': fetchAllExtracted }), [
    'Extract Function: net/fetch.py/fetch_all → net/fetch.py/fetch_one',
  ]);
});

const exampleHelper = `def _filter_example():
    stream = open_input("in.mp4")
    video = stream["v"].hflip()
    audio = stream["a"].echo(0.8, 0.9, 1000)
    return merge_output(audio, video, "out.mp4")
`;
const selectTest = `def test_filter_with_select():
    assert _filter_example().get_args() == [
        "-i", "in.mp4", "-filter_complex", "[0:a]aecho=0.8:0.9:1000[s0];[0:v]hflip[s1]",
        "-map", "[s0]", "-map", "[s1]", "out.mp4"
    ]
`;
const selectorTest = `def test_filter_with_selector():
    stream = open_input("in.mp4")
    video = stream["v"].hflip()
    audio = stream["a"].echo(0.8, 0.9, 1000)
    out = merge_output(audio, video, "out.mp4")
    assert out.get_args() == [
        "-i", "in.mp4", "-filter_complex", "[0:a]aecho=0.8:0.9:1000[s0];[0:v]hflip[s1]",
        "-map", "[s0]", "-map", "[s1]", "out.mp4"
    ]
`;
const otherTest = `def test_overwrite():
    out = merge_output(open_input("in.mp4"), "out.mp4", overwrite=True)
    assert out.get_args() == ["-i", "in.mp4", "out.mp4", "-y"]
`;

test('a Python function renamed while the helper it called was folded into it is a Rename Function and an Inline Function, not a rename of the helper', async () => {
  assert.deepEqual(await refactorings({ 'tests/test_filters.py': `${exampleHelper}\n${selectTest}\n${otherTest}` }, { 'tests/test_filters.py': `${selectorTest}\n${otherTest}` }), [
    'Inline Function: tests/test_filters.py/_filter_example → tests/test_filters.py/test_filter_with_selector',
    'Rename Function: tests/test_filters.py/test_filter_with_select → tests/test_filters.py/test_filter_with_selector',
  ]);
});

const speak = `    def speak(self, loudly, times):
        word = self.sound * times
        if loudly:
            return word.upper() + "!"
        return word + "."
`;
const animal = (members: string) => `class Animal:
    def __init__(self, name):
        self.name = name
${members}`;
const dog = (members: string) => `class Dog(Animal):
    def fetch(self, thing):
        return self.name + " fetches the " + thing
${members}`;

test('a Python class renamed with its method is a Rename Class and a Rename Method', async () => {
  const after = animal(speak.replace('speak(', 'talk(')).replace('class Animal', 'class Creature');
  assert.deepEqual(await refactorings({ 'zoo/animals.py': animal(speak) }, { 'zoo/animals.py': after }), [
    'Rename Class: zoo/animals.py/Animal → zoo/animals.py/Creature',
    'Rename Method: zoo/animals.py/Animal/speak → zoo/animals.py/Creature/talk',
  ]);
});

test('a Python class moved to another module is a Move Class', async () => {
  const before = { 'zoo/animals.py': `${animal(speak)}\n\n${dog('')}`, 'zoo/pets.py': 'def adopt(pet):\n    return pet\n' };
  const after = { 'zoo/animals.py': animal(speak), 'zoo/pets.py': `from zoo.animals import Animal\n\ndef adopt(pet):\n    return pet\n\n\n${dog('')}` };
  assert.deepEqual(await refactorings(before, after), ['Move Class: zoo/animals.py/Dog → zoo/pets.py/Dog']);
});

test('a Python method moved from a subclass to its base class is a Pull Up Method; back down, a Push Down Method', async () => {
  const withSub = { 'zoo/animals.py': `${animal('')}\n\n${dog(speak)}` };
  const withSuper = { 'zoo/animals.py': `${animal(speak)}\n\n${dog('')}` };
  assert.deepEqual(await refactorings(withSub, withSuper), ['Pull Up Method: zoo/animals.py/Dog/speak → zoo/animals.py/Animal/speak']);
  assert.deepEqual(await refactorings(withSuper, withSub), ['Push Down Method: zoo/animals.py/Animal/speak → zoo/animals.py/Dog/speak']);
});

test('Python number and range types given two layered base classes: each convert is pulled up once, a range type\'s into the range base only', async () => {
  const check = 'rv = super().convert(value)\n        if rv < self.low or rv > self.high:\n            self.fail(f"{rv} is not in the range {self.low} to {self.high}")\n        return rv';
  const parse = (kind: string) => `try:\n            return ${kind}(value)\n        except ValueError:\n            self.fail(f"{value} is not a valid number")`;
  const init = 'def __init__(self, low, high):\n        self.low = low\n        self.high = high';
  const fail = 'class ParamType:\n    def fail(self, message):\n        raise ValueError(message)\n';
  const number = (name: string, kind: string) => `class ${name}(ParamType):\n    def convert(self, value):\n        ${parse(kind)}\n\n    def __repr__(self):\n        return "${name}"\n`;
  const range = (name: string, base: string) => `class ${name}(${base}):\n    ${init}\n\n    def convert(self, value):\n        ${check}\n`;
  const before = { 'num/types.py': [fail, number('IntType', 'int'), range('IntRange', 'IntType'), number('FloatType', 'float'), range('FloatRange', 'FloatType')].join('\n\n') };
  const after = {
    'num/types.py': [
      fail,
      `class _NumberBase(ParamType):\n    kind = None\n\n    def convert(self, value):\n        ${parse('self.kind')}\n`,
      `class _RangeBase(_NumberBase):\n    ${init}\n\n    def convert(self, value):\n        ${check}\n`,
      'class IntType(_NumberBase):\n    kind = int\n\n    def __repr__(self):\n        return "IntType"\n',
      'class IntRange(_RangeBase, IntType):\n    pass\n',
      'class FloatType(_NumberBase):\n    kind = float\n\n    def __repr__(self):\n        return "FloatType"\n',
      'class FloatRange(_RangeBase, FloatType):\n    pass\n',
    ].join('\n\n'),
  };
  const found = await refactorings(before, after);
  assert.deepEqual(found.filter((r) => r.startsWith('Pull Up')).sort(), [
    'Pull Up Method: num/types.py/FloatRange/convert → num/types.py/_RangeBase/convert',
    'Pull Up Method: num/types.py/FloatType/convert → num/types.py/_NumberBase/convert',
    'Pull Up Method: num/types.py/IntRange/convert → num/types.py/_RangeBase/convert',
    'Pull Up Method: num/types.py/IntType/convert → num/types.py/_NumberBase/convert',
  ]);
});

test('a new Python base class receiving a pulled-up method is an Extract Superclass', async () => {
  const before = { 'zoo/dog.py': dog(speak).replace('class Dog(Animal):', 'class Dog:').replace('self.name', 'self.label') };
  const after = { 'zoo/dog.py': `${animal(speak)}\n\n${dog('').replace('self.name', 'self.label')}` };
  assert.deepEqual(await refactorings(before, after), [
    'Extract Superclass: zoo/dog.py/Dog → zoo/dog.py/Animal',
    'Pull Up Method: zoo/dog.py/Dog/speak → zoo/dog.py/Animal/speak',
  ]);
});

test('a new Python base class put where the class extended object is an Extract Superclass; in place of a class the commit keeps, none', async () => {
  const job = (base: string) => `class Job(${base}):\n    def __init__(self, name):\n        self.name = name\n\n    def run(self):\n        return self.execute()\n`;
  const base = 'class BaseJob:\n    def log(self, message):\n        print(type(self).__name__ + ": " + message)\n';
  const after = { 'jobs/job.py': job('BaseJob'), 'jobs/base.py': base };
  assert.deepEqual(await refactorings({ 'jobs/job.py': job('object') }, after), ['Extract Superclass: jobs/job.py/Job → jobs/base.py/BaseJob']);
  // one the commit's files declare and keep, replaced by a new one that does not extend it: no extraction
  const kept = 'class Task:\n    def done(self):\n        return True\n';
  assert.deepEqual(await refactorings({ 'jobs/job.py': job('Task'), 'jobs/task.py': kept }, { 'jobs/job.py': job('BaseJob'), 'jobs/task.py': kept, 'jobs/base.py': base }), []);
});

test('a Python class switched from a library base to a copy of a library type the code extended before took nothing up from it; to a new base of another name, it did', async () => {
  // typer 1829d732ae copied click into the project: `BashComplete(click.shell_completion.BashComplete)`
  // became `BashComplete(ShellComplete)`, click's ShellComplete (which `PowerShellComplete` extended) copied in
  const bash = (base: string) => `import click\n\nclass BashComplete(${base}):\n    def source_vars(self):\n        return {"complete_func": self.func_name, "prog_name": self.prog_name}\n`;
  const shell = (base: string) => `from abc import abstractmethod\n\nclass ShellComplete${base}:\n    def __init__(self, cli, prog_name):\n        self.cli = cli\n        self.prog_name = prog_name\n\n    @abstractmethod\n    def source_vars(self):\n        pass\n`;
  const power = 'class PowerShellComplete(click.shell_completion.ShellComplete):\n    pass\n';
  const before = { 'app/completion.py': bash('click.shell_completion.BashComplete') + power };
  assert.deepEqual(await refactorings(before, { 'app/completion.py': bash('ShellComplete') + power.replace('click.shell_completion.', ''), 'app/shell.py': shell('') }), []);
  // a new base of a name nothing extended before: written for the class
  const own = { 'app/completion.py': bash('click.shell_completion.BashComplete') };
  assert.deepEqual(await refactorings(own, { 'app/completion.py': bash('ShellComplete'), 'app/shell.py': shell('') }), [
    'Extract Superclass: app/completion.py/BashComplete → app/shell.py/ShellComplete',
    'Pull Up Method Signature: app/completion.py/BashComplete/source_vars → app/shell.py/ShellComplete/source_vars',
  ]);
});

const node = (init: string) => `class Node:
    def describe(self):
        return "node " + self.name

${init}`;
const initialiser = `    def NAME(self, stream_spec, name, min_inputs, max_inputs):
        self.name = name
        self.stream_map = parse_stream_spec(stream_spec, min_inputs)
        if len(self.stream_map) > max_inputs:
            raise ValueError("too many inputs for " + name)
        self.edges = [Edge(self, key, value) for key, value in self.stream_map.items()]
`;
const dispatcher = `    def __init__(self, *args, **kwargs):
        if args and isinstance(args[0], Node):
            self.copy_from(*args, **kwargs)
        else:
            self.__init_fromscratch__(*args, **kwargs)
`;

test('a Python __init__ renamed to a helper that a new __init__ calls is a Rename Method, and back', async () => {
  const before = { 'graph/nodes.py': node(initialiser.replace('NAME', '__init__')) };
  const after = { 'graph/nodes.py': node(`${initialiser.replace('NAME', '__init_fromscratch__')}\n${dispatcher}`) };
  assert.deepEqual(await refactorings(before, after), ['Rename Method: graph/nodes.py/Node/__init__ → graph/nodes.py/Node/__init_fromscratch__']);
  assert.deepEqual(await refactorings(after, before), ['Rename Method: graph/nodes.py/Node/__init_fromscratch__ → graph/nodes.py/Node/__init__']);
});

test('a Python __init__ renamed while the class gets no new one is a Rename Method; moved to another class, nothing', async () => {
  const before = { 'graph/nodes.py': node(initialiser.replace('NAME', '__init__')) };
  const renamed = { 'graph/nodes.py': node(initialiser.replace('NAME', 'setup')) };
  assert.deepEqual(await refactorings(before, renamed), ['Rename Method: graph/nodes.py/Node/__init__ → graph/nodes.py/Node/setup']);
  const moved = { 'graph/nodes.py': `${node('')}\n\nclass Builder:\n${initialiser.replace('NAME', 'setup')}` };
  assert.deepEqual(await refactorings(before, moved), [], 'an initialiser is not moved to another class');
});

const scalar = `def random_distribution(n, prng=None):
    prng = prng or default_prng()
    weights = prng.dirichlet([1] * n)
    return ScalarDistribution(list(range(n)), weights)
`;
const joint = `def random_joint_distribution(word_length, alphabet_size, prng=None):
    prng = prng or default_prng()
    words = list(product(range(alphabet_size), repeat=word_length))
    weights = prng.dirichlet([1] * len(words))
    return Distribution(words, weights)
`;

test('Python functions whose names rotate (a → a_scalar, joint_a → a) are two renames, not a signature change', async () => {
  const before = { 'dist/make.py': `${scalar}\n\n${joint}` };
  const after = {
    'dist/make.py': `${scalar.replace('random_distribution(', 'random_scalar_distribution(')}\n\n${joint
      .replace('random_joint_distribution(word_length', 'random_distribution(outcome_length')
      .replace('repeat=word_length', 'repeat=outcome_length')}`,
  };
  assert.deepEqual(await refactorings(before, after), [
    'Rename Function: dist/make.py/random_distribution → dist/make.py/random_scalar_distribution',
    'Rename Function: dist/make.py/random_joint_distribution → dist/make.py/random_distribution',
  ]);
});

const scalarClass = (name: string) => `class ${name}(Base):
    def __add__(self, other):
        return self.combine(other, lambda x, y: x + y)

    def __mul__(self, other):
        return self.combine(other, lambda x, y: x * y)

    def normalize(self):
        total = sum(self.pmf)
        self.pmf = [p / total for p in self.pmf]
`;
const jointClass = (name: string) => `class ${name}(Base):
    def marginal(self, rvs):
        indexes = sorted(self.index_of(rv) for rv in rvs)
        return self.project(indexes)

    def coalesce(self, groups):
        outcomes = [tuple(o[i] for i in group) for o in self.outcomes for group in groups]
        return self.rebuild(outcomes)

    def outcome_length(self):
        return len(self.outcomes[0]) if self.outcomes else 0
`;

test('Python modules and classes whose names rotate (dist → scalar_dist, joint_dist → dist) are paired by their code', async () => {
  const before = { 'dist/dist.py': scalarClass('Distribution'), 'dist/joint_dist.py': jointClass('JointDistribution') };
  const after = { 'dist/scalar_dist.py': scalarClass('ScalarDistribution'), 'dist/dist.py': jointClass('Distribution') };
  assert.deepEqual(await refactorings(before, after), [
    'Move And Rename Class: dist/dist.py/Distribution → dist/scalar_dist.py/ScalarDistribution',
    'Move And Rename Class: dist/joint_dist.py/JointDistribution → dist/dist.py/Distribution',
  ]);
  const helper = (code: string) => (code.includes('def marginal') ? 'def joint_names(d):\n    return [rv.name for rv in d.rvs]\n' : 'def scalar_total(d):\n    return sum(d.pmf)\n');
  const withFunctions = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([path, code]) => [path, `${code}\n\n${helper(code)}`]));
  assert.deepEqual(await refactorings(withFunctions(before), withFunctions(after)), [
    'Move And Rename Class: dist/dist.py/Distribution → dist/scalar_dist.py/ScalarDistribution',
    'Move And Rename Class: dist/joint_dist.py/JointDistribution → dist/dist.py/Distribution',
    'Rename File: dist/dist.py → dist/scalar_dist.py',
    'Rename File: dist/joint_dist.py → dist/dist.py',
  ], 'modules with code outside their classes are renamed too');
});

test('a Python class in a renamed module moved with it (Move Class), and the module, which has functions of its own, is renamed; a module of classes only is told by its classes alone; a module keeping its name and losing most code keeps its identity', async () => {
  const before = { 'dist/dist.py': `${scalarClass('Distribution')}\n\ndef helper(x):\n    return x\n` };
  const renamed = { 'dist/scalar_dist.py': `${scalarClass('Distribution')}\n\ndef helper(x):\n    return x\n` };
  assert.deepEqual(await refactorings(before, renamed), [
    'Move Class: dist/dist.py/Distribution → dist/scalar_dist.py/Distribution',
    'Rename File: dist/dist.py → dist/scalar_dist.py',
  ]);
  const classOnly = await refactorings({ 'dist/dist.py': scalarClass('Distribution') }, { 'dist/scalar_dist.py': scalarClass('Distribution') });
  assert.deepEqual(classOnly, ['Move Class: dist/dist.py/Distribution → dist/scalar_dist.py/Distribution'], 'a module of classes only is told by its classes');
  const split = { 'dist/dist.py': 'def helper(x):\n    return x\n', 'dist/scalar_dist.py': scalarClass('Distribution') };
  assert.deepEqual(await refactorings(before, split), ['Move Class: dist/dist.py/Distribution → dist/scalar_dist.py/Distribution']);
});

test('a Python class whose module moved and whose code went to a new base class is that base class, moved and renamed', async () => {
  const methods = scalarClass('X').split('\n').slice(1).join('\n');
  const objective = `    def objective(self, x):
        joint = self.construct_joint(x)
        return self.mutual_information(joint, self.rv_x, self.rv_y)
`;
  const before = { 'skl/nimi.py': `class Nimi(Base):\n${methods}\n${objective}` };
  const after = { 'skl/bounds.py': `class BaseBounds(Base):\n${methods}\n\nclass Nimi(BaseBounds):\n${objective}` };
  assert.deepEqual(await refactorings(before, after), [
    'Move And Rename Class: skl/nimi.py/Nimi → skl/bounds.py/BaseBounds',
    'Push Down Method: skl/nimi.py/Nimi/objective → skl/bounds.py/Nimi/objective',
  ]);
});

test('a Python function reduced to a call of a new function holding its body, parameters changed, is an Extract Function', async () => {
  const body = `    stacks = []
    for meta in datasets:
        if meta.stack not in stacks and meta.visible:
            stacks.append(meta.stack)
        if meta.index == last:
            break
`;
  const before = { 'chart/bar.py': `def stack_count(datasets, last):\n${body}    return len(stacks)\n` };
  const after = { 'chart/bar.py': `def stack_count(datasets):\n    return len(_stacks(datasets, None))\n\n\ndef _stacks(datasets, last):\n${body}    return stacks\n` };
  assert.deepEqual(await refactorings(before, after), [
    'Change Function Signature: chart/bar.py/stack_count → chart/bar.py/stack_count',
    'Extract Function: chart/bar.py/stack_count → chart/bar.py/_stacks',
  ]);
});

test('a syntax error that cuts a Python class short does not turn its methods into moves (a renamed one is a rename); in a file that parses, a method moved out of its class is a Move', async () => {
  const methods = `    def build(self, inputs, outputs):\n        self.loss = compute_loss(inputs, outputs, self.hparams.weight)\n        return self.loss\n\n    def train_step(self, sess, batch):\n        loss, _ = sess.run([self.loss, self.train_op], feed_dict=batch)\n        return loss\n`;
  // A missing comma in a dict literal: tree-sitter's recovery ends the class before the methods.
  const model = (comma: string) =>
    `class Model:\n    @staticmethod\n    def default_hparams():\n        return {\n            "name": "model",\n            "rnn": {\n                "size": 700,\n            },\n            "keep_prob": 0.5${comma}\n            "dim": 200,\n        }\n\n${methods}`;
  assert.deepEqual(await refactorings({ 'models/model.py': model(',') }, { 'models/model.py': model('') }), []);
  assert.deepEqual(
    await refactorings({ 'models/model.py': model(',') }, { 'models/model.py': model('').replace('def train_step', 'def train_generator_step') }),
    ['Rename Function: models/model.py/Model/train_step → models/model.py/train_generator_step'],
    'renamed there, it is a rename, not a move',
  );
  const moved = `class Model:\n    def size(self):\n        return 700\n\n${methods}`;
  const outside = `class Model:\n    def size(self):\n        return 700\n\n\ndef train_step(sess, batch):\n        loss, _ = sess.run([self.loss, self.train_op], feed_dict=batch)\n        return loss\n`;
  assert.ok((await refactorings({ 'models/model.py': moved }, { 'models/model.py': outside })).includes('Move Function: models/model.py/Model/train_step → models/model.py/train_step'));
});

test('Python calls say what they are made on: self, a parameter annotated with a class, a variable assigned Foo(...), super(), a class; another parameter is another object', async () => {
  const src = `class Agent(Base):
    def run(self, net: Network, other, n=3):
        memory = Memory(n)
        self.train(n)
        net.fit(n)
        other.close()
        memory.sample(2)
        Agent.make()
        super().run(net, other)
        helper(n)
`;
  assert.deepEqual(named(await parseFile('agent.py', src), 'run').calls, [
    { name: 'Memory', args: 1, module: '' },
    { name: 'train', args: 1, receiver: 'Agent', ownType: true },
    { name: 'fit', args: 1, receiver: 'Network' },
    { name: 'close', args: 0, otherObject: true },
    { name: 'sample', args: 1, receiver: 'Memory' },
    { name: 'make', args: 0, receiver: 'Agent', exact: true },
    { name: 'run', args: 2, receiver: 'Base', exact: true },
    { name: 'super', args: 0, module: '' },
    { name: 'helper', args: 1, module: '' },
  ]);
});

test('code moved out of a Python method into a new close() that the method calls only on another object is no Extract Method', async () => {
  const pool = (cleanup: string, extra: string) => `class Pool:
    def __init__(self, size):
        self.size = size
        self.items = []
${extra}
    def run(self, job, connection):
        result = job.execute(self.items)
        self.items.append(result)
        connection.close()${cleanup}
        return result
`;
  const cleanup = '\n        self.items.clear()\n        self.size = 0';
  const close = '    def close(self):\n        self.items.clear()\n        self.size = 0\n';
  assert.deepEqual(await refactorings({ 'pool.py': pool(cleanup, '') }, { 'pool.py': pool('', close) }), []);
  const called = pool('', close).replace('connection.close()', 'connection.close()\n        self.close()');
  assert.deepEqual(await refactorings({ 'pool.py': pool(cleanup, '') }, { 'pool.py': called }), ['Extract Method: pool.py/Pool/run → pool.py/Pool/close']);
});

test('a Python method whose callers now call a new method of its class instead was renamed to it, although most of its code went to another module', async () => {
  const shell = (name: string, body: string) => `class Shell:
    def __init__(self, prompt):
        self.prompt = prompt

    def process(self, data, found):
        submitted = data.strip()
        if self.prompt in found:
            found = found[len(self.prompt):]
        self.${name}(data.split(), found, submitted)

    def ${name}(self, args, found, submitted):
${body}`;
  const floatBody = `        kind = args[1]
        if len(args) == 2:
            rtol = 1e-05
            atol = 1e-08
        else:
            rtol = float(args[2])
            atol = float(args[3])
        submitted = to_array(submitted)
        found = to_array(found)
        if not allclose(found, submitted, rtol=rtol, atol=atol):
            raise RuntimeError("doctest float comparison failure for " + kind)
`;
  const dispatch = `        from .checks import checks
        kind = args[1]
        if kind in checks:
            checks[kind](self, args, found, submitted)
        else:
            raise Exception("Invalid option: " + kind)
`;
  const checks = `def float_check(shell, args, found, submitted):
${floatBody}

checks = {"float": float_check}
`;
  assert.deepEqual(await refactorings({ 'docs/shell.py': shell('float_doctest', floatBody) }, { 'docs/shell.py': shell('custom_doctest', dispatch), 'docs/checks.py': checks }), [
    'Rename Method: docs/shell.py/Shell/float_doctest → docs/shell.py/Shell/custom_doctest',
  ]);
});

test('a Python method whose caller now calls two new methods instead was renamed to the one whose name still holds its name, with a parameter added', async () => {
  const loader = (helpers: string, body: string) => `class Loader:
    def __init__(self, hparams):
        self._hparams = hparams

${helpers}
    def _make_data(self):
        hparams = self._hparams.dataset
        self._vocab = make_vocab(hparams)
${body}
        self._dataset = batch(dataset, self._hparams.batch_size, length_fn)
`;
  const before = loader(
    `    def _make_dataset(self):
        dataset = TextLineDataset(
            self._hparams.dataset.files,
            compression_type=self._hparams.dataset.compression_type)
        return dataset
`,
    `        dataset = self._make_dataset()
        length_fn = lambda x: x[self._vocab.length_name]`,
  );
  const after = loader(
    `    @staticmethod
    def _make_text_dataset(dataset_hparams):
        dataset = TextLineDataset(
            dataset_hparams["files"],
            compression_type=dataset_hparams["compression_type"])
        return dataset

    def _make_length_fn(self):
        length_fn = lambda x: x[self._vocab.length_name]
        return length_fn
`,
    `        dataset = self._make_text_dataset(hparams)
        length_fn = self._make_length_fn()`,
  );
  assert.deepEqual(await refactorings({ 'loader.py': before }, { 'loader.py': after }), [
    'Extract Method: loader.py/Loader/_make_data → loader.py/Loader/_make_length_fn',
    'Rename Method: loader.py/Loader/_make_dataset → loader.py/Loader/_make_text_dataset',
  ]);
});

test('the only class a Python module lost and the only one it gained, moderately similar, were renamed', async () => {
  const before = `class PairedDataProvider(DataProvider):
    def __init__(self, dataset1, dataset2, reader1=None, reader2=None, shuffle=True, seed=None):
        data1 = dataset1.read(reader1, shuffle=shuffle, seed=seed)
        data2 = dataset2.read(reader2, shuffle=shuffle, seed=seed)
        items1 = dataset1.decoder.list_items()
        items2 = dataset2.decoder.list_items()
        super(PairedDataProvider, self).__init__(items_to_tensors=dict(zip(items1 + items2, data1 + data2)))
`;
  const after = `class ParallelDataProvider(DataProvider):
    def __init__(self, datasets, readers=None, dtypes=None, shuffle=True, seed=None):
        if readers is None:
            readers = [None] * len(datasets)
        items, tensors = [], []
        for dataset, reader in zip(datasets, readers):
            data = dataset.read(reader, shuffle=shuffle, seed=seed, dtypes=dtypes)
            items.extend(dataset.decoder.list_items())
            tensors.extend(data)
        super(ParallelDataProvider, self).__init__(items_to_tensors=dict(zip(items, tensors)))
`;
  assert.deepEqual(await refactorings({ 'providers.py': before }, { 'providers.py': after }), [
    'Change Method Signature: providers.py/PairedDataProvider/__init__ → providers.py/ParallelDataProvider/__init__',
    'Rename Class: providers.py/PairedDataProvider → providers.py/ParallelDataProvider',
  ]);
});

test('a Python method whose name lost part of one word (pooling → pool) and whose body was rewritten is a Rename Method, among other new methods; a word made plural is not enough', async () => {
  const encoder = (members: string) => `class Encoder(object):\n    def __init__(self, hparams):\n        self._hparams = hparams\n\n${members}\n`;
  const before = encoder(`    def _build_pooling_hparams(self):\n        pool_type = self._hparams.pooling\n        return {"type": pool_type, "kwargs": {"pool_size": 2}}\n`);
  const after = encoder(
    `    def _build_pool_hparams(self):\n        kwargs = dict(self._hparams.pool_kwargs)\n        kwargs.update(pool_size=self._hparams.pool_size)\n        return [{"type": t, "kwargs": kwargs} for t in self._hparams.pool_types]\n\n` +
      `    def _build_dense_hparams(self):\n        layers = []\n        for units in self._hparams.dense_sizes:\n            layers.append(units * 2)\n        return layers\n\n` +
      `    def _build_network(self):\n        return [self._build_pool_hparams(), self._build_dense_hparams()]\n`,
  );
  const found = await refactorings({ 'enc/encoders.py': before }, { 'enc/encoders.py': after });
  assert.ok(found.includes('Rename Method: enc/encoders.py/Encoder/_build_pooling_hparams → enc/encoders.py/Encoder/_build_pool_hparams'), found.join('\n'));
  // Two words changed is another name.
  const other = after.replace(/_build_pool_hparams/g, '_make_pool_config');
  const renamed = await refactorings({ 'enc/encoders.py': before }, { 'enc/encoders.py': other });
  assert.ok(!renamed.some((r) => r.startsWith('Rename Method')), renamed.join('\n'));
  // A plural is as often another method, one for many: not a shortened word.
  const plural = after.replace(/_build_pool_hparams/g, '_build_poolings_hparams');
  const many = await refactorings({ 'enc/encoders.py': before }, { 'enc/encoders.py': plural });
  assert.ok(!many.some((r) => r.startsWith('Rename Method')), many.join('\n'));
});

test('Python getters of other fields are no rename of one another; a getter of the same field under a new name, or renamed with its field, is one', async () => {
  const prop = (name: string, doc: string, field: string) => `    @property\n    def ${name}(self):\n        """${doc}\n        """\n        return self.${field}\n`;
  const network = (members: string[]) => `class Network(ModuleBase):\n    def __init__(self, layers=None, hparams=None):\n        ModuleBase.__init__(self, hparams)\n        self._layers = layers or []\n        self._layer_names = [layer.name for layer in self._layers]\n\n    def _build(self, inputs):\n        outputs = inputs\n        for layer in self._layers:\n            outputs = layer(outputs, self._hparams.dropout, self._hparams.rate)\n        self._layers.append(self._hparams.output_layer)\n        return outputs\n\n${members.join('\n')}`;
  const before = network([
    prop('variable_scope', 'The variable scope of the network.', '_template.variable_scope'),
    prop('name', 'The uniquified name of the network.', '_unique_name'),
    prop('hparams', 'The hyperparameters of the network.\n\n        Returns:\n            An HParams instance.', '_hparams'),
  ]);
  const after = network([
    prop('layers_by_name', 'A dictionary mapping layer names to the layers.', '_layers_by_name'),
    prop('layers', 'A list of the layers.', '_layers'),
    prop('layer_names', 'A list of uniquified layer names.', '_layer_names'),
  ]);
  assert.deepEqual(await refactorings({ 'nets.py': before }, { 'nets.py': after }), [], 'the properties went to the base class; new ones were added');
  const setter = (name: string, field: string) => `    def ${name}(self, value):\n        self.${field} = value\n`;
  assert.deepEqual(await refactorings({ 'nets.py': network([setter('set_scope', '_scope'), setter('set_name', '_name')]) }, { 'nets.py': network([setter('set_layers', '_layers'), setter('set_layer_names', '_layer_names')]) }), []);
  const vocab = (members: string[]) => `class Vocab(object):\n    def __init__(self, filename):\n        self._filename = filename\n        self._size = len(open(filename).readlines())\n\n${members.join('\n')}`;
  assert.deepEqual(
    await refactorings({ 'vocab.py': vocab([prop('vocab_size', 'The vocabulary size.', '_size'), prop('filename', 'The file.', '_filename')]) }, { 'vocab.py': vocab([prop('size', 'The vocabulary size.', '_size'), prop('path', 'The path of the file.', '_filename')]) }),
    ['Rename Method: vocab.py/Vocab/filename → vocab.py/Vocab/path', 'Rename Method: vocab.py/Vocab/vocab_size → vocab.py/Vocab/size'],
  );
  // renamed with its field: the old field is gone from the class, the new one was not there
  const module = (getter: string, field: string) => `class Module(object):\n    def __init__(self, hparams=None):\n        self._hparams = hparams\n        self.${field} = []\n\n    def _build(self, inputs):\n        self.${field}.extend(self._hparams.variables)\n        return inputs\n\n${prop(getter, 'Returns the list of trainable variables of the module.', field)}\n${prop('hparams', 'The hyperparameters.', '_hparams')}`;
  assert.deepEqual(await refactorings({ 'module.py': module('variables', '_variables') }, { 'module.py': module('trainable_variables', '_trainable_variables') }), [
    'Rename Method: module.py/Module/variables → module.py/Module/trainable_variables',
  ]);
});

test('a Python method moved whole under a new name went there, not to a new namesake with other parameters that holds none of its statements and calls it; a namesake taking its parameters stands in its place', async () => {
  // werkzeug c741436a06: Rule.match() went into TableMatcher.match_rule(); the new TableMatcher.match() holds MapAdapter.match()'s loop
  const ruleBody = (self: string) => [
    '        require_redirect = False',
    `        m = ${self === 'self' ? 'self._regex' : 'regex'}.search(path)`,
    '        if m is not None:',
    '            groups = m.groupdict()',
    `            if ${self}.strict_slashes and not ${self}.is_leaf and not groups.pop("__suffix__"):`,
    '                path += "/"',
    '                require_redirect = True',
    '            result = {}',
    '            for name, value in groups.items():',
    `                result[str(name)] = ${self}._converters[name].to_python(value)`,
    '            if require_redirect:',
    '                raise RequestPath(path.split("|", 1)[1])',
    '            return result',
    '        return None',
  ].join('\n');
  const before = {
    'routing/rules.py': `class Rule:\n    def __init__(self, string):\n        self.rule = string\n\n    def match(self, path, method=None):\n${ruleBody('self')}\n`,
    'routing/map.py': 'class MapAdapter:\n    def match(self, path_info, method):\n        path = f"{self.server_name}|{path_info}"\n        have_match_for = set()\n        for rule in self.map._rules:\n            rv = rule.match(path, method)\n            if rv is None:\n                continue\n            if rule.methods is not None and method not in rule.methods:\n                have_match_for.update(rule.methods)\n                continue\n            return rule, rv\n        raise NotFound()\n',
  };
  const matcher = (head: string) =>
    `class TableMatcher:\n    def __init__(self):\n        self._rules = []\n\n    def ${head}\n        have_match_for = set()\n        for regex, rule in self._rules:\n            rv = self.match_rule(regex, rule, path, method)\n            if rv is not None:\n                if rule.methods is not None and method not in rule.methods:\n                    have_match_for.update(rule.methods)\n                else:\n                    return rule, rv\n        raise NoMatch(have_match_for)\n\n    def match_rule(self, regex, rule, path, method):\n${ruleBody('rule')}\n`;
  const after = (head: string) => ({
    'routing/rules.py': 'class Rule:\n    def __init__(self, string):\n        self.rule = string\n',
    'routing/map.py': 'class MapAdapter:\n    def match(self, path_info, method):\n        return self.map._matcher.match(self.server_name, path_info, method, False)\n',
    'routing/matcher.py': matcher(head),
  });
  assert.deepEqual(await refactorings(before, after('match(self, domain, path, method, websocket):\n        path = f"{domain}|{path}"')), [
    'Extract And Move Method: routing/map.py/MapAdapter/match → routing/matcher.py/TableMatcher/match',
    'Move And Rename Method: routing/rules.py/Rule/match → routing/matcher.py/TableMatcher/match_rule',
  ]);
  assert.deepEqual(await refactorings(before, after('match(self, path, method=None):')), [
    'Extract Method: routing/rules.py/Rule/match → routing/matcher.py/TableMatcher/match_rule',
    'Move Method: routing/rules.py/Rule/match → routing/matcher.py/TableMatcher/match',
  ]);
});

test('a helper extracted into a decorator that the caller now wears with an argument (`@_pause_echo(echo_input)`) is found: the decorator is the call', async () => {
  const before = `class Runner:
    def isolation(self, input):
        echo_input = Echo(input)

        def hidden_input(prompt=None):
            sys.stdout.write(f"{prompt or ''}\\n")
            sys.stdout.flush()
            if self.echo_stdin:
                echo_input.paused = True
            val = input.readline().rstrip("\\r\\n")
            if self.echo_stdin:
                echo_input.paused = False
            return val

        return hidden_input
`;
  const after = `import contextlib


@contextlib.contextmanager
def _pause_echo(stream):
    if stream is None:
        yield
    else:
        stream._paused = True
        yield
        stream._paused = False


class Runner:
    def isolation(self, input):
        echo_input = Echo(input)

        @_pause_echo(echo_input)
        def hidden_input(prompt=None):
            sys.stdout.write(f"{prompt or ''}\\n")
            sys.stdout.flush()
            return input.readline().rstrip("\\r\\n")

        return hidden_input
`;
  const found = await refactorings({ 'testing.py': before }, { 'testing.py': after });
  assert.ok(found.some((r) => r.startsWith('Extract') && r.includes('hidden_input') && r.endsWith('_pause_echo')), found.join('\n'));
});

test('a bare call reaches no method: the caller calling a local `isatty()` extracted nothing into a new `FakeTTY.isatty` of a test', async () => {
  const console = (middle: string) => `class Console:
    @property
    def is_terminal(self) -> bool:
        if self._force_terminal is not None:
            return self._force_terminal
        if self.is_jupyter:
            return False
${middle}
        isatty = getattr(self.file, "isatty", None)
        try:
            return False if isatty is None else isatty()
        except ValueError:
            return False
`;
  const before = `        force_color = self._environ.get("FORCE_COLOR")
        if force_color is not None:
            self._force_terminal = True
            return True`;
  const after = `        environ = self._environ
        tty_compatible = environ.get("TTY_COMPATIBLE", "")
        if tty_compatible == "0":
            return False
        force_color = environ.get("FORCE_COLOR")
        if force_color is not None:
            return force_color != ""`;
  const tests = `def test_dumb_terminal():
    console = Console(force_terminal=True, _environ={})
    assert console.color_system is not None
`;
  const tty = `

def test_tty_compatible():
    class FakeTTY:
        def __init__(self):
            self.called_isatty = False

        def isatty(self):
            self.called_isatty = True
            return True

    console = Console(file=FakeTTY())
    assert console.is_terminal
`;
  assert.deepEqual(
    await refactorings({ 'rich/console.py': console(before), 'tests/test_console.py': tests }, { 'rich/console.py': console(after), 'tests/test_console.py': tests + tty }),
    [],
  );
});

test('a bare call of a parameter may be a pytest fixture of the class: the fixture inlined into the test is found', async () => {
  const before = `class TestRoutes:
    @pytest.fixture
    def invoke_no_routes(self, runner):
        def create_app():
            app = Flask(__name__, static_folder=None)
            app.testing = True
            return app

        cli = FlaskGroup(create_app=create_app)
        return partial(runner.invoke, cli)

    def test_no_routes(self, invoke_no_routes):
        result = invoke_no_routes(["routes"])
        assert result.exit_code == 0
        assert "No routes were registered." in result.output
`;
  const after = `class TestRoutes:
    def test_no_routes(self, runner):
        app = Flask(__name__, static_folder=None)
        cli = FlaskGroup(create_app=lambda: app)
        result = runner.invoke(cli, ["routes"])
        assert result.exit_code == 0
        assert "No routes were registered." in result.output
`;
  assert.deepEqual(await refactorings({ 'tests/test_cli.py': before }, { 'tests/test_cli.py': after }), [
    'Change Method Signature: tests/test_cli.py/TestRoutes/test_no_routes → tests/test_cli.py/TestRoutes/test_no_routes',
    'Inline Method: tests/test_cli.py/TestRoutes/invoke_no_routes → tests/test_cli.py/TestRoutes/test_no_routes',
  ]);
});

test('a Python method moved between two classes of one name in two files of one folder moved: a Python class is its module\'s, never split over files', async () => {
  const suite = (body: string) => `class TestParser:\n${body}`;
  const parses = `    def test_parse_scheme(self):
        fmt = Format.parse("file://{path}")
        assert len(fmt.parts) == 2
        assert fmt.parts[0] == "file"
`;
  const valid = `    def test_aliases_valid(self):
        for name, definition in ALIASES:
            assert Format.parse(definition) is not None, name
            assert definition.startswith(name)
`;
  const sorted = `    def test_sorted(self):
        prev = ALIASES[0][0]
        for name, _ in ALIASES[1:]:
            assert name > prev
            prev = name
`;
  const before = { 'tests/test_format.py': suite(`${parses}\n${valid}`), 'tests/test_aliases.py': suite(sorted) };
  const after = { 'tests/test_format.py': suite(parses), 'tests/test_aliases.py': suite(`${sorted}\n${valid}`) };
  assert.deepEqual(await refactorings(before, after), [
    'Move Method: tests/test_format.py/TestParser/test_aliases_valid → tests/test_aliases.py/TestParser/test_aliases_valid',
  ]);
});

test('a Python enumeration replaced by a dataclass of a name half alike, no code or member kept, is no Rename Class; with a member kept by name, it is', async () => {
  const before = (member: string) => `from enum import Enum


class PartEvent(Enum):
    BEGIN = 1
    DATA = 2
    END = 3
${member}

class Parser:
    def __init__(self):
        self.events = []

    def on_part_begin(self):
        self.events.append((PartEvent.BEGIN, b""))

    def on_part_data(self, data):
        self.events.append((PartEvent.DATA, data))
`;
  const after = (member: string) => `from dataclasses import dataclass


@dataclass
class Part:
    name: str = ""
    data: bytes = b""
${member}

class Parser:
    def __init__(self):
        self.part = Part()

    def on_part_begin(self):
        self.part = Part()

    def on_part_data(self, data):
        self.part.data += data
`;
  assert.deepEqual(await refactorings({ 'pkg/parser.py': before('') }, { 'pkg/parser.py': after('') }), []);
  const describe = (what: string) => `\n    def describe(self):\n        return f"{self.${what}}"\n`;
  assert.deepEqual(await refactorings({ 'pkg/parser.py': before(describe('name')) }, { 'pkg/parser.py': after(describe('data')) }), [
    'Rename Class: pkg/parser.py/PartEvent → pkg/parser.py/Part',
  ]);
});
