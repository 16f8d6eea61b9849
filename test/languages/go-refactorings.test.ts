/** Go: what the CST builder finds in one small file, and the refactorings a user sees on small fixtures. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CstNode, FileCst } from '../../src/core/cst';
import { parseFile } from '../../src/languages/registry';
import { refactorings, refactoringsFoundBy } from '../helpers';

const named = (cst: FileCst, name: string): CstNode => {
  const node = cst.nodes.find((n) => n.name === name);
  assert.ok(node, `no node ${name} among ${cst.nodes.map((n) => n.name).join(', ')}`);
  return node;
};

const server = `package server

import "fmt"

// Server serves.
type Server struct {
	Addr string
	*Base
	io.Closer
}

type Handler interface {
	Serve(w Writer, r *Request) error
	fmt.Stringer
}

type (
	ID    int
	Alias = string
)

func (s *Server) Start(port int, opts ...Option) (err error) {
	fmt.Println(s.Addr)
	return listen(port, func() { s.stop() })
}

func (p Pair[T]) First() T { return p.a }

func New(a, b int, name string) *Server { return &Server{} }

func (c *Client) Close() {}

type Pair[T any] struct{ a, b T }
`;

test('Go CST: a file node, named types and aliases, functions, methods under their receiver\'s type, interface method specs', async () => {
  const cst = await parseFile('pkg/server/server.go', server);
  assert.equal(cst.language, 'go');
  assert.equal(cst.errors, 0);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.noun, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'File', 'server.go', null],
    ['struct', 'Type', 'Server', 'server.go'],
    ['interface', 'Type', 'Handler', 'server.go'],
    ['method', 'Method', 'Serve', 'Handler'],
    ['type', 'Type', 'ID', 'server.go'],
    ['alias', 'Type', 'Alias', 'server.go'],
    ['method', 'Method', 'Start', 'Server'],
    ['method', 'Method', 'First', 'Pair'],
    ['function', 'Function', 'New', 'server.go'],
    ['method', 'Method', 'Client/Close', 'server.go'],
    ['struct', 'Type', 'Pair', 'server.go'],
  ]);
  assert.deepEqual(cst.nodes.map((n) => n.namespace), ['pkg/server/', ...cst.nodes.slice(1).map(() => '')]);
  assert.ok(named(cst, 'Server').tokens.includes('Println'), 'a type holds the tokens of its methods');
});

test('Go parameters, results, supertypes (embedded types), calls and stereotypes', async () => {
  const cst = await parseFile('pkg/server/server.go', server);
  const start = named(cst, 'Start');
  assert.deepEqual([start.parameters, start.parameterTypes, start.returnType], [['port', 'opts'], ['int', '...Option'], '(err error)']);
  assert.deepEqual([named(cst, 'New').parameters, named(cst, 'New').parameterTypes], [['a', 'b', 'name'], ['int', 'int', 'string']]);
  assert.deepEqual(named(cst, 'Serve').parameterTypes, ['Writer', '*Request']);
  assert.deepEqual(named(cst, 'Server').supertypes, ['Base', 'Closer']);
  assert.deepEqual(named(cst, 'Handler').supertypes, ['Stringer']);
  assert.deepEqual(start.calls, [
    { name: 'Println', args: 1, module: 'fmt' },
    { name: 'listen', args: 2, module: 'server' },
    { name: 'stop', args: 0, receiver: 'Server' },
  ], 'a func literal\'s calls belong to its function');
  assert.deepEqual(named(cst, 'Serve').stereotypes, ['type-member', 'abstract', 'exported']);
  assert.deepEqual(start.stereotypes, ['type-member', 'has-body', 'exported']);
  assert.deepEqual(named(cst, 'New').stereotypes, ['has-body', 'exported']);
  const private_ = await parseFile('a.go', 'package a\nfunc helper() {}\ntype config struct{}\n');
  assert.deepEqual(private_.nodes.slice(1).map((n) => n.stereotypes), [['has-body'], []], 'lower-case names are not exported');
});

const checksum = `func Checksum(data []byte, seed uint32) uint32 {
	sum := seed
	for i, b := range data {
		sum = (sum << 5) + sum + uint32(b) ^ uint32(i)
	}
	if sum == 0 {
		log.Printf("empty checksum for %d bytes", len(data))
	}
	return sum
}
`;
const trim = `func trimAll(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, line := range lines {
		out = append(out, strings.TrimSpace(line))
	}
	return out
}
`;
const file = (...parts: string[]) => `package util\n\n${parts.join('\n')}`;

test('a Go function renamed is a Rename Function; a parameter type changed, a Change Function Signature', async () => {
  const before = { 'util/util.go': file(checksum, trim) };
  assert.deepEqual(await refactorings(before, { 'util/util.go': file(checksum.replace('Checksum(', 'Hash('), trim) }), [
    'Rename Function: util/util.go/Checksum → util/util.go/Hash',
  ]);
  assert.deepEqual(await refactorings(before, { 'util/util.go': file(checksum.replace('seed uint32)', 'seed uint64)'), trim) }), [
    'Change Function Signature: util/util.go/Checksum → util/util.go/Checksum',
  ]);
});

test('a Go parameter typed interface{} retyped any keeps its signature; retyped to another type changes it', async () => {
  const store = (type: string) => file(`func Store(key string, value ${type}, opts ...${type}) error {\n\tif key == "" {\n\t\treturn nil\n\t}\n\tlog.Printf("store %s=%v (%d options)", key, value, len(opts))\n\treturn nil\n}\n`, trim);
  assert.deepEqual(await refactorings({ 'util/util.go': store('interface{}') }, { 'util/util.go': store('any') }), []);
  assert.deepEqual(await refactorings({ 'util/util.go': store('map[string]interface {}') }, { 'util/util.go': store('map[string]any') }), []);
  assert.deepEqual(await refactorings({ 'util/util.go': store('interface{}') }, { 'util/util.go': store('fmt.Stringer') }), [
    'Change Function Signature: util/util.go/Store → util/util.go/Store',
  ]);
});

test('a Go function moved to another file is a Move Function; moved and renamed, a Move And Rename Function', async () => {
  const other = 'func isBlank(s string) bool {\n\treturn strings.TrimSpace(s) == ""\n}\n';
  const before = { 'util/util.go': file(checksum, trim), 'util/text.go': file(other) };
  assert.deepEqual(await refactorings(before, { 'util/util.go': file(checksum), 'util/text.go': file(other, trim) }), [
    'Move Function: util/util.go/trimAll → util/text.go/trimAll',
  ]);
  assert.deepEqual(await refactorings(before, { 'util/util.go': file(checksum), 'util/text.go': file(other, trim.replace('trimAll(', 'stripAll(')) }), [
    'Move And Rename Function: util/util.go/trimAll → util/text.go/stripAll',
  ]);
});

const report = `func Report(orders []Order) string {
	var b strings.Builder
	for _, o := range orders {
		total := o.Price * float64(o.Quantity) * (1 + o.TaxRate)
		fmt.Fprintf(&b, "%-20s %8.2f %s\\n", o.Customer, total, o.Currency)
	}
	fmt.Fprintf(&b, "%d orders\\n", len(orders))
	return b.String()
}
`;
const reportExtracted = `func Report(orders []Order) string {
	var b strings.Builder
	for _, o := range orders {
		writeLine(&b, o)
	}
	fmt.Fprintf(&b, "%d orders\\n", len(orders))
	return b.String()
}
`;
const writeLine = `func writeLine(w io.Writer, entry Order) {
	total := entry.Price * float64(entry.Quantity) * (1 + entry.TaxRate)
	fmt.Fprintf(w, "%-20s %8.2f %s\\n", entry.Customer, total, entry.Currency)
}
`;

test('part of a Go function moved to a new function it calls is an Extract Function; back, an Inline Function', async () => {
  assert.deepEqual(await refactorings({ 'shop/report.go': file(report) }, { 'shop/report.go': file(reportExtracted, writeLine) }), [
    'Extract Function: shop/report.go/Report → shop/report.go/writeLine',
  ]);
  assert.deepEqual(await refactorings({ 'shop/report.go': file(reportExtracted, writeLine) }, { 'shop/report.go': file(report) }), [
    'Inline Function: shop/report.go/writeLine → shop/report.go/Report',
  ]);
});

const speak = `func (a *Animal) Speak(loudly bool, times int) string {
	word := strings.Repeat(a.Sound, times)
	if loudly {
		return strings.ToUpper(word) + "!"
	}
	return word + "."
}
`;
const animal = 'type Animal struct {\n\tName  string\n\tSound string\n}\n';
const dog = 'type Dog struct {\n\tAnimal\n\tBreed string\n}\n\nfunc (d *Dog) Fetch(thing string) string {\n\treturn d.Name + " fetches the " + thing\n}\n';

test('a Go struct renamed with its method is a Rename Type and a Rename Method', async () => {
  const after = file(animal, speak).replace(/Animal/g, 'Creature').replace('Speak(', 'Talk(');
  assert.deepEqual(await refactorings({ 'zoo/animal.go': file(animal, speak) }, { 'zoo/animal.go': after }), [
    'Rename Method: zoo/animal.go/Animal/Speak → zoo/animal.go/Creature/Talk',
    'Rename Type: zoo/animal.go/Animal → zoo/animal.go/Creature',
  ]);
});

test('a Go struct moved to another file with its methods is a Move Type', async () => {
  const before = { 'zoo/animal.go': file(animal, speak, dog), 'zoo/pets.go': file('func Adopt(d *Dog) *Dog {\n\treturn d\n}\n') };
  const after = { 'zoo/animal.go': file(animal, speak), 'zoo/pets.go': file('func Adopt(d *Dog) *Dog {\n\treturn d\n}\n', dog) };
  assert.deepEqual(await refactorings(before, after), ['Move Type: zoo/animal.go/Dog → zoo/pets.go/Dog']);
});

test('a Go struct moved out of the file its methods stay in, to a generated file: its methods did not move', async () => {
  // urfave/cli ed0033984b: the flag types went to a generated file (not read), their methods stayed
  const before = { 'zoo/animal.go': file(animal, speak, dog) };
  const generated = `// Code generated by genflags. DO NOT EDIT.\n\n${file(animal, 'type Dog struct {\n\tAnimal\n\tBreed string\n}\n')}`;
  const after = (methods: string) => ({ 'zoo/animal.go': methods, 'zoo/zz_generated.go': generated });
  const methods = file(speak, dog.slice(dog.indexOf('func')));
  assert.deepEqual(await refactorings(before, after(methods)), []);
  // back: the types are written by hand again beside their methods
  assert.deepEqual(await refactorings({ 'zoo/animal.go': methods }, before), []);
  // a method renamed where it stayed is still a Rename Method, its parameters changed a Change Method Signature
  assert.deepEqual(await refactorings(before, after(methods.replace('Speak(', 'Talk(').replace('Fetch(thing string)', 'Fetch(thing string, far bool)'))), [
    'Change Method Signature: zoo/animal.go/Dog/Fetch → zoo/animal.go/Dog/Fetch',
    'Rename Method: zoo/animal.go/Animal/Speak → zoo/animal.go/Animal/Talk',
  ]);
});

test('a Go method is spelt as its type\'s wherever it is declared: moved between files, it moved between files only', async () => {
  const before = { 'zoo/speak.go': file(speak), 'zoo/animal.go': file(animal) };
  const after = { 'zoo/speak.go': file(), 'zoo/voice.go': file(speak), 'zoo/animal.go': file(animal) };
  assert.deepEqual(await refactorings(before, after), ['Move Method: zoo/speak.go/Animal/Speak → zoo/voice.go/Animal/Speak']);
  // out of its type's file and back: one spelling on both sides
  const beside = { 'zoo/speak.go': file(), 'zoo/animal.go': file(animal, speak) };
  assert.deepEqual(await refactorings(beside, before), ['Move Method: zoo/animal.go/Animal/Speak → zoo/speak.go/Animal/Speak']);
  assert.deepEqual(await refactorings(before, beside), ['Move Method: zoo/speak.go/Animal/Speak → zoo/animal.go/Animal/Speak']);
});

test('a Go method declared apart from its type: a pointer receiver made a value is no change; another receiver type is a Move Method; its type renamed, the method stays', async () => {
  const dogType = 'type Dog struct {\n\tBreed string\n\tSound string\n}\n';
  const before = { 'zoo/speak.go': file(speak), 'zoo/animal.go': file(animal, dogType) };
  const withSpeak = (method: string) => ({ ...before, 'zoo/speak.go': file(method) });
  assert.deepEqual(await refactorings(before, withSpeak(speak.replace('(a *Animal)', '(a Animal)'))), []);
  assert.deepEqual(await refactorings(before, withSpeak(speak.replace('(a *Animal)', '(a *Dog)'))), ['Move Method: zoo/speak.go/Animal/Speak → zoo/speak.go/Dog/Speak']);
  const renamed = (text: string) => text.replace(/Animal/g, 'Creature');
  assert.deepEqual(await refactorings(before, { 'zoo/speak.go': renamed(file(speak)), 'zoo/animal.go': renamed(file(animal, dogType)) }), [
    'Rename Type: zoo/animal.go/Animal → zoo/animal.go/Creature',
  ]);
  assert.deepEqual(await refactorings(before, { 'zoo/speak.go': renamed(file(speak.replace('times int', 'times int64'))), 'zoo/animal.go': renamed(file(animal, dogType)) }), [
    'Change Method Signature: zoo/speak.go/Animal/Speak → zoo/speak.go/Creature/Speak',
    'Rename Type: zoo/animal.go/Animal → zoo/animal.go/Creature',
  ]);
});

test('a Go type alias renamed or moved is a Rename or Move Type; a struct renamed or moved whose old name is kept as an alias of it is still a Rename or Move Type', async () => {
  const handler = 'type Handler = http.Handler\n';
  assert.deepEqual(await refactorings({ 'zoo/a.go': file(handler) }, { 'zoo/a.go': file(handler.replace('Handler =', 'Processor =')) }), [
    'Rename Type: zoo/a.go/Handler → zoo/a.go/Processor',
  ]);
  assert.deepEqual(await refactorings({ 'zoo/a.go': file(handler), 'zoo/b.go': file(checksum) }, { 'zoo/a.go': file(), 'zoo/b.go': file(checksum, handler) }), [
    'Move Type: zoo/a.go/Handler → zoo/b.go/Handler',
  ]);
  const before = { 'zoo/animal.go': file(animal, speak) };
  const renamed = file(animal, speak).replace(/Animal/g, 'Creature');
  assert.deepEqual(await refactorings(before, { 'zoo/animal.go': `${renamed}\n// Deprecated: use Creature.\ntype Animal = Creature\n` }), [
    'Rename Type: zoo/animal.go/Animal → zoo/animal.go/Creature',
  ]);
  // moved to another package, the old name kept for callers as an alias of the new place
  const moved = { 'zoo/animal.go': 'package zoo\n\nimport "example.com/zoo/kind"\n\ntype Animal = kind.Animal\n', 'zoo/kind/animal.go': `package kind\n\n${animal}\n${speak}` };
  assert.deepEqual(await refactorings(before, moved), ['Move Type: zoo/animal.go/Animal → zoo/kind/animal.go/Animal']);
});

test('a Go struct embedding a new struct in place of one that is gone (`*JSONConfig` → `*EncoderConfig`) extracted nothing into it; a new struct embedded where none was is an Extract Superclass', async () => {
  // zap 8e713dc8fb: JSONConfig deleted, a new EncoderConfig of other fields embedded in its place
  const encoder = (embedded: string, config: string) => `package zapcore

${config}

type jsonEncoder struct {
${embedded}	bytes []byte
}

func (enc *jsonEncoder) AddString(key, val string) {
	enc.addKey(key)
	enc.bytes = append(enc.bytes, val...)
}
`;
  const jsonConfig = 'type JSONConfig struct {\n\tMessageFormatter func(string) Field\n\tTimeFormatter    func(time.Time) Field\n}\n';
  const encoderConfig = 'type EncoderConfig struct {\n\tMessageKey, TimeKey string\n\tEncodeTime func(time.Time, ArrayEncoder)\n}\n';
  const after = { 'zapcore/json_encoder.go': encoder('\t*EncoderConfig\n', encoderConfig) };
  assert.deepEqual(await refactorings({ 'zapcore/json_encoder.go': encoder('\t*JSONConfig\n', jsonConfig) }, after), []);
  assert.deepEqual(await refactorings({ 'zapcore/json_encoder.go': encoder('', '') }, after), [
    'Extract Superclass: zapcore/json_encoder.go/jsonEncoder → zapcore/json_encoder.go/EncoderConfig',
  ]);
});

test('a Go method moved to the embedded struct is a Pull Up Method; back, a Push Down Method', async () => {
  const withDog = { 'zoo/animal.go': file(animal, dog, speak.replace(/\(a \*Animal\)/, '(d *Dog)').replace('a.Sound', 'd.Sound')) };
  const withAnimal = { 'zoo/animal.go': file(animal, dog, speak) };
  assert.deepEqual(await refactorings(withDog, withAnimal), ['Pull Up Method: zoo/animal.go/Dog/Speak → zoo/animal.go/Animal/Speak']);
  assert.deepEqual(await refactorings(withAnimal, withDog), ['Push Down Method: zoo/animal.go/Animal/Speak → zoo/animal.go/Dog/Speak']);
});

test('Go calls say what they are made on: the own package, an imported package (aliased: any), a parameter\'s, the receiver\'s or a variable\'s written type; an untyped variable or a type parameter tells nothing', async () => {
  const cst = await parseFile('server/run.go', `package server

import (
	"fmt"
	str "strings"

	"example.com/app/store/v2"
)

func (s *Server[T]) Run(db *store.DB, item T, names []string) {
	var cache Cache
	conf := &Config{}
	found := lookup(s)
	prepare(db)
	fmt.Println(s.Addr)
	str.Split("a", ",")
	store.Open()
	s.stop()
	db.Close()
	cache.Reset()
	conf.Load()
	found.Use()
	item.Use()
	s.pool.Get()
}

func trim(names []string) {
	for _, fmt := range names {
		fmt.Trim()
	}
}
`);
  const [run, trim] = cst.nodes.slice(1);
  assert.deepEqual(run.calls, [
    { name: 'lookup', args: 1, module: 'server' },
    { name: 'prepare', args: 1, module: 'server' },
    { name: 'Println', args: 1, module: 'fmt' },
    { name: 'Split', args: 2, module: '' },
    { name: 'Open', args: 0, module: 'store' },
    { name: 'stop', args: 0, receiver: 'Server' },
    { name: 'Close', args: 0, receiver: 'DB' },
    { name: 'Reset', args: 0, receiver: 'Cache' },
    { name: 'Load', args: 0, receiver: 'Config' },
    { name: 'Use', args: 0 },
    { name: 'Use', args: 0 },
    { name: 'Get', args: 0 },
  ]);
  assert.deepEqual(trim.calls, [{ name: 'Trim', args: 0 }], 'a local variable hides an import of its name');
  assert.deepEqual([cst.nodes[0].module, run.owner], ['server', 'Server'], 'the file\'s package; the type of a method written outside it');
});

const lines = `	for i, line := range lines {
		width := len(line) * (i + 1)
		fmt.Println("line", i, "has", len(line), "characters, weight", width)
	}
`;
const summary = (imports: string, body: string) =>
  `package report\n\nimport (\n\t"fmt"\n${imports}\n)\n\nfunc Summary(lines []string) {\n${body}\tfmt.Println("done")\n}\n`;
const consoleType = 'package console\n\ntype Console struct{ prefix string }\n';
const printMethod = `package console\n\nimport "fmt"\n\nfunc (c *Console) Println(lines []string) {\n${lines.replace('"line"', 'c.prefix')}}\n`;
const splitFunction = `package text\n\nimport "fmt"\n\nfunc Split(lines []string) {\n${lines}}\n`;

test('a Go function that calls fmt.Println or strings.Split is no Extract And Move to a new method Println or a function Split of another package; one calling them is', async () => {
  const before = { 'report/report.go': summary('', lines), 'console/console.go': consoleType, 'text/doc.go': 'package text\n' };
  const withHelpers = (report: string) => ({ ...before, 'report/report.go': report, 'console/print.go': printMethod, 'text/split.go': splitFunction });
  assert.deepEqual(await refactorings(before, withHelpers(summary('\t"strings"', '\t_ = strings.Split(lines[0], ",")\n'))), []);
  assert.deepEqual(await refactorings(before, withHelpers(summary('\t"example.com/app/text"', '\ttext.Split(lines)\n'))), [
    'Extract And Move Function: report/report.go/Summary → text/split.go/Split',
  ]);
  assert.deepEqual(await refactorings(before, withHelpers(summary('\t"example.com/app/console"', '\tc := &console.Console{}\n\tc.Println(lines)\n'))), [
    'Extract And Move Method: report/report.go/Summary → console/print.go/Console/Println',
  ], 'a method whose type another file declares answers a call on that type');
});

const getter = (name: string, helper: string) => `func (c *Context) ${name}(key string) (va string) {\n\tva, _ = c.${helper}(key)\n\treturn\n}\n`;
const lookup = (name: string, source: string) =>
  `func (c *Context) ${name}(key string) (string, bool) {\n\treq := c.Request\n\tif values, ok := ${source}[key]; ok && len(values) > 0 {\n\t\treturn values[0], true\n\t}\n\treturn "", false\n}\n`;
const context = (...parts: string[]) => `package gin\n\ntype Context struct{ Request *Request }\n\n${parts.join('\n')}`;

test('look-alike Go methods renamed together, which code cannot tell apart, pair by the words of their names', async () => {
  const before = context(getter('FormValue', 'formValue'), getter('PostFormValue', 'postFormValue'), lookup('formValue', 'req.Form'), lookup('postFormValue', 'req.PostForm'));
  const after = context(getter('PostForm', 'postForm'), getter('Query', 'query'), lookup('query', 'req.URL.Query()'), lookup('postForm', 'req.PostForm'));
  assert.deepEqual(await refactorings({ 'context.go': before }, { 'context.go': after }), [
    'Rename Method: context.go/Context/FormValue → context.go/Context/Query',
    'Rename Method: context.go/Context/PostFormValue → context.go/Context/PostForm',
    'Rename Method: context.go/Context/formValue → context.go/Context/query',
    'Rename Method: context.go/Context/postFormValue → context.go/Context/postForm',
  ]);
});

const oldHtmlTest = (name: string, setup: string) =>
  `func ${name}(t *testing.T) {\n\ttd := ${setup}(t, ReleaseMode, false)\n\tres, err := http.Get("http://127.0.0.1:8888/test")\n\tif err != nil {\n\t\tfmt.Println(err)\n\t}\n\n\tresp, _ := ioutil.ReadAll(res.Body)\n\tassert.Equal(t, "<h1>Hello world</h1>", string(resp))\n\ttd()\n}\n`;
const newHtmlTest = (name: string, load: string) =>
  `func ${name}(t *testing.T) {\n\tts := setupHTMLFiles(\n\t\tt,\n\t\tReleaseMode,\n\t\tfalse,\n\t\tfunc(router *Engine) {\n\t\t\trouter.${load}\n\t\t},\n\t)\n\tdefer ts.Close()\n\n\tres, err := http.Get(fmt.Sprintf("%s/test", ts.URL))\n\tif err != nil {\n\t\tfmt.Println(err)\n\t}\n\n\tresp, _ := ioutil.ReadAll(res.Body)\n\tassert.Equal(t, "<h1>Hello world</h1>", string(resp))\n}\n`;

test('a number at the end of a name is a word of its own: look-alike tests numbered 3 pair with the renames that keep their other words', async () => {
  const before = `package gin\n\n${oldHtmlTest('TestLoadHTMLGlob3', 'setupHTMLGlob')}\n${oldHtmlTest('TestLoadHTMLFiles3', 'setupHTMLFiles')}`;
  const after = `package gin\n\n${newHtmlTest('TestLoadHTMLGlobReleaseMode', 'LoadHTMLGlob("./testdata/template/*")')}\n${newHtmlTest('TestLoadHTMLFilesReleaseMode', 'LoadHTMLFiles("./testdata/template/hello.tmpl", "./testdata/template/raw.tmpl")')}`;
  assert.deepEqual(await refactorings({ 'gin_test.go': before }, { 'gin_test.go': after }), [
    'Rename Function: gin_test.go/TestLoadHTMLFiles3 → gin_test.go/TestLoadHTMLFilesReleaseMode',
    'Rename Function: gin_test.go/TestLoadHTMLGlob3 → gin_test.go/TestLoadHTMLGlobReleaseMode',
  ]);
});

const formRequest = (name: string, params: string, body: string) =>
  `func ${name}(${params}) *http.Request {\n\treq, _ := http.NewRequest("POST", "/?map_foo=getfoo", bytes.NewBufferString("${body}"))\n\treq.Header.Set("Content-Type", MIMEPOSTForm)\n\treturn req\n}\n`;
const formTest = (name: string, helper: string, check: string) =>
  `func ${name}(t *testing.T) {\n\treq := ${helper}(t)\n\tvar obj FooStructForMapType\n\terr := FormPost.Bind(req, &obj)\n\t${check}\n}\n`;

test('a helper copied twice, the copies told apart by a string literal only, is renamed to the copy its kept caller now calls', async () => {
  const before = `package binding\n\n${formRequest('createFormPostRequestFail', 't *testing.T', 'map_foo=bar')}\n${formTest('TestBindingFormPostFail', 'createFormPostRequestFail', 'assert.Error(t, err)')}`;
  const after = `package binding\n\n${formRequest('createFormPostRequestForMap', 't *testing.T', 'map_foo={\\"bar\\":123}')}\n${formRequest('createFormPostRequestForMapFail', 't *testing.T', 'map_foo=hello')}\n${formTest('TestBindingFormPostForMap', 'createFormPostRequestForMap', 'assert.NoError(t, err)\n\tassert.Equal(t, float64(123), obj.MapFoo["bar"].(float64))')}\n${formTest('TestBindingFormPostForMapFail', 'createFormPostRequestForMapFail', 'assert.Error(t, err)')}`;
  assert.deepEqual(await refactorings({ 'binding_test.go': before }, { 'binding_test.go': after }), [
    'Rename Function: binding_test.go/TestBindingFormPostFail → binding_test.go/TestBindingFormPostForMapFail',
    'Rename Function: binding_test.go/createFormPostRequestFail → binding_test.go/createFormPostRequestForMapFail',
  ]);
});

const mocks = (path: string) => `package gcsfs

import (
	"context"

	"${path}"
)

type objectMock struct {
	stiface.ObjectHandle
	name string
}

func (o *objectMock) Delete(_ context.Context) error {
	if o.name == "" {
		return ErrEmptyObjectName
	}
	return nil
}

func (o *objectMock) Attrs(_ context.Context) (string, error) {
	return o.name, nil
}
`;
const stiface = `package stiface

import "context"

type ObjectHandle interface {
	Delete(context.Context) error
	Attrs(context.Context) (string, error)
}
`;

test('a library interface a Go type already embedded, copied into the project (vendored), has no method signatures pulled up from it', async () => {
  // afero ee4067be26 "drop google-cloud-go-testing": stiface's interfaces copied into internal/stiface, 10 Pull Up Method Signature from the mocks
  const before = { 'gcsfs/mocks.go': mocks('github.com/googleapis/google-cloud-go-testing/storage/stiface') };
  const after = { 'gcsfs/mocks.go': mocks('github.com/spf13/afero/gcsfs/internal/stiface'), 'gcsfs/internal/stiface/interfaces.go': stiface };
  assert.deepEqual(await refactorings(before, after), []);
  // a new interface the type did not name before is extracted from it
  const plain = mocks('x').replace('\tstiface.ObjectHandle\n', '');
  assert.deepEqual(await refactorings({ 'gcsfs/mocks.go': plain }, { 'gcsfs/mocks.go': plain.replace('\tname string', '\tObjectHandle\n\tname string'), 'gcsfs/handle.go': stiface.replace('package stiface', 'package gcsfs') }), [
    'Extract Interface: gcsfs/mocks.go/objectMock → gcsfs/handle.go/ObjectHandle',
    'Pull Up Method Signature: gcsfs/mocks.go/objectMock/Attrs → gcsfs/handle.go/ObjectHandle/Attrs',
    'Pull Up Method Signature: gcsfs/mocks.go/objectMock/Delete → gcsfs/handle.go/ObjectHandle/Delete',
  ]);
});

test('Go statements end at a line\'s end, where the lexer inserts the `;`: each one a block or a `case` holds, a closure\'s too', async () => {
  const { bodyStatements } = await import('../../src/core/statements');
  const cst = await parseFile('tally/tally.go', `package tally

func (t *Tally) Add(item Item) int {
	price := item.Price * 2
	if price > t.limit {
		t.warn(price)
	} else if price == 0 {
		return 0
	}
	for i := 0; i < len(t.items); i++ {
		t.total += t.items[i].Price
	}
	switch item.Kind {
	case Free:
		log.Print(item)
		t.free++
	default:
		t.paid++
	}
	t.each(func(i Item) {
		t.count++
		t.sum += i.Price
	})
	return price
}
`);
  assert.deepEqual(bodyStatements(named(cst, 'Add'))?.map((s) => s.join(' ')), [
    'price := item . Price * 2', 'if price > t . limit', 't . warn ( price )', 'else if price == 0', 'return 0',
    'for i := 0', 'i < len ( t . items )', 'i ++', 't . total += t . items [ i ] . Price',
    'switch item . Kind', 'case Free : log . Print ( item )', 't . free ++', 'default : t . paid ++',
    't . each ( func ( i Item )', 't . count ++', 't . sum += i . Price', 'return price',
  ]);
});

test('Go: a type switch moved as written from a method into a new function in another file, which the method now calls, is an Extract And Move Function (the statements of a body end at line ends)', async () => {
  const before = {
    'mux/mux.go': `package mux

type Mux struct {
	middlewares []interface{}
	routes      map[string]*tree
}

func (mx *Mux) handle(method string, pattern string, handler interface{}) {
	var cxh Handler
	switch t := handler.(type) {
	default:
		panic(fmt.Sprintf("unsupported handler: %T", t))
	case Handler:
		cxh = t
	case func(w Writer, r *Request):
		cxh = HandlerFunc(t)
	}
	h := chained(mx.middlewares, cxh)
	if pattern[0] != '/' {
		panic("pattern must begin with a /")
	}
	mx.routes[method].Insert(pattern, h)
}
  `,
};
  const after = {
    'mux/mux.go': `package mux

type Mux struct {
	middlewares []interface{}
	routes      map[string]*tree
}

func (mx *Mux) handle(method string, pattern string, handlers ...interface{}) {
	h := chain(mx.middlewares, handlers...)
	if pattern[0] != '/' {
		panic("pattern must begin with a /")
	}
	mx.routes[method].Insert(pattern, h)
}
  `,
    'mux/util.go': `package mux

func chain(middlewares []interface{}, handlers ...interface{}) Handler {
	mws := append(middlewares, handlers[:len(handlers)-1]...)
	handler := handlers[len(handlers)-1]
	for _, mw := range mws {
		checkMiddleware(mw)
	}
	var cxh Handler
	switch t := handler.(type) {
	default:
		panic(fmt.Sprintf("unsupported handler: %T", t))
	case Handler:
		cxh = t
	case func(w Writer, r *Request):
		cxh = HandlerFunc(t)
	}
	if len(mws) == 0 {
		return cxh
	}
	h := wrap(mws[len(mws)-1])(cxh)
	for i := len(mws) - 2; i >= 0; i-- {
		h = wrap(mws[i])(h)
	}
	return h
}
  `,
};
  assert.deepEqual(await refactorings(before, after), [
    'Change Method Signature: mux/mux.go/Mux/handle → mux/mux.go/Mux/handle',
    'Extract And Move Function: mux/mux.go/Mux/handle → mux/util.go/chain',
  ]);
});

test('a Go type made an alias is a Change Type Declaration Kind, no Move And Rename into a test declaring a type of its shape in a function; moved into a function under its own name, it still moves', async () => {
  const handler = (name: string) => `type ${name} func(cmd *Command, args []string, toComplete string) ([]string, Directive)\n`;
  const before = {
    'complete/complete.go': `package complete\n\n// Handler provides completions.\n${handler('Handler')}`,
    'complete/complete_test.go': 'package complete\n\nimport "testing"\n\nfunc TestHandler(t *testing.T) {\n\tt.Log("ok")\n}\n',
  };
  const test = (name: string) => `package complete\n\nimport "testing"\n\nfunc TestHandler(t *testing.T) {\n\tt.Log("ok")\n\t${handler(name)}\tvar h ${name}\n\t_ = h\n}\n`;
  assert.deepEqual(await refactorings(before, {
    'complete/complete.go': `package complete\n\n// Handler provides completions.\n${handler('Handler').replace(' func(', ' = func(')}`,
    'complete/complete_test.go': test('UserHandler'),
  }), ['Change Type Declaration Kind: complete/complete.go/Handler → complete/complete.go/Handler']);
  assert.deepEqual(await refactorings(before, { 'complete/complete.go': 'package complete\n', 'complete/complete_test.go': test('Handler') }), [
    'Move Type: complete/complete.go/Handler → complete/complete_test.go/TestHandler/Handler',
  ]);
});

test('a Go test kept whole under a name made from its own (TTestInit) while a new test takes the name is a Rename Function; a wrapper calling it is an Extract', async () => {
  const oldBody = '\tproject := NewProject("example.com/app")\n\tdefer os.RemoveAll(project.AbsPath())\n\tos.Args = []string{"app", "init", project.Name}\n\tif err := rootCmd.Execute(); err != nil {\n\t\tt.Fatal("execute:", err)\n\t}\n\tif err := checkFiles(project, []string{"main.go", "cmd/root.go"}); err != nil {\n\t\tt.Fatal(err)\n\t}\n';
  const newBody = '\twd, _ := os.Getwd()\n\tp := &Project{Path: wd, Viper: true}\n\tif err := p.Create(); err != nil {\n\t\tt.Fatal(err)\n\t}\n';
  const before = { 'cmd/init_test.go': `package cmd\n\nfunc TestInit(t *testing.T) {\n${oldBody}}\n` };
  assert.deepEqual(await refactorings(before, { 'cmd/init_test.go': `package cmd\n\nfunc TestInit(t *testing.T) {\n${newBody}}\n\nfunc TTestInit(t *testing.T) {\n${oldBody}}\n` }), [
    'Rename Function: cmd/init_test.go/TestInit → cmd/init_test.go/TTestInit',
  ]);
  assert.deepEqual(await refactorings(before, { 'cmd/init_test.go': `package cmd\n\nfunc TestInit(t *testing.T) {\n\ttestInitWith(t)\n}\n\nfunc testInitWith(t *testing.T) {\n${oldBody}}\n` }), [
    'Extract Function: cmd/init_test.go/TestInit → cmd/init_test.go/testInitWith',
  ]);
});

test('a Go setter returning its receiver (`return he`) keeps no statement of a getter returning a field of it (`return he.Code`): gone and new, no rename', async () => {
  // labstack/echo f071367e3c: HTTPError's `SetInternal(err)` removed, `StatusCode()` added; the two
  // were paired by position as if `return he` were kept, edited, in `return he.Code`
  const httpError = (fields: string, methods: string) => `package echo

import "fmt"

type HTTPError struct {
${fields}
}

${methods}
func (he *HTTPError) Error() string {
	if he.Internal == nil {
		return fmt.Sprintf("code=%d, message=%v", he.Code, he.Message)
	}
	return fmt.Sprintf("code=%d, message=%v, internal=%v", he.Code, he.Message, he.Internal)
}
`;
  const fields = '\tInternal error\n\tMessage  interface{}\n\tCode     int';
  const before = { 'echo.go': httpError(fields, 'func (he *HTTPError) SetInternal(err error) *HTTPError {\n\the.Internal = err\n\treturn he\n}\n') };
  const after = { 'echo.go': httpError(fields, 'func (he *HTTPError) StatusCode() int {\n\treturn he.Code\n}\n') };
  assert.deepEqual(await refactorings(before, after), []);
});

test('code of a Go method moved into a new method of another type, both declared apart from their types in one file, is an Extract And Move Method', async () => {
  // sirupsen/logrus 1fccefa2f4: writer.go's `(logger *Logger) WriterLevel` now returns
  // `NewEntry(logger).WriterLevel(level)`, its code in a new `(entry *Entry) WriterLevel` beside it
  const body = (receiver: string) => `	reader, writer := io.Pipe()

	var printFunc func(args ...interface{})
	switch level {
	case DebugLevel:
		printFunc = ${receiver}.Debug
	case InfoLevel:
		printFunc = ${receiver}.Info
	case WarnLevel:
		printFunc = ${receiver}.Warn
	default:
		printFunc = ${receiver}.Print
	}

	go ${receiver}.scan(reader, printFunc)
	runtime.SetFinalizer(writer, writerFinalizer)
	return writer
`;
  const types = { 'log/logger.go': file('type Logger struct {\n\tOut io.Writer\n}\n'), 'log/entry.go': file('type Entry struct {\n\tLogger *Logger\n}\n') };
  const scan = 'func (logger *Logger) scan(reader *io.PipeReader, printFunc func(args ...interface{})) {\n\tprintFunc(reader)\n}\n';
  const before = { ...types, 'log/writer.go': file(`func (logger *Logger) WriterLevel(level Level) *io.PipeWriter {\n${body('logger')}}\n`, scan) };
  const after = {
    ...types,
    'log/writer.go': file(
      'func (logger *Logger) WriterLevel(level Level) *io.PipeWriter {\n\treturn NewEntry(logger).WriterLevel(level)\n}\n',
      `func (entry *Entry) WriterLevel(level Level) *io.PipeWriter {\n${body('entry')}}\n`,
      scan.replace('(logger *Logger)', '(entry *Entry)'),
    ),
  };
  assert.deepEqual(await refactorings(before, after), [
    'Extract And Move Method: log/writer.go/Logger/WriterLevel → log/writer.go/Entry/WriterLevel',
    'Move Method: log/writer.go/Logger/scan → log/writer.go/Entry/scan',
  ]);
});

test('Go: a struct renamed with its old name left as an alias (`type MemoryStore = InMemoryStore`) is a Rename Type, though little of its code stayed', async () => {
  const before = { 'store/store.go': `package store\n\ntype MemoryStore struct {\n\titems map[string]int\n}\n\nfunc (s *MemoryStore) Get(key string) (int, bool) {\n\tv, ok := s.items[key]\n\treturn v, ok\n}\n` };
  const after = (alias: string) => ({
    'store/store.go': `package store\n\ntype InMemoryStore struct {\n\tentries map[string]entry\n\tclock   Clock\n}\n${alias}\nfunc (s *InMemoryStore) Lookup(name string, fallback int) int {\n\te, found := s.entries[name]\n\tif !found || e.expires < s.clock.Now() {\n\t\treturn fallback\n\t}\n\treturn e.value\n}\n\nfunc (s *InMemoryStore) Store(name string, value int, ttl int64) {\n\ts.entries[name] = entry{value: value, expires: s.clock.Now() + ttl}\n}\n`,
  });
  // the alias is no struct made an alias (Change Type Declaration Kind): it is what the rename left behind
  assert.deepEqual(await refactoringsFoundBy(before, after('\n// Deprecated: use InMemoryStore.\ntype MemoryStore = InMemoryStore\n')), [
    'Rename Type: store/store.go/MemoryStore → store/store.go/InMemoryStore (alias-left)',
  ]);
  // the old name made an alias of another package's type names none of this file's types
  assert.deepEqual(await refactorings(before, after('\ntype MemoryStore = cache.Store\n')), [
    'Change Type Declaration Kind: store/store.go/MemoryStore → store/store.go/MemoryStore',
  ]);
});
