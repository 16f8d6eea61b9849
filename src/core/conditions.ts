/**
 * The conditions of Table 3 (RefDiff 2.0) as small predicates, and findMatchRel, which tells the
 * relationship type of a matched pair once every matching is known.
 */
import { ancestors, isCallable, isType, type CstNode } from './cst';
import { isAdded, matchAfter, matchBefore, parentOf, rootOf, type DiffState, type Side } from './diff-state';
import type { RelationshipType } from './relationship-types';

export const has = (n: CstNode, stereotype: CstNode['stereotypes'][number]) => n.stereotypes.includes(stereotype);

/**
 * type(n1) = type(n2); the callables of one language (functions, methods, constructors) count as one
 * type, and so do the kinds of type its language lists as alike (LanguageFacts.kindsAlike: PHP's
 * trait and abstract class). Where a constructor may go is findMatchRel's to say: renamed in place
 * (Python's `__init__` renamed to a helper and back), never moved.
 */
export function sameType(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  if (n1.kind === n2.kind) return true;
  if (n1.language !== n2.language) return false;
  if (isCallable(n1) && isCallable(n2)) return true;
  const alike = d.before.cst.languages?.[n1.language]?.kindsAlike ?? d.after.cst.languages?.[n1.language]?.kindsAlike;
  return alike !== undefined && alike.includes(n1.kind) && alike.includes(n2.kind);
}

export const sameName = (n1: CstNode, n2: CstNode) => n1.name === n2.name;
/**
 * One's name is another name the other is bound to (CstNode.aliases): koa's `app.toJSON = function`
 * made `app.inspect = app.toJSON = function`, named by `inspect` written first, is still `toJSON`.
 */
const namedAlike = (n1: CstNode, n2: CstNode) => sameName(n1, n2) || n1.aliases?.includes(n2.name) === true || n2.aliases?.includes(n1.name) === true;
export const sameSignature = (n1: CstNode, n2: CstNode) => n1.signature === n2.signature;
/** Two specializations of one template (CstNode.specializes), whatever their arguments. */
const sameTemplate = (n1: CstNode, n2: CstNode) => n1.specializes !== undefined && n1.specializes === n2.specializes;
export const sameNamespace = (n1: CstNode, n2: CstNode) => n1.namespace === n2.namespace;

/**
 * Two nodes named after one type, a reference to it being the type: Rust's impl blocks are named by
 * the type they are for, and `impl<T: Buf> Source for T` → `impl<'a, T: Buf> Source for &'a mut T`
 * or `impl Sink for &mut [u8]` → `impl Sink for [u8]` changed how the trait is implemented for it.
 */
const referenced = (name: string) => name.replace(/^(?:&\s*(?:mut\s+)?|\*\s*(?:const|mut)\s+)+/, '');
export const codeOfOneType = (n1: CstNode, n2: CstNode) => referenced(n1.name) === referenced(n2.name);

/** parent(n1)' = parent(n2); for top-level nodes, the same namespace. */
export function sameLocation(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  const ported = n1.language !== n2.language;
  const p1 = ported ? staticHome(d.before, n1) : parentOf(d.before, n1);
  const p2 = ported ? staticHome(d.after, n2) : parentOf(d.after, n2);
  if (p1 && p2) return (matchAfter(d, p1) === p2 && ofOneType(d, n1, n2) !== false) || partsOfOneType(d, p1, p2) || blocksOfOneType(d, p1, p2) || rewrittenAsClass(d, p1, p2) || stayedBesideType(d, n1, p1, n2, p2) || callbackNamed(d, n1, p1, n2, p2) || apartInAnotherScope(d, n1, p1, n2, p2);
  if (!p1 && !p2) return sameNamespace(n1, n2);
  return false;
}

/**
 * p2 is another declaration, in another file, of the type p1 became: C#'s partial classes (and a
 * Ruby class reopened), one type of one namespace, name and kind written in several parts. A member
 * in one part and a member in another are in the same type. Not so namespaces, which every file
 * may open, nor namesakes nested in types of other names, nor the code of a type declared
 * elsewhere (Rust's impl blocks, one node per file and type): an `impl PartialEq<BytesMut> for
 * [u8]` moved from bytes.rs into bytes_mut.rs, where another file's `impl … for [u8]` stays, moved
 * its methods to another file as an impl moved beside its struct does (tokio-rs/bytes 43ac8e5494).
 */
function partsOfOneType(d: DiffState, p1: CstNode, p2: CstNode): boolean {
  const m = matchAfter(d, p1);
  if (!m || m === p2 || !isType(m) || !isType(p2) || m.kind !== p2.kind || m.kind === 'namespace' || has(m, 'namespace') || has(p2, 'namespace')) return false;
  if (has(m, 'declared-elsewhere') || has(p2, 'declared-elsewhere')) return false;
  if (m.namespace !== p2.namespace || m.signature !== p2.signature || m.location.file === p2.location.file) return false;
  // Where each file is a node (Rust, Python, Go, JavaScript, …) its types are nested in it and all
  // have the namespace '': the namespaces tell nothing, and only a language that reopens types
  // declares one in several files. Rust's `mod tests` of hyperlink.rs and of hyperlink_aliases.rs
  // are two modules: a test moved from one to the other moved.
  if (inFile(d.after, m) && !reopened(d, m)) return false;
  const outer1 = parentOf(d.after, m);
  const outer2 = parentOf(d.after, p2);
  const nested = (n: CstNode | undefined) => n !== undefined && isType(n);
  return nested(outer1) === nested(outer2) && (!nested(outer1) || outer1!.name === outer2!.name);
}

/** A node nested in a file node (LanguageSpec.fileNode), not at the top level of its CST. */
function inFile(side: Side, n: CstNode): boolean {
  let p = parentOf(side, n);
  while (p && p.kind !== 'file') p = parentOf(side, p);
  return p !== undefined;
}

/** A kind of type its language lets any file declare again (LanguageFacts.reopenedTypes: Ruby's class). */
const reopened = (d: DiffState, n: CstNode) =>
  (d.before.cst.languages?.[n.language]?.reopenedTypes ?? d.after.cst.languages?.[n.language]?.reopenedTypes)?.includes(n.kind) === true;

/**
 * p2 holds code of the type p1 became, beside it in one file and one scope: Rust's impl blocks of
 * one type (its struct or inherent impl, and each trait's impl for a type declared elsewhere, are
 * nodes of their own). A method that went from one to another (`remaining()` of an `impl Buf for
 * io::Cursor<&[u8]>` deleted, now in a new `impl MutBuf for io::Cursor<T>` beside it) stayed in
 * its type and its file.
 */
function blocksOfOneType(d: DiffState, p1: CstNode, p2: CstNode): boolean {
  if (!isType(p2)) return false;
  const m = matchAfter(d, p1);
  if (!m) return blockJoined(d, p1, p2);
  if (m === p2 || !isType(m) || (!has(m, 'declared-elsewhere') && !has(p2, 'declared-elsewhere'))) return false;
  return m.name === p2.name && m.parent === p2.parent && m.location.file === p2.location.file;
}

/**
 * A block paired with nothing whose type has p2 in the same file: the file's blocks of one type
 * join into one node or come apart as it gains or loses one, so the block went into p2. An
 * `impl<'a> Chain<'a> { fn new … }` added to anyhow's chain.rs (ca2b8b9bb0) became the node its
 * `impl DoubleEndedIterator for Chain` and `impl ExactSizeIterator for Chain` joined; their
 * methods stayed where they were.
 */
function blockJoined(d: DiffState, p1: CstNode, p2: CstNode): boolean {
  if (!isType(p1) || !has(p1, 'declared-elsewhere') || p1.name !== p2.name) return false;
  const file = parentOf(d.before, p1);
  return file !== undefined && p2.parent !== undefined && matchAfter(d, file)?.id === p2.parent;
}

/**
 * The type a member is declared apart from (CstNode.owner, in no type: a Go method in another file
 * than its type, C++'s `Foo::bar()` outside class Foo, a JavaScript function an object of functions
 * names as its member); undefined for one in a type's body. A namespace holds no members: C++'s
 * `int BenchmarkRunner::DoOneRepetition() {…}` inside `namespace internal {` is as apart from its
 * class as one at the top of its file.
 */
const apartFrom = (side: Side, n: CstNode) => {
  const parent = parentOf(side, n);
  return n.owner !== undefined && parent !== undefined && (!isType(parent) || parent.kind === 'namespace') ? n.owner : undefined;
};

/**
 * The type a method declared apart from it belongs to (apartFrom; a Go method in another file than
 * its receiver's type), undefined for any other node: its container is that type, not the file
 * around it.
 */
export const apartMemberOf = (side: Side, n: CstNode) => (has(n, 'type-member') ? apartFrom(side, n) : undefined);

/**
 * Whether two methods declared apart from their types (apartFrom) as members of them (a Go method
 * in another file than its receiver's type) are of one type: the same, or the type renamed
 * (`type Animal` → `type Creature`, `func (a *Animal) Speak` → `func (a *Creature) Speak` in
 * pets.go). Another type is another place, as it is for methods in their types' bodies
 * (`func (a *Animal) Speak` → `func (d *Dog) Speak` in pets.go moved the method to Dog).
 * Undefined unless both are such methods.
 */
function ofOneType(d: DiffState, n1: CstNode, n2: CstNode): boolean | undefined {
  const owner1 = has(n1, 'type-member') ? apartFrom(d.before, n1) : undefined;
  const owner2 = has(n2, 'type-member') ? apartFrom(d.after, n2) : undefined;
  if (owner1 === undefined || owner2 === undefined) return undefined;
  if (owner1 === owner2) return true;
  return typeRenamed(d, owner1, owner2, rootOf(d.before, n1)?.namespace);
}

/** Whether a type named `from` before is paired with one named `to` after (of the namespace given, if one is). */
function typeRenamed(d: DiffState, from: string, to: string, namespace?: string): boolean {
  return d.before.cst.nodes.some((t) => t.name === from && isType(t) && matchAfter(d, t)?.name === to && (namespace === undefined || rootOf(d.before, t)?.namespace === namespace));
}

/**
 * Two definitions of a type's method written apart from it (apartFrom: C++'s `Benchmark*
 * Benchmark::Name(…) {…}` in a .cc file) in one file, only the namespace block around them
 * changed: google/benchmark 90ebbdedf0 made `benchmark::internal::Benchmark` a
 * `benchmark::Benchmark`, and benchmark_register.cc's definitions of its methods left `namespace
 * internal {` with it, as they must. Such a method is its type's wherever it is written, and the
 * type's own pairing tells any move. Only where a type of the owner's name is paired with one of
 * the other's, and only between namespaces and the file, not out of a function or a type.
 */
function apartInAnotherScope(d: DiffState, n1: CstNode, p1: CstNode, n2: CstNode, p2: CstNode): boolean {
  if (n1.location.file !== n2.location.file || !isCallable(n1) || !isCallable(n2)) return false;
  const scope = (p: CstNode) => p.kind === 'namespace' || p.kind === 'file';
  if (!scope(p1) || !scope(p2)) return false;
  const owner1 = apartFrom(d.before, n1);
  const owner2 = apartFrom(d.after, n2);
  return owner1 !== undefined && owner2 !== undefined && typeRenamed(d, owner1, owner2);
}

/**
 * A member in its type's body on one side and declared apart from that type on the other, in the
 * same file: the type moved out of the member's file (into another, or into a generated one that is
 * not read) or into it, and the member stayed where it was (Go's `type BoolFlag struct` moved to a
 * generated file, its methods left in flag_bool.go), or the member's code moved out of the type's
 * body into a function the type names as its member (JavaScript's `inLabelRange: xRange`), or back.
 * The type is told by name: its match's where it was renamed, its own where it is gone from view.
 */
function stayedBesideType(d: DiffState, n1: CstNode, p1: CstNode, n2: CstNode, p2: CstNode): boolean {
  if (n1.location.file !== n2.location.file) return false;
  const owner1 = apartFrom(d.before, n1);
  const owner2 = apartFrom(d.after, n2);
  if (owner1 === undefined && owner2 !== undefined && isType(p1)) return (matchAfter(d, p1)?.name ?? p1.name) === owner2;
  if (owner1 !== undefined && owner2 === undefined && isType(p2)) return (matchBefore(d, p2)?.name ?? p2.name) === owner1;
  return false;
}

/**
 * The same member, in its type's body on one side and written apart from it on the other
 * (stayedBesideType), or apart on both sides of one type renamed (ofOneType): by its name, as Same
 * or Change Signature by its parameters, before the hierarchy's Pull Up and Push Down are considered.
 */
const apartAlike = (d: DiffState, n1: CstNode, n2: CstNode) =>
  sameName(n1, n2) && ((apartFrom(d.before, n1) === undefined) !== (apartFrom(d.after, n2) === undefined) || ofOneType(d, n1, n2) === true);

/**
 * A function whose body became the constructor of the class it was rewritten as (JavaScript's
 * `function HTML(runner) { … function updateStats() {…} }` → `class HTML { constructor(runner) { … } }`,
 * either way): what was declared in that body is still there, in the constructor's.
 */
function rewrittenAsClass(d: DiffState, p1: CstNode, p2: CstNode): boolean {
  const classOf = (side: Side, p: CstNode) => (has(p, 'constructor') ? parentOf(side, p) : undefined);
  const c1 = classOf(d.before, p1);
  const c2 = classOf(d.after, p2);
  return (c2 !== undefined && isCallable(p1) && !c1 && matchAfter(d, p1) === c2) || (c1 !== undefined && isCallable(p2) && !c2 && matchAfter(d, c1) === p2);
}

/**
 * A callback that was given a name, or a named function that became a callback: n1 was declared
 * in unnamed code in p1's own (CstNode.unnamedDepth) and n2 is declared in p2's, a function new in
 * the commit written in p1's match's own code (`loadPlugin('es5', (utils) => { function peek() {…} })`
 * → `export function enableES5() { function peek() {…} … }`), or the other way round. So too an
 * object literal that became an object of functions, gaining a function of its own, where a
 * function was already written in it (`localize = { quarter: buildLocalizeFn({ argumentCallback: (n)
 * => n - 1 }) }` gains `preprocessor: (date, parts) => …`), or one that ceased to be. The new element
 * takes the place of one of the unnamed ones, the others stay around it or in it: a callback two
 * deep named where it is (`addEventListener('load', () => { blocks.forEach((block) => { btn.onclick
 * = … }) })` → `… () => { window.addCopyButton = function addCopyButton(block) { btn.onclick = … } … }`)
 * keeps what it declares in place; one moved out of the outer callback to the top of the file took
 * it elsewhere, and so does a function of the file's own code put into a new object. What the
 * unnamed code declared is still in the same code, with the parameters it had.
 */
function callbackNamed(d: DiffState, n1: CstNode, p1: CstNode, n2: CstNode, p2: CstNode): boolean {
  // a callback named keeps what it declares as it was: a function rewritten on the way (`inst.parse =
  // (data) => …` in a constructor's callback → `parse: (self) => (data) => …` in a new factory) went elsewhere
  if (parametersChanged(n1, n2)) return false;
  const outer2 = parentOf(d.after, p2);
  const outer1 = parentOf(d.before, p1);
  const depth = (n: CstNode) => n.unnamedDepth ?? 0;
  // an object literal becomes one of functions, or ceases to be, where it is written: one gone from a file
  // renamed and an unnamed literal in the new file (`Settings = _.extend(Settings, { enableCache() {…} })` →
  // `_.extend(Settings.http, { enableCache() {…} })` in a new module) is other code
  const unnamedBefore = (n: CstNode) => isCallable(n) || (n.kind === 'object' && n1.location.file === n2.location.file);
  const named = depth(n1) > 0 && depth(n1) === depth(p2) + 1 + depth(n2) && unnamedBefore(p2) && isAdded(d, p2) && outer2 !== undefined && matchAfter(d, p1) === outer2;
  const unnamed = depth(n2) > 0 && depth(n2) === depth(p1) + 1 + depth(n1) && unnamedBefore(p1) && matchAfter(d, p1) === undefined && outer1 !== undefined && matchAfter(d, outer1) === p2;
  return named || unnamed || nestedInNewObjects(d, n1, p1, n2, p2);
}

/**
 * n1 was declared in unnamed code in p1's own, and n2 is declared in objects all new in the commit,
 * written in that same file and in unnamed code of p1's match (or the other way round): the object
 * literal that held the function was nested as written into new options objects, in the same
 * callbacks. Objects hold no code of their own, so nothing moved. ESLint's tests went from
 * `linter.defineRule("checker", { create() {…} })` to `linter.verify(code, { plugins: { test: {
 * rules: { checker: { create() {…} } } } } })` in each test case's callback: `plugins`, `test`,
 * `rules` and `checker` are new objects of functions, and `create` stayed in its test. Each object
 * of the chain is the literal that held the function, named now, or a new one around it, so n1 was
 * in as many unnamed levels as n2 and its new objects are, or in up to one more for each of them.
 */
function nestedInNewObjects(d: DiffState, n1: CstNode, p1: CstNode, n2: CstNode, p2: CstNode): boolean {
  const depth = (n: CstNode) => n.unnamedDepth ?? 0;
  const chainOf = (side: Side, p: CstNode, gone: (n: CstNode) => boolean) => {
    let unnamed = 0;
    let length = 0;
    let at: CstNode | undefined = p;
    for (; at && at.kind === 'object' && gone(at) && at.location.file === n1.location.file && at.location.file === n2.location.file; at = parentOf(side, at)) {
      unnamed += depth(at);
      length++;
    }
    return { unnamed, length, outer: at };
  };
  const fits = (was: number, unnamed: number, length: number) => length > 0 && was > 0 && was >= unnamed && was <= unnamed + length;
  const after = chainOf(d.after, p2, (n) => isAdded(d, n));
  if (after.outer && matchAfter(d, p1) === after.outer && fits(depth(n1), depth(n2) + after.unnamed, after.length)) return true;
  const before = chainOf(d.before, p1, (n) => matchAfter(d, n) === undefined);
  return before.outer !== undefined && matchAfter(d, before.outer) === p2 && fits(depth(n2), depth(n1) + before.unnamed, before.length);
}

/**
 * Where a static member lives as its platform sees it: a Kotlin companion object's members are the
 * static members of its class (`Timber.plant` in Java is `Timber.Companion.plant` once ported), so
 * a class ported between the two languages keeps its statics in place. Within one language, moving
 * a member into the companion stays a move.
 */
function staticHome(side: Side, n: CstNode): CstNode | undefined {
  const parent = parentOf(side, n);
  const holder = parent && parentOf(side, parent);
  return has(n, 'static') && parent?.kind === 'object' && holder && isType(holder) ? holder : parent;
}

/** Both nodes live under matching top-level nodes (a move inside one file/class tree). */
export function sameRoot(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  const r1 = rootOf(d.before, n1);
  const r2 = rootOf(d.after, n2);
  return r1 !== undefined && r2 !== undefined && matchAfter(d, r1) === r2;
}

/** A scope whose members are its code's own helpers: a file, a function, an object literal of functions. */
const isScope = (n: CstNode) => n.kind === 'file' || n.kind === 'object' || isCallable(n);

/**
 * n2 is declared in a scope around n1 (its file, or a function enclosing it), with no type in
 * between: a helper the caller reaches without qualification, as when code leaves a method of a
 * module's object literal for a function of that module. Code extracted there stays in the
 * caller's module; out of a class into its module it leaves the class. The type around n1 past
 * functions only (n1 a local function of a method, n2 a method of that method's class or object)
 * is the caller's own type too: the code did not leave it.
 */
export function inEnclosingScope(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  // a method declared apart from its type is in that type, not in the file around it (logrus
  // 1fccefa2f4: `(entry *Entry) WriterLevel` took the code of `(logger *Logger) WriterLevel` beside
  // it in writer.go: it left Logger); one of the caller's own type is in place by sameLocation
  if (apartMemberOf(d.after, n2) !== undefined) return false;
  const scope = parentOf(d.after, n2);
  const scopeBefore = scope && matchBefore(d, scope);
  if (!scope || !scopeBefore) return false;
  if (scope.kind !== 'object' && isScope(scope)) {
    for (let p = parentOf(d.before, n1); p && isScope(p); p = parentOf(d.before, p)) if (p === scopeBefore) return true;
    return false;
  }
  if (!isType(scope) || scope.kind === 'namespace') return false;
  let p = parentOf(d.before, n1);
  if (!p || !isCallable(p)) return false;
  while (p && isCallable(p)) p = parentOf(d.before, p);
  return p === scopeBefore;
}

/**
 * The types a hierarchy may be followed through between a type and its supertype `sup` (isSubtype
 * upwards, relationships' subtypesOf downwards): those that existed before, and, below a `sup` that
 * existed before, added ones too.
 */
export function passableBelow(d: DiffState, sup: CstNode): (between: CstNode) => boolean {
  const supExisted = !isAdded(d, sup);
  return (between) => supExisted || !isAdded(d, between);
}

/**
 * sub(a, b) in the after CST: a extends / implements b, directly or through types that existed
 * before (a method pulled up from a class into its grandparent is pulled up all the same). A type
 * added in between counts only on the way to a supertype that existed before: a member that went
 * up to a type that was there is pulled up, whatever was inserted below it; a member that went past
 * a new type into another new one was moved into an extracted class. Push Down reads it the same
 * way, from the subtype: a member that went down from a type that was there to a subtype below a
 * new one was pushed down.
 */
export function isSubtype(d: DiffState, sub: CstNode | undefined, sup: CstNode | undefined): boolean {
  if (!sub || !sup) return false;
  const passes = passableBelow(d, sup);
  const seen = new Set<number>([sub.id]);
  const queue = [...sub.subtypeOf];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (id === sup.id) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    const between = d.after.cst.nodes[id];
    if (passes(between)) queue.push(...between.subtypeOf);
  }
  return false;
}

/** Both are members of types, neither a constructor (named after its type, never moved by itself). */
const members = (n1: CstNode, n2: CstNode) => has(n1, 'type-member') && has(n2, 'type-member') && !has(n1, 'constructor') && !has(n2, 'constructor');

/**
 * A pair that may be pulled up: members of types, parent(n1)' a subtype of parent(n2). The signature
 * may change on the way up (a parameter generalised, a name made to fit the supertype): it is still
 * the subtype's code that went up.
 */
export function pulledUp(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  if (!members(n1, n2)) return false;
  const sub = parentOf(d.before, n1);
  const subAfter = matchAfter(d, sub);
  if (subAfter) return isSubtype(d, subAfter, parentOf(d.after, n2));
  // A subtype that is gone (folded into its supertype) is read in the before CST: its members went up.
  return !!sub && isSubtypeBefore(d, sub, matchBefore(d, parentOf(d.after, n2)));
}

/**
 * sub(a, b) in the before CST, directly or through the types between: a type that is gone gave its
 * members to the supertype it had, as RefactoringMiner reads a removed class's hierarchy (Pull Up
 * Method). A supertype that is gone gives nothing down this way: its subtype no longer extends it,
 * so what it took is a Move, by the same convention.
 */
function isSubtypeBefore(d: DiffState, sub: CstNode, sup: CstNode | undefined): boolean {
  return !!sup && ancestors(d.before.cst, sub).includes(sup);
}

/** A pair that may be pushed down: parent(n2) a subtype of parent(n1)'. */
export function pushedDown(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  return members(n1, n2) && isSubtype(d, parentOf(d.after, n2), matchAfter(d, parentOf(d.before, n1)));
}

/**
 * The parameter lists differ although the identifiers agree: languages whose identifier is the bare
 * name (JavaScript, Python, C, ...) change a signature without changing the identifier.
 */
export function parametersChanged(n1: CstNode, n2: CstNode): boolean {
  if (n1.parameters.length !== n2.parameters.length) return true;
  const typed = n1.parameterTypes.some((t) => t !== '') || n2.parameterTypes.some((t) => t !== '');
  if (!typed) return n1.parameters.some((p, i) => p !== n2.parameters[i]);
  if (n1.language !== n2.language) return writtenTypesChanged(n1, n2);
  // Python: annotations added to a module's parameters (`f` → `f: t.BinaryIO`) are no new signature,
  // and a renamed parameter is one, as callers pass it by keyword
  // and a type made to admit None that its None default admitted already (`many: bool = None` →
  // `many: Optional[bool] = None`) is none either (CstNode.aliasedTypes: Python's Parameters.readTypes)
  if (has(n1, 'gradual-types') && has(n2, 'gradual-types')) {
    return n1.parameters.some((p, i) => p !== n2.parameters[i]) || (writtenTypesChanged(n1, n2) && writtenTypesChanged(n1, n2, readTypes));
  }
  // TypeScript: a function typed by what it is bound to (`const h: Handler = (c) => …`) has its parameters'
  // types from there: a type written on a parameter where none is, or taken off, is no change
  if (has(n1, 'contextually-typed') || has(n2, 'contextually-typed')) return writtenTypesChanged(n1, n2);
  const written2 = comparableTypes(n2);
  const written = comparableTypes(n1).some((t, i) => t !== written2[i]);
  if (written && sameThroughAliases(n1, n2)) return false;
  // with type parameters renamed, each is read by its position in the scope: `Class<T>` → `Class<TT>`
  // keeps its type; types written alike keep theirs where the type parameters were only reordered
  // (C++ `template <typename Char, typename T>` → `template <typename T, typename Char>`)
  if (!written || !typeParametersRenamed(n1, n2)) return written;
  const positional2 = positionalTypes(n2);
  return positionalTypes(n1).some((t, i) => t !== positional2[i]);
}

/** The parameter types as compared (CstNode.comparableTypes: spelt alike where they are one type, by the builder). */
const comparableTypes = (n: CstNode) => n.comparableTypes ?? n.parameterTypes;

/**
 * The parameter types written otherwise are alike read through the type aliases their versions
 * declare (CstNode.aliasedTypes): libuv's `void (*callback)(void)` → `uv__once_cb callback` in the
 * commit that declared `typedef void (*uv__once_cb)(void);`.
 */
function sameThroughAliases(n1: CstNode, n2: CstNode): boolean {
  if (!n1.aliasedTypes && !n2.aliasedTypes) return false;
  const read2 = readTypes(n2);
  return readTypes(n1).every((t, i) => t === read2[i]);
}

/** The parameter types as compared, each type parameter in scope written by its position (CstNode.positionalTypes). */
const positionalTypes = (n: CstNode) => n.positionalTypes ?? comparableTypes(n);

/**
 * Some type parameter in scope was renamed (`<T>` → `<TT>`, `class Builder<R>` → `Builder<RS>`),
 * the scopes paired by position where both hold as many. A parameter typed with a renamed one
 * (`Class<T>` → `Class<TT>`) keeps its type.
 */
function typeParametersRenamed(n1: CstNode, n2: CstNode): boolean {
  const s1 = n1.typeParameterScope;
  const s2 = n2.typeParameterScope;
  return !!s1 && !!s2 && s1.length === s2.length && s1.some((name, i) => name !== s2[i]);
}

/**
 * A callable ported to another language (Java to Kotlin, JavaScript to TypeScript, C to C++)
 * changed its parameters only where both languages write a type and the types differ as the
 * identifiers read them (`String` and `String?`, `Object...` and `vararg Any?` are one JVM type):
 * a type written where the old language had none (`x` → `x: number`) is the port, not a change.
 * So with optional annotations ('gradual-types'): one written where none was is no change.
 */
function writtenTypesChanged(n1: CstNode, n2: CstNode, types = (n: CstNode) => n.identityTypes ?? comparableTypes(n)): boolean {
  const t1 = types(n1);
  const t2 = types(n2);
  return t1.some((t, i) => t !== '' && t2[i] !== '' && t !== t2[i]);
}

/** The parameter types as read where the language reads one otherwise than it is written (CstNode.aliasedTypes). */
const readTypes = (n: CstNode) => n.aliasedTypes ?? comparableTypes(n);

/** A type named after its file whose file was renamed or moved: it moved with the file. */
export const movedWithFile = (n1: CstNode, n2: CstNode) => has(n1, 'module-qualified') && has(n2, 'module-qualified') && n1.location.file !== n2.location.file;

/** The qualified name of a node's enclosing types: namespace, then the names down to its parent. */
function enclosingName(side: Side, n: CstNode): string {
  const names: string[] = [];
  let top = n;
  for (let p = parentOf(side, n); p; p = parentOf(side, p)) {
    names.unshift(p.name);
    top = p;
  }
  return top.namespace + names.join('.');
}

/** A type (class, interface, enum) declared directly in a type: a nested type. */
const nestedType = (side: Side, n: CstNode) => {
  const p = parentOf(side, n);
  return isType(n) && !!p && isType(p) && p.kind !== 'object';
};

/**
 * A nested type renamed inside a type whose qualified name changed (moved to another package or
 * renamed with it: `spdy.SpdyStream.SpdyDataSource` → `framed.FramedStream.FramedDataSource`):
 * its own qualified name changed beyond its simple name, a Move And Rename, as RefactoringMiner
 * tells it (the enclosing type is a nested type's package).
 */
function nestedInRenamedType(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  return nestedType(d.before, n1) && nestedType(d.after, n2) && enclosingName(d.before, n1) !== enclosingName(d.after, n2);
}

/**
 * A callable read in another language on each side (a header read as C before and as C++ after)
 * whose identifiers are written differently (C's is the bare name, C++'s has the parameter types):
 * the same callable when its name and parameters agree.
 */
const portedAlike = (n1: CstNode, n2: CstNode) =>
  n1.language !== n2.language && isCallable(n1) && isCallable(n2) && sameName(n1, n2) && !parametersChanged(n1, n2);

/**
 * Two identifiers alike up to their parameter lists (`Write(…)`), whose parameters then differ only
 * in how their types are spelt (CstNode.comparableTypes: C#'s `Exception?`); not a Ruby class method and
 * an instance method of one name (`self.settings`, `settings`).
 */
function sameHead(n1: CstNode, n2: CstNode): boolean {
  const open1 = n1.signature.indexOf('(');
  return open1 > 0 && n1.signature.slice(0, open1 + 1) === n2.signature.slice(0, open1 + 1);
}

/**
 * Callables declared apart from the type they belong to (CstNode.owner) whose identifiers differ only
 * by that type's name, the type itself renamed: C++'s `Table::Get(int)` → `MemTable::Get(int)` in
 * table.cc beside `class Table` renamed in table.h, googletest's `TEST_F(SpecTest, Ex2_1)` →
 * `TEST_F(HandlerSpecTest, Ex2_1)` beside the fixture renamed. Renaming the type renamed them, as it
 * renames the methods in its body: no refactoring of their own.
 */
function renamedWithOwner(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  const owner1 = n1.owner;
  const owner2 = n2.owner;
  if (!isCallable(n1) || !isCallable(n2) || owner1 === undefined || owner2 === undefined || owner1 === owner2) return false;
  const named = new RegExp(`(?<![\\w$])${owner1.replace(/[$]/g, '\\$')}(?![\\w$])`, 'g');
  if (n1.signature.replace(named, owner2) !== n2.signature || n1.name.replace(named, owner2) !== n2.name) return false;
  return typeRenamed(d, owner1, owner2);
}

/**
 * Two callables of one name and the same parameters, each declared apart from what it belongs to
 * (CstNode.owner), whose identifiers differ: what differs is the table or type written before the
 * name (Lua's `function a.b.f()` is identified as written), not the signature.
 */
const writtenOnAnotherTable = (n1: CstNode, n2: CstNode) =>
  isCallable(n1) && isCallable(n2) && n1.owner !== undefined && n2.owner !== undefined && !sameSignature(n1, n2) && !parametersChanged(n1, n2);

/** A node declared in a callable's body. */
function inCallable(side: Side, n: CstNode): boolean {
  const parent = parentOf(side, n);
  return !!parent && isCallable(parent);
}

/** findMatchRel: the matching relationship between n1 and n2, or undefined when none holds. */
export function findMatchRel(d: DiffState, n1: CstNode, n2: CstNode): RelationshipType | undefined {
  const location = sameLocation(d, n1, n2);
  if (location && movedWithFile(n1, n2)) return namedAlike(n1, n2) ? 'MOVE' : 'MOVE_RENAME';
  if (location && (sameSignature(n1, n2) || portedAlike(n1, n2) || apartAlike(d, n1, n2))) {
    // A class that became an interface changed kind; a method read as a function (or a constructor as a
    // method) with the same name, parameters and place did not: callables have no declaration kind to change;
    // nor has a namespace, which only names the types it holds (Ruby's `class Strategy` reopened to hold
    // one, now `module Strategy`: the change is told where Strategy is declared). Nor has the code of a
    // type declared elsewhere (a Rust impl block once its struct went into `pin_project! { … }`).
    const kindless = (has(n1, 'namespace') && has(n2, 'namespace')) || has(n1, 'declared-elsewhere') || has(n2, 'declared-elsewhere');
    if (n1.kind !== n2.kind && !(isCallable(n1) && isCallable(n2)) && !kindless) return 'CONVERT_TYPE';
    return isCallable(n1) && parametersChanged(n1, n2) ? 'CHANGE_SIGNATURE' : 'SAME';
  }
  if (pulledUp(d, n1, n2)) return 'PULL_UP';
  if (pushedDown(d, n1, n2)) return 'PUSH_DOWN';
  if (location) {
    // A constructor or a destructor is named after its type: renaming the type renames it, which is no refactoring of its own.
    if (has(n1, 'constructor') && has(n2, 'constructor')) return parametersChanged(n1, n2) ? 'CHANGE_SIGNATURE' : 'SAME';
    if (has(n1, 'destructor') && has(n2, 'destructor')) return 'SAME';
    if (renamedWithOwner(d, n1, n2)) return parametersChanged(n1, n2) ? 'CHANGE_SIGNATURE' : 'SAME';
    // The code of a type declared elsewhere that implements another trait (Rust's `impl AsyncRead for Conn` →
    // `impl Read for Conn`, or `MutBuf` → `BufMut` with the trait renamed) or a reference to the type is still that type's
    if (has(n1, 'declared-elsewhere') && has(n2, 'declared-elsewhere') && codeOfOneType(n1, n2)) return 'SAME';
    // A function written on a table its file does not declare (CstNode.owner), its name and parameters kept, whose
    // identifier differs only by that table: nvim-tree's `function nvim_tree.api.health.hi_test()` →
    // `nvim_tree.api.appearance.hi_test()` went to another table, a move; `runner_opts.callback = function(path_xy)`
    // → `args.callback = …` inside `reload_project` only renamed the function's local table, no refactoring.
    if (sameName(n1, n2) && writtenOnAnotherTable(n1, n2)) return inCallable(d.before, n1) ? 'SAME' : 'MOVE';
    // `setBody(R)` → `setBody(RS)` of `class Builder<R>` → `Builder<RS>`: the identifiers differ, the parameters do not.
    if (sameName(n1, n2)) return isCallable(n1) && (typeParametersRenamed(n1, n2) || sameHead(n1, n2)) && !parametersChanged(n1, n2) ? 'SAME' : 'CHANGE_SIGNATURE';
    // `formatter<std::byte>` → `formatter<std::byte, Char>`: the specialization's arguments changed, not its template's name
    if (sameTemplate(n1, n2)) return 'CHANGE_SIGNATURE';
    // an alias added or dropped beside the name it had: `app.toJSON = function` → `app.inspect = app.toJSON = function`
    if (namedAlike(n1, n2)) return isCallable(n1) && parametersChanged(n1, n2) ? 'CHANGE_SIGNATURE' : 'SAME';
    return nestedInRenamedType(d, n1, n2) ? 'MOVE_RENAME' : 'RENAME';
  }
  if (has(n1, 'constructor') || has(n2, 'constructor')) return undefined;
  const internal = sameRoot(d, n1, n2);
  if (namedAlike(n1, n2) || sameSignature(n1, n2) || sameTemplate(n1, n2)) return internal ? 'INTERNAL_MOVE' : 'MOVE';
  return internal ? 'INTERNAL_MOVE_RENAME' : 'MOVE_RENAME';
}
