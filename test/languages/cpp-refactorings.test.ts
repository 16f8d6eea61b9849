/** C++: what the CST holds for one small file, and the refactorings reported on small fixtures. */
import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import TS = require('web-tree-sitter');
import { parseFile } from '../../src/languages/registry';
import { compare, refactorings } from '../helpers';

test('C++: namespaces, classes, methods in and out of the class, constructors, pure virtuals, free functions', async () => {
  const cst = await parseFile('src/shape.cpp', `#include <vector>
namespace geo {
class Shape : public Base, private ns::Other<int> {
public:
  Shape(int w, int h) : w_(w) { init(w); }
  virtual double area() const = 0;
  int count(const std::vector<int>& xs, int* p, int n = 2) { return this->size(xs) + ns::max(1, 2); }
  void declared(int a);
  static Shape* make();
private:
  int w_;
};
struct Point { int x; void move(int dx) { x += dx; } };
void Shape::declared(int a) { helper(a); }
}
int Unknown::run(double d) { return 0; }
template <typename T> T maxOf(T a, T b) { return a > b ? a : b; }
`);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.noun, n.name, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'File', 'shape.cpp', 'shape.cpp', null],
    ['namespace', 'Namespace', 'geo', 'geo', 'shape.cpp'],
    ['class', 'Class', 'Shape', 'Shape', 'geo'],
    ['constructor', 'Method', 'Shape', 'Shape(int,int)', 'Shape'],
    ['method', 'Method', 'area', 'area()', 'Shape'],
    ['method', 'Method', 'count', 'count(vector&,int*,int)', 'Shape'],
    ['struct', 'Class', 'Point', 'Point', 'geo'],
    ['method', 'Method', 'move', 'move(int)', 'Point'],
    ['method', 'Method', 'declared', 'declared(int)', 'Shape'],
    ['function', 'Function', 'run', 'Unknown::run(double)', 'shape.cpp'],
    ['function', 'Function', 'maxOf', 'maxOf(T,T)', 'shape.cpp'],
  ]);
  const [file, , shape, ctor, area, count, , , declared] = cst.nodes;
  assert.equal(file.namespace, 'src/');
  assert.deepEqual(shape.supertypes, ['Base', 'Other']);
  assert.deepEqual(shape.children, [3, 4, 5, 8]);
  assert.deepEqual(ctor.stereotypes.slice().sort(), ['constructor', 'has-body', 'type-member']);
  assert.deepEqual(area.stereotypes.slice().sort(), ['abstract', 'type-member']);
  assert.deepEqual(declared.stereotypes.slice().sort(), ['has-body', 'type-member']);
  assert.deepEqual([count.parameters, count.returnType, count.calls], [['xs', 'p', 'n'], 'int', [
    { name: 'size', args: 1, receiver: 'Shape', ownType: true, orFunction: true }, { name: 'max', args: 2, receiver: 'ns', exact: true },
  ]]);
  assert.deepEqual(declared.calls, [{ name: 'helper', args: 1, receiver: 'Shape', ownType: true, orFunction: true }]);
  assert.equal(cst.errors, 0);
});

const slugify = `std::string slugify(const std::string& title, char separator) {
  std::string out;
  for (char c : title) { out += std::isalnum(c) ? static_cast<char>(std::tolower(c)) : separator; }
  return trim(out, separator);
}`;
const upper = 'std::string upper(std::string s) {\n  for (auto& c : s) c = std::toupper(c);\n  return s;\n}';
const host = 'std::string host(const std::string& url) {\n  return url.substr(0, url.find(\'/\'));\n}';

test('C++: a function renamed is a Rename Function; a parameter added, a Change Function Signature', async () => {
  const before = { 'src/text.cpp': `${slugify}\n\n${upper}\n` };
  assert.deepEqual(await refactorings(before, { 'src/text.cpp': `${slugify.replace('slugify(', 'toSlug(')}\n\n${upper}\n` }), [
    'Rename Function: src/text.cpp/slugify(string&,char) → src/text.cpp/toSlug(string&,char)',
  ]);
  const changed = slugify.replace('char separator)', 'char separator, int limit)');
  assert.deepEqual(await refactorings(before, { 'src/text.cpp': `${changed}\n\n${upper}\n` }), [
    'Change Function Signature: src/text.cpp/slugify(string&,char) → src/text.cpp/slugify(string&,char,int)',
  ]);
});

test('C++: a function moved to another file is a Move Function; renamed too, a Move And Rename Function', async () => {
  const before = { 'src/text.cpp': `${slugify}\n\n${upper}\n`, 'src/web.cpp': `${host}\n` };
  assert.deepEqual(await refactorings(before, { 'src/text.cpp': `${upper}\n`, 'src/web.cpp': `${host}\n\n${slugify}\n` }), [
    'Move Function: src/text.cpp/slugify(string&,char) → src/web.cpp/slugify(string&,char)',
  ]);
  assert.deepEqual(await refactorings(before, { 'src/text.cpp': `${upper}\n`, 'src/web.cpp': `${host}\n\n${slugify.replace('slugify(', 'toSlug(')}\n` }), [
    'Move And Rename Function: src/text.cpp/slugify(string&,char) → src/web.cpp/toSlug(string&,char)',
  ]);
});

const shape = (name: string) => `class ${name} {
public:
  double area(double width, double height) {
    double result = width * height;
    if (result < 0) { throw std::invalid_argument("negative area"); }
    return result;
  }
  std::string describe(const std::string& prefix, int count);
};

std::string ${name}::describe(const std::string& prefix, int count) {
  std::ostringstream text;
  text << prefix;
  for (int i = 0; i < count; i++) { text << i << ", "; }
  return text.str();
}
`;

test('C++: a class renamed with its out-of-class methods is a Rename Class; moved to another file, a Move Class', async () => {
  assert.deepEqual(await refactorings({ 'src/geo.cpp': shape('Shape') }, { 'src/geo.cpp': shape('Figure') }), ['Rename Class: src/geo.cpp/Shape → src/geo.cpp/Figure']);
  assert.deepEqual(await refactorings({ 'src/geo.cpp': `${shape('Shape')}\n${upper}\n`, 'src/model.cpp': `${host}\n` }, { 'src/geo.cpp': `${upper}\n`, 'src/model.cpp': `${host}\n\n${shape('Shape')}` }), [
    'Move Class: src/geo.cpp/Shape → src/model.cpp/Shape',
  ]);
});

const report = `std::string report(const std::vector<int>& values) {
  int sum = 0;
  for (int v : values) { sum += v; }
  double average = values.empty() ? 0 : (double) sum / values.size();
  std::string line = "sum=" + std::to_string(sum) + " average=" + std::to_string(average);
  std::cout << line << std::endl;
  return line;
}`;
const reportExtracted = `int total(const std::vector<int>& numbers) {
  int sum = 0;
  for (int v : numbers) { sum += v; }
  return sum;
}

std::string report(const std::vector<int>& values) {
  int sum = total(values);
  double average = values.empty() ? 0 : (double) sum / values.size();
  std::string line = "sum=" + std::to_string(sum) + " average=" + std::to_string(average);
  std::cout << line << std::endl;
  return line;
}`;

test('C++: part of a function moved to a new function it calls is an Extract Function; the reverse, an Inline Function', async () => {
  assert.deepEqual(await refactorings({ 'src/stats.cpp': `${report}\n` }, { 'src/stats.cpp': `${reportExtracted}\n` }), [
    'Extract Function: src/stats.cpp/report(vector&) → src/stats.cpp/total(vector&)',
  ]);
  assert.deepEqual(await refactorings({ 'src/stats.cpp': `${reportExtracted}\n` }, { 'src/stats.cpp': `${report}\n` }), [
    'Inline Function: src/stats.cpp/total(vector&) → src/stats.cpp/report(vector&)',
  ]);
});

const feed = `  int feed(int grams, int times) {
    int total = grams * times;
    std::cout << "feeding " << total << " grams" << std::endl;
    return total;
  }`;
const animal = (members: string) => `class Animal {\npublic:\n  virtual ~Animal() {}\n${members}\n};\n`;
const dog = (members: string, base = ' : public Animal') => `class Dog${base} {\npublic:\n  std::string bark() { return "woof"; }\n${members}\n};\n`;

test('C++: a method moved to the base class is a Pull Up Method; back down, a Push Down Method', async () => {
  const inDog = { 'src/animal.hpp': animal(''), 'src/dog.hpp': dog(feed) };
  const inAnimal = { 'src/animal.hpp': animal(feed), 'src/dog.hpp': dog('') };
  assert.deepEqual(await refactorings(inDog, inAnimal), ['Pull Up Method: src/dog.hpp/Dog/feed(int,int) → src/animal.hpp/Animal/feed(int,int)']);
  assert.deepEqual(await refactorings(inAnimal, inDog), ['Push Down Method: src/animal.hpp/Animal/feed(int,int) → src/dog.hpp/Dog/feed(int,int)']);
});

test('C++: a new base class receiving a method is an Extract Superclass', async () => {
  assert.deepEqual(await refactorings({ 'src/dog.hpp': dog(feed, '') }, { 'src/dog.hpp': dog(''), 'src/animal.hpp': animal(feed) }), [
    'Extract Superclass: src/dog.hpp/Dog → src/animal.hpp/Animal',
    'Pull Up Method: src/dog.hpp/Dog/feed(int,int) → src/animal.hpp/Animal/feed(int,int)',
  ]);
});

test('C++: a googletest TEST(Suite, Name) is the test Suite.Name: renamed, a Rename Function, not a signature change of one function TEST', async () => {
  const tests = (first: string) => `#include <gtest/gtest.h>
#include "stack.h"

TEST(StackTest, ${first}) {
  Stack s;
  s.push(1);
  s.push(2);
  EXPECT_EQ(2, s.size());
  EXPECT_EQ(2, s.top());
}

namespace {
TEST_F(QueueTest, IsEmptyInitially) {
  EXPECT_EQ(0, q0_.size());
  EXPECT_TRUE(q0_.empty());
}
}
`;
  const cst = await parseFile('test/stack_test.cc', tests('PushesValues'));
  assert.deepEqual(cst.nodes.filter((n) => n.kind === 'function').map((n) => `${n.signature} ${n.returnType}`.trim()), ['StackTest.PushesValues()', 'QueueTest.IsEmptyInitially()']);
  assert.deepEqual(await refactorings({ 'test/stack_test.cc': tests('PushesValues') }, { 'test/stack_test.cc': tests('PushesTwoValues') }), [
    'Rename Function: test/stack_test.cc/StackTest.PushesValues() → test/stack_test.cc/StackTest.PushesTwoValues()',
  ]);
  // a function in capitals with a return type is a function of that name
  const max = await parseFile('src/util.cc', 'int MAX2(int a, int b) { return a > b ? a : b; }\n');
  assert.deepEqual(max.nodes.filter((n) => n.kind === 'function').map((n) => n.signature), ['MAX2(int,int)']);
});

const specTests = (fixture: string, suite = 'ScannerTest') => `#include "handler_test.h"

namespace YAML {
class ${fixture} : public HandlerTest {
 protected:
  void Parse(const std::string& example) {
    stream.str(example);
    parser.Load(stream);
  }
};

TEST_F(${fixture}, Ex2_1_SeqScalars) {
  Parse(ex2_1);
  EXPECT_CALL(handler, OnDocumentStart(_));
  EXPECT_CALL(handler, OnSequenceStart(_, "?", 0, EmitterStyle::Block));
  EXPECT_CALL(handler, OnScalar(_, "?", 0, "Mark McGwire"));
  EXPECT_CALL(handler, OnSequenceEnd());
}

TEST_F(${fixture}, Ex2_2_MappingScalarsToScalars) {
  Parse(ex2_2);
  EXPECT_CALL(handler, OnMapStart(_, "?", 0, EmitterStyle::Block));
  EXPECT_CALL(handler, OnScalar(_, "?", 0, "hr"));
  EXPECT_CALL(handler, OnScalar(_, "?", 0, "65"));
  EXPECT_CALL(handler, OnMapEnd());
}

TEST(${suite}, ReadsPlainScalars) {
  Scanner scanner(ex2_1);
  EXPECT_EQ("Mark McGwire", scanner.peek().value);
  EXPECT_FALSE(scanner.empty());
}
}
`;

const table = (name: string) => `namespace db {\nclass ${name} {\n public:\n  int Get(int key);\n  void Put(int key, int value);\n private:\n  int store_[16];\n};\n}\n`;
const tableImpl = (name: string) => `#include "db/table.h"\nnamespace db {\nint ${name}::Get(int key) {\n  int slot = key % 16;\n  return store_[slot] + key * 3 - 1;\n}\nvoid ${name}::Put(int key, int value) {\n  int slot = key % 16;\n  store_[slot] = value + key;\n}\n}\n`;

test('C++: functions defined for a type apart from it (TEST_F(Fixture, Name), Foo::bar in another file) are renamed with it: one Rename Class, not a rename or signature change of each', async () => {
  const file = 'test/integration/handler_spec_test.cpp';
  const cst = await parseFile(file, specTests('SpecTest'));
  assert.deepEqual(cst.nodes.filter((n) => n.kind === 'function').map((n) => `${n.signature} ${n.owner ?? '-'}`), [
    'SpecTest.Ex2_1_SeqScalars() SpecTest', 'SpecTest.Ex2_2_MappingScalarsToScalars() SpecTest', 'ScannerTest.ReadsPlainScalars() -',
  ]);
  assert.deepEqual(await refactorings({ [file]: specTests('SpecTest') }, { [file]: specTests('HandlerSpecTest') }), [
    'Rename Class: test/integration/handler_spec_test.cpp/YAML/SpecTest → test/integration/handler_spec_test.cpp/YAML/HandlerSpecTest',
  ]);
  // a test renamed in its fixture is still a Rename Function; a TEST's suite names no class: renaming it renames the test
  assert.deepEqual(await refactorings({ [file]: specTests('SpecTest') }, { [file]: specTests('SpecTest').replace('Ex2_1_SeqScalars', 'Ex2_1_SequenceOfScalars') }), [
    'Rename Function: test/integration/handler_spec_test.cpp/YAML/SpecTest.Ex2_1_SeqScalars() → test/integration/handler_spec_test.cpp/YAML/SpecTest.Ex2_1_SequenceOfScalars()',
  ]);
  assert.deepEqual(await refactorings({ [file]: specTests('SpecTest') }, { [file]: specTests('HandlerSpecTest').replace(/TEST_F\(HandlerSpecTest/g, 'TEST_F(SpecTest') }), [
    'Rename Class: test/integration/handler_spec_test.cpp/YAML/SpecTest → test/integration/handler_spec_test.cpp/YAML/HandlerSpecTest',
  ]);
  assert.deepEqual(
    await refactorings({ 'db/table.h': table('Table'), 'db/table.cc': tableImpl('Table') }, { 'db/table.h': table('MemTable'), 'db/table.cc': tableImpl('MemTable') }),
    ['Rename Class: db/table.h/db/Table → db/table.h/db/MemTable'],
  );
});

test('C++: a method annotated with a macro after its parameters (LOCKS_EXCLUDED(mu_)) keeps its name, parameters and return type; adding the annotation is no refactoring', async () => {
  const counter = (annotation: string) => `#include <mutex>

class AtomicCounter {
 public:
  void IncrementBy(int count)${annotation} {
    std::lock_guard<std::mutex> l(mu_);
    count_ += count;
  }
  int Read() const${annotation} {
    std::lock_guard<std::mutex> l(mu_);
    return count_;
  }
 private:
  std::mutex mu_;
  int count_ = 0;
};

void Reset(AtomicCounter* counter)${annotation.replace('mu_', 'g_mu')} {
  counter->IncrementBy(-counter->Read());
}
`;
  const cst = await parseFile('util/counter.cc', counter(' LOCKS_EXCLUDED(mu_)'));
  assert.deepEqual(
    cst.nodes.filter((n) => n.kind === 'method' || n.kind === 'function').map((n) => `${n.signature} ${n.returnType} lines ${n.location.startLine}-${n.location.endLine}`),
    ['IncrementBy(int) void lines 5-8', 'Read() int lines 9-12', 'Reset(AtomicCounter*) void lines 18-20'],
  );
  assert.deepEqual(await refactorings({ 'util/counter.cc': counter('') }, { 'util/counter.cc': counter(' LOCKS_EXCLUDED(mu_)') }), []);
});

test('C++: methods the parser no longer sees as members (an #if inside a constructor initializer list) are no Change Type Declaration Kind', async () => {
  const limiter = (guarded: boolean) => `#include <atomic>

class Limiter {
 public:
  Limiter(int max_acquires)
      :
${guarded ? '#if !defined(NDEBUG)\n        max_acquires_(max_acquires),\n#endif  // !defined(NDEBUG)\n' : ''}        acquires_allowed_(max_acquires) {}

  bool Acquire() {
    int old_acquires_allowed = acquires_allowed_.fetch_sub(1, std::memory_order_relaxed);
    if (old_acquires_allowed > 0) return true;
    acquires_allowed_.fetch_add(1, std::memory_order_relaxed);
    return false;
  }

  void Release() { acquires_allowed_.fetch_add(1, std::memory_order_relaxed); }

 private:
  std::atomic<int> acquires_allowed_;
};
`;
  const found = await refactorings({ 'util/env.cc': limiter(false) }, { 'util/env.cc': limiter(true) });
  assert.ok(!found.some((r) => r.startsWith('Change Type Declaration Kind')), found.join('\n'));
});

test('C++ in a .h header is read as C++, with no warning (a C header stays C)', async () => {
  const text = `#pragma once
#include <string>
namespace store {
class Cache {
 public:
  explicit Cache(size_t capacity);
  virtual ~Cache();
  virtual void Insert(const std::string& key, int value) = 0;
  int Lookup(const std::string& key) const { return Find(key) ? 1 : 0; }
};
}  // namespace store
`;
  const header = await parseFile('include/cache.h', text);
  assert.equal(header.language, 'cpp');
  assert.equal(header.errors, 0);
  assert.deepEqual(header.nodes.filter((n) => n.kind !== 'file').map((n) => `${n.kind} ${n.name}`), [
    'namespace store', 'class Cache', 'method Insert', 'method Lookup',
  ]);
  const plain = await parseFile('include/list.h', 'struct list { int size; };\nint list_size(const struct list *l);\nvoid list_free(struct list *l);\n');
  assert.equal(plain.language, 'c');
  assert.deepEqual(plain.nodes.filter((n) => n.kind === 'function').map((n) => n.name), ['list_size', 'list_free']);
  const renamed = await refactorings({ 'include/cache.h': text }, { 'include/cache.h': text.replace('int Lookup', 'int Find') });
  assert.deepEqual(renamed, ['Rename Method: include/cache.h/store/Cache/Lookup(string&) → include/cache.h/store/Cache/Find(string&)']);
  assert.deepEqual((await compare({ 'include/cache.h': text }, { 'include/cache.h': text.replace('= 0', '') })).warnings, []);
});

test('a header that opens a namespace is C++ even where C parses it without error: its enum stays in the namespace when a commit inlines defaults', async () => {
  // leveldb 201f77d137: options.h read as C (no error, no namespace) on one side and as C++ on the
  // other gave a wrong Move Enum out of `leveldb`
  const options = (field: string) => `#include <cstddef>\n\nnamespace leveldb {\n\nenum CompressionType {\n  kNoCompression = 0x0,\n  kSnappyCompression = 0x1\n};\n\nstruct Options {\n  ${field}\n};\n\n}  // namespace leveldb\n`;
  const header = await parseFile('include/leveldb/options.h', options('bool create_if_missing;'));
  assert.equal(header.language, 'cpp');
  assert.deepEqual(header.nodes.filter((n) => n.kind !== 'file').map((n) => `${n.kind} ${n.name}`), ['namespace leveldb', 'enum CompressionType', 'struct Options']);
  assert.deepEqual(await refactorings({ 'include/leveldb/options.h': options('bool create_if_missing;') }, { 'include/leveldb/options.h': options('bool create_if_missing = false;') }), []);
});

test('a header whose C++ parse finds a class despite syntax errors (macros) is read as C++ in one parse: C, reading no class, is not tried', async () => {
  // fmt's format.h: 99 errors as C++, 2,421 as C, and the C parse, its error recovery over C++, the slow one
  // (two macros on the line: one alone there names nothing and is blanked before parsing, leaving no error)
  const text = `FMT_BEGIN_NAMESPACE FMT_BEGIN_EXPORT
namespace detail {
template <typename T> class buffer {
 public:
  FMT_CONSTEXPR20 void push_back(const T& value) { try_reserve(size_ + 1); ptr_[size_++] = value; }
  size_t size() const noexcept { return size_; }
 private:
  T* ptr_;
  size_t size_;
};
}  // namespace detail
FMT_END_NAMESPACE
`;
  const parse = mock.method(TS.Parser.prototype, 'parse');
  try {
    const header = await parseFile('include/fmt/base.h', text);
    assert.equal(header.language, 'cpp');
    assert.ok(header.errors > 0);
    assert.deepEqual(header.nodes.filter((n) => n.kind !== 'file').map((n) => `${n.kind} ${n.name}`), ['class buffer', 'method push_back', 'method size']);
    assert.equal(parse.mock.callCount(), 1, 'parsed once, as C++');
  } finally {
    parse.mock.restore();
  }
});

test('C++: a nested type defined out of its class keeps its name when its template arguments are spaced anew', async () => {
  const list = (args: string) => `namespace db {
template <typename Key, class Comparator>
class SkipList { struct Node; };

template <typename Key, class Comparator>
struct SkipList<${args}>::Node {
  explicit Node(const Key& k) : key(k) {}
  Key const key;
  Node* Next(int n) { return next_[n]; }
  Node* next_[1];
};
}
`;
  assert.deepEqual(await refactorings({ 'db/skiplist.cc': list('Key, Comparator') }, { 'db/skiplist.cc': list('Key,Comparator') }), []);
});

test('A header read as C before and as C++ after keeps its functions: no signature change for an identifier written two ways', async () => {
  const clamp = 'static inline int clamp(int value, int low, int high) {\n  if (value < low) return low;\n  return value > high ? high : value;\n}\n';
  const cpp = '#ifdef __cplusplus\nnamespace util { class Guard { public: Guard() {} }; }\n#endif\n';
  const result = await compare({ 'include/util.h': clamp }, { 'include/util.h': clamp + cpp });
  assert.deepEqual([result.before.nodes.at(-1)!.language, result.after.nodes.at(-1)!.language], ['c', 'cpp']);
  assert.deepEqual(await refactorings({ 'include/util.h': clamp }, { 'include/util.h': clamp + cpp }), []);
});

test('C++ calls say what they are made on: bare or this->, the own class (named by an out-of-class definition), else a function; Base:: or Foo::, that class exactly; ns:: or std::, that namespace; a typed variable, parameter or member, its class', async () => {
  const cst = await parseFile('shop/cart.cc', `namespace shop {
class Cart : public Basket {
  Pricer pricer_;
  Ledger* book_;
  std::unique_ptr<Scale> scale_;
  void Check(const Item& item, Item* other, std::vector<int> sizes) {
    Total();
    this->Total();
    Basket::Total();
    Util::Log(1);
    std::move(sizes);
    item.Weigh();
    other->Weigh();
    pricer_.Price(item);
    book_->Add(item);
    this->pricer_.Price(item);
    scale_->Weigh();
    sizes.push_back(1);
    auto found = Lookup();
    found.Weigh();
    ::Abort();
  }
};
template <typename T>
void Receipt::Print(T value) {
  Line();
  T::Describe(value);
}
}  // namespace shop
`);
  const calls = (name: string) => cst.nodes.find((n) => n.name === name)!.calls;
  const own = (name: string, receiver: string) => ({ name, args: 0, receiver, ownType: true, orFunction: true });
  assert.deepEqual(calls('Check'), [
    own('Total', 'Cart'),
    own('Total', 'Cart'),
    { name: 'Total', args: 0, receiver: 'Basket', exact: true },
    { name: 'Log', args: 1, receiver: 'Util', exact: true },
    { name: 'move', args: 1, receiver: 'std', exact: true },
    { name: 'Weigh', args: 0, receiver: 'Item' },
    { name: 'Weigh', args: 0, receiver: 'Item' },
    { name: 'Price', args: 1, receiver: 'Pricer' },
    { name: 'Add', args: 1, receiver: 'Ledger' },
    { name: 'Price', args: 1, receiver: 'Pricer' },
    { name: 'Weigh', args: 0 },
    { name: 'push_back', args: 1 },
    own('Lookup', 'Cart'),
    { name: 'Weigh', args: 0 },
    { name: 'Abort', args: 0, module: '' },
  ]);
  assert.deepEqual(calls('Print'), [own('Line', 'Receipt'), { name: 'Describe', args: 1 }]);
  assert.equal(cst.nodes.find((n) => n.name === 'Print')!.owner, 'Receipt', 'a method defined out of its class, which another file declares');
});

const summed = `  int total = 0;
  for (int line : lines) { total += line * 2; }
  total -= static_cast<int>(lines.size());
`;
const invoice = (body: string, call: string, members = '') =>
  `#include "printer.h"\nclass Invoice {\n  Printer printer_;\n  void Print(std::vector<int> lines) {\n${body}    ${call}\n  }\n${members}};\n`;
const printer = (members = '') => `class Printer {\n public:\n${members}};\n`;
const moved = `  void move(std::vector<int> lines) {\n${summed}    std::cout << total;\n  }\n`;

test('C++: code moved into a new Printer::move is no Extract And Move from a function calling std::move; from one calling it on a Printer member, it is', async () => {
  const before = { 'src/invoice.cc': invoice(summed, 'Send(std::move(lines));'), 'src/printer.h': printer() };
  assert.deepEqual(await refactorings(before, { 'src/invoice.cc': invoice('', 'Send(std::move(lines));'), 'src/printer.h': printer(moved) }), []);
  assert.deepEqual(await refactorings(before, { 'src/invoice.cc': invoice('', 'printer_.move(lines);'), 'src/printer.h': printer(moved) }), [
    'Extract And Move Method: src/invoice.cc/Invoice/Print(vector) → src/printer.h/Printer/move(vector)',
  ]);
  assert.deepEqual(await refactorings(before, { 'src/invoice.cc': invoice('', 'this->Sum(lines);', `  void Sum(std::vector<int> lines) {\n${summed}  }\n`), 'src/printer.h': printer() }), [
    'Extract Method: src/invoice.cc/Invoice/Print(vector) → src/invoice.cc/Invoice/Sum(vector)',
  ]);
});

test('C++: a class with an export macro before its name (class LEVELDB_EXPORT Status) is a class with its members, at their places', async () => {
  const text = (method: string) => `namespace db {
class LEVELDB_EXPORT Status {
 public:
  Status() noexcept : state_(nullptr) {}
  bool ${method}() const { return (state_ == nullptr); }
 private:
  const char* state_;
};
class SCOPED_LOCKABLE MutexLock final {
 public:
  ~MutexLock() UNLOCK_FUNCTION() { this->mu_->Unlock(); }
};
}  // namespace db
`;
  const cst = await parseFile('include/status.h', text('ok'));
  assert.deepEqual(cst.nodes.filter((n) => n.kind !== 'file').map((n) => `${n.kind} ${n.signature} ${n.location.startLine}:${n.location.startColumn}`), [
    'namespace db 1:1', 'class Status 2:1', 'constructor Status() 4:3', 'method ok() 5:3', 'class MutexLock 9:1', 'method ~MutexLock() 11:3',
  ]);
  assert.deepEqual(await refactorings({ 'include/status.h': text('ok') }, { 'include/status.h': text('IsOk') }), [
    'Rename Method: include/status.h/db/Status/ok() → include/status.h/db/Status/IsOk()',
  ]);
});

test('C++: specifier macros at a declaration\'s head (FMT_CONSTEXPR, friend FMT_API) keep the name and return type; a rewrite to a trailing return type is no rename', async () => {
  // fmtlib/fmt d5da9cc40e: `FMT_CONSTEXPR text_style operator|(…)` was named `text_styleoperator|`, and
  // rewritten as `FMT_CONSTEXPR auto operator|(…) -> text_style` read as a Rename Function
  const text = (style: 'leading' | 'trailing', alias = 'TYPE_ALIAS') => `namespace fmt {
class text_style {
 public:
  FMT_CONSTEXPR ${style === 'leading' ? 'text_style& operator|=(const text_style& rhs) {' : 'auto operator|=(const text_style& rhs) -> text_style& {'}
    return *this;
  }
  friend FMT_CONSTEXPR FMT_INLINE ${style === 'leading' ? 'text_style operator|(text_style lhs,\n      const text_style& rhs) {' : 'auto operator|(text_style lhs, const text_style& rhs)\n      -> text_style {'}
    return lhs |= rhs;
  }
};
FMT_API ${style === 'leading' ? 'std::tm' : 'auto'}
localtime(std::time_t time)${style === 'leading' ? '' : ' -> std::tm'} {
  return gmtime(time);
}
${alias} convert(int value) {
  return value;
}
struct write_data {
  size_t size;
  FMT_CONSTEXPR write_data(int digits, unsigned prefix)
      : size(prefix + digits) {}
};
FMT_CONSTEXPR auto write_int(int digits) -> size_t {
  return write_data(digits, 0).size;
}
class FMT_API format_error : public std::runtime_error {
 public:
  FMT_API explicit format_error(const char* message)
      : std::runtime_error(message) {}
  FMT_API ~format_error() noexcept {}
};
FMT_API void report(int code) {
  fail(code);
}
}
`;
  const cst = await parseFile('include/fmt/color.cc', text('leading'));
  assert.deepEqual(cst.nodes.filter((n) => n.kind !== 'file').map((n) => `${n.kind} ${n.signature} : ${n.returnType}`), [
    'namespace fmt : ', 'class text_style : ', 'method operator|=(text_style&) : text_style', 'function operator|(text_style,text_style&) : text_style',
    'function localtime(time_t) : std::tm', 'function convert(int) : TYPE_ALIAS',
    // a macro before a constructor: the struct ends where it ends, the function after it is no member
    'struct write_data : ', 'constructor write_data(int,unsigned) : ', 'function write_int(int) : auto',
    // the export macro of a class, and then of its constructor
    'class format_error : ', 'constructor format_error(char*) : ', 'method ~format_error() : ', 'function report(int) : void',
  ]);
  assert.deepEqual(await refactorings({ 'src/color.cc': text('leading') }, { 'src/color.cc': text('trailing') }), []);
  // the capitals of a type before a name (TYPE_ALIAS convert) are no macro: renaming the type changes the return type only
  assert.deepEqual(await refactorings({ 'src/color.cc': text('leading') }, { 'src/color.cc': text('leading', 'VALUE_TYPE') }), []);
});

test('C++: a new helper wrapping Status::Error(…) that callers now call bare is extracted from them: the call moved from a qualified name to the helper', async () => {
  const open = (call: string) => `Status File::Open(const std::string& name) {\n  int fd = ::open(name.c_str(), O_RDONLY);\n  if (fd < 0) {\n    return ${call};\n  }\n  fd_ = fd;\n  return Status::OK();\n}\n`;
  const remove = (call: string) => `Status File::Remove(const std::string& name) {\n  if (::unlink(name.c_str()) != 0) {\n    return ${call};\n  }\n  return Status::OK();\n}\n`;
  const before = `namespace store {\n${open('Status::Error(name, strerror(errno))')}\n${remove('Status::Error(name, strerror(errno))')}}\n`;
  const helper = 'static Status Error(const std::string& context, int err) {\n  return Status::Error(context, strerror(err));\n}\n';
  const after = `namespace store {\n${helper}\n${open('Error(name, errno)')}\n${remove('Error(name, errno)')}}\n`;
  assert.deepEqual(await refactorings({ 'src/file.cc': before }, { 'src/file.cc': after }), [
    'Extract Function: src/file.cc/store/File::Open(string&) → src/file.cc/store/Error(string&,int)',
    'Extract Function: src/file.cc/store/File::Remove(string&) → src/file.cc/store/Error(string&,int)',
  ]);
});

test('C++: a type qualified from the global namespace (::std::string) is the same type as std::string: writing it so changes no signature', async () => {
  const port = (qualifier: string) =>
    `namespace leveldb {\nnamespace port {\ninline bool Snappy_Compress(const char* input, size_t length, ${qualifier}std::string* output) {\n  output->resize(length);\n  return input != nullptr;\n}\n}\n}\n`;
  const cst = await parseFile('port/port_posix.h', port('::'));
  assert.deepEqual(cst.nodes.find((n) => n.name === 'Snappy_Compress')!.parameterTypes, ['char*', 'size_t', 'string*']);
  assert.deepEqual(await refactorings({ 'port/port_posix.h': port(''), 'port/x.cc': 'int x() { return 1; }\n' }, { 'port/port_posix.h': port('::'), 'port/x.cc': 'int x() { return 2; }\n' }), []);
});

test('C++: a class moved to a new header inside its namespace is a Move Class of the class; the namespace, which every file opens, is not moved', async () => {
  const inNamespace = (code: string) => `#include <string>\n\nnamespace geo {\n\n${code}\n\n}  // namespace geo\n`;
  assert.deepEqual(
    await refactorings(
      { 'src/shapes.h': inNamespace(shape('Shape')), 'src/model.h': inNamespace(host) },
      { 'src/shapes.h': '#include "src/shape.h"\n', 'src/shape.h': inNamespace(shape('Shape')), 'src/model.h': inNamespace(host) },
    ),
    ['Move Class: src/shapes.h/geo/Shape → src/shape.h/geo/Shape'],
  );
});

test('C++: an unnamed parameter keeps its marks (const log_msg & is a log_msg&): naming it changes no signature', async () => {
  const sink = (parameter: string) =>
    `namespace sinks {\nclass test_sink : public base_sink {\nprotected:\n  void sink_it_(${parameter}) override {\n    msg_counter_++;\n  }\n  size_t msg_counter_ = 0;\n};\n}\n`;
  const cst = await parseFile('tests/test_sink.h', sink('const details::log_msg &, int *, char [], std::string &&'));
  assert.deepEqual(cst.nodes.find((n) => n.name === 'sink_it_')!.parameterTypes, ['log_msg&', 'int*', 'char[]', 'string&&']);
  assert.deepEqual(await refactorings({ 'tests/test_sink.h': sink('const details::log_msg &') }, { 'tests/test_sink.h': sink('const details::log_msg &msg') }), []);
});

test('C++: a member template (template <typename T> void log(…) in a class) is a method of its class; a template constructor, its constructor', async () => {
  const logger = (parameter: string) =>
    `namespace spdlog {\nclass logger {\npublic:\n  template <typename T>\n  explicit logger(T name) : name_(name) {}\n  template <typename FormatString, typename... Args>\n  void log(level lvl, ${parameter}, Args &&...args) {\n    log_(lvl, fmt, args...);\n  }\nprivate:\n  std::string name_;\n};\n}\n`;
  const cst = await parseFile('include/spdlog/logger.h', logger('const FormatString &fmt'));
  assert.deepEqual(cst.nodes.filter((n) => n.parent !== undefined && cst.nodes[n.parent].name === 'logger').map((n) => [n.kind, n.noun, n.signature, n.stereotypes.slice().sort()]), [
    ['constructor', 'Method', 'logger(T)', ['constructor', 'has-body', 'type-member']],
    ['method', 'Method', 'log(level,FormatString&,Args&&...)', ['has-body', 'type-member']],
  ]);
  assert.deepEqual(await refactorings({ 'include/spdlog/logger.h': logger('const FormatString &fmt') }, { 'include/spdlog/logger.h': logger('format_string<Args...> fmt') }), [
    'Change Method Signature: include/spdlog/logger.h/spdlog/logger/log(level,FormatString&,Args&&...) → include/spdlog/logger.h/spdlog/logger/log(level,format_string,Args&&...)',
  ]);
});

test('C++: renaming a class renames its destructor (~scoped_pad → ~scoped_padder) as it renames its constructor: one Rename Class, no Rename Method', async () => {
  const padder = (name: string) =>
    `namespace details {\nclass ${name} {\npublic:\n  ${name}(size_t wrapped_size, memory_buf_t &dest) : dest_(dest) { pad_it(wrapped_size); }\n  ~${name}() {\n    if (remaining_pad_ >= 0) { pad_it(remaining_pad_); }\n  }\nprivate:\n  void pad_it(long count) { dest_.append(count, ' '); }\n  memory_buf_t &dest_;\n  long remaining_pad_ = 0;\n};\n}\n`;
  assert.deepEqual(await refactorings({ 'include/details/pattern_formatter.h': padder('scoped_pad') }, { 'include/details/pattern_formatter.h': padder('scoped_padder') }), [
    'Rename Class: include/details/pattern_formatter.h/details/scoped_pad → include/details/pattern_formatter.h/details/scoped_padder',
  ]);
});

test('C++: a declaration with a calling convention (extern "C" void __stdcall f(…);) leaves what follows as it is: no function named after it holding the namespace', async () => {
  const header = (imports: string) =>
    `#pragma once\n${imports}\nnamespace sinks {\nclass msvc_sink {\nprotected:\n  void sink_it_(const char *msg) {\n    OutputDebugStringA(msg);\n  }\n};\n}\n`;
  const one = 'extern "C" __declspec(dllimport) void __stdcall OutputDebugStringA(const char *lpOutputString);';
  const two = `${one}\nextern "C" __declspec(dllimport) int __stdcall IsDebuggerPresent();`;
  const cst = await parseFile('include/sinks/msvc_sink.h', header(two));
  assert.deepEqual([cst.errors, cst.nodes.map((n) => n.name)], [0, ['msvc_sink.h', 'sinks', 'msvc_sink', 'sink_it_']]);
  assert.deepEqual(await refactorings({ 'include/sinks/msvc_sink.h': header(one) }, { 'include/sinks/msvc_sink.h': header(two) }), []);
});

const writeAll = (pack: string, parameter: string) => `template <typename OutputIt, typename... ${pack}>
OutputIt write_all(OutputIt out, ${parameter}... args) {
  int ignored[] = {(out = write_one(out, args), 0)...};
  (void)ignored;
  return out;
}
`;

const namedArg = (parameters: string) => `template <${parameters}> struct named_arg {
  const Char* name;
  const T& value;
  named_arg(const Char* n, const T& v) : name(n), value(v) {}
};
`;

const formatInt = (type: string, aliases = '') => `namespace fmt {
${aliases}class format_int {
 public:
  explicit format_int(${type} value) : str_(format_unsigned(value)) {}
  auto size() const -> size_t { return size_; }
 private:
  const char* str_;
  size_t size_;
};
}
`;

test('C++: a parameter respelt through an alias the commit declares (unsigned long long → ullong) keeps its type; an alias of another type does not', async () => {
  const before = { 'include/fmt/format.h': formatInt('unsigned long long'), 'include/fmt/base.h': 'namespace fmt {\nusing uint = unsigned;\n}\n' };
  const base = (alias: string) => `namespace fmt {\nusing uint = unsigned;\n${alias}\n}\n`;
  assert.deepEqual(await refactorings(before, { 'include/fmt/format.h': formatInt('ullong'), 'include/fmt/base.h': base('using ullong = unsigned long long;') }), []);
  assert.deepEqual(await refactorings(before, { 'include/fmt/format.h': formatInt('ulong_t', 'typedef unsigned long long ulong_t;\n'), 'include/fmt/base.h': base('') }), []);
  assert.deepEqual(await refactorings(before, { 'include/fmt/format.h': formatInt('ullong'), 'include/fmt/base.h': base('using ullong = unsigned long;') }), [
    'Change Method Signature: include/fmt/format.h/fmt/format_int/format_int(unsignedlonglong) → include/fmt/format.h/fmt/format_int/format_int(ullong)',
  ]);
});

test('C++: a template parameter renamed or reordered changes no parameter type; a parameter made a forwarding reference does', async () => {
  const before = { 'src/out.hpp': writeAll('Args', 'const Args&') };
  assert.deepEqual(await refactorings(before, { 'src/out.hpp': writeAll('T', 'const T&') }), []);
  assert.deepEqual(await refactorings(before, { 'src/out.hpp': writeAll('T', 'T&&') }), [
    'Change Function Signature: src/out.hpp/write_all(OutputIt,Args&...) → src/out.hpp/write_all(OutputIt,T&&...)',
  ]);
  assert.deepEqual(await refactorings({ 'src/args.hpp': namedArg('typename Char, typename T') }, { 'src/args.hpp': namedArg('typename T, typename Char') }), []);
});

const byteFormatter = (head: string, base: string) => `${head} : ${base} {
  auto format(std::byte value, format_context& ctx) const -> format_context::iterator {
    auto widened = static_cast<unsigned>(value);
    return ${base}::format(widened, ctx);
  }
};
`;

test('C++: a specialization whose arguments changed is a Change Class Signature, not a Rename Class', async () => {
  assert.deepEqual(await refactorings(
    { 'src/std.hpp': byteFormatter('template <> struct formatter<std::byte>', 'formatter<unsigned>') },
    { 'src/std.hpp': byteFormatter('template <typename Char> struct formatter<std::byte, Char>', 'formatter<unsigned, Char>') },
  ), ['Change Class Signature: src/std.hpp/formatter<std::byte> → src/std.hpp/formatter<std::byte,Char>']);
});

test('C++: a comment among a name\'s template arguments is no part of the name; an unnamed enum with a base type is no type', async () => {
  assert.deepEqual(await refactorings(
    { 'src/std.hpp': byteFormatter('template <> struct formatter<std::byte, char // no other code unit\n>', 'formatter<unsigned>') },
    { 'src/std.hpp': byteFormatter('template <> struct formatter<std::byte, char>', 'formatter<unsigned>') },
  ), []);
  // the parser names `enum : ullong {` after its base, after an error at the `:`, and `enum : unsigned long long {` with an empty name
  const flags = (base: string) => `enum : ${base} { packed_bit = 1ULL << 63, named_bit = 1ULL << 62 };\n`;
  assert.deepEqual(await refactorings({ 'src/args.hpp': flags('unsigned long long') }, { 'src/args.hpp': flags('ullong') }), []);
});

test('C++: a macro alone on the line before a qualified return type (FMT_API, then std::string f(…)) leaves the name and the type apart', async () => {
  // fmtlib/fmt 7ffc3ca15b: `FMT_CONSTEXPR20\n typename std::enable_if<…>::type\n allocator_move_impl(…)` was
  // named `typenamestd::enable_if<…>::typeallocator_move_impl`, and a method of a class `type`
  const text = (format: string, move: string) => `namespace fmt {
FMT_API
std::string ${format}(int value, int base) {
  std::string out;
  while (value > 0) { out.push_back('0' + value % base); value /= base; }
  return out;
}
FMT_API
std::string writer::${format}_to(int value) {
  return ${format}(value, 10);
}
class buffer {
  template <typename Alloc = Allocator>
  FMT_CONSTEXPR20
      typename std::enable_if<std::allocator_traits<Alloc>::
                                  propagate_on_container_move_assignment::value,
                              bool>::type
      ${move}(buffer& other) {
    alloc_ = std::move(other.alloc_);
    return true;
  }
};
}
`;
  const cst = await parseFile('include/fmt/format.h', text('format_value', 'allocator_move_impl'));
  assert.deepEqual(cst.nodes.filter((n) => n.kind !== 'file' && n.kind !== 'namespace').map((n) => `${n.kind} ${n.signature} : ${n.returnType}`), [
    'function format_value(int,int) : std::string',
    'function writer::format_value_to(int) : std::string',
    'class buffer : ',
    'method allocator_move_impl(buffer&) : typename std::enable_if<std::allocator_traits<Alloc>:: propagate_on_container_move_assignment::value, bool>::type',
  ]);
  assert.deepEqual(await refactorings({ 'src/format.h': text('format_value', 'allocator_move_impl') }, { 'src/format.h': text('format_number', 'move_alloc') }), [
    'Rename Function: src/format.h/fmt/format_value(int,int) → src/format.h/fmt/format_number(int,int)',
    'Rename Function: src/format.h/fmt/writer::format_value_to(int) → src/format.h/fmt/writer::format_number_to(int)',
    'Rename Method: src/format.h/fmt/buffer/allocator_move_impl(buffer&) → src/format.h/fmt/buffer/move_alloc(buffer&)',
  ]);
});

test('C++: a struct turned into a class under a new name is a Rename Class, not a new class its subclasses extracted', async () => {
  const base = (head: string, name: string) =>
    `namespace report {\n${head} ${name} {\nprotected:\n  Preferences m_preferences;\n  Config const* m_config;\npublic:\n  ${name}(Config const* config): m_config(config) {}\n  virtual ~${name}();\n  Preferences const& getPreferences() const {\n    return m_preferences;\n  }\n  virtual void testRunStarting(RunInfo const& info) = 0;\n  virtual void testRunEnded(RunStats const& stats) = 0;\n};\n}\n`;
  const console = (parent: string) =>
    `#include "base.hpp"\nnamespace report {\nclass ConsoleReporter : public ${parent} {\npublic:\n  void testRunStarting(RunInfo const& info) override { m_stream << info.name; }\n  void testRunEnded(RunStats const& stats) override { m_stream << stats.total; }\n};\n}\n`;
  assert.deepEqual(
    await refactorings(
      { 'src/base.hpp': base('struct', 'IStreamingReporter'), 'src/console.hpp': console('IStreamingReporter') },
      { 'src/base.hpp': base('class', 'IEventListener'), 'src/console.hpp': console('IEventListener') },
    ),
    ['Rename Class: src/base.hpp/report/IStreamingReporter → src/base.hpp/report/IEventListener'],
  );
});

test('C++: a macro before a block (CATCH_TRY { … } CATCH_CATCH_ANON(E const&) { … }) is no function: changing what it catches changes no signature', async () => {
  const parse = (handlers: string) =>
    `namespace Catch {\n    Optional<unsigned int> parseUInt(std::string const& input, int base) {\n        auto trimmed = trim( input );\n        CATCH_TRY {\n            size_t pos = 0;\n            const auto ret = std::stoull( trimmed, &pos, base );\n            return static_cast<unsigned int>(ret);\n        }\n${handlers}\n        return {};\n    }\n}\n`;
  const before = parse('        CATCH_CATCH_ANON( std::exception const& ) {\n            return {};\n        }');
  const after = parse('        CATCH_CATCH_ANON( std::invalid_argument const& ) {\n        }\n        CATCH_CATCH_ANON( std::out_of_range const& ) {\n        }');
  const cst = await parseFile('src/catch2/internal/catch_parse_numbers.cpp', before);
  assert.deepEqual(cst.nodes.filter((n) => n.kind === 'function').map((n) => n.signature), ['parseUInt(string&,int)']);
  assert.deepEqual(await refactorings({ 'src/catch2/internal/catch_parse_numbers.cpp': before }, { 'src/catch2/internal/catch_parse_numbers.cpp': after }), []);
  // in a class the parser may read the catch block as a member; a member without a type is its class's constructor only
  const benchmark = `namespace Catch {\n    struct Benchmark {\n        Benchmark(std::string&& name) : name(CATCH_MOVE(name)) {}\n        template <typename Clock = default_clock>\n        void run() {\n            CATCH_TRY {\n                auto plan = prepare<Clock>();\n            } CATCH_CATCH_ANON (TestFailureException const&) {\n                getResultCapture().benchmarkFailed("Benchmark failed"_sr);\n            }\n        }\n    };\n}\n`;
  const members = (await parseFile('src/catch2/benchmark/catch_benchmark.hpp', benchmark)).nodes.filter((n) => n.noun === 'Method');
  assert.deepEqual(members.map((n) => [n.kind, n.signature]), [['constructor', 'Benchmark(string&&)'], ['method', 'run()']]);
  // a class defined apart names its constructor by its last name
  const nested = 'namespace leveldb {\nclass Version::LevelFileNumIterator : public Iterator {\n public:\n  LevelFileNumIterator(const InternalKeyComparator& icmp, const std::vector<FileMetaData*>* flist)\n      : icmp_(icmp), flist_(flist) {}\n};\n}\n';
  assert.deepEqual((await parseFile('db/version_set.cc', nested)).nodes.filter((n) => n.noun === 'Method').map((n) => n.signature), ['LevelFileNumIterator(InternalKeyComparator&,vector*)']);
});

test('C++: try and catch written with macros (JSON_TRY { … } JSON_CATCH(E&) { … }) keep the class whole: a method after them renamed is a Rename Method of the class', async () => {
  // nlohmann/json's include/nlohmann/detail/json_pointer.hpp: the parser ended array_index at JSON_CATCH
  // and the class at array_index's closing brace, and read `json_pointer top() const` as a function around the class
  const pointer = (name: string) => `namespace nlohmann
{
template<typename BasicJsonType>
class json_pointer
{
  private:
    static std::size_t array_index(const std::string& s)
    {
        std::size_t processed_chars = 0;
        unsigned long long res = 0;
        JSON_TRY
        {
            res = std::stoull(s, &processed_chars);
        }
        JSON_CATCH(std::out_of_range&)
        {
            JSON_THROW(out_of_range::create(404, "unresolved reference token '" + s + "'"));
        }
        if (processed_chars != s.size())
        {
            JSON_THROW(out_of_range::create(404, "unresolved reference token '" + s + "'"));
        }
        return static_cast<std::size_t>(res);
    }

    json_pointer ${name}() const
    {
        json_pointer result = *this;
        result.reference_tokens = {reference_tokens[0]};
        return result;
    }

    std::vector<std::string> reference_tokens;
};
}
`;
  const path = 'include/nlohmann/detail/json_pointer.hpp';
  assert.deepEqual(await refactorings({ [path]: pointer('top') }, { [path]: pointer('first') }), [
    `Rename Method: ${path}/nlohmann/json_pointer/top() → ${path}/nlohmann/json_pointer/first()`,
  ]);
  const cst = await parseFile(path, pointer('top'));
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name]), [['file', 'json_pointer.hpp'], ['namespace', 'nlohmann'], ['class', 'json_pointer'], ['method', 'array_index'], ['method', 'top']]);
  // Catch2's catch-all, with no parenthesis, is `catch (...)`
  const all = 'struct Runner {\n    void run() {\n        CATCH_TRY {\n            invoke();\n        } CATCH_CATCH_ALL {\n            fail();\n        }\n    }\n    int count() const { return 1; }\n};\n';
  assert.deepEqual((await parseFile('src/runner.hpp', all)).nodes.map((n) => [n.kind, n.name]), [['file', 'runner.hpp'], ['struct', 'Runner'], ['method', 'run'], ['method', 'count']]);
});

test('C++: a specifier macro before a type qualified by a namespace in capitals, or before a constructor defined outside its class, keeps the class whole', async () => {
  // CLIUtils/CLI11 b56ae237e5: `CLI11_NODISCARD CLI::App_p get_subcommand_ptr(…) const {` in class App
  // was read as a field `CLI` of type CLI11_NODISCARD, and the rest of the class as the body of a
  // function get_subcommand_ptr; in App_inl.hpp `CLI11_INLINE App::App(…) : App(…) {` was a function
  // `App(description,nullptr)` returning CLI11_INLINE
  const header = (inClass: boolean) => `namespace CLI {
class App {
  public:
    App(std::string description, App *parent)${inClass ? ' : description_(std::move(description)), parent_(parent) {\n        if(parent_ != nullptr) inherit(parent_);\n    }' : ';'}
    explicit App(std::string description) ${inClass ? ': App(description, nullptr) {}' : ';'}
    CLI11_NODISCARD CLI::App_p get_subcommand_ptr(std::string name) const${inClass ? ' {\n        for(const App_p &sub : subcommands_)\n            if(sub->check_name(name))\n                return sub;\n        throw OptionNotFound(name);\n    }' : ';'}
    CLI11_NODISCARD CLI::App_p get_subcommand_ptr(int index = 0) const${inClass ? ' {\n        if(index >= 0 && index < count())\n            return subcommands_[index];\n        throw OptionNotFound(std::to_string(index));\n    }' : ';'}
    void clear() { parsed_ = 0; }
};
}
`;
  const inline = `namespace CLI {
CLI11_INLINE App::App(std::string description, App *parent)
    : description_(std::move(description)), parent_(parent) {
    if(parent_ != nullptr) inherit(parent_);
}

CLI11_INLINE App::App(std::string description) : App(description, nullptr) {}

CLI11_NODISCARD CLI11_INLINE CLI::App_p App::get_subcommand_ptr(std::string name) const {
    for(const App_p &sub : subcommands_)
        if(sub->check_name(name))
            return sub;
    throw OptionNotFound(name);
}

CLI11_NODISCARD CLI11_INLINE CLI::App_p App::get_subcommand_ptr(int index) const {
    if(index >= 0 && index < count())
        return subcommands_[index];
    throw OptionNotFound(std::to_string(index));
}
}
`;
  const cst = await parseFile('include/CLI/App.hpp', header(true));
  assert.deepEqual(cst.nodes.filter((n) => n.kind !== 'file').map((n) => `${n.kind} ${n.signature}`), [
    'namespace CLI', 'class App', 'constructor App(string,App*)', 'constructor App(string)',
    'method get_subcommand_ptr(string)', 'method get_subcommand_ptr(int)', 'method clear()',
  ]);
  const inl = await parseFile('include/CLI/impl/App_inl.hpp', inline);
  assert.deepEqual(inl.nodes.filter((n) => n.kind !== 'file').map((n) => `${n.kind} ${n.signature}`), [
    'namespace CLI', 'constructor App::App(string,App*)', 'constructor App::App(string)',
    'function App::get_subcommand_ptr(string)', 'function App::get_subcommand_ptr(int)',
  ]);
  assert.deepEqual(await refactorings({ 'include/CLI/App.hpp': header(true) }, { 'include/CLI/App.hpp': header(false), 'include/CLI/impl/App_inl.hpp': inline }), [
    'Move Function: include/CLI/App.hpp/CLI/App/get_subcommand_ptr(int) → include/CLI/impl/App_inl.hpp/CLI/App::get_subcommand_ptr(int)',
    'Move Function: include/CLI/App.hpp/CLI/App/get_subcommand_ptr(string) → include/CLI/impl/App_inl.hpp/CLI/App::get_subcommand_ptr(string)',
  ]);
});

test('C++: an attribute macro with arguments before a member (CLI11_DEPRECATED("…")) keeps the class whole: the members after it stay methods', async () => {
  // CLIUtils/CLI11 ed5cd89636: `CLI11_DEPRECATED("Use ->transform(CLI::IsMember(...)) instead")` alone on
  // the line before a method ended class App there, and every member of it was read as a function
  // of namespace CLI (a renamed method read as `Change Function Signature: …/CLI/description(…)`)
  const app = (name: string) => `namespace CLI {
class App {
  public:
    App() { set_help_flag("-h,--help"); }
    /// Set the description
    App *${name}(std::string description) {
        description_ = std::move(description);
        return this;
    }
    /// DEPRECATED
    CLI11_DEPRECATED("Use ->transform(CLI::IsMember(..., CLI::ignore_case)) instead")
    Option *add_set_ignore_case(std::string option_name, std::string &member) {
        return add_option(option_name, member)->transform(IsMember{member, ignore_case});
    }
    CLI11_DEPRECATED(
        "Use ->transform(CLI::IsMember(..., CLI::ignore_underscore)) with a (shared) pointer instead")
    Option *add_set_ignore_underscore(std::string option_name, std::string &member) {
        return add_option(option_name, member)->transform(IsMember{member, ignore_underscore});
    }
    void clear() { parsed_ = 0; }
};
}
`;
  const cst = await parseFile('include/CLI/App.hpp', app('description'));
  assert.deepEqual(cst.nodes.filter((n) => n.kind !== 'file').map((n) => `${n.kind} ${n.signature} : ${n.returnType}`), [
    'namespace CLI : ', 'class App : ', 'constructor App() : ', 'method description(string) : App',
    'method add_set_ignore_case(string,string&) : Option', 'method add_set_ignore_underscore(string,string&) : Option', 'method clear() : void',
  ]);
  assert.deepEqual(await refactorings({ 'include/CLI/App.hpp': app('description') }, { 'include/CLI/App.hpp': app('set_description') }), [
    'Rename Method: include/CLI/App.hpp/CLI/App/description(string) → include/CLI/App.hpp/CLI/App/set_description(string)',
  ]);
});

test('C++: a struct renamed that gained methods keeps its fields: a Rename Class, though its code grew past the position bar', async () => {
  // leveldb 6caf73ad9d: `struct Cleanup` → `struct CleanupNode`, its four fields kept, two methods added
  const header = (node: string, methods: string) => `namespace db {
class Iterator {
 public:
  using CleanupFunction = void (*)(void* arg1, void* arg2);
  void RegisterCleanup(CleanupFunction function, void* arg1, void* arg2);

 private:
  struct ${node} {
    CleanupFunction function;
    void* arg1;
    void* arg2;
    ${node}* next;
${methods}  };
  ${node} cleanup_head_;
};
}  // namespace db
`;
  const methods = `
    // True if the node is not used. Only head nodes might be unused.
    bool IsEmpty() const { return function == nullptr; }
    // Invokes the cleanup function.
    void Run() { assert(function != nullptr); (*function)(arg1, arg2); }
    // Drops the node's function and arguments.
    void Clear() { function = nullptr; arg1 = nullptr; arg2 = nullptr; next = nullptr; }
`;
  const found = await refactorings({ 'include/db/iterator.h': header('Cleanup', '') }, { 'include/db/iterator.h': header('CleanupNode', methods) });
  assert.deepEqual(found, ['Rename Class: include/db/iterator.h/db/Iterator/Cleanup → include/db/iterator.h/db/Iterator/CleanupNode']);
});

test('C++: a header renamed while the .cc beside it went into it: the function defined in the .cc moved, though the header declared it too', async () => {
  // leveldb d177a0263c replaced port_posix.h and port_posix.cc by port_stdcxx.h, each opening
  // `namespace port`: InitOnce's definition moved from the .cc into the new header
  const header = (initOnce: string) => `namespace db {
namespace port {
class Mutex {
 public:
  Mutex();
  void Lock();
  void Unlock();
};
inline bool Compress(const char* input, int length, char* output) {
  return snappy_compress(input, length, output) == 0;
}
inline bool Uncompress(const char* input, int length, char* output) {
  return snappy_uncompress(input, length, output) == 0;
}
${initOnce}
}  // namespace port
}  // namespace db
`;
  const source = `namespace db {
namespace port {
static void PthreadCall(const char* label, int result) {
  if (result != 0) abort();
}
Mutex::Mutex() { PthreadCall("init mutex", pthread_mutex_init(&mu_, nullptr)); }
void Mutex::Lock() { PthreadCall("lock", pthread_mutex_lock(&mu_)); }
void Mutex::Unlock() { PthreadCall("unlock", pthread_mutex_unlock(&mu_)); }
void InitOnce(int* once, void (*initializer)()) {
  PthreadCall("once", pthread_once(once, initializer));
}
}  // namespace port
}  // namespace db
`;
  const found = await refactorings(
    { 'port/port_posix.h': header('void InitOnce(int* once, void (*initializer)());'), 'port/port_posix.cc': source },
    { 'port/port_stdcxx.h': header('inline void InitOnce(int* once, void (*initializer)()) {\n  std::call_once(*once, *initializer);\n}') },
  );
  assert.ok(found.includes('Move Function: port/port_posix.cc/db/port/InitOnce(int*,void*) → port/port_stdcxx.h/db/port/InitOnce(int*,void*)'), found.join('\n'));
});

test('C++: a class renamed with an alias of the old name left behind (`using ConfigINI = ConfigBase;`) is a Rename Class, though its method\'s body went out of the class', async () => {
  const body = `{
        std::vector<ConfigItem> output;
        std::string line;
        while(std::getline(input, line)) {
            ConfigItem item;
            item.name = detail::trim_copy(line);
            output.push_back(item);
        }
        return output;
    }`;
  const before = {
    'include/CLI/ConfigFwd.hpp': `namespace CLI {
class ConfigINI : public Config {
  public:
    std::vector<ConfigItem> from_config(std::istream &input) const override ${body}
};
}
`,
  };
  const after = (alias: string) => ({
    'include/CLI/ConfigFwd.hpp': `namespace CLI {
class ConfigBase : public Config {
  protected:
    char commentChar = ';';

  public:
    std::vector<ConfigItem> from_config(std::istream &input) const override;
    ConfigBase *comment(char cchar) {
        commentChar = cchar;
        return this;
    }
};
${alias}
}
`,
    'include/CLI/Config.hpp': `namespace CLI {
inline std::vector<ConfigItem> ConfigBase::from_config(std::istream &input) const ${body}
}
`,
  });
  for (const alias of ['using ConfigINI = ConfigBase;', 'typedef CLI::ConfigBase ConfigINI;']) {
    const found = await refactorings(before, after(alias));
    assert.ok(found.includes('Rename Class: include/CLI/ConfigFwd.hpp/CLI/ConfigINI → include/CLI/ConfigFwd.hpp/CLI/ConfigBase'), `${alias}: ${found.join('; ')}`);
  }
  // no alias: nothing tells the two classes are one
  assert.ok(!(await refactorings(before, after(''))).some((r) => r.startsWith('Rename Class')));
});

test('C++: a macro call alone on its line without a `;` (GTEST_DISABLE_MSC_WARNINGS_POP_()) keeps the class closed: a struct after it is the namespace\'s', async () => {
  // googletest a0f06a70e3: the parser read `GTEST_DISABLE_MSC_WARNINGS_POP_()` and the `};` after it as one
  // declaration, left UniversalPrinter open, and named `struct Visitor` → `UniversalPrinterVisitor` as nested in it
  const printers = (name: string) => `namespace testing {
namespace internal {

template <typename T>
class UniversalPrinter {
 public:
  GTEST_DISABLE_MSC_WARNINGS_PUSH_(4180)

  static void Print(const T& value, ::std::ostream* os) {
    PrintTo(value, os);
  }

  GTEST_DISABLE_MSC_WARNINGS_POP_()
};

template <typename T>
class UniversalPrinter<const T> : public UniversalPrinter<T> {};

template <>
class UniversalPrinter<std::any> {
 public:
  static void Print(const std::any& value, ::std::ostream* os) {
    if (value.has_value()) {
      *os << "value of type " << GetTypeName(value);
    } else {
      *os << "no value";
    }
  }

 private:
  static std::string GetTypeName(const std::any& value) {
    return internal::GetTypeName(value.type());
    static_cast<void>(value);  // possibly unused
    return "<unknown_type>";
  }
};

struct ${name} {
  ::std::ostream* os;
  std::size_t index;
};

}  // namespace internal
}  // namespace testing
`;
  const path = 'googletest/include/gtest/gtest-printers.h';
  assert.deepEqual(await refactorings({ [path]: printers('Visitor') }, { [path]: printers('PrinterVisitor') }), [
    `Rename Class: ${path}/testing/internal/Visitor → ${path}/testing/internal/PrinterVisitor`,
  ]);
  // a call going on on the next line, or a test whose body opens there, is left as it is
  const tests = 'TEST(ParamTest, Get)\n{\n  GTEST_CHECK_(parameter_ != nullptr)\n      << "GetParam() outside a test";\n  Use(parameter_);\n}\n';
  assert.deepEqual((await parseFile('test/param_test.cc', tests)).nodes.map((n) => [n.kind, n.name, n.tokens.includes('GTEST_CHECK_')]), [
    ['file', 'param_test.cc', true],
    ['function', 'ParamTest.Get', true],
  ]);
});

test('C++: a macro alone at the margin names nothing (one opening a namespace is that namespace, named by its first word), and the class after it keeps its methods', async () => {
  const wrapper = (peek: string) => `#ifndef LIB_WRAPPER_H_
#define LIB_WRAPPER_H_

LIB_DIAG_PUSH
LIB_NAMESPACE_BEGIN

template <typename StreamType>
class Wrapper {
public:
    Ch Peek() const {
        int c = stream_.peek();
        return c != EOF ? static_cast<Ch>(c) : ${peek};
    }

    Ch Take() {
        int c = stream_.get();
        if (c != EOF) {
            count_++;
            return static_cast<Ch>(c);
        }
        return '\\0';
    }
private:
    StreamType& stream_;
};

LIB_NAMESPACE_END
LIB_DIAG_POP

#endif
`;
  const cst = await parseFile('include/lib/wrapper.h', wrapper("'\\\\0'"));
  assert.deepEqual(cst.nodes.map((n) => n.signature), ['wrapper.h', 'lib', 'Wrapper', 'Peek()', 'Take()']);
  // a changed body of Peek() is no refactoring (the class lost, Take and Peek were functions of the file and Take → Peek a rename)
  assert.deepEqual(await refactorings({ 'include/lib/wrapper.h': wrapper("'\\\\0'") }, { 'include/lib/wrapper.h': wrapper("static_cast<Ch>('\\\\0')") }), []);
  // a return type on its own line is no such macro
  const split = await parseFile('src/parse.cpp', 'MY_RESULT_T\nparse(const char* s) {\n  return MY_OK;\n}\n');
  assert.deepEqual(split.nodes.map((n) => [n.signature, n.returnType]), [['parse.cpp', ''], ['parse(char*)', 'MY_RESULT_T']]);
});

test('C++: a namespace macro written in place of `namespace nlohmann {` is that namespace: no class moves out of it; the code inside keeps its inner namespace', async () => {
  const header = (open: string, close: string) => `#pragma once
#include <cstdint>

${open}
namespace detail
{
template<typename BinaryType>
class byte_container_with_subtype : public BinaryType
{
  public:
    using container_type = BinaryType;
    void set_subtype(std::uint64_t subtype_) noexcept
    {
        m_subtype = subtype_;
        m_has_subtype = true;
    }
    bool has_subtype() const noexcept
    {
        return m_has_subtype;
    }
  private:
    std::uint64_t m_subtype = 0;
    bool m_has_subtype = false;
};
}  // namespace detail
${close}
`;
  const before = { 'include/nlohmann/byte_container.hpp': header('namespace nlohmann\n{', '}  // namespace nlohmann') };
  const after = { 'include/nlohmann/byte_container.hpp': header('NLOHMANN_JSON_NAMESPACE_BEGIN', 'NLOHMANN_JSON_NAMESPACE_END') };
  const found = await refactorings(before, after);
  assert.deepEqual(found.filter((r) => r.startsWith('Move')), []);
});

test('C++: a capitals macro after the parameters (`) APP_NOEXCEPT {`, before `:` initializers too) is blanked: the move assignment is read, and what follows stays in its namespace', async () => {
  const buffer = (refresh: string) => `#pragma once

namespace app {
namespace detail {

APP_INLINE message_buffer::message_buffer(const message &orig)
    : message{orig} {
    buffer.append(name.begin(), name.end());
    ${refresh}();
}

APP_INLINE message_buffer::message_buffer(message_buffer &&other) APP_NOEXCEPT
    : message{other},
      buffer{std::move(other.buffer)} {
    ${refresh}();
}

APP_INLINE message_buffer &message_buffer::operator=(const message_buffer &other) {
    message::operator=(other);
    buffer.clear();
    ${refresh}();
    return *this;
}

APP_INLINE message_buffer &message_buffer::operator=(message_buffer &&other) APP_NOEXCEPT {
    message::operator=(other);
    buffer = std::move(other.buffer);
    ${refresh}();
    return *this;
}

APP_INLINE void message_buffer::${refresh}() {
    name = view_t{buffer.data(), name.size()};
}

}  // namespace detail
}  // namespace app
`;
  const cst = await parseFile('include/app/detail/message_buffer-inl.h', buffer('refresh_views'));
  assert.deepEqual(
    cst.nodes.filter((n) => n.kind !== 'namespace' && n.kind !== 'file').map((n) => n.signature),
    ['message_buffer::message_buffer(message&)', 'message_buffer::message_buffer(message_buffer&&)', 'message_buffer::operator=(message_buffer&)', 'message_buffer::operator=(message_buffer&&)', 'message_buffer::refresh_views()'],
  );
  const found = await refactorings({ 'include/app/detail/message_buffer-inl.h': buffer('refresh_views') }, { 'include/app/detail/message_buffer-inl.h': buffer('update_views') });
  assert.ok(found.some((r) => r.startsWith('Rename') && r.includes('refresh_views') && r.includes('update_views')), found.join('\n'));
});

test('C++: a capitals macro call in place of a return type (`LIB_DISABLEIF_RETURN((…), (Value&)) operator=(T value) {`) is that return type: the class keeps its members, and a function with the macro on the line before keeps its name', async () => {
  const header = (isNull: string) => `#pragma once

namespace lib {

template <typename Encoding>
class Value {
public:
    template <typename T>
    LIB_DISABLEIF_RETURN((internal::IsPointer<T>), (Value&))
    operator=(T value) {
        Value v(value);
        return *this = v;
    }

    template <typename T> LIB_DISABLEIF_RETURN((internal::OrExpr<internal::IsPointer<T>, internal::IsValue<T> >), (bool)) operator==(const T& rhs) const { return *this == Value(rhs); }

    template <typename T>
    LIB_DISABLEIF_RETURN((internal::NotExpr<internal::IsSame<typename internal::RemoveConst<T>::Type, Ch> >),(Value&)) operator[](T* name) {
        Value n(StringRef(name));
        return (*this)[n];
    }

    bool ${isNull}() const { return flags_ == kNullFlag; }

private:
    unsigned flags_;
};

template <typename T, typename T2>
LIB_DISABLEIF_RETURN((internal::OrExpr<internal::IsPointer<T2>, internal::IsValue<T2> >), (typename T::ValueType&))
GetWithDefault(T& root, T2 defaultValue) {
    return root.Get(defaultValue);
}

}  // namespace lib
`;
  const cst = await parseFile('include/lib/value.h', header('IsNull'));
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name, n.returnType]), [
    ['file', 'value.h', null, ''],
    ['namespace', 'lib', 'value.h', ''],
    ['class', 'Value', 'lib', ''],
    ['method', 'operator=(T)', 'Value', 'LIB_DISABLEIF_RETURN'],
    ['method', 'operator==(T&)', 'Value', 'LIB_DISABLEIF_RETURN'],
    ['method', 'operator[](T*)', 'Value', 'LIB_DISABLEIF_RETURN'],
    ['method', 'IsNull()', 'Value', 'bool'],
    ['function', 'GetWithDefault(T&,T2)', 'lib', 'LIB_DISABLEIF_RETURN'],
  ]);
  assert.equal(cst.errors, 0);
  const found = await refactorings({ 'include/lib/value.h': header('IsNull') }, { 'include/lib/value.h': header('IsEmpty') });
  assert.deepEqual(found, ['Rename Method: include/lib/value.h/lib/Value/IsNull() → include/lib/value.h/lib/Value/IsEmpty()']);
  // a macro statement followed by a call is no return type
  const statements = await parseFile('src/run.cpp', 'void run(int x) {\n    LIB_CHECK(x > 0)\n    start(x);\n}\n');
  assert.deepEqual(statements.nodes.map((n) => n.signature), ['run.cpp', 'run(int)']);
});

test('C++: a function head written twice, once per branch of an #if, before one body (`#ifndef …` head `#else` head `#endif` `: data_() {`) is read by its first branch: the class keeps its members', async () => {
  const header = (isNull: string) => `#pragma once

namespace lib {

class Value {
public:
    Value() : data_() {}

#ifndef LIB_DOXYGEN_RUNNING // hide SFINAE from Doxygen
    template <typename T>
    explicit Value(T b, LIB_ENABLEIF((internal::IsSame<bool, T>))) LIB_NOEXCEPT  // See #472
#else
    explicit Value(bool b) LIB_NOEXCEPT
#endif
        : data_() {
        data_.flags = b ? kTrueFlag : kFalseFlag;
    }

    bool ${isNull}() const { return data_.flags == kNullFlag; }

private:
    Data data_;
};

#if LIB_HAS_THREE_WAY_COMPARISON
    inline std::partial_ordering operator<=>(const Value& lhs, const Value& rhs) noexcept
#else
    inline bool operator<(const Value& lhs, const Value& rhs) noexcept
#endif
{
    return lhs.data_.flags < rhs.data_.flags;
}

template <typename Context>
class arg_store
#if LIB_GCC_VERSION && LIB_GCC_VERSION < 409
    : public basic_args<Context>
#endif
{
    void push(int arg) { data_.push_back(arg); }
};

}  // namespace lib
`;
  const cst = await parseFile('include/lib/value.h', header('IsNull'));
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'value.h', null],
    ['namespace', 'lib', 'value.h'],
    ['class', 'Value', 'lib'],
    ['constructor', 'Value()', 'Value'],
    ['constructor', 'Value(T,LIB_ENABLEIF)', 'Value'],
    ['method', 'IsNull()', 'Value'],
    ['function', 'operator<=>(Value&,Value&)', 'lib'],
    ['class', 'arg_store', 'lib'],
    ['method', 'push(int)', 'arg_store'],
  ]);
  assert.deepEqual(cst.nodes.find((n) => n.name === 'arg_store')?.supertypes, ['basic_args']);
  const found = await refactorings({ 'include/lib/value.h': header('IsNull') }, { 'include/lib/value.h': header('IsEmpty') });
  assert.deepEqual(found, ['Rename Method: include/lib/value.h/lib/Value/IsNull() → include/lib/value.h/lib/Value/IsEmpty()']);
});

test('C++: methods defined apart from their class, in its .cc file, follow the class into another namespace: no Move Function of their own', async () => {
  // google/benchmark 90ebbdedf0 made `benchmark::internal::Benchmark` `benchmark::Benchmark`; the
  // definitions `Benchmark* Benchmark::Name(…) {…}` of benchmark_register.cc left `namespace internal {`
  // with it, as they must, and were told as forty Move Functions
  const header = (inner: boolean) => `namespace bench {
${inner ? 'namespace internal {\n' : ''}class Runner {
 public:
  Runner* Name(const std::string& name);
  Runner* Arg(int64_t x);
 private:
  std::string name_;
  std::vector<int64_t> args_;
};
${inner ? '}  // namespace internal\n' : ''}}  // namespace bench
`;
  const source = (inner: boolean) => `#include "bench.h"
namespace bench {
${inner ? 'namespace internal {\n' : ''}Runner* Runner::Name(const std::string& name) {
  SetName(name);
  name_ = name;
  return this;
}

Runner* Runner::Arg(int64_t x) {
  CHECK(args_.empty() || args_.front().size() == 1);
  args_.push_back(x);
  return this;
}
${inner ? '}  // namespace internal\n' : ''}}  // namespace bench
`;
  const found = await refactorings(
    { 'include/bench.h': header(true), 'src/register.cc': source(true) },
    { 'include/bench.h': header(false), 'src/register.cc': source(false) },
  );
  assert.ok(!found.some((r) => r.startsWith('Move Function')), found.join('\n'));
  assert.ok(found.includes('Move Class: include/bench.h/bench/internal/Runner → include/bench.h/bench/Runner'), found.join('\n'));
});

test('C++: a class moved from its .cc file into a header, its methods now defined apart in the .cc file inside a namespace: no Move Function of their own', async () => {
  // google/benchmark 32cc607107 moved `class BenchmarkRunner` out of benchmark_runner.cc into
  // benchmark_runner.h; its methods' bodies stayed in the .cc file as `BenchmarkRunner::DoOneRepetition()`
  // inside `namespace internal {`, and were told as Move Functions out of the class
  const run = `{
    int total = 0;
    for (int i = 0; i < repeats_; ++i) total += Measure(i);
    Report(total);
    return total;
  }`;
  const reset = `{
    repeats_ = 0;
    Clear(results_);
  }`;
  const before = {
    'src/runner.cc': `#include "runner.h"
namespace bench {
namespace internal {
namespace {
class Runner {
 public:
  int RunAll() ${run}
  void Reset() ${reset}
 private:
  int repeats_;
  std::vector<int> results_;
};
}  // namespace
}  // namespace internal
}  // namespace bench
`,
    'src/runner.h': `namespace bench {
namespace internal {
void Register();
}  // namespace internal
}  // namespace bench
`,
  };
  const after = {
    'src/runner.cc': `#include "runner.h"
namespace bench {
namespace internal {
int Runner::RunAll() ${run}

void Runner::Reset() ${reset}
}  // namespace internal
}  // namespace bench
`,
    'src/runner.h': `namespace bench {
namespace internal {
void Register();

class Runner {
 public:
  int RunAll();
  void Reset();
 private:
  int repeats_;
  std::vector<int> results_;
};
}  // namespace internal
}  // namespace bench
`,
  };
  const found = await refactorings(before, after);
  // the methods are the class's wherever their bodies are written: nothing of their own to tell
  assert.ok(!found.some((r) => r.includes('RunAll') || r.includes('Reset')), found.join('\n'));
});

test('C++: members written inside #if / #ifdef … #else … #endif in a class body are its methods, constructors and types; code extracted to one is an Extract Method', async () => {
  const value = (members: string, clear: string) => `namespace json {
class Value {
public:
  Value() : size_(0) {}
#if JSON_HAS_STDSTRING
  Value(const std::string& s) : size_(s.size()) {}
  struct Range { int begin; int end; };
#endif
  void Clear() {
${clear}
  }
${members}
private:
  int size_;
  Member* members_;
};
}
`;
  const inline = '    for (int i = 0; i < size_; i++) members_[i].~Member();\n    size_ = 0;\n    members_ = nullptr;\n    notify(size_);';
  const extracted = `#ifdef JSON_USE_MAP
  void DoClear() {
    map_.clear();
    size_ = 0;
  }
#else
  void DoClear() {
    for (int i = 0; i < size_; i++) members_[i].~Member();
    size_ = 0;
    members_ = nullptr;
  }
#endif`;
  const cst = await parseFile('include/json/value.h', value(extracted, '    DoClear();\n    notify(size_);'));
  assert.deepEqual(cst.nodes.filter((n) => n.parent !== undefined && cst.nodes[n.parent].name === 'Value').map((n) => [n.kind, n.signature, n.stereotypes.includes('type-member')]), [
    ['constructor', 'Value()', true],
    ['constructor', 'Value(string&)', true],
    ['struct', 'Range', false],
    ['method', 'Clear()', true],
    ['method', 'DoClear()', true],
    ['method', 'DoClear()', true],
  ]);
  assert.deepEqual(await refactorings({ 'include/json/value.h': value('', inline) }, { 'include/json/value.h': value(extracted, '    DoClear();\n    notify(size_);') }), [
    'Extract Method: include/json/value.h/json/Value/Clear() → include/json/value.h/json/Value/DoClear()',
  ]);
});

test('C++: a capitals macro standing for `if` (RAPIDJSON_IF_CONSTEXPR (cond) { … } else { … }) is read as an if: the class keeps its later methods', async () => {
  const pointer = (name: string) => `namespace json {
template <typename Ch>
class Pointer {
public:
    Pointer Append(int index) const {
        char buffer[21];
        int length = Format(index, buffer);
        JSON_IF_CONSTEXPR (sizeof(Ch) == 1) {
            Token token = { reinterpret_cast<Ch*>(buffer), length, index };
            return Append(token);
        }
        else {
            Ch name[21];
            for (int i = 0; i <= length; i++) name[i] = static_cast<Ch>(buffer[i]);
            Token token = { name, length, index };
            return Append(token);
        }
    }
    bool ${name}() const { return parseErrorCode_ == 0; }
    int GetParseErrorOffset() const { return parseErrorOffset_; }
private:
    int parseErrorCode_;
    int parseErrorOffset_;
};
}
`;
  const cst = await parseFile('include/json/pointer.h', pointer('IsValid'));
  assert.deepEqual([cst.errors, cst.nodes.map((n) => `${n.kind} ${n.name}${n.parent === undefined ? '' : ` in ${cst.nodes[n.parent].name}`}`)], [0, [
    'file pointer.h', 'namespace json in pointer.h', 'class Pointer in json', 'method Append in Pointer', 'method IsValid in Pointer', 'method GetParseErrorOffset in Pointer',
  ]]);
  assert.deepEqual(await refactorings({ 'include/json/pointer.h': pointer('IsValid') }, { 'include/json/pointer.h': pointer('Valid') }), [
    'Rename Method: include/json/pointer.h/json/Pointer/IsValid() → include/json/pointer.h/json/Pointer/Valid()',
  ]);
});
