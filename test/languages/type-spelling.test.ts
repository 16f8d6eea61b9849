/**
 * A parameter type in its language's comparable spelling (LanguageSpec.comparableType, else the
 * shared comparableType; CstNode.comparableTypes): what Change Signature ignores in a parameter
 * type, and what it keeps.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { languageSpec, parseFile } from '../../src/languages/registry';
import { comparableType as sharedRule } from '../../src/languages/type-spelling';

/** `type` as a language module spells it comparably ('any': a language with no rule of its own). */
const comparableType = (type: string, language: string) => (languageSpec(language)?.comparableType ?? sharedRule)(type);

test('a parameter type compares without qualifiers, lifetimes, spaces and inline-object separators', () => {
  assert.equal(comparableType('*cobra.Command', 'any'), comparableType('*Command', 'any'));
  assert.equal(comparableType('const std::string&', 'any'), comparableType('const string&', 'any'));
  assert.equal(comparableType("&'a dir_entry::DirEntry", 'rust'), comparableType('&entry::DirEntry', 'rust'));
  assert.equal(comparableType('{ select?: boolean, focus?: boolean }', 'any'), comparableType('{ select?: boolean; focus?: boolean; }', 'any'));
});

test('Rust: a lifetime written or elided is one type (`Formatter` and `Formatter<\'_>`), as is a trait object with or without `dyn`', () => {
  // ripgrep af54069c51, cargo fix --edition-idioms: 62 signatures gained `<'_>` and nothing else
  const same = (a: string, b: string) => assert.equal(comparableType(a, 'rust'), comparableType(b, 'rust'), `${a} ≡ ${b}`);
  same('&mut fmt::Formatter', "&mut fmt::Formatter<'_>");
  same('&Candidate', "&Candidate<'a>");
  same('Option<Ref<T>>', "Option<Ref<'a, T>>");
  same('Cow<str>', "Cow<'static, str>");
  same('Box<Error>', 'Box<dyn Error>');
  same('Box<Error>', 'Box<dynError>');
  same('&std::error::Error', '&dynstd::error::Error');
  same('&Fn(&Path) -> bool', '&dyn Fn(&Path) -> bool');
  const differ = (a: string, b: string) => assert.notEqual(comparableType(a, 'rust'), comparableType(b, 'rust'), `${a} ≢ ${b}`);
  differ("&Candidate<'_>", "&Pattern<'_>");
  differ("Ref<'a, T>", "Ref<'a, U>");
  differ('Box<dyn Error>', 'Box<dyn Display>');
});

test('what makes another type stays: the name, a string literal type, the dots of a variadic pack', () => {
  assert.notEqual(comparableType('*cobra.Command', 'any'), comparableType('*Socket', 'any'));
  assert.notEqual(comparableType("'left' | 'right'", 'any'), comparableType("'left' | 'center'", 'any'));
  // `Args...` is the pack Args, not a qualifier `Args.`: two packs of other types are two types
  assert.equal(comparableType('Args...', 'any'), 'Args...');
  assert.notEqual(comparableType('Args...', 'any'), comparableType('Fields...', 'any'));
});

test('one type spelt otherwise: a union in another order, a quoted forward reference, Python typing forms and aliases', () => {
  const same = (a: string, b: string, language = 'python') => assert.equal(comparableType(a, language), comparableType(b, language), `${a} ≡ ${b}`);
  same('t.Optional[ft.ErrorHandlerCallable]', 'ft.ErrorHandlerCallable | None');
  same('t.Union[timedelta, int, None]', 'timedelta | int | None');
  same('"Blueprint"', 'Blueprint');
  same("t.ValuesView['Blueprint']", 't.ValuesView[Blueprint]');
  same("'models.User'", 'models.User');
  same("t.Dict['a.B', int]", 'dict[a.B, int]');
  same('t.Dict[str, t.Optional[t.List[int]]]', 'dict[str, list[int] | None]');
  same('t.Callable[[int], str]', 'Callable[[int],str]');
  same('t.Tuple[t.Any, ...]', 'tuple[t.Any, ...]');
  same('t.Optional[t.Union[int, t.Callable[[t.Optional[str]], t.Optional[int]]]]', 'None | (int | t.Callable[[str | None], int | None])');
  same('string | undefined', 'undefined | string', 'typescript');
  // a Python generic without arguments takes Any for each (mypy --strict asks for them written: jinja 8ed8e1d0ed)
  same('t.Container', 't.Container[t.Any]');
  same('t.MutableMapping', 't.MutableMapping[t.Any, t.Any]');
  same('t.Callable', 't.Callable[..., t.Any]');
  same('t.Tuple', 'tuple[t.Any, ...]');
  same('t.List', 'list');
  same('t.Union[t.AsyncIterable, t.Iterable]', 't.Union[t.AsyncIterable[t.Any], t.Iterable[t.Any]]');
});

test('what is another type stays so: another member, List only aliased in Python, text of other shapes as it was', () => {
  const differ = (a: string, b: string, language = 'python') => assert.notEqual(comparableType(a, language), comparableType(b, language), `${a} ≢ ${b}`);
  differ('t.Optional[str]', 'str');
  differ('t.Union[str, bytes]', 'str | None');
  differ('Dict[str, int]', 'dict[str, str]');
  differ('List[T]', 'list[T]', 'go');
  differ('os.PathLike', '"os.PathLike[str]"');
  differ('t.Tuple', 't.Tuple[t.Any]');
  differ('t.Callable', 't.Callable[[t.Any], t.Any]');
  differ('Iterable', 'Iterable[Any]', 'typescript');
  assert.equal(comparableType('map[string]int', 'go'), 'map[string]int');
  assert.equal(comparableType('Map<K, V>', 'java'), 'Map<K,V>');
});

test('C#: `?` after a reference type is a nullability annotation, after a value type another type (Nullable<T>)', () => {
  assert.equal(comparableType('Exception?', 'csharp'), comparableType('Exception', 'csharp'));
  assert.equal(comparableType('object?[]?', 'csharp'), comparableType('object[]', 'csharp'));
  assert.notEqual(comparableType('int?', 'csharp'), comparableType('int', 'csharp'));
  // only C# reads `?` so: a Kotlin `String?` keeps it
  assert.notEqual(comparableType('String?', 'kotlin'), comparableType('String', 'kotlin'));
});

test('the builder stores what the comparison reads: comparable parameter types where they differ from the written', async () => {
  const python = await parseFile('jobs/job.py', 'class Job(object):\n    def run(self, when: t.Optional[str], n: int):\n        pass\n');
  const run = python.nodes.find((n) => n.name === 'run')!;
  assert.deepEqual(run.parameterTypes, ['t.Optional[str]', 'int']);
  assert.deepEqual(run.comparableTypes, ['None|str', 'int']);
  const kotlin = await parseFile('A.kt', 'class A : Any() {\n    fun f(s: String, n: Int) {}\n}\n');
  assert.equal(kotlin.nodes[1].comparableTypes, undefined, 'kept only where a type is spelt otherwise');
  // a type parameter is read by its position where one was renamed (`<T>` → `<TT>`)
  const java = await parseFile('A.java', 'class A<T> {\n  void f(Class<T> c, Adapter<? super T> a) {}\n}\n');
  assert.deepEqual(java.nodes[1].positionalTypes, ['Class<__T0>', 'Adapter<?super__T0>']);
});

test('the builder marks the supertypes that name the language\'s root type, and only its own', async () => {
  const python = await parseFile('jobs/job.py', 'class Job(object):\n    pass\n\nclass Task(Object):\n    pass\n');
  const [job, task] = python.nodes.filter((n) => n.kind === 'class');
  assert.deepEqual(job.rootSupertypes, ['object']);
  // `Object` is Java's root, not Python's
  assert.equal(task.rootSupertypes, undefined);
  const kotlin = await parseFile('A.kt', 'class A : Any(), Runnable {\n    override fun run() {}\n}\n');
  assert.deepEqual(kotlin.nodes[0].supertypes, ['Any', 'Runnable']);
  assert.deepEqual(kotlin.nodes[0].rootSupertypes, ['Any']);
  const go = await parseFile('a.go', 'package a\n\ntype A struct {\n\tObject\n}\n');
  assert.equal(go.nodes.find((n) => n.name === 'A')?.rootSupertypes, undefined, 'Go has no root type');
});
