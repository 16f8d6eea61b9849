/** Rust: what the CST holds for one small file, and the refactorings reported on small fixtures. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../src/languages/registry';
import { toRefactorings } from '../../src/core/report';
import { compare, refactorings, refactoringsFoundBy } from '../helpers';

test('Rust: impl methods join their struct, traits and modules are nodes, unknown impl targets get an impl node', async () => {
  const cst = await parseFile('src/stack.rs', `use std::fmt;
pub struct Stack<T> { items: Vec<T> }
impl<T: Clone> Stack<T> {
    pub fn new() -> Self { Stack { items: Vec::new() } }
    pub fn push(&mut self, item: T) { self.items.push(item); log(1, 2); }
}
impl fmt::Display for Stack<i32> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "stack") }
}
pub trait Shape: Clone + fmt::Debug {
    fn area(&self) -> f64;
    fn name(&self) -> String { String::from("shape") }
}
enum Color { Red, Green }
mod inner { pub fn double(x: i32) -> i32 { x * 2 } }
impl Other { fn run(self) {} }
impl Other { fn stop(self) {} }
fn top(a: i32, (b, c): (i32, i32)) -> i32 { a + b + c }
`);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.noun, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'File', 'stack.rs', null],
    ['struct', 'Class', 'Stack', 'stack.rs'],
    ['method', 'Method', 'new', 'Stack'],
    ['method', 'Method', 'push', 'Stack'],
    ['method', 'Method', 'fmt', 'Stack'],
    ['trait', 'Class', 'Shape', 'stack.rs'],
    ['method', 'Method', 'area', 'Shape'],
    ['method', 'Method', 'name', 'Shape'],
    ['enum', 'Class', 'Color', 'stack.rs'],
    ['module', 'Class', 'inner', 'stack.rs'],
    ['function', 'Function', 'double', 'inner'],
    ['impl', 'Class', 'Other', 'stack.rs'],
    ['method', 'Method', 'run', 'Other'],
    ['method', 'Method', 'stop', 'Other'],
    ['function', 'Function', 'top', 'stack.rs'],
  ]);
  const [file, stack, create, push, , shape, area] = cst.nodes;
  assert.equal(file.namespace, 'src/');
  assert.deepEqual(stack.children, [2, 3, 4]);
  assert.deepEqual(stack.supertypes, ['Display']);
  assert.deepEqual(shape.supertypes, ['Clone', 'Debug']);
  assert.ok(!create.stereotypes.includes('constructor'), 'new is not a constructor');
  assert.deepEqual(create.stereotypes.slice().sort(), ['exported', 'has-body', 'static', 'type-member']);
  assert.deepEqual(area.stereotypes.slice().sort(), ['abstract', 'type-member']);
  assert.deepEqual([push.parameters, push.parameterTypes, push.calls], [['item'], ['T'], [{ name: 'push', args: 1 }, { name: 'log', args: 2, module: '' }]]);
  assert.deepEqual(cst.nodes[14].parameters, ['a', '(b,c)']);
  assert.equal(cst.errors, 0);
});

const slugify = `pub fn slugify(title: &str, separator: char) -> String {
    let lower = title.trim().to_lowercase();
    let cleaned: String = lower.chars().map(|c| if c.is_alphanumeric() { c } else { separator }).collect();
    cleaned.trim_matches(separator).to_string()
}`;
const upper = 'pub fn upper(s: &str) -> String {\n    s.to_uppercase()\n}';
const host = 'pub fn host(url: &str) -> &str {\n    url.split(\'/\').next().unwrap_or("")\n}';

test('Rust: a function renamed is a Rename Function; a parameter added, a Change Function Signature', async () => {
  const before = { 'src/text.rs': `${slugify}\n\n${upper}\n` };
  assert.deepEqual(await refactorings(before, { 'src/text.rs': `${slugify.replace('slugify(', 'to_slug(')}\n\n${upper}\n` }), [
    'Rename Function: src/text.rs/slugify → src/text.rs/to_slug',
  ]);
  const changed = slugify.replace('separator: char)', 'separator: char, limit: usize)');
  assert.deepEqual(await refactorings(before, { 'src/text.rs': `${changed}\n\n${upper}\n` }), [
    'Change Function Signature: src/text.rs/slugify → src/text.rs/slugify',
  ]);
});

test('Rust: a lifetime elided or written out (`Formatter` → `Formatter<\'_>`) or `dyn` added changes no signature; another type does', async () => {
  // ripgrep af54069c51: cargo fix --edition-idioms wrote `<'_>` into 62 signatures
  const display = (formatter: string, source: string) => `use std::fmt;

pub struct Size(u64);

impl fmt::Display for Size {
    fn fmt(&self, f: &mut ${formatter}) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

pub fn report(err: &${source}) -> String {
    err.to_string()
}
`;
  const before = { 'src/size.rs': display('fmt::Formatter', 'Error') };
  assert.deepEqual(await refactorings(before, { 'src/size.rs': display("fmt::Formatter<'_>", 'dyn Error') }), []);
  assert.deepEqual(await refactorings(before, { 'src/size.rs': display('fmt::Writer', 'dyn Error') }), ['Change Method Signature: src/size.rs/Size/fmt → src/size.rs/Size/fmt']);
});

test('Rust: a parameter type written `Self` in an impl for the type it names (`other: &Val` → `other: &Self`) changes no signature; in a trait, `Self` is another type', async () => {
  // itertools 2c487f0755 ("Use `Self`") rewrote six such parameters in tests/quick.rs and tests/test_std.rs
  const ord = (type: string) => `use std::cmp::Ordering;

pub struct Val(u32, u32);

impl Ord for Val {
    fn cmp(&self, other: &${type}) -> Ordering {
        self.0.cmp(&other.0)
    }
}
`;
  const before = { 'src/val.rs': ord('Val') };
  assert.deepEqual(await refactorings(before, { 'src/val.rs': ord('Self') }), []);
  assert.deepEqual(await refactorings({ 'src/val.rs': ord('Self') }, before), []);
  assert.deepEqual(await refactorings(before, { 'src/val.rs': ord('Option<Self>') }), ['Change Method Signature: src/val.rs/Val/cmp → src/val.rs/Val/cmp']);
  const shape = (type: string) => `pub struct Val(u32);

pub trait Shape {
    fn same(&self, other: &${type}) -> bool;
}
`;
  assert.deepEqual(await refactorings({ 'src/shape.rs': shape('Val') }, { 'src/shape.rs': shape('Self') }), [
    'Change Method Signature: src/shape.rs/Shape/same → src/shape.rs/Shape/same',
  ], "a trait's Self is the implementing type");
});

test('Rust: a trait method parameter given a name where the 2015 edition left it anonymous (`&str` → `haystack: &str`) changes no signature', async () => {
  // rayon 33b9e0893c named the anonymous parameters of its private `Pattern` trait: `fn find_in(&self, &str)`
  // → `fn find_in(&self, haystack: &str)`, six methods reported as Change Method Signature
  const pattern = (haystack: string, extra = '') => `pub trait Pattern {
    fn find_in(&self, ${haystack}&str) -> Option<usize>;
    fn is_suffix_of(&self, ${haystack}&str${extra}) -> bool;
}
`;
  assert.deepEqual(await refactorings({ 'src/str.rs': pattern('') }, { 'src/str.rs': pattern('haystack: ') }), []);
  assert.deepEqual(await refactorings({ 'src/str.rs': pattern('haystack: ') }, { 'src/str.rs': pattern('') }), []);
  assert.deepEqual(await refactorings({ 'src/str.rs': pattern('') }, { 'src/str.rs': pattern('', ', usize') }), [
    'Change Method Signature: src/str.rs/Pattern/is_suffix_of → src/str.rs/Pattern/is_suffix_of',
  ], 'an anonymous parameter added is a change');
  assert.deepEqual(await refactorings({ 'src/str.rs': pattern('') }, { 'src/str.rs': pattern('haystack: ', ', n: usize') }), [
    'Change Method Signature: src/str.rs/Pattern/is_suffix_of → src/str.rs/Pattern/is_suffix_of',
  ]);
});

test('Rust: two functions of a file each declaring a `struct Val` with its impl in their body: each impl\'s methods are its own function\'s Val\'s', async () => {
  // itertools' tests/test_std.rs: `extrema_set` and `minmax` each declare `struct Val` and `impl Ord for Val`
  const local = (test: string, type: string) => `fn ${test}() {
    struct Val(u32, u32);

    impl Val {
        fn pick(&self, other: &${type}) -> u32 {
            self.0 + other.1
        }
    }

    assert_eq!(Val(1, 2).pick(&Val(3, 4)), 5);
}
`;
  const before = { 'tests/test_std.rs': `${local('extrema_set', 'Val')}\n${local('minmax', 'Val')}` };
  const after = { 'tests/test_std.rs': `${local('extrema_set', 'Val')}\n${local('minmax', 'Option<Val>')}` };
  assert.deepEqual(await refactorings(before, after), ['Change Method Signature: tests/test_std.rs/minmax/Val/pick → tests/test_std.rs/minmax/Val/pick']);
});

test('Rust: the 2018 edition\'s spellings change nothing: a path without the crate root\'s `::` (`::url::ParseError` → `url::ParseError`) is no signature change, a raw identifier (`r#async`) no rename', async () => {
  // reqwest 3ba4b6eadf "port all optional features to 2018-edition": 15 such lines
  const kind = (url: string, io: string) => `pub enum Kind { Url(${url}), Io(${io}) }

impl From<${url}> for Kind {
    fn from(err: ${url}) -> Kind {
        Kind::Url(err)
    }
}

pub fn wrap(err: &${io}) -> String {
    err.to_string()
}
`;
  const before = { 'src/error.rs': kind('::url::ParseError', '::std::io::Error') };
  assert.deepEqual(await refactorings(before, { 'src/error.rs': kind('url::ParseError', 'std::io::Error') }), []);
  // and a raw identifier (`mod async` → `mod r#async`, as `cargo fix --edition` writes it) is the same name
  const lib = (name: string) => `pub mod ${name} {\n    pub fn get(url: &str) -> String {\n        url.trim().to_string()\n    }\n}\n`;
  assert.deepEqual(await refactorings({ 'src/lib.rs': lib('async') }, { 'src/lib.rs': lib('r#async') }), []);
  assert.deepEqual(await refactorings(before, { 'src/error.rs': kind('::url::ParseError', '::std::io::ErrorKind') }), [
    'Change Function Signature: src/error.rs/wrap → src/error.rs/wrap',
  ]);
});

test('Rust: a function moved to another file is a Move Function; renamed too, a Move And Rename Function', async () => {
  const before = { 'src/text.rs': `${slugify}\n\n${upper}\n`, 'src/web.rs': `${host}\n` };
  assert.deepEqual(await refactorings(before, { 'src/text.rs': `${upper}\n`, 'src/web.rs': `${host}\n\n${slugify}\n` }), [
    'Move Function: src/text.rs/slugify → src/web.rs/slugify',
  ]);
  assert.deepEqual(await refactorings(before, { 'src/text.rs': `${upper}\n`, 'src/web.rs': `${host}\n\n${slugify.replace('slugify(', 'to_slug(')}\n` }), [
    'Move And Rename Function: src/text.rs/slugify → src/web.rs/to_slug',
  ]);
});

const shape = (name: string) => `pub struct ${name} {
    width: f64,
    height: f64,
}

impl ${name} {
    pub fn area(&self) -> f64 {
        let result = self.width * self.height;
        if result < 0.0 { panic!("negative area {}", result); }
        result
    }

    pub fn describe(&self, prefix: &str, count: usize) -> String {
        let mut text = String::from(prefix);
        for i in 0..count { text.push_str(&format!("{}, ", i)); }
        text.trim().to_string()
    }
}
`;

test('Rust: a struct renamed with its impl is a Rename Class; moved to another file, a Move Class', async () => {
  assert.deepEqual(await refactorings({ 'src/geo.rs': shape('Shape') }, { 'src/geo.rs': shape('Figure') }), ['Rename Class: src/geo.rs/Shape → src/geo.rs/Figure']);
  assert.deepEqual(await refactorings({ 'src/geo.rs': `${shape('Shape')}\n${upper}\n`, 'src/model.rs': `${host}\n` }, { 'src/geo.rs': `${upper}\n`, 'src/model.rs': `${host}\n\n${shape('Shape')}` }), [
    'Move Class: src/geo.rs/Shape → src/model.rs/Shape',
  ]);
});

const report = `pub fn report(values: &[i32]) -> String {
    let mut sum = 0;
    for v in values { sum += v; }
    let average = if values.is_empty() { 0.0 } else { sum as f64 / values.len() as f64 };
    let line = format!("sum={} average={}", sum, average);
    println!("{}", line);
    line
}`;
const reportExtracted = `pub fn report(values: &[i32]) -> String {
    let sum = total(values);
    let average = if values.is_empty() { 0.0 } else { sum as f64 / values.len() as f64 };
    let line = format!("sum={} average={}", sum, average);
    println!("{}", line);
    line
}

fn total(numbers: &[i32]) -> i32 {
    let mut sum = 0;
    for v in numbers { sum += v; }
    sum
}`;

test('Rust: part of a function moved to a new function it calls is an Extract Function; the reverse, an Inline Function', async () => {
  assert.deepEqual(await refactorings({ 'src/stats.rs': `${report}\n` }, { 'src/stats.rs': `${reportExtracted}\n` }), [
    'Extract Function: src/stats.rs/report → src/stats.rs/total',
  ]);
  assert.deepEqual(await refactorings({ 'src/stats.rs': `${reportExtracted}\n` }, { 'src/stats.rs': `${report}\n` }), [
    'Inline Function: src/stats.rs/total → src/stats.rs/report',
  ]);
});

const feed = `    fn feed(&self, grams: u32, times: u32) -> u32 {
        let total = grams * times;
        println!("feeding {} grams", total);
        total
    }`;
const dog = (members: string) => `pub struct Dog { name: String }

impl Dog {
    pub fn bark(&self) -> String { String::from("woof") }
}

impl Animal for Dog {
    fn name(&self) -> String { self.name.clone() }
${members}
}
`;
const animal = (members: string) => `pub trait Animal {
    fn name(&self) -> String;
${members}
}
`;

test('Rust: a method moved from an impl into its trait as a default is a Pull Up Method; back, a Push Down Method', async () => {
  const inDog = { 'src/animal.rs': animal(''), 'src/dog.rs': dog(feed) };
  const inTrait = { 'src/animal.rs': animal(feed), 'src/dog.rs': dog('') };
  assert.deepEqual(await refactorings(inDog, inTrait), ['Pull Up Method: src/dog.rs/Dog/feed → src/animal.rs/Animal/feed']);
  assert.deepEqual(await refactorings(inTrait, inDog), ['Push Down Method: src/animal.rs/Animal/feed → src/dog.rs/Dog/feed']);
});

test('Rust: a new trait declaring a method of a struct is an Extract Interface', async () => {
  const before = { 'src/dog.rs': `pub struct Dog { name: String }\n\nimpl Dog {\n    pub fn bark(&self) -> String { String::from("woof") }\n${feed}\n}\n` };
  const after = {
    'src/dog.rs': `pub struct Dog { name: String }\n\nimpl Dog {\n    pub fn bark(&self) -> String { String::from("woof") }\n}\n\nimpl Feedable for Dog {\n${feed}\n}\n`,
    'src/feedable.rs': 'pub trait Feedable {\n    fn feed(&self, grams: u32, times: u32) -> u32;\n}\n',
  };
  assert.deepEqual(await refactorings(before, after), [
    'Extract Interface: src/dog.rs/Dog → src/feedable.rs/Feedable',
    'Pull Up Method Signature: src/dog.rs/Dog/feed → src/feedable.rs/Feedable/feed',
  ]);
});

test('Rust calls say what they are made on: self and Self, a type named, a parameter\'s or a let\'s written type, a struct literal; a path or a bare name is a function; an untyped let or a type parameter tells nothing', async () => {
  const cst = await parseFile('src/walk.rs', `impl<T: Clone> Walker<T> {
    fn run(&self, config: &Config, item: T, other: &Self) {
        let state = State { depth: 1 };
        let typed: Buffer = make();
        let found = lookup();
        self.step(1);
        Self::create();
        Vec::new();
        std::fs::read("x");
        config.get();
        state.advance();
        typed.flush();
        found.check();
        item.clone();
        other.step(2);
        T::default();
    }
}
`);
  assert.deepEqual(cst.nodes.find((n) => n.name === 'run')!.calls, [
    { name: 'make', args: 0, module: '' },
    { name: 'lookup', args: 0, module: '' },
    { name: 'step', args: 1, receiver: 'Walker', ownType: true },
    { name: 'create', args: 0, receiver: 'Walker', ownType: true },
    { name: 'new', args: 0, receiver: 'Vec' },
    { name: 'read', args: 1, module: '' },
    { name: 'get', args: 0, receiver: 'Config' },
    { name: 'advance', args: 0, receiver: 'State' },
    { name: 'flush', args: 0, receiver: 'Buffer' },
    { name: 'check', args: 0 },
    { name: 'clone', args: 0 },
    { name: 'step', args: 1, receiver: 'Walker', ownType: true },
    { name: 'default', args: 0 },
  ]);
});

const scan = (setup: string) => `use std::path::Path;

pub fn scan(root: &str, threads: usize) -> usize {
${setup}    let path = Path::new(root);
    let mut found = Vec::new();
    found.push(path.to_string_lossy().to_string());
    found.len() * threads
}
`;
const flags = `        let quit = Arc::new(AtomicBool::new(false));
        let interrupt = Arc::new(AtomicBool::new(false));
        println!("scanning with {} threads, quit {:?}, interrupt {:?}", threads, quit, interrupt);
`;
const state = `pub struct State { quit: Arc<AtomicBool>, interrupt: Arc<AtomicBool> }

impl State {
    pub fn new(threads: usize) -> Self {
${flags}        State { quit, interrupt }
    }
}
`;

test('Rust: code moved into a new State::new is no Extract And Move from a function that only calls Vec::new() and Path::new(); from one calling State::new(), it is', async () => {
  const before = { 'src/walk.rs': scan(flags.replace(/^ {4}/gm, '')), 'src/state.rs': 'pub struct Unused;\n' };
  assert.deepEqual(await refactorings(before, { 'src/walk.rs': scan(''), 'src/state.rs': state }), []);
  assert.deepEqual(await refactorings(before, { 'src/walk.rs': scan('    let _state = State::new(threads);\n'), 'src/state.rs': state }), [
    'Extract And Move Method: src/walk.rs/scan → src/state.rs/State/new',
  ]);
});

const reader = (readerBody: string, parserBody: string) => `use std::io;

pub struct Reader { bytes: Vec<u8>, pos: usize }

impl Reader {
    pub fn next(&mut self) -> io::Result<u8> {
        let b = *self.bytes.get(self.pos).unwrap_or(&0);
        self.pos += 1;
        Ok(b)
    }
${readerBody}}

pub struct Parser { reader: Reader }

impl Parser {
    pub fn done(&self) -> bool { true }
${parserBody}}
`;
const pair = `    pub fn read_pair(&mut self, scale: u8) -> io::Result<(u8, u8)> {
        let first = try!(self.next());
        let second = try!(self.next());
        Ok((first * scale, second * scale))
    }
`;

test('Rust 2015 code: `try!(…)` is read without a syntax error, so a method moved between two structs of its file is a Move Method', async () => {
  const cst = await parseFile('src/read.rs', reader(pair, ''));
  assert.equal(cst.errors, 0);
  const before = { 'src/read.rs': reader(pair, '') };
  assert.deepEqual(await refactorings(before, { 'src/read.rs': reader('', pair.replace(/self\.next\(\)/g, 'self.reader.next()')) }), [
    'Move Method: src/read.rs/Reader/read_pair → src/read.rs/Parser/read_pair',
  ]);
});

const parsers = (parserBody: string, readerBody: string) => `use serde::de;

pub struct Parser { depth: u32, pos: usize }

impl Parser {
    pub fn new() -> Parser { Parser { depth: 0, pos: 0 } }
${parserBody}}

pub struct Reader { pos: usize, depth: u32 }

impl Reader {
    pub fn open() -> Reader { Reader { pos: 0, depth: 0 } }
${readerBody}}

impl de::Parser for Reader {
    fn parse(&mut self) -> u32 { self.depth + 1 }
}
`;
const skip = `    fn skip_whitespace(&mut self, bytes: &[u8]) -> usize {
        while self.pos < bytes.len() && bytes[self.pos] == b' ' {
            self.pos += 1;
        }
        self.pos
    }
`;

test('Rust: a method moved between two structs is a Move Method, though one implements a library trait named like the other (`impl de::Parser for Reader` beside `struct Parser`)', async () => {
  // serde_json 5c97f712f2 and 192423d49d: 36 such moves read as Pull Up and Push Down Method
  const inReader = { 'src/de.rs': parsers('', skip) };
  assert.deepEqual(await refactorings(inReader, { 'src/de.rs': parsers(skip, '') }), ['Move Method: src/de.rs/Reader/skip_whitespace → src/de.rs/Parser/skip_whitespace']);
  assert.deepEqual(await refactorings({ 'src/de.rs': parsers(skip, '') }, inReader), ['Move Method: src/de.rs/Parser/skip_whitespace → src/de.rs/Reader/skip_whitespace']);
});

const pending = (declaration: string) => `use std::task::Poll;

${declaration}

impl Pending {
    pub fn poll_next(&mut self, budget: u32) -> Poll<u32> {
        self.polled += budget;
        if self.polled > 10 { Poll::Ready(self.polled) } else { Poll::Pending }
    }
}
`;

test('Rust: a struct whose declaration went into a macro (`pin_project! { struct Pending … }`), its impl left in place, changes no declaration kind', async () => {
  // reqwest 2dec3b725f, 1af8945143: the impl block of a type not declared in the file is no struct, nor anything else
  const before = { 'src/client.rs': pending('pub struct Pending {\n    polled: u32,\n}') };
  const after = { 'src/client.rs': pending('pin_project! {\n    pub struct Pending {\n        polled: u32,\n    }\n}') };
  assert.deepEqual(await refactorings(before, after), []);
  assert.deepEqual(await refactorings(after, before), []);
});

const bufTrait = `pub trait Buf {
    fn remaining(&self) -> usize;
    fn chunk(&self) -> &[u8];
}
`;
const sliceBuf = `impl<'a> Buf for &'a [u8] {
    fn remaining(&self) -> usize {
        let n = self.len();
        if n > 0 { n } else { 0 }
    }

    fn chunk(&self) -> &[u8] {
        let data: &[u8] = self;
        data
    }
}
`;
const pairBuf = (name: string) => `impl<A: Buf, B: Buf> Buf for ( A,B ) {
    fn ${name}(&self) -> usize {
        let total = self.0.remaining() + self.1.remaining();
        total.saturating_add(0)
    }

    fn chunk(&self) -> &[u8] {
        if self.0.remaining() > 0 { self.0.chunk() } else { self.1.chunk() }
    }
}
`;

test('Rust: a trait implemented for a type without a name (`&[u8]`, `(A, B)`) or for a type parameter (`&mut T`) holds its methods, named by the type as written', async () => {
  const cst = await parseFile('src/buf.rs', `${bufTrait}\n${sliceBuf}\n${pairBuf('remaining')}\nimpl fmt::Display for dyn std::error::Error + Send {\n    fn fmt(&self) {}\n}\nimpl<T: Buf> Buf for &mut T {\n    fn remaining(&self) -> usize { (**self).remaining() }\n}\nimpl<T: Buf> Source for T {\n    fn copy(self) {}\n}\n`);
  assert.deepEqual(cst.nodes.filter((n) => n.kind === 'impl').map((n) => [n.name, n.children.map((id) => cst.nodes[id].name)]), [
    ['&[u8]', ['remaining', 'chunk']],
    ['(A, B)', ['remaining', 'chunk']],
    ['dyn Error + Send', ['fmt']],
    ['&mut T', ['remaining']],
    ['T', ['copy']],
  ]);
  // each impl's methods are its own, not namesakes of the file that a rename or a move mixes up
  const before = { 'src/buf.rs': `${bufTrait}\n${sliceBuf}\n${pairBuf('remaining')}` };
  assert.deepEqual(await refactorings(before, { 'src/buf.rs': `${bufTrait}\n${sliceBuf}\n${pairBuf('left')}` }), ['Rename Method: src/buf.rs/(A, B)/remaining → src/buf.rs/(A, B)/left']);
  assert.deepEqual(await refactorings(before, { 'src/buf.rs': `${bufTrait}\n${sliceBuf}`, 'src/chain.rs': `use crate::buf::Buf;\n\n${pairBuf('remaining')}` }), [
    'Move Class: src/buf.rs/Buf for (A, B) → src/chain.rs/Buf for (A, B)',
  ]);
});

test('Rust statements: each arm of a `match` is one, as each `;`-ended statement of a block', async () => {
  const { bodyStatements } = await import('../../src/core/statements');
  const cst = await parseFile('src/shape.rs', `pub fn area(shape: &Shape, scale: f64) -> f64 {
    let base = match shape {
        Shape::Circle(r) => 3.14 * r * r,
        Shape::Square(s) => {
            let side = s * scale;
            side * side
        }
        _ => 0.0,
    };
    log(base);
    base
}
`);
  const area = cst.nodes.find((n) => n.name === 'area');
  assert.ok(area);
  const statements = (bodyStatements(area) ?? []).map((s) => s.join(' '));
  assert.ok(statements.includes('Shape :: Circle ( r ) => 3.14 * r * r ,'), statements.join('\n'));
  assert.ok(statements.some((s) => s.startsWith('_ => 0.0')), statements.join('\n'));
  assert.ok(statements.includes('log ( base )'), statements.join('\n'));
});

test('Rust: of one trait implemented for several argument types (`eq(&Buf)`, `eq(&Vec<u8>)`), the method keeps the one of its own parameter types, whichever took more of its code', async () => {
  // tokio-rs/bytes 57e84f267b, 0e9fa0b602, 43ac8e5494: `impl PartialEq for Bytes` rewritten beside a new
  // `impl PartialEq<Vec<u8>> for Bytes` (and `From<Vec<u8>>` beside a new `From<Box<[u8]>>`) read as a signature change
  const eq = (other: string, body: string) => `impl PartialEq${other === 'Buf' ? '' : `<${other}>`} for Buf {
    fn eq(&self, other: &${other}) -> bool {
${body}
    }
}
`;
  const loop = (data: string) => `        if self.data.len() != other${data}.len() { return false; }
        self.data.iter().zip(other${data}.iter()).all(|(a, b)| a == b)`;
  const struct = 'pub struct Buf { data: Vec<u8> }\n\n';
  const before = { 'src/buf.rs': struct + eq('Buf', loop('.data')) };
  const after = { 'src/buf.rs': struct + eq('Buf', '        self.data == other.data') + '\n' + eq('Vec<u8>', loop('')) };
  assert.deepEqual(await refactorings(before, after), []);
});

test('Rust: a method renamed while a new one takes its name with other parameters is a Rename Method, also when the name is unique on both sides', async () => {
  // tokio-rs/bytes 99a27542a0: `from_slice(&mut [MaybeUninit<u8>])` became `from_uninit_slice`, and a new
  // `from_slice(&mut [u8])` was added; the identity step refused the namesakes, the unique-name step paired them
  const slice = (members: string) => `pub struct Slice([MaybeUninit<u8>]);

impl Slice {
${members}
    pub fn len(&self) -> usize {
        self.0.len()
    }
}
`;
  const fromUninit = (name: string) => `    pub fn ${name}(slice: &mut [MaybeUninit<u8>]) -> &mut Slice {
        unsafe { &mut *(slice as *mut [MaybeUninit<u8>] as *mut Slice) }
    }
`;
  const fromInit = `    pub fn from_slice(slice: &mut [u8]) -> &mut Slice {
        unsafe { &mut *(slice as *mut [u8] as *mut [MaybeUninit<u8>] as *mut Slice) }
    }
`;
  const before = { 'src/slice.rs': slice(fromUninit('from_slice')) };
  const after = { 'src/slice.rs': slice(`${fromUninit('from_uninit_slice')}\n${fromInit}`) };
  assert.deepEqual(await refactorings(before, after), ['Rename Method: src/slice.rs/Slice/from_slice → src/slice.rs/Slice/from_uninit_slice']);
});

test('Rust: the impls of a type declared elsewhere moved to another file, where the type has impls too, move their methods (no one type in several files)', async () => {
  // tokio-rs/bytes 43ac8e5494: `impl PartialEq<BytesMut> for [u8]` moved from bytes.rs into bytes_mut.rs,
  // `impl PartialEq<Bytes> for [u8]` stayed; each file holds an impl node `[u8]`
  const compare = (other: string, self: string) => `impl PartialEq<${other}> for ${self} {
    fn eq(&self, other: &${other}) -> bool {
        *other == *self
    }
}

impl PartialOrd<${other}> for ${self} {
    fn partial_cmp(&self, other: &${other}) -> Option<cmp::Ordering> {
        other.partial_cmp(self)
    }
}
`;
  const bytes = 'pub struct Bytes { ptr: usize }\n\nimpl Bytes {\n    pub fn len(&self) -> usize { self.ptr + 1 }\n}\n\n';
  const bytesMut = 'pub struct BytesMut { ptr: usize }\n\nimpl BytesMut {\n    pub fn len(&self) -> usize { self.ptr + 2 }\n}\n\n';
  const before = { 'src/bytes.rs': bytes + bytesMut + compare('BytesMut', '[u8]') + compare('Bytes', '[u8]') };
  const after = { 'src/bytes.rs': bytes + compare('Bytes', '[u8]'), 'src/bytes_mut.rs': bytesMut + compare('BytesMut', '[u8]') };
  assert.deepEqual(await refactorings(before, after), [
    'Move Class: src/bytes.rs/BytesMut → src/bytes_mut.rs/BytesMut',
    'Move Method: src/bytes.rs/[u8]/eq → src/bytes_mut.rs/[u8]/eq',
    'Move Method: src/bytes.rs/[u8]/partial_cmp → src/bytes_mut.rs/[u8]/partial_cmp',
  ]);
});

test('Rust: each trait\'s impl for a type declared elsewhere is a block of its own, moved with its methods; a block for another type is no rename of it', async () => {
  // tokio-rs/bytes ac42766535, 4466b75ae4: lib.rs's impls for `&[u8]` and `Vec<u8>` of two traits went to two files
  const source = (type: string) => `impl<'a> Source for ${type} {
    fn fill<B: MutBuf>(self, buf: &mut B) -> Result<usize, BufError> {
        let mut src = Cursor::new(self);
        buf.write_slice(src.bytes());
        Ok(src.position() as usize)
    }
}
`;
  const toBytes = (type: string, body: string) => `impl<'a> ToBytes for ${type} {
    fn to_bytes(self) -> Bytes {
        ${body}
    }
}
`;
  const unit = 'impl IntoBuf for () {\n    fn into_buf(self) -> Self::Buf {\n        Cursor::new(&[])\n    }\n}\n';
  const vec = 'impl IntoBuf for Vec<u8> {\n    fn into_buf(self) -> Self::Buf {\n        Cursor::new(self)\n    }\n}\n';
  const sliceBytes = toBytes("&'a [u8]", 'Bytes::from_slice(self)');
  const vecBytes = toBytes("&'a Vec<u8>", '(&self[..]).to_bytes()');
  const before = { 'src/lib.rs': `${sliceBytes}\n${vecBytes}\n${source("&'a [u8]")}\n${source("&'a Vec<u8>")}\n${unit}` };
  const after = {
    'src/lib.rs': vec,
    'src/buf/mod.rs': `${source("&'a [u8]")}\n${source("&'a Vec<u8>")}`,
    'src/str/mod.rs': `${sliceBytes}\n${vecBytes}`,
  };
  assert.deepEqual(await refactorings(before, after), [
    'Move Class: src/lib.rs/Source for &[u8] → src/buf/mod.rs/Source for &[u8]',
    'Move Class: src/lib.rs/Source for Vec → src/buf/mod.rs/Source for Vec',
    'Move Class: src/lib.rs/ToBytes for &[u8] → src/str/mod.rs/ToBytes for &[u8]',
    'Move Class: src/lib.rs/ToBytes for Vec → src/str/mod.rs/ToBytes for Vec',
  ]);
});

test('Rust: an impl block that implements another trait (`AsyncRead` → `Read`) or is for a reference to its type (`&mut [u8]` → `[u8]`) is the same block', async () => {
  // seanmonstar/reqwest eb94f26919 (tokio's traits for hyper's), tokio-rs/bytes a4bfc63de7
  const read = (trait: string) => `impl ${trait} for Conn {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.project();
        this.inner.poll_read(cx, buf)
    }
}
`;
  const sink = (type: string) => `impl Sink for ${type} {
    fn sink<B: Buf>(&mut self, buf: &mut B) {
        buf.read_slice(self);
        buf.advance(self.len());
    }
}
`;
  const before = { 'src/connect.rs': `${read('AsyncRead')}\n${sink('&mut [u8]')}` };
  const after = { 'src/connect.rs': `${read('Read')}\n${sink('[u8]')}` };
  assert.deepEqual(await refactorings(before, after), []);
});

test('Rust: a one-line method whose body shares only `self` with a namesake in another type is not moved there', async () => {
  // tokio-rs/bytes 55aa530dc1: `impl IntoBuf for &[u8]` (`io::Cursor::new(self)`) deleted, `impl IntoBuf for
  // &BytesMut` (`self.as_ref()`) added beside the struct
  const intoBuf = (type: string, body: string) => `impl<'a> IntoBuf for ${type} {
    type Buf = io::Cursor<&'a [u8]>;

    fn into_buf(self) -> Self::Buf {
        ${body}
    }
}
`;
  const struct = 'pub struct BytesMut { inner: Inner }\n\nimpl BytesMut {\n    pub fn len(&self) -> usize {\n        self.inner.len()\n    }\n}\n';
  const before = { 'src/into_buf.rs': intoBuf("&'a [u8]", 'io::Cursor::new(self)'), 'src/bytes.rs': struct };
  const after = { 'src/into_buf.rs': '', 'src/bytes.rs': `${struct}\n${intoBuf("&'a BytesMut", 'self.as_ref()')}` };
  assert.deepEqual(await refactorings(before, after), []);
});

test('Rust: a test moved from one file\'s `mod tests` into another\'s moved (the two modules are no parts of one)', async () => {
  // BurntSushi/ripgrep f608d4d9b3: hyperlink.rs's tests::aliases_are_valid went into hyperlink_aliases.rs's
  // tests (renamed there); each file is a module, so `tests` in each is a module of its own
  const tests = (fns: string) => `\n#[cfg(test)]\nmod tests {\n    use super::*;\n${fns}}\n`;
  const valid = `    #[test]
    fn aliases_are_valid() {
        for (name, definition) in ALIASES {
            assert!(definition.parse::<Format>().is_ok(), "invalid alias '{name}': {definition}");
        }
    }
`;
  const parses = `    #[test]
    fn parses_scheme() {
        let format = Format::from_str("file://{path}").unwrap();
        assert_eq!(format.parts().len(), 2);
    }
`;
  const sorted = `    #[test]
    fn aliases_are_sorted() {
        let mut prev = ALIASES.get(0).expect("non-empty").0;
        for &(name, _) in ALIASES.iter().skip(1) {
            assert!(name > prev);
            prev = name;
        }
    }
`;
  const format = 'pub struct Format { parts: Vec<Part> }\n';
  const aliases = 'pub const ALIASES: &[(&str, &str)] = &[];\n';
  const before = { 'src/format.rs': format + tests(parses + valid), 'src/aliases.rs': aliases + tests(sorted) };
  const after = { 'src/format.rs': format + tests(parses), 'src/aliases.rs': aliases + tests(sorted + valid) };
  assert.deepEqual(await refactorings(before, after), ['Move Function: src/format.rs/tests/aliases_are_valid → src/aliases.rs/tests/aliases_are_valid']);
});

test('Rust: a test kept word for word under a new name, a copy in a new file taking its name, was renamed in place, not moved', async () => {
  // BurntSushi/ripgrep ca058d7584: search.rs's `basic_search` became `basic_search1`, the new
  // search_buffer.rs got a `basic_search` written from it for the buffer searcher
  const test = (name: string, searcher: string) => `    #[test]
    fn ${name}() {
        let (count, out) = ${searcher}("Sherlock", &*SHERLOCK, |s| s);
        assert_eq!(2, count);
        assert_eq!(out, "/baz.rs:For the Doctor Watsons of this world, as opposed to the Sherlock\\n");
    }
`;
  const invert = (searcher: string) => `    #[test]
    fn invert_match() {
        let (count, out) = ${searcher}("Sherlock", &*SHERLOCK, |s| s.invert_match(true));
        assert_eq!(4, count);
        assert!(out.ends_with("Holmes\\n"));
    }
`;
  const tests = (fns: string) => `\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n${fns}}\n`;
  const stream = 'pub struct Searcher { line_count: u64 }\n';
  const buffer = 'pub struct BufferSearcher { line_count: u64 }\n';
  const before = { 'src/search.rs': stream + tests(test('basic_search', 'search_smallcap') + invert('search_smallcap')) };
  const after = {
    'src/search.rs': stream + tests(test('basic_search1', 'search_smallcap') + invert('search_smallcap')),
    'src/search_buffer.rs': buffer + tests(test('basic_search', 'search') + invert('search')),
  };
  assert.deepEqual(await refactorings(before, after), ['Rename Function: src/search.rs/tests/basic_search → src/search.rs/tests/basic_search1']);
});

test('Rust: an inherent impl added beside the trait impls of a type declared elsewhere moves none of their methods', async () => {
  // dtolnay/anyhow ca2b8b9bb0: `impl<'a> Chain<'a> { pub fn new(…) }` added to src/chain.rs, whose
  // `impl Iterator`, `impl DoubleEndedIterator` and `impl ExactSizeIterator for Chain` stayed as they were
  const traits = `impl<'a> Iterator for Chain<'a> {
    type Item = &'a (dyn StdError + 'static);
    fn next(&mut self) -> Option<Self::Item> {
        let error = self.next?;
        self.next = error.source();
        Some(error)
    }
}

impl DoubleEndedIterator for Chain<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let mut rest = self.clone().collect::<Vec<_>>();
        let last = rest.pop();
        self.buffered = rest.into_iter();
        last
    }
}

impl ExactSizeIterator for Chain<'_> {
    fn len(&self) -> usize {
        let mut len = 0;
        let mut next = self.next;
        while let Some(cause) = next {
            next = cause.source();
            len += 1;
        }
        len
    }
}
`;
  const inherent = `impl<'a> Chain<'a> {
    pub fn new(head: &'a (dyn StdError + 'static)) -> Self {
        Chain { next: Some(head) }
    }
}

`;
  const before = { 'src/chain.rs': `use crate::Chain;\n\n${traits}`, 'src/lib.rs': 'pub struct Chain<\'a> {\n    next: Option<&\'a (dyn StdError + \'static)>,\n}\n' };
  const after = { ...before, 'src/chain.rs': `use crate::Chain;\n\n${inherent}${traits}` };
  assert.deepEqual(await refactorings(before, after), []);
  assert.deepEqual(await refactorings(after, before), []);
});

test('Rust: a trait implemented for a type parameter (`impl<S, T> EqDebug<T> for S`) names no struct of the file called S, so the new trait is no Extract Interface of it', async () => {
  // dtolnay/anyhow 80be98f38a: a test declares `trait EqDebug<T>` and its blanket impl, beside the file's `struct S`
  const struct = 'struct S;\n\nimpl<T> Add<T> for S {\n    type Output = bool;\n    fn add(self, rhs: T) -> Self::Output {\n        let _ = rhs;\n        false\n    }\n}\n';
  const test = `fn test_as() {
    trait EqDebug<T>: PartialEq<T> + Debug {}
    impl<S, T> EqDebug<T> for S where S: PartialEq<T> + Debug {}

    let test = || Ok(ensure!(&0 as &dyn EqDebug<i32> != &0));
    assert_err(test, "Condition failed");
}
`;
  const before = { 'tests/test_ensure.rs': struct };
  const after = { 'tests/test_ensure.rs': `${struct}\n${test}` };
  assert.deepEqual(await refactorings(before, after), []);
  const cst = await parseFile('tests/test_ensure.rs', after['tests/test_ensure.rs']);
  assert.deepEqual(cst.nodes.filter((n) => n.name === 'S').map((n) => [n.kind, n.signature, n.supertypes]), [
    ['struct', 'S', ['Add']],
    ['impl', 'EqDebug for S', ['EqDebug']],
  ]);
});

test('Rust: an impl for a trait object with a lifetime bound (`dyn StdError + Send + Sync + \'a`) is named without the bound and its `+`', async () => {
  // dtolnay/anyhow 895d3834e5 renamed as_error to as_dyn_error in such an impl
  const impl = (name: string) => `impl<'a> AsError for dyn StdError + Send + Sync + 'a {\n    fn ${name}(&self) -> &(dyn StdError + 'static) {\n        self\n    }\n}\n`;
  assert.deepEqual(await refactorings({ 'src/as_error.rs': impl('as_error') }, { 'src/as_error.rs': impl('as_dyn_error') }), [
    'Rename Method: src/as_error.rs/dyn StdError + Send + Sync/as_error → src/as_error.rs/dyn StdError + Send + Sync/as_dyn_error',
  ]);
});

test('Rust: an empty sealed trait renamed with the trait that extends it is renamed, not an Extract Interface of it', async () => {
  // two look-alike traits, each sealed by an empty supertrait of its own: both renamed in one commit
  const version = (prefix: string) => `pub trait ${prefix}FromStr: private::${prefix}FromStrSealed {
    fn parse_value(&self, text: &str) -> Option<String> { Some(text.trim().to_string()) }
}
pub trait ${prefix}FromOsStr: private::${prefix}FromOsStrSealed {
    fn convert_value(&self, text: &std::ffi::OsStr) -> Option<String> { text.to_str().map(|s| s.to_owned()) }
}
mod private {
    pub trait ${prefix}FromStrSealed {}
    pub trait ${prefix}FromOsStrSealed {}
}
`;
  assert.deepEqual(await refactorings({ 'src/parser.rs': version('Impls') }, { 'src/parser.rs': version('impls_') }), [
    'Rename Class: src/parser.rs/ImplsFromOsStr → src/parser.rs/impls_FromOsStr',
    'Rename Class: src/parser.rs/ImplsFromStr → src/parser.rs/impls_FromStr',
    'Rename Class: src/parser.rs/private/ImplsFromOsStrSealed → src/parser.rs/private/impls_FromOsStrSealed',
    'Rename Class: src/parser.rs/private/ImplsFromStrSealed → src/parser.rs/private/impls_FromStrSealed',
  ]);
  // and each says how it was paired: as the supertype its subtype now names
  const result = await compare({ 'src/parser.rs': version('Impls') }, { 'src/parser.rs': version('impls_') });
  const sealed = toRefactorings(result.relationships, result.before, result.after).filter((r) => r.before.qualifiedName.endsWith('Sealed'));
  assert.deepEqual(sealed.map((r) => r.foundBy), ['renamed-supertype', 'renamed-supertype']);
});

test('Rust: a struct renamed with its old name left as a `pub type` alias, generic or not, is a Rename Class, though little of its code stayed', async () => {
  const before = { 'src/store.rs': `pub struct MemoryStore {\n    items: HashMap<String, i32>,\n}\n\nimpl MemoryStore {\n    pub fn get(&self, key: &str) -> Option<i32> {\n        self.items.get(key).copied()\n    }\n}\n` };
  const after = (alias: string) => ({
    'src/store.rs': `pub struct Entry {\n    value: i32,\n    expires: u64,\n}\n\npub struct InMemoryStore<C: Clock> {\n    entries: BTreeMap<String, Entry>,\n    clock: C,\n}\n${alias}\nimpl<C: Clock> InMemoryStore<C> {\n    pub fn lookup(&self, name: &str, fallback: Option<i32>) -> Option<i32> {\n        match self.entries.get(name) {\n            Some(e) if e.expires >= self.clock.now() => Some(e.value),\n            _ => fallback,\n        }\n    }\n    pub fn store(&mut self, name: String, value: i32, ttl: u64) {\n        let expires = self.clock.now() + ttl;\n        self.entries.insert(name, Entry { value, expires });\n    }\n}\n`,
  });
  for (const alias of ['#[deprecated]\npub type MemoryStore<C> = InMemoryStore<C>;\n', 'pub type MemoryStore = InMemoryStore<SystemClock>;\n']) {
    assert.deepEqual(await refactoringsFoundBy(before, after(alias)), ['Rename Class: src/store.rs/MemoryStore → src/store.rs/InMemoryStore (alias-left)'], alias);
  }
  // no alias, or an associated type of that name in an impl, a member the trait asks for: nothing tells the two types are one
  assert.ok(!(await refactorings(before, after(''))).some((r) => r.startsWith('Rename Class')));
  assert.ok(!(await refactorings(before, after('impl Store for Wrapper {\n    type MemoryStore = InMemoryStore<SystemClock>;\n}\n'))).some((r) => r.startsWith('Rename Class')));
});

test('Rust: two gone structs left as aliases of one new struct were merged into it: the one renamed is the one whose file it stayed in', async () => {
  // itertools deb53ba210: `Combinations` and `ArrayCombinations` (of another file) became aliases of a new `CombinationsGeneric`
  const before = {
    'src/array_store.rs': `pub struct ArrayStore<const K: usize> {\n    slots: [i32; K],\n}\n\nimpl<const K: usize> ArrayStore<K> {\n    pub fn first(&self) -> i32 {\n        self.slots[0]\n    }\n}\n`,
    'src/store.rs': `pub struct MemoryStore {\n    items: Vec<i32>,\n}\n\nimpl MemoryStore {\n    pub fn get(&self, at: usize) -> Option<i32> {\n        self.items.get(at).copied()\n    }\n}\n`,
  };
  const after = {
    'src/store.rs': `pub type MemoryStore = InMemoryStore<Vec<i32>>;\npub type ArrayStore<const K: usize> = InMemoryStore<[i32; K]>;\n\npub struct Slot {\n    value: i32,\n}\n\npub struct InMemoryStore<S: Slots> {\n    slots: S,\n    used: usize,\n}\n\nimpl<S: Slots> InMemoryStore<S> {\n    pub fn lookup(&self, at: usize, fallback: i32) -> i32 {\n        if at >= self.used {\n            return fallback;\n        }\n        self.slots.at(at)\n    }\n}\n`,
  };
  const found = await refactoringsFoundBy(before, after);
  assert.ok(found.includes('Rename Class: src/store.rs/MemoryStore → src/store.rs/InMemoryStore (alias-left)'), found.join('\n'));
  assert.ok(!found.some((r) => r.includes('ArrayStore →')), found.join('\n'));
});
