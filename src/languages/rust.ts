/**
 * Rust: a node per file, structs, enums, unions, traits (kind 'trait': Extract Interface), `mod`
 * blocks, functions, and the methods of `impl` blocks. Methods of `impl Foo` and `impl Trait for
 * Foo` become children of the type `Foo` declared in the same file (`Trait` joins its
 * supertypes); without one, of Foo's first inherent impl there; without that, each trait's impls
 * for Foo make one node of kind 'impl' named Foo, identified as `Trait for Foo` (regroup).
 * Signatures are the bare name (no overloading); `new` is an ordinary associated function.
 *
 * Calls say what they are made on where the syntax does: `self.f()` and `Self::f()` the impl's
 * type, `Foo::f()` the type Foo itself, `x.f()` the type `x` is declared with (`x: Foo`,
 * `let x: Foo`, `let x = Foo { … }`); `f()` and `fs::f()` (a lower-case path) are functions, never
 * methods, of a module not told: the path may name one that only re-exports the function
 * (`exec::batch` defined in `exec/job.rs`).
 */
import type { CstNode, Stereotype } from '../core/cst';
import { adopt, withoutNodes } from './regroup';
import { isTypeParameter, type TypeParameterScopes } from './receivers';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters, Receiver, TypedName } from './spec';
import { folderNamespace, SELF_TYPE, UNKNOWN_TYPE } from './spec';
import type { SyntaxNode } from './treesitter';
import { declaredAliases } from './type-aliases';
import { comparableType } from './type-spelling';

const typeRule = (kind: string): DeclarationRule => ({ kind, noun: 'Class', bodyField: 'body', signature: 'name' });
const memberParents = new Set(['impl', 'trait']);
const implTargets = new Set(['struct', 'enum', 'union']);

/** `Foo`, `Foo<T>`, `a::Foo`, `&'a Foo` → Foo. */
function typeName(type: SyntaxNode | null): string | undefined {
  switch (type?.type) {
    case 'type_identifier': case 'primitive_type':
      return type.text;
    case 'generic_type': return typeName(type.childForFieldName('type'));
    case 'scoped_type_identifier': return typeName(type.childForFieldName('name'));
    case 'reference_type': case 'pointer_type': return typeName(type.childForFieldName('type'));
    default: return undefined;
  }
}

/** `mod m { … }` (not `mod m;`, whose code is in another file). */
const modRule: DeclarationRule = {
  kind: 'module', noun: 'Class', bodyField: 'body', signature: 'name',
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    if (!nameNode || !node.childForFieldName('body')) return undefined;
    return { kind: 'module', noun: 'Class', name: nameNode.text, nameNode, fn: node, node };
  },
};

/**
 * `impl Foo { … }`, `impl Trait for Foo { … }`: named after Foo. A trait implemented for a type
 * that has no name (`impl Buf for &[u8]`, `impl<A, B> Tuple for (A, B)`) or for one of the impl's
 * own type parameters, which names no type (`impl<T: Buf> Buf for &mut T` beside `impl<T: Buf>
 * Source for T`), is named by the type as written (writtenType): its methods are a type's members
 * as those of the others, not functions of the file whose namesakes a rename or a move mixes up.
 * Its type parameters are in scope in its methods (CstNode.typeParameterScope), as a Java class's.
 */
const implRule: DeclarationRule = {
  kind: 'impl', noun: 'Class', bodyField: 'body', signature: 'name', scopedTypeParametersTypes: ['type_parameters'],
  resolve(node) {
    const type = node.childForFieldName('type');
    if (!type) return undefined;
    const named = typeName(type);
    const name = named === undefined || isTypeParameter(type, named, typeParameters) ? writtenType(type.text) : named;
    return { kind: 'impl', noun: 'Class', name, nameNode: type, fn: node, node };
  },
};

/**
 * A type as written, in one spelling: one space where any is written and none inside brackets or
 * before a comma, without lifetimes and paths (`&'a [u8]` → `&[u8]`, `( A,B )` → `(A, B)`, a
 * trait object's lifetime bound with its `+`: `dyn Error + Send + 'a` → `dyn Error + Send`,
 * `dyn std::error::Error` → `dyn Error`, as typeName reads `a::Foo`), so eliding a lifetime,
 * importing a trait or reformatting renames no impl.
 */
const writtenType = (text: string) =>
  text
    .replace(/\s*\+\s*'[A-Za-z_]\w*(?!['\w])/g, '')
    .replace(/'[A-Za-z_]\w*(?!['\w])\s*,?\s*/g, '')
    .replace(/<\s*>/g, '')
    .replace(/(?<![\w>])(?:[A-Za-z_]\w*\s*::\s*)+(?=[A-Za-z_])/g, '')
    .replace(/\s+/g, ' ')
    .replace(/([([<]) /g, '$1')
    .replace(/ (?=[)\]>,;])/g, '')
    .replace(/,(?=\S)/g, ', ')
    .trim();

/** The declaration holding a function, through its `declaration_list` body. */
const holderKind = (node: SyntaxNode) => {
  const holder = node.parent?.type === 'declaration_list' ? node.parent.parent?.type : undefined;
  return holder === 'impl_item' ? 'impl' : holder === 'trait_item' ? 'trait' : undefined;
};

/** `fn` in an impl or a trait is a Method, elsewhere a Function. */
const functionRule: DeclarationRule = {
  kind: 'function', noun: 'Function', parametersFields: ['parameters'], bodyField: 'body', signature: 'name',
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return undefined;
    const member = holderKind(node) !== undefined;
    return { kind: member ? 'method' : 'function', noun: member ? 'Method' : 'Function', name: nameNode.text, nameNode, fn: node, node };
  },
};

/** `f(x)` → f; `a::f(x)` → f; `self.items.push(x)` → push; `f::<T>(x)` → f. */
function calleeName(callee: SyntaxNode): string | undefined {
  switch (callee.type) {
    case 'identifier': return callee.text;
    case 'scoped_identifier': return callee.childForFieldName('name')?.text;
    case 'field_expression': return callee.childForFieldName('field')?.text;
    case 'generic_function': {
      const inner = callee.childForFieldName('function');
      return inner ? calleeName(inner) : undefined;
    }
    default: return undefined;
  }
}

const callExpression: CallRule = {
  functionField: 'function', argumentsField: 'arguments', argumentsType: 'arguments', calleeName,
  receiver: (call) => calleeReceiver(call.childForFieldName('function')),
};

/** What a callee says its call is made on: `self.f`, `x.f`, `Foo::f`, `Self::f`, `fs::f`, `f`. */
function calleeReceiver(callee: SyntaxNode | null): Receiver | undefined {
  switch (callee?.type) {
    case 'identifier':
      return { kind: 'module', name: '' };
    case 'generic_function':
      return calleeReceiver(callee.childForFieldName('function'));
    case 'scoped_identifier':
      return pathReceiver(callee.childForFieldName('path'));
    case 'field_expression': {
      const value = callee.childForFieldName('value');
      if (value?.type === 'self') return { kind: 'self' };
      return value?.type === 'identifier' ? { kind: 'name', name: value.text } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The path before `::f`: a type (capitalised, by Rust's naming: `Foo`, `Vec::<u8>`, `a::Foo`) or
 * `Self`, whose associated function it is, or a trait, whose implementations answer (a type
 * parameter says nothing); else a module (`fs`, `std::fs`, `crate`, `super`), whose function it is.
 */
function pathReceiver(path: SyntaxNode | null): Receiver | undefined {
  if (path?.type === 'scoped_identifier') return pathReceiver(path.childForFieldName('name'));
  if (path?.type === 'generic_type') return pathReceiver(path.childForFieldName('type'));
  if (path?.type === 'identifier' || path?.type === 'type_identifier') {
    if (path.text === 'Self') return { kind: 'self' };
    if (!/^\p{Lu}/u.test(path.text)) return { kind: 'module', name: '' };
    return isTypeParameter(path, path.text, typeParameters) ? undefined : { kind: 'type', name: path.text };
  }
  return !path || path.type === 'crate' || path.type === 'super' || path.type === 'self' ? { kind: 'module', name: '' } : undefined;
}

/** The type parameters of the items around a name (`<T: Walk, U>` of a function, impl or trait). */
const typeParameters: TypeParameterScopes = {
  holders: new Set(['function_item', 'function_signature_item', 'impl_item', 'trait_item', 'struct_item', 'enum_item', 'union_item', 'type_item']),
  names: (holder) => (holder.childForFieldName('type_parameters')?.namedChildren ?? [])
    .filter((p) => p.type === 'type_parameter').map((p) => p.childForFieldName('name')?.text ?? ''),
};

/** The type a written type names (`&mut Foo`, `Foo<T>`, `a::Foo`; `Self`: the object itself); UNKNOWN_TYPE for a type parameter, `dyn Trait` or `impl Trait`. */
function declaredType(type: SyntaxNode | null): string {
  const name = typeName(type);
  if (name === 'Self') return SELF_TYPE;
  return !type || name === undefined || isTypeParameter(type, name, typeParameters) ? UNKNOWN_TYPE : name;
}

/** `x: Foo` of a parameter or a `let`; `let x = Foo { … }`; any other pattern's names, UNKNOWN_TYPE. */
function boundNames(pattern: SyntaxNode | null, type: SyntaxNode | null, value: SyntaxNode | null): TypedName[] {
  if (pattern?.type === 'identifier') {
    const created = value?.type === 'struct_expression' ? value.childForFieldName('name') : null;
    return [[pattern.text, type ? declaredType(type) : created ? declaredType(created) : UNKNOWN_TYPE]];
  }
  const names: string[] = [];
  if (pattern) patternNames(pattern, names);
  return names.map((name) => [name, UNKNOWN_TYPE]);
}

/**
 * Where Rust binds names, for the receiver of `x.f()`: parameters (of closures too) and `let`s with
 * their types, `for` patterns as UNKNOWN_TYPE (a name bound again hides the earlier binding's type).
 */
const typedNames: LanguageSpec['typedNames'] = {
  parameter: (node) => boundNames(node.childForFieldName('pattern'), node.childForFieldName('type'), null),
  let_declaration: (node) => boundNames(node.childForFieldName('pattern'), node.childForFieldName('type'), node.childForFieldName('value')),
  for_expression: (node) => boundNames(node.childForFieldName('pattern'), null, null),
};


/** Identifiers a pattern binds: `x`, `mut x`, `(a, b)`, `Point { x, y }`. */
function patternNames(pattern: SyntaxNode, names: string[]): void {
  if (pattern.type === 'identifier') names.push(pattern.text);
  else for (const child of pattern.namedChildren) patternNames(child, names);
}

/**
 * Parameters after `self`: names from their patterns (none for a type written alone), types as
 * written. In an impl's method, the types also as read with `Self` spelt as the impl's type
 * (Parameters.readTypes): itertools 2c487f0755 ("Use `Self`") wrote `fn cmp(&self, other: &Val)` in
 * `impl Ord for Val` as `other: &Self`, which is the same signature. In a trait, `Self` is
 * whichever type implements it.
 */
function parameters(list: SyntaxNode): Parameters {
  const names: string[] = [];
  const types: string[] = [];
  for (const parameter of list.namedChildren) {
    if (parameter.type !== 'parameter') {
      // a type alone is a parameter without a name, as the 2015 edition let a trait's methods write
      // them: rayon 33b9e0893c named them (`fn find_in(&self, &str)` → `fn find_in(&self, haystack:
      // &str)`), the same signature
      if (!notTypes.has(parameter.type)) {
        names.push('');
        types.push(parameter.text.replace(/\s+/g, ''));
      }
      continue;
    }
    const pattern = parameter.childForFieldName('pattern');
    const bound: string[] = [];
    if (pattern) patternNames(pattern, bound);
    names.push(bound.length === 1 ? bound[0] : pattern?.text.replace(/\s+/g, '') ?? '');
    types.push(parameter.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '');
  }
  const self = types.some((t) => SELF.test(t)) ? implType(list) : undefined;
  return self ? { names, types, readTypes: types.map((t) => t.replace(SELF_GLOBAL, self)) } : { names, types };
}

/** What a parameter list holds besides its parameters and the types of those without a name. */
const notTypes = new Set(['self_parameter', 'variadic_parameter', 'attribute_item', 'line_comment', 'block_comment']);

/** `Self` as a type name (`Self`, `&Self`, `Option<Self>`), not part of another name. */
const SELF = /(?<![\w$])Self(?!\w)/;
const SELF_GLOBAL = new RegExp(SELF.source, 'g');

/** The type (as written, without spaces) of the impl block whose method `list` is the parameter list of. */
function implType(list: SyntaxNode): string | undefined {
  const fn = list.parent;
  const impl = fn?.parent?.type === 'declaration_list' ? fn.parent.parent : undefined;
  return impl?.type === 'impl_item' ? impl.childForFieldName('type')?.text.replace(/\s+/g, '') : undefined;
}

function returnType(declaration: Declaration): string {
  return declaration.node.childForFieldName('return_type')?.text.replace(/\s+/g, ' ') ?? '';
}

/** `impl Trait for Foo` → Trait; `trait Shape: Clone + fmt::Debug` → Clone, Debug. */
function supertypes(declaration: Declaration): string[] {
  if (declaration.kind === 'impl') {
    const name = typeName(declaration.node.childForFieldName('trait'));
    return name ? [name] : [];
  }
  if (declaration.kind !== 'trait') return [];
  const bounds = declaration.node.childForFieldName('bounds');
  return (bounds?.namedChildren ?? []).map(typeName).filter((name): name is string => name !== undefined);
}

/**
 * A struct, enum or union, or the type an impl block is for, is 'final': Rust implements traits
 * only, so `impl de::Deserializer for DeserializerImpl` beside a `struct Deserializer` names serde's
 * trait, and methods moved between the two structs are no Pull Up or Push Down (serde_json
 * 5c97f712f2, 192423d49d). Traits and `mod` blocks are not. An impl block left as a node of its
 * own (its type is declared in another file, or in a macro such as `pin_project! { struct X … }`)
 * is also 'declared-elsewhere': it tells no declaration kind, so a struct that became one is no
 * Change Type Declaration Kind.
 */
function stereotypes({ declaration, body, parent }: DeclarationFacts): Stereotype[] {
  if (declaration.noun === 'Class') return implTargets.has(declaration.kind) ? ['final'] : declaration.kind === 'impl' ? ['final', 'declared-elsewhere'] : [];
  const found: Stereotype[] = [];
  const member = parent !== undefined && memberParents.has(parent.kind);
  if (member) found.push('type-member');
  if (!body && parent?.kind === 'trait') found.push('abstract');
  if (body) found.push('has-body');
  const takesSelf = declaration.node.childForFieldName('parameters')?.namedChildren.some((p) => p.type === 'self_parameter');
  if (member && !takesSelf) found.push('static');
  if (declaration.node.namedChildren.some((child) => child.type === 'visibility_modifier')) found.push('exported');
  return found;
}

/**
 * An impl for one of its own type parameters (`impl<S, T> EqDebug<T> for S`, a blanket impl) is
 * for every type, not for a struct the file declares under that name: anyhow's tests/test_ensure.rs
 * has a `struct S` and, in a test, that impl (80be98f38a), which made EqDebug a supertype of S.
 */
const forTypeParameter = (impl: CstNode) => impl.typeParameterScope?.includes(impl.name) === true;

/**
 * Every impl block joins the type it implements (not one of its type parameters: forTypeParameter)
 * when that type is declared in the file, else the type's own code there: its first inherent impl
 * (`impl Foo`); the blocks that joined another node are dropped. A trait's impl for a type whose
 * own code is elsewhere (a std type's: `impl PartialEq<Bytes> for [u8]`, `impl Source for
 * Vec<u8>`) is a block of its own, one per trait and type (`impl From<A> for X` and `impl From<B>
 * for X` are one), identified by both (signature `PartialEq for [u8]`): a file's impls for `Vec<u8>` of IntoBuf, Source and BufMut, split into
 * three files, are three blocks moved, and the methods of each stay its members (tokio-rs/bytes
 * 4466b75ae4, ac42766535). A raw identifier names what it spells without `r#` (`mod r#async`, as
 * `cargo fix --edition` rewrote `mod async` when `async` became a keyword, is the module `async`).
 */
function regroup(nodes: CstNode[]): CstNode[] {
  for (const node of nodes) {
    if (node.name.startsWith('r#')) node.name = node.name.slice(2);
    if (node.signature.startsWith('r#')) node.signature = node.signature.slice(2);
  }
  const dropped = new Set<number>();
  const holders = new Map<string, CstNode[]>();
  const hold = (node: CstNode) => holders.set(node.name, [...(holders.get(node.name) ?? []), node]);
  for (const node of nodes) if (implTargets.has(node.kind)) hold(node);
  for (const node of nodes) if (node.kind === 'impl' && node.supertypes.length === 0 && !holders.has(node.name)) hold(node);
  const traitBlocks = new Map<string, CstNode>();
  for (const impl of nodes) {
    if (impl.kind !== 'impl') continue;
    let holder = forTypeParameter(impl) ? undefined : holderOf(impl, holders.get(impl.name));
    if (!holder && impl.supertypes.length > 0) {
      const key = `${impl.supertypes[0]} for ${impl.name}`;
      holder = traitBlocks.get(key);
      if (!holder) {
        impl.signature = key;
        traitBlocks.set(key, impl);
        continue;
      }
    }
    if (!holder || holder === impl) continue;
    for (const child of [...impl.children]) adopt(nodes, child, holder.id);
    for (const name of impl.supertypes) if (!holder.supertypes.includes(name)) holder.supertypes.push(name);
    dropped.add(impl.id);
  }
  return withoutNodes(nodes, dropped);
}

/**
 * Of the types bearing an impl's name, the one declared in the impl's own scope, else the first:
 * two tests of one file may each declare a `struct Val` with its `impl Ord for Val` in their body
 * (itertools' tests/test_std.rs, `extrema_set` and `minmax`), and each impl is for its own test's.
 */
const holderOf = (impl: CstNode, named: CstNode[] | undefined) => named?.find((n) => n.parent === impl.parent) ?? named?.[0];

/**
 * A parameter type less what Rust writes into a type without making it another one, then as every
 * language compares it (comparableType): a lifetime, with the comma after it in a list of generic
 * arguments (`Ref<'a, T>`), the brackets it leaves empty (`Formatter<'_>`: elided or written, one
 * type), and `dyn` (`dyn Trait` and a bare `Trait`, the 2015 edition's, are one trait object; the
 * builder took the space out, `&dynError`, and a qualified `dyn std::error::Error` loses
 * `dynstd::` with the qualifiers). Elsewhere a quote opens a string (`'left' | 'right'`). A path
 * from the crate root (`::url::ParseError`, as the 2015 edition wrote an external crate's type) is
 * the path without its leading `::` (2018's `url::ParseError`), so an edition migration changes no
 * signature; `<T as Trait>::Output` keeps its `::`.
 */
const comparableRustType = (type: string) =>
  comparableType(
    type
      .replace(/'[A-Za-z_]\w*(?!['\w])\s*,?\s*/g, '')
      .replace(/<\s*>/g, '')
      .replace(/(?<![\w$])dyn\s*(?=[A-Z(])/g, '')
      .replace(/(?<![\w>])::(?=[A-Za-z_])/g, ''),
  );

/**
 * The text as tree-sitter-rust reads it (LanguageSpec.prepare): the 2015 edition's `try!(…)` macro,
 * which the grammar (of the 2018 edition, where `try` is a keyword) cannot read, loses its name and
 * stays a parenthesised expression, with the same length. Code written before `?` (serde_json,
 * reqwest, ripgrep before 2018) uses it in nearly every function; each one was a syntax error, and a
 * file with errors has its in-file moves read as recovery artefacts (a member moved between two
 * types of the file was no Move). `r#try!` is a raw identifier the grammar reads.
 */
const prepare = (text: string) => (text.includes('try!') ? text.replace(/(?<![\w#])try!(?=\s*\()/g, '    ') : text);

/**
 * `pub type Old = New;`, `type R = crate::a::New;` of a file or a module: each name with the type it
 * stands for (type-aliases.ts). An associated type (`type Item = I::Item;` in an impl or a trait)
 * is a member the trait asks for, no alias other code is written with.
 */
const typeAliases = (root: SyntaxNode) =>
  declaredAliases(root, ['type_item'], (alias) =>
    alias.parent?.type === 'source_file' || alias.parent?.parent?.type === 'mod_item'
      ? { name: alias.childForFieldName('name'), typeParameters: alias.childForFieldName('type_parameters'), type: alias.childForFieldName('type') }
      : {},
  );

export const rust: LanguageSpec = {
  id: 'rust',
  prepare,
  grammar: { package: 'tree-sitter-rust', wasm: 'tree-sitter-rust.wasm' },
  declarations: {
    struct_item: typeRule('struct'),
    enum_item: typeRule('enum'),
    union_item: typeRule('union'),
    trait_item: typeRule('trait'),
    mod_item: modRule,
    impl_item: implRule,
    function_item: functionRule,
    function_signature_item: functionRule,
  },
  calls: { call_expression: callExpression },
  comments: ['line_comment', 'block_comment'],
  atomicTokens: ['string_literal', 'raw_string_literal', 'char_literal'],
  opaque: ['closure_expression'],
  // a `match`'s arms are separated by `,` or by a block's `}`, not by `;`: each arm ends a statement
  statementEndLists: ['match_block'],
  fileNode: { kind: 'file', noun: 'File' },
  namespace: folderNamespace,
  typedNames,
  parameters,
  returnType,
  supertypes,
  stereotypes,
  regroup,
  comparableType: comparableRustType,
  typeAliases,
};
