/**
 * Kotlin: classes, interfaces, objects (companions too), data and enum classes, their methods and
 * secondary constructors, and top-level functions. There is no file node (as in Java): top-level
 * functions and types carry the package as namespace. Signatures are `name(T1,T2)` (Kotlin
 * overloads). The grammar has few fields: parameters, bodies and callees are found by node type.
 *
 * Calls say what they are made on where the syntax does: `f()` and `this.f()` the own type, else
 * a function (in a lambda, nothing: its receiver may answer); `super.f()` the one supertype;
 * `Foo.f()` Foo exactly (its companion's members name Foo as their owner); `x.f()` and `x?.f()`
 * the type x is declared with (`x: Foo`, `val x = Foo()`, a constructor's `val`).
 */
import type { CstNode, Stereotype } from '../core/cst';
import { simplifyType, withoutAnnotations } from './java';
import { declaredTypeName, isCapitalisedTypeName, type TypeParameterScopes } from './receivers';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters, Receiver, TypedName } from './spec';
import type { SyntaxNode } from './treesitter';
import { declaredAliases } from './type-aliases';
import { comparableType as sharedComparableType } from './type-spelling';

const typeKinds = new Set(['class', 'interface', 'object', 'enum', 'annotation']);
const typeNodes = new Set(['class_declaration', 'object_declaration', 'companion_object']);
const functionParts = { parametersTypes: ['function_value_parameters'], bodyTypes: ['function_body', 'block'], signature: 'name-and-types' as const };

/** Words of the modifiers list (`abstract`, `data`, `enum`, `override`, ...). */
function modifiers(node: SyntaxNode): Set<string> {
  const list = node.namedChildren.find((child) => child.type === 'modifiers');
  return new Set((list?.namedChildren ?? []).filter((child) => child.type !== 'annotation').map((child) => child.text));
}

/**
 * `class`, `interface`, `enum class`, `annotation class`, `data class` (a class), `object`,
 * `companion object`. An `annotation class` is an annotation type, the kind Java's `@interface` is:
 * moshi's `@interface JsonQualifier` ported to `annotation class JsonQualifier` kept its kind.
 */
const classRule: DeclarationRule = {
  kind: 'class', noun: 'Class', bodyTypes: ['class_body', 'enum_class_body'], signature: 'name',
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return undefined;
    const isInterface = node.children.some((child) => child.type === 'interface');
    const words = modifiers(node);
    const kind = isInterface ? 'interface' : words.has('enum') ? 'enum' : words.has('annotation') ? 'annotation' : 'class';
    return { kind, noun: 'Class', name: nameNode.text, nameNode, fn: node, node };
  },
};

const objectRule: DeclarationRule = {
  kind: 'object', noun: 'Class', bodyTypes: ['class_body'], signature: 'name',
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    const keyword = node.children.find((child) => child.type === 'object') ?? node;
    return { kind: 'object', noun: 'Class', name: nameNode?.text ?? 'Companion', nameNode: nameNode ?? keyword, fn: node, node };
  },
};

/** The nearest enclosing class-like syntax node, if the declaration is directly in its body. */
function enclosingType(node: SyntaxNode): SyntaxNode | undefined {
  const body = node.parent;
  if (body?.type !== 'class_body' && body?.type !== 'enum_class_body') return undefined;
  return body.parent && typeNodes.has(body.parent.type) ? body.parent : undefined;
}

/** `fun` in a class-like type is a Method, elsewhere a Function. */
const functionRule: DeclarationRule = {
  kind: 'function', noun: 'Function', ...functionParts,
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return undefined;
    const inType = enclosingType(node) !== undefined;
    return { kind: inType ? 'method' : 'function', noun: inType ? 'Method' : 'Function', name: nameNode.text, nameNode, fn: node, node };
  },
};

/** `constructor(…) : this(…) { … }`, named after its class. */
const constructorRule: DeclarationRule = {
  kind: 'constructor', noun: 'Method', ...functionParts,
  resolve(node) {
    const type = enclosingType(node);
    const name = type?.childForFieldName('name')?.text;
    if (!name) return undefined;
    const keyword = node.children.find((child) => child.type === 'constructor') ?? node;
    return { kind: 'constructor', noun: 'Method', name, nameNode: keyword, fn: node, node };
  },
};

/** `f(x)` → f; `a.b?.f(x)` → f; `f<T>(x)` → f. */
function calleeName(callee: SyntaxNode): string | undefined {
  if (callee.type === 'identifier') return callee.text;
  if (callee.type === 'navigation_expression') {
    const last = callee.lastNamedChild;
    return last?.type === 'identifier' ? last.text : undefined;
  }
  return undefined;
}

const callExpression: CallRule = { argumentsType: 'value_arguments', calleeName, receiver: (call) => calleeReceiver(call.firstNamedChild) };

/** What a callee says its call is made on: `f`, `x.f`, `x?.f`, `this.f`, `super.f`, `Foo.f`, `Foo().f`. */
function calleeReceiver(callee: SyntaxNode | null): Receiver | undefined {
  if (callee?.type === 'identifier') return ownReceiver;
  return callee?.type === 'navigation_expression' && callee.namedChildCount === 2 ? objectReceiver(callee.firstNamedChild) : undefined;
}

/**
 * `f()` and `this.f()`: a method of the own type, else a function (or an extension of the own
 * type); in a lambda (an opaque node), nothing told: its receiver (`apply { f() }`, `with(x) { f() }`) may answer.
 */
const ownReceiver: Receiver = { kind: 'self', orFunction: true, opaqueUnknown: true };

/** What the object of `object.f()` says about its type. */
function objectReceiver(object: SyntaxNode | null): Receiver | undefined {
  switch (object?.type) {
    case 'this_expression': {
      const label = object.namedChildren.find((child) => child.type === 'identifier'); // `this@Outer`
      return label ? { kind: 'self', type: label.text } : ownReceiver;
    }
    case 'super_expression':
      return superReceiver(object);
    case 'identifier':
      return { kind: 'name', name: object.text };
    case 'navigation_expression': {
      const [target, field] = object.namedChildren;
      return target?.type === 'this_expression' && target.namedChildCount === 0 && field?.type === 'identifier' ? { kind: 'field', name: field.text } : undefined;
    }
    case 'call_expression': { // `Foo(…).f()`, a new Foo
      const callee = object.firstNamedChild;
      return callee?.type === 'identifier' && isCapitalisedTypeName(callee.text) ? { kind: 'type', name: callee.text } : undefined;
    }
    case 'unary_expression': case 'parenthesized_expression': // `x!!.f()`, `(x).f()`
      return objectReceiver(object.childForFieldName('argument') ?? object.firstNamedChild);
    default:
      return undefined;
  }
}

/**
 * `super<Base>.f()` is Base's code; `super.f()` that of the one supertype a class declares (with
 * several, any of them may declare f: Kotlin lists the superclass among the interfaces).
 */
function superReceiver(node: SyntaxNode): Receiver | undefined {
  const named = node.namedChildren.find((child) => child.type === 'user_type');
  if (named) return { kind: 'type', name: simplifyType(named.text), exact: true };
  let type = node.parent;
  while (type && !typeNodes.has(type.type)) type = type.parent;
  const list = type?.namedChildren.find((child) => child.type === 'delegation_specifiers');
  return list?.namedChildCount === 1 ? { kind: 'super' } : undefined;
}

/** The type parameters of the classes and functions around a name (`<T, U>`). */
const typeParameters: TypeParameterScopes = {
  holders: new Set(['class_declaration', 'function_declaration']),
  names: (holder) => (holder.namedChildren.find((child) => child.type === 'type_parameters')?.namedChildren ?? [])
    .map((parameter) => parameter.namedChildren.find((child) => child.type === 'identifier')?.text ?? ''),
};

const typeNames = new Set(['user_type', 'nullable_type']);

/** `x: Foo`, `x: Foo?`; `= Foo(…)` without a type; else not told (''). */
function typeOfDeclared(node: SyntaxNode, value: SyntaxNode | null | undefined): string {
  const type = node.namedChildren.find((child) => typeNames.has(child.type));
  if (type) return declaredTypeName(type, typeParameters);
  const callee = value?.type === 'call_expression' ? value.firstNamedChild : null;
  return callee?.type === 'identifier' && isCapitalisedTypeName(callee.text) ? callee.text : '';
}

/** `name: Type` of a parameter, a class parameter (a property with `val`), a `for` variable. */
function typedName(node: SyntaxNode, value?: SyntaxNode | null): TypedName[] {
  const name = node.namedChildren.find((child) => child.type === 'identifier');
  return name ? [[name.text, typeOfDeclared(node, value)]] : [];
}

/**
 * Where Kotlin declares typed names, for the receiver of `x.f()` and `this.x.f()`: parameters,
 * the primary constructor's (properties of the class, or names its initialisers see), `val` and
 * `var` (`val x: Foo`, `val x = Foo()`), `for` variables.
 */
const typedNames: LanguageSpec['typedNames'] = {
  parameter: (node) => typedName(node),
  class_parameter: (node) => typedName(node),
  property_declaration: (node) => {
    const variable = node.namedChildren.find((child) => child.type === 'variable_declaration');
    const value = node.namedChildren.find((child) => child.type === 'call_expression');
    return variable ? typedName(variable, value) : [];
  },
  for_statement: (node) => {
    const variable = node.namedChildren.find((child) => child.type === 'variable_declaration');
    return variable ? typedName(variable) : [];
  },
};

const typeOf = (node: SyntaxNode) => node.namedChildren.find((child) => !['identifier', 'modifiers', 'parameter_modifiers'].includes(child.type));

/** Kotlin's names of the JVM's primitive types: nullable, they are the boxed ones (`Integer`, `Character`, else the same name). */
const primitives: Record<string, string> = { Int: 'int', Long: 'long', Short: 'short', Byte: 'byte', Float: 'float', Double: 'double', Boolean: 'boolean', Char: 'char' };
const boxed: Record<string, string> = { Int: 'Integer', Char: 'Character' };
/** `Any`, `Unit` and the mutable collections, as Java names them. */
const jvmNames: Record<string, string> = {
  Any: 'Object', Unit: 'void', MutableList: 'List', MutableSet: 'Set', MutableMap: 'Map', MutableCollection: 'Collection',
  MutableIterable: 'Iterable', MutableIterator: 'Iterator',
};

/**
 * A parameter type as the JVM (and a Java caller) sees it, erased as java.ts erases Java's: `Int`
 * → `int`, `Int?` → `Integer`, `String?` → `String`, `Any` → `Object`, `Array<String>` →
 * `String[]`, `IntArray` → `int[]`, `vararg x: T` → `T[]`. So a method keeps its identity when its
 * class is ported from Java to Kotlin, and overloads that differ only in Kotlin's spelling stay apart.
 */
function jvmType(written: string, vararg = false): string {
  // annotations first, while a space still tells `@Composable () -> Unit` from `@Composable()`
  const type = withoutAnnotations(written).replace(/\s+/g, '');
  if (vararg) return `${jvmType(type)}[]`;
  const arity = functionArity(type);
  if (arity !== undefined) return `Function${arity}`;
  const nullable = type.endsWith('?') && !type.startsWith('(');
  const bare = nullable ? type.slice(0, -1) : type;
  const array = /^Array<(?:out|in)?(.*)>$/.exec(bare);
  if (array) return `${jvmType(array[1])}[]`;
  const primitiveArray = /^(\w+)Array$/.exec(bare);
  if (primitiveArray && primitives[primitiveArray[1]]) return `${primitives[primitiveArray[1]]}[]`;
  const simple = simplifyType(bare);
  if (primitives[simple]) return nullable ? boxed[simple] ?? simple : primitives[simple];
  return jvmNames[simple] ?? simple;
}

/**
 * The number of parameters of a function type as the JVM's `FunctionN` counts them (written without
 * spaces): `(Int, String) -> Unit` takes 2, `Foo.(Int) -> Unit` 2 (its receiver comes first), a
 * `suspend` one 1 more (its continuation); undefined for any other type. Parentheses around it and
 * a `?` after it (`((Int) -> Unit)?`) change nothing.
 */
function functionArity(type: string): number | undefined {
  let t = type;
  for (;;) {
    const inner = /^\((.*)\)\??$/.exec(t);
    if (!inner || closingParen(t, 0) !== t.length - (t.endsWith('?') ? 2 : 1)) break;
    t = inner[1];
  }
  // `suspend () -> Unit`, `suspend Foo.() -> Unit` (the spaces gone: `suspendFoo.()->Unit`)
  if (t.startsWith('suspend')) {
    const arity = functionArity(t.slice(7));
    if (arity !== undefined) return arity + 1;
  }
  let open = 0;
  let depth = 0;
  // a receiver before the parameter list (`Foo.(Int) -> Unit`, `Map<K, V>.(K) -> V`)
  while (open < t.length && !(t[open] === '(' && depth === 0)) {
    if (t[open] === '<') depth++;
    else if (t[open] === '>' && t[open - 1] !== '-') depth--;
    open++;
  }
  const close = closingParen(t, open);
  if (close === undefined || t.slice(close + 1, close + 3) !== '->') return undefined;
  const receiver = open > 0 ? (t[open - 1] === '.' ? 1 : NaN) : 0;
  if (Number.isNaN(receiver)) return undefined;
  const list = t.slice(open + 1, close);
  let count = list === '' ? 0 : 1;
  depth = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '<') depth++;
    else if (c === ')' || (c === '>' && list[i - 1] !== '-')) depth--;
    else if (c === ',' && depth === 0) count++;
  }
  return count + receiver;
}

/** The index of the `)` closing the `(` at `open`, or undefined. */
function closingParen(text: string, open: number): number | undefined {
  if (text[open] !== '(') return undefined;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return undefined;
}

/** Stands for the `.` between a function type's receiver and its parameters while the shared rule takes qualifiers out. */
const RECEIVER_DOT = '\u0001';

/**
 * A parameter type in its comparable spelling (LanguageSpec.comparableType): the shared rule, which
 * takes qualifiers out, less the receiver of a function type, which is no qualifier: `Foo.() -> Unit`
 * and `Bar.() -> Unit` are two types (the shared rule read both as `()->Unit`).
 */
function comparableType(type: string): string {
  return sharedComparableType(type.replace(/\.(?=\s*\()/g, RECEIVER_DOT)).replaceAll(RECEIVER_DOT, '.');
}

/** Parameters as written (`String?`, `Int`), and as the identity reads them (see jvmType). */
function parameters(list: SyntaxNode): Parameters {
  const names: string[] = [];
  const types: string[] = [];
  const signatureTypes: string[] = [];
  let vararg = false;
  for (const child of list.namedChildren) {
    if (child.type === 'parameter_modifiers') vararg = /\bvararg\b/.test(child.text);
    if (child.type !== 'parameter') continue;
    const written = typeOf(child)?.text ?? '';
    names.push(child.namedChildren.find((c) => c.type === 'identifier')?.text ?? '');
    types.push(vararg ? `vararg ${simplifyType(written)}` : simplifyType(written));
    signatureTypes.push(jvmType(written, vararg));
    vararg = false;
  }
  return { names, types, signatureTypes };
}

const returnTypeSkipped = new Set(['modifiers', 'identifier', 'type_parameters', 'function_value_parameters', 'function_body', 'type_constraints', 'line_comment', 'block_comment']);

function returnType(declaration: Declaration): string {
  if (declaration.node.type !== 'function_declaration') return '';
  const children = declaration.node.namedChildren;
  const parameterIndex = children.findIndex((child) => child.type === 'function_value_parameters');
  const type = children.slice(parameterIndex + 1).find((child) => !returnTypeSkipped.has(child.type));
  return type?.text.replace(/\s+/g, ' ') ?? '';
}

/** The first user type written in a node (`Base<Int>` of `Base<Int>(x)`, `by` delegations included). */
function firstUserType(node: SyntaxNode): SyntaxNode | undefined {
  if (node.type === 'user_type') return node;
  for (const child of node.namedChildren) {
    const found = firstUserType(child);
    if (found) return found;
  }
  return undefined;
}

function supertypes(declaration: Declaration): string[] {
  if (!typeKinds.has(declaration.kind)) return [];
  const list = declaration.node.namedChildren.find((child) => child.type === 'delegation_specifiers');
  const names: string[] = [];
  for (const specifier of list?.namedChildren ?? []) {
    const type = firstUserType(specifier);
    if (type) names.push(simplifyType(type.text));
  }
  return names;
}

function stereotypes({ declaration, parameters, body, parent }: DeclarationFacts): Stereotype[] {
  // a `companion object` written without a name is named `Companion` by the language
  if (typeKinds.has(declaration.kind)) return declaration.node.type === 'companion_object' && !declaration.node.childForFieldName('name') ? ['unnamed'] : [];
  const found: Stereotype[] = [];
  const mods = modifiers(declaration.node);
  if (parent && typeKinds.has(parent.kind)) found.push('type-member');
  if (declaration.kind === 'constructor') found.push('constructor');
  if (!body && (mods.has('abstract') || parent?.kind === 'interface')) found.push('abstract');
  if (body) found.push('has-body');
  if (parameters.types.at(-1)?.startsWith('vararg ')) found.push('variadic');
  if (parent?.node.type === 'companion_object') found.push('static');
  if (isExtension(declaration.node)) found.push('extension');
  if (mods.has('private')) found.push('file-private');
  return found;
}

/** `fun Foo.f()`: a type written before the name, which calls are made on. */
function isExtension(node: SyntaxNode): boolean {
  if (node.type !== 'function_declaration') return false;
  for (const child of node.namedChildren) {
    if (child.type === 'identifier') return false;
    if (typeNames.has(child.type)) return true;
  }
  return false;
}

/** A companion object's members are called on its class (`Foo.create()`): they name it as their owner. */
function regroup(nodes: CstNode[]): CstNode[] {
  for (const node of nodes) {
    const holder = nodes[node.parent ?? -1];
    const type = nodes[holder?.parent ?? -1];
    if (node.stereotypes.includes('static') && holder?.kind === 'object' && type) node.owner = type.name;
    const receiver = node.stereotypes.includes('extension') ? receiverOf(node) : undefined;
    if (receiver) node.signature = `${receiver}.${node.signature}`;
  }
  return nodes;
}

/**
 * The type an extension function is declared for, unqualified, its generic arguments and `?` left
 * out (`List` for `fun <T> okio.List<T>?.f()`, as the JVM erases it): part of its identity, as Go's receiver is, so `fun Closeable.closeQuietly()` and `fun
 * Socket.closeQuietly()` in one file are two functions (and a function given another receiver
 * changed its signature). Read from the tokens between `fun` (and its type parameters) and the
 * `.` before the name.
 */
function receiverOf(node: CstNode): string | undefined {
  const t = node.tokens;
  let start = t.indexOf('fun') + 1;
  if (start === 0) return undefined;
  if (t[start] === '<') {
    for (let depth = 0; start < t.length; start++) {
      if (t[start] === '<') depth++;
      else if (t[start] === '>' && --depth === 0) break;
    }
    start++;
  }
  for (let i = start, depth = 0; i < t.length - 1; i++) {
    if (t[i] === '<') depth++;
    else if (t[i] === '>') depth--;
    else if (t[i] === '(' || t[i] === '{' || t[i] === '=') return undefined;
    else if (depth === 0 && t[i] === '.' && t[i + 1] === node.name && i > start) {
      return simplifyType(t.slice(start, i).join('').replace(/\?$/, '')).replace(/<.*>$/, '');
    }
  }
  return undefined;
}

/**
 * Words tree-sitter-kotlin takes for a modifier where a statement starts with them, though Kotlin
 * lets them name a variable (`open = isOpen`, `open(closer)`); `in` and `as` before a digit or `_`
 * (`in1.close()`) break the same way.
 */
const modifierWord = /^(?:open|override|abstract|final|lateinit|sealed|inline|external|infix|tailrec|suspend|vararg|noinline|crossinline|private|public|protected|internal|(?:in|as)[\d_]\w*)$/;
/** What follows a name, not a declaration, at a statement's start: `.x`, `[i]`, `(…)`, `?.`, `!!`, `=`, `+=`, `++`. */
const usedAsName = /^[ \t]*(?:[.[(]|[?!]\.|!!|[-+*\/%]?=(?!=)|\+\+|--)/;
/** A line declaring a `val` (modifiers and annotations first), which has no setter. */
const valLine = /^\s*(?:(?:@[\w.]+(?:\([^)]*\))?|[a-z]+)\s+)*val\s/;
/** A quick test for the lines `nameLines` may change. */
const maybeName = /^[ \t]{2,}(?:open|override|abstract|final|lateinit|sealed|inline|external|infix|tailrec|suspend|vararg|noinline|crossinline|private|public|protected|internal|set|get|in[\d_]|as[\d_])/m;

/**
 * The text as tree-sitter-kotlin reads it (LanguageSpec.prepare): a statement that starts with a
 * name the grammar takes for a modifier or a property accessor (`open = isOpen`; `set(a, b)` after a
 * `val`, which has no setter) broke the parse of the whole class around it, whose members then read
 * as top-level functions (okhttp's Http2Stream, DiskLruCacheTest). Such a name is written in
 * backticks, as Kotlin allows any name, taking two characters of its indentation: every line keeps
 * its length. A line indented less is left as it is.
 */
function nameLines(text: string): string {
  if (!maybeName.test(text)) return text;
  const lines = text.split('\n');
  let previous = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const start = /^([ \t]{2,})([A-Za-z_]\w*)/.exec(line);
    if (start) {
      const [head, indent, word] = start;
      const rest = line.slice(head.length);
      const accessor = word === 'set' || word === 'get';
      const name = usedAsName.test(rest) && (!accessor || !/^[ \t]*\(/.test(rest) || (word === 'set' && valLine.test(previous)));
      if (name && (accessor || modifierWord.test(word))) lines[i] = `${indent.slice(2)}\`${word}\`${rest}`;
    }
    if (line.trim() !== '') previous = line;
  }
  return lines.join('\n');
}

/** A word the grammar may take for a modifier, right after a lambda's `{` and a space or tab. */
const lambdaFirstWord = /\{([ \t]+)(open|override|abstract|final|lateinit|sealed|inline|external|infix|tailrec|suspend|vararg|noinline|crossinline|private|public|protected|internal)(?![\w`])/g;
/** What follows a lambda's first parameter: `->`, `,` or its type's `:`. */
const parameterEnd = /^[ \t]*(?:->|,|:(?!:))/;

/**
 * The text as tree-sitter-kotlin reads it: the first word of a lambda is read as a modifier when it
 * is one (`overrides.forEach { override -> … }`, `mapSelected(ifNoTabIsOpen = { open(place) })`),
 * and the error took the whole file, or the whole function around it, its members then lost
 * (leakcanary's `Tabs.kt`: every method of `Tabs` gone). Such a name, a parameter or a name then
 * used, is written in backticks as `nameLines` does, every line keeping its length: the space before
 * it and one after it give the two characters, or two before it where there are; with neither, the
 * text up to the next space of the line moves one column right (`{ open(place) }` reads
 * ``{`open`(place)}``), where that space parts no two words.
 */
function lambdaNames(text: string): string {
  if (!/\{[ \t]+[a-z]/.test(text)) return text;
  let result = text;
  // the end of the text last moved right: a lambda opening in it is left as it is
  let moved = 0;
  for (let match = lambdaFirstWord.exec(text); match; match = lambdaFirstWord.exec(text)) {
    const [, space, word] = match;
    if (match.index < moved) continue;
    const start = match.index + 1 + space.length;
    const end = start + word.length;
    const rest = text.slice(end, text.indexOf('\n', end) >>> 0);
    if (!parameterEnd.test(rest) && !usedAsName.test(rest)) continue;
    const quoted = `\`${word}\``;
    if (space.length >= 2) result = result.slice(0, start - 2) + quoted + result.slice(end);
    else if (/[ \t]/.test(text[end] ?? '')) result = result.slice(0, start - 1) + quoted + result.slice(end + 1);
    else {
      // the next space of the line, where dropping it joins no two words or operators: `)` or `,` before it, or `)`, `]`, `}` after it
      const gap = /[ \t]/.exec(rest);
      if (!gap) continue;
      const at = end + gap.index;
      if (!/[)\],]/.test(text[at - 1]) && !/^[ \t)\]}]/.test(text.slice(at + 1, at + 2))) continue;
      result = result.slice(0, start - 1) + quoted + text.slice(end, at) + result.slice(at + 1);
      moved = at;
    }
  }
  return result;
}

/** A class or object header's last supertype delegated to an expression, right before the body: `by delegate {`. */
const delegatedLast = /^by\s+[A-Za-z_][\w.]*(?:\([^(){}]*\))?\s*$/;

/**
 * The text as tree-sitter-kotlin reads it: a class that delegates its last supertype
 * (`class ImmutableList<T>(…) : List<T> by delegate { … }`) may be read as calling `delegate` with
 * a trailing lambda, its members then lost in the lambda (coil's ImmutableList). The `by …` is
 * blanked out (spaces, so every offset stays): the supertype is kept, and the body reads as the
 * class's. A `by` of a property (`val x by lazy { … }`) is no class header's and is left as it is.
 */
function delegationBodies(text: string): string {
  if (!/\bby\s/.test(text)) return text;
  let result = text;
  const keyword = /\b(?:class|object)\b/g;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    const before = text.slice(lineStart, match.index);
    // not `Foo::class`, nor a word of a comment or a string
    if (before.endsWith('::') || before.endsWith('.') || before.includes('//') || /^\s*\*/.test(before) || /["'`]/.test(before)) continue;
    let depth = 0;
    let colon = false;
    let by = -1;
    for (let i = match.index + match[0].length; i < text.length; i++) {
      const c = text[i];
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (depth > 0) continue;
      else if (c === ':') colon = true;
      else if (c === ',') by = -1;
      else if (c === 'b' && colon && text.startsWith('by', i) && /\s/.test(text[i - 1]) && /\s/.test(text[i + 2] ?? '')) by = i;
      else if (/[a-z]/.test(c) && !/\w/.test(text[i - 1]) && /^(?:val|var|fun|class|object|interface|return)\b/.test(text.slice(i, i + 10))) break;
      else if (c === '{') {
        if (by >= 0 && delegatedLast.test(text.slice(by, i))) result = result.slice(0, by) + ' '.repeat(i - by) + result.slice(i);
        break;
      } else if (c === '}' || c === ';' || c === '=' || c === '"' || c === '/') break;
      if (depth < 0) break;
    }
  }
  return result;
}

/**
 * Modifiers tree-sitter-kotlin reads as plain names when they come first after an annotation at the
 * top of a file: an annotated `actual abstract class FileSystem { … }` there becomes an annotated
 * expression, the infix `actual abstract class` applied to `FileSystem` and a lambda, and the
 * class's members are lost in that lambda; `@JvmField` then `const val …` and `@JvmName("…")` then
 * `operator fun …` (no receiver) become assignments. In a class body, or after `internal`, the same
 * lines read right. `actual` and `expect` only pair a declaration with its platform's, `operator` and
 * `const` change no name nor signature; `enum` and `annotation` make the kind.
 */
const blankedModifier = /^(?:actual|expect|operator|const)$/;
const kindModifier = /^(?:enum|annotation)$/;
/** A class, interface or object after its modifiers. */
const typeDeclaration = /^(?:[a-z]+\s+)*(?:class|interface|object)\b/;
/** The end of the annotation at `at` (`@Name`, `@get:Name`, `@Name<T>(…)`, `@[A B]`), -1 where none is. */
function annotationEnd(text: string, at: number): number {
  let i = at + 1;
  if (text[i] === '[') {
    const close = text.indexOf(']', i);
    return close < 0 ? -1 : close + 1;
  }
  const name = /^(?:[A-Za-z_]\w*:)?[A-Za-z_][\w.]*/.exec(text.slice(i, i + 300));
  if (!name) return -1;
  i += name[0].length;
  for (const [open, close] of [['<', '>'], ['(', ')']]) {
    if (text[i] !== open) continue;
    let depth = 0;
    let quote = '';
    for (; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === open) depth++;
      else if (c === close && --depth === 0) break;
    }
    if (i >= text.length) return -1;
    i++;
  }
  return i;
}

/**
 * The text as tree-sitter-kotlin reads it: after annotations at the start of a line at the top of a
 * file (`@ExperimentalFileSystem` then `actual abstract class FileSystem {`, `@Throws(IOException::class)`
 * then `actual fun …`), a leading `actual`, `expect`, `operator` or `const` is blanked out with spaces,
 * and where `enum` or `annotation` then leads, the annotations are too (line breaks kept, so every
 * offset stays): the declaration and its members are read. Before a class, interface or object,
 * annotations on two lines or more are blanked out but for the last line's: tree-sitter-kotlin read
 * `@Component` then `@Transactional` then `class UserService { … }` as an annotated expression or as
 * the class depending on the length of the class (Exposed's Spring samples lost their classes), and
 * `open class KoinApplication protected constructor() {` after two annotations always as the
 * expression (koin); after one annotation both read right. A declaration whose first word the
 * grammar reads as a modifier there is left as written.
 */
function annotatedDeclarations(text: string): string {
  if (!/^@/m.test(text)) return text;
  let result = text;
  const blank = (from: number, to: number) => { result = result.slice(0, from) + text.slice(from, to).replace(/[^\n]/g, ' ') + result.slice(to); };
  const lineStart = /^@(?!file:)/gm;
  for (let match = lineStart.exec(text); match; match = lineStart.exec(text)) {
    const start = match.index;
    let end = start;
    let i = start;
    // the annotations in a row, then the modifiers
    let last = start;
    while (text[i] === '@') {
      const after = annotationEnd(text, i);
      if (after < 0) break;
      if (text.slice(end, i).includes('\n')) last = i;
      end = after;
      i = after;
      while (/\s/.test(text[i] ?? '')) i++;
    }
    lineStart.lastIndex = Math.max(end, start + 1);
    if (end === start) continue;
    const wordAt = (at: number) => /^[a-z]+(?=\s)/.exec(text.slice(at, at + 20))?.[0] ?? '';
    for (let word = wordAt(i); blankedModifier.test(word); word = wordAt(i)) {
      blank(i, i + word.length);
      i += word.length;
      while (/\s/.test(text[i] ?? '')) i++;
    }
    if (kindModifier.test(wordAt(i))) blank(start, end);
    else if (last > start && typeDeclaration.test(text.slice(i, i + 200))) blank(start, last);
  }
  return result;
}

/**
 * A `when` branch with a guard (Kotlin 2.1: `is EntityID<*> if ref.isId() -> …`, `Option.RESTRICT if
 * !supported -> …`, `else if ready -> …`): a condition, then `if` on its line. The condition is a type
 * test, a range test, a (dotted) name or a literal: no statement starts with one followed by `if`.
 * After `else` the arrow must follow on the line, as `else if (a) b` is also the end of an if-else.
 */
const guardedBranch = /^([ \t]*)(?:(else)[ \t]+if(?=[ \t(!])[^\n{]*?->|(!?is[ \t]+[\w.]+(?:<[\w.<>*?, ]*>)?\??|!?in[ \t]+[\w.]+|(?!return\b|throw\b)[A-Za-z_][\w.]*|-?\d[\w.]*|"[^"\n]*"|'[^'\n]*')[ \t]+if(?=[ \t(!]))/gm;

/**
 * The text as tree-sitter-kotlin reads it: the grammar knows no guard on a `when` branch, and one
 * made the whole file an error, its classes' members read as top-level functions or lost
 * (Exposed's `Entity.kt`, `ColumnType.kt`). The guard's `if` becomes `, ` (two conditions of one
 * branch), and `else if` is blanked out (the guard then reads as the condition), so every offset
 * stays and what the branch names is read.
 */
function whenGuards(text: string): string {
  if (!/\S[ \t]+if[ \t(!]/.test(text)) return text;
  return text.replace(guardedBranch, (branch: string, indent: string, otherwise: string | undefined) => {
    if (otherwise) return indent + branch.slice(indent.length).replace(/^else[ \t]+if/, (words) => ' '.repeat(words.length));
    return `${branch.slice(0, -2)}, `;
  });
}

/** `zoo.animals.` for `package zoo.animals`, '' without a package. */
function namespace(root: SyntaxNode): string {
  const header = root.namedChildren.find((child) => child.type === 'package_header');
  const name = header?.namedChildren.find((child) => child.type === 'qualified_identifier' || child.type === 'identifier');
  return name ? `${name.text.replace(/\s+/g, '')}.` : '';
}

/**
 * `typealias Old = New`, `typealias Old<T> = New<T>`: each name with the type it stands for
 * (type-aliases.ts). The grammar has no field for the aliased type: it is the last named child.
 */
const typeAliases = (root: SyntaxNode) =>
  declaredAliases(root, ['type_alias'], (alias) => {
    const type = alias.namedChildren.at(-1);
    return { name: alias.childForFieldName('type'), typeParameters: alias.namedChildren.find((c) => c?.type === 'type_parameters'), type: type && type !== alias.childForFieldName('type') ? type : null };
  });

export const kotlin: LanguageSpec = {
  id: 'kotlin',
  grammar: { package: '@tree-sitter-grammars/tree-sitter-kotlin', wasm: 'tree-sitter-kotlin.wasm' },
  declarations: {
    class_declaration: classRule,
    object_declaration: objectRule,
    companion_object: objectRule,
    function_declaration: functionRule,
    secondary_constructor: constructorRule,
  },
  prepare: (text) => whenGuards(annotatedDeclarations(delegationBodies(lambdaNames(nameLines(text))))),
  calls: { call_expression: callExpression },
  comments: ['line_comment', 'block_comment'],
  atomicTokens: ['string_literal', 'multiline_string_literal', 'character_literal'],
  // an enum constant's body (`CHUNKED { override fun setBody(…) }`) is one more anonymous class, as Java's
  // enum_constant: its members, one override per constant under one signature, are not the enum's
  opaque: ['lambda_literal', 'anonymous_function', 'object_literal', 'enum_entry'],
  // statements end at a line's end, not at a `;`: each one a block, a class body or a lambda holds,
  // and a `when` branch, starts one; a brace closes the one before, as in the languages split at braces
  statementLists: ['source_file', 'block', 'class_body', 'lambda_literal'],
  statementTypes: ['when_entry', '{', '}'],
  namespace,
  parameters,
  returnType,
  supertypes,
  typedNames,
  isTypeName: isCapitalisedTypeName,
  stereotypes,
  regroup,
  comparableType,
  typeAliases,
  rootTypes: ['Any'],
};
