/**
 * TypeScript and TSX: everything JavaScript builds (the rules of javascript.ts, imported), plus
 * interfaces, enums, type aliases and namespaces/modules (noun 'Class', kind the precise word),
 * abstract methods, interface method signatures and ambient `declare function`s (stereotype
 * 'abstract'), parameter and return types, and `extends` / `implements` as supertypes.
 * Overload signatures written beside their implementation are not nodes of their own: the
 * implementation is the element. An abstract class is a 'class' (its abstract methods carry
 * 'abstract'), as in Java.
 */
import type { Stereotype } from '../core/cst';
import { boundRule, createdType, javascript, patternNames, propertyName, stereotypes as jsStereotypes } from './javascript';
import type { Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters } from './spec';
import type { SyntaxNode } from './treesitter';
import { declaredAliases } from './type-aliases';
import { comparableType } from './type-spelling';

const typeRule = (kind: string, bodyField = 'body'): DeclarationRule => ({ kind, noun: 'Class', bodyField, signature: 'name' });
const typeKinds = new Set(['class', 'interface', 'enum', 'type', 'namespace', 'module']);

/** The syntax of code: what is declared in it is local to it. */
const codeTypes = new Set([
  'function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function',
  'generator_function_declaration', 'class_static_block',
]);
/**
 * An interface, type alias or enum of a module or namespace; one declared in a function's body
 * (`type out = z.output<typeof schema>` in a test's callback) is local to that code, as a
 * variable is, and no element of its own: its tokens are the function's.
 */
const declaredTypeRule = (kind: string, bodyField = 'body'): DeclarationRule => ({
  ...typeRule(kind, bodyField),
  resolve(node) {
    for (let up = node.parent; up; up = up.parent) if (codeTypes.has(up.type)) return undefined;
    const nameNode = node.childForFieldName('name');
    return nameNode ? { kind, noun: 'Class', name: nameNode.text, nameNode, fn: node, node } : undefined;
  },
});
const fnFields = { parametersFields: ['parameters', 'parameter'], bodyField: 'body' };

/** Body-less declarations: node type → the declaration with a body that implements it beside it. */
const implementedBy: Record<string, string> = { function_signature: 'function_declaration', method_signature: 'method_definition' };

/** `f(a: string): void;` followed by `f(a: any) { … }` in the same scope is an overload signature. */
function isOverloadSignature(node: SyntaxNode, name: string): boolean {
  const holder = node.parent?.type === 'export_statement' ? node.parent : node;
  const scope = holder.parent;
  return scope !== null && implementationsIn(scope).has(`${implementedBy[node.type]} ${name}`);
}

/**
 * `<type> <name>` of the functions and methods declared with a body directly in a scope, found
 * once per scope of a tree: scanning the scope for every signature was quadratic (a fuzzed file
 * of 11 KB with 3,000 signatures in one scope took 12.8 s to parse and build, now 0.5 s).
 */
const implementations = new WeakMap<object, Map<number, Set<string>>>();

function implementationsIn(scope: SyntaxNode): Set<string> {
  let byScope = implementations.get(scope.tree);
  if (!byScope) implementations.set(scope.tree, (byScope = new Map()));
  let names = byScope.get(scope.id);
  if (!names) {
    names = new Set();
    const bodied = new Set(Object.values(implementedBy));
    for (const sibling of scope.namedChildren) {
      const declaration = sibling?.type === 'export_statement' ? sibling.childForFieldName('declaration') : sibling;
      if (declaration && bodied.has(declaration.type)) names.add(`${declaration.type} ${declaration.childForFieldName('name')?.text}`);
    }
    byScope.set(scope.id, names);
  }
  return names;
}

/**
 * A method signature declares a member of an interface, or of the object type a type alias names.
 * Elsewhere it is part of the type of something else, not an element: `f(): { end(): void }`,
 * `(x: { cb(): void })`, `let v: { z(): void } = { z() {} }`, a property typed `p: { q(): void }`.
 */
function declaresMember(node: SyntaxNode): boolean {
  if (node.type !== 'method_signature') return true;
  const holder = node.parent;
  return holder?.type === 'interface_body' || (holder?.type === 'object_type' && holder.parent?.type === 'type_alias_declaration');
}

/** `abstract m(): T;`, `m(): T;` in an interface, `declare function f(): T;`: a member without a body. */
const signatureRule = (kind: string, noun: string): DeclarationRule => ({
  kind, noun, ...fnFields, signature: 'name',
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    const name = nameNode ? propertyName(nameNode) ?? nameNode.text : undefined;
    if (!nameNode || name === undefined || !declaresMember(node) || isOverloadSignature(node, name)) return undefined;
    return { kind, noun, name, nameNode, fn: node, node };
  },
});

/**
 * `namespace A.B {}` and `module A {}`. A module named by a string (`declare module 'vue' { … }`)
 * is no container of this code: it augments or describes another package's module, named by
 * how that module is imported. What it declares is the file's, as if written at its top: pointing
 * the augmentation at another specifier of the same module (`'@vue/runtime-core'` → `'vue'`,
 * `'../dist/src/index'` → `'../dist/pinia'`) renames nothing, and moving the block to another
 * file moves the interfaces in it.
 */
const moduleRule = (kind: string): DeclarationRule => ({
  ...typeRule(kind),
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    if (!nameNode || nameNode.type === 'string') return undefined;
    return { kind, noun: 'Class', name: nameNode.text, nameNode, fn: node, node };
  },
});

const declarations: Record<string, DeclarationRule> = {
  ...javascript.declarations,
  abstract_class_declaration: typeRule('class'),
  interface_declaration: declaredTypeRule('interface'),
  enum_declaration: declaredTypeRule('enum'),
  type_alias_declaration: declaredTypeRule('type', 'value'),
  internal_module: moduleRule('namespace'),
  module: moduleRule('module'),
  public_field_definition: boundRule('value', 'name', propertyName, 'method', 'Method'),
  abstract_method_signature: signatureRule('method', 'Method'),
  method_signature: signatureRule('method', 'Method'),
  function_signature: signatureRule('function', 'Function'),
};

/** `: string` → `string`. */
const annotation = (node: SyntaxNode | null) => (node ? node.text.replace(/^:\s*/, '').replace(/\s+/g, ' ') : '');

/** Names bound by each parameter, each with its written type; `this: T` is not a parameter. */
function parameters(list: SyntaxNode): Parameters {
  const names: string[] = [];
  const types: string[] = [];
  if (list.type === 'identifier') return { names: [list.text], types: [''] }; // `x => …`
  for (const parameter of list.namedChildren) {
    if (parameter.type !== 'required_parameter' && parameter.type !== 'optional_parameter') continue;
    const pattern = parameter.childForFieldName('pattern');
    if (!pattern || pattern.type === 'this') continue;
    const bound: string[] = [];
    patternNames(pattern, bound);
    const type = annotation(parameter.childForFieldName('type')) + (parameter.type === 'optional_parameter' ? '?' : '');
    for (const name of bound) {
      names.push(name);
      types.push(type);
    }
  }
  return { names, types };
}

const returnType = (declaration: Declaration) => annotation(declaration.fn.childForFieldName('return_type'));

/**
 * A parameter type as compared (LanguageSpec.comparableType): the shared rule, then without the
 * names of a function type's parameters, which are no part of the type: got f65c9efd2f renamed
 * `(res: http.IncomingMessage) => void` to `(response: http.IncomingMessage) => void` inside the
 * type of a test's `request(...args)` and changed no signature. A method of an object type is
 * compared as the property holding its function type (methodsAsProperties).
 */
export function comparableTsType(type: string): string {
  return withoutParameterNames(methodsAsProperties(comparableType(withoutLeadingOperators(type))));
}

/**
 * A union or intersection may open with its operator (`| A | B`), the spelling Prettier gives one
 * broken over lines; it is the same type as `A | B`. Vue's `createSlots(…, dynamicSlots: (| A | A[]
 * | undefined)[])` joined onto one line by a formatter update changed no signature. The operator is
 * dropped where a type starts: at the start, after `(`, `<`, `[`, `{`, `,`, `:`, `=` or `=>`.
 */
function withoutLeadingOperators(type: string): string {
  return type.includes('|') || type.includes('&') ? type.replace(/(^|[(<[{,:=]|=>)(\s*)[|&](?![|&])/g, '$1$2') : type;
}

/**
 * `{resolve():void}` as `{resolve:()=>void}`: a method in an object type is a property holding a
 * function type, the one spelling typescript-eslint's `method-signature-style` rewrites the other
 * into (got b9a855d372 respelt twelve benchmark callbacks' `deferred: {resolve(): void}` so and
 * changed no signature). A construct signature (`new(): T`) is left alone.
 */
function methodsAsProperties(type: string): string {
  if (!type.includes('{')) return type;
  return rewriteOutsideStrings(type, (i) => {
    if (type[i - 1] !== '{' && type[i - 1] !== ',') return undefined;
    const name = /^[A-Za-z_$][\w$]*\??(?=[<(])/.exec(type.slice(i))?.[0];
    if (name === undefined || name === 'new') return undefined;
    const at = i + name.length;
    const typeParametersEnd = type[at] === '<' ? closeOf(type, at) : at - 1;
    const parametersEnd = typeParametersEnd >= 0 && type[typeParametersEnd + 1] === '(' ? closeOf(type, typeParametersEnd + 1) : -1;
    if (parametersEnd < 0 || type[parametersEnd + 1] !== ':') return undefined;
    return { text: `${name}:${methodsAsProperties(type.slice(at, parametersEnd + 1))}=>`, end: parametersEnd + 1 };
  });
}

/**
 * `type` copied through, its string literals as written, where `rewrite(i)` may replace the text
 * from `i` to `end` (inclusive) elsewhere; from an unclosed string, or where it says `stop` (an
 * unclosed bracket), the rest is kept as written.
 */
function rewriteOutsideStrings(type: string, rewrite: (i: number) => { text: string; end: number } | 'stop' | undefined): string {
  let out = '';
  for (let i = 0; i < type.length; i++) {
    const quoted = stringEnd(type, i);
    const rewritten = quoted === undefined ? rewrite(i) : undefined;
    if ((quoted !== undefined && quoted < 0) || rewritten === 'stop') return out + type.slice(i);
    if (quoted !== undefined) {
      out += type.slice(i, quoted + 1);
      i = quoted;
    } else if (rewritten) {
      out += rewritten.text;
      i = rewritten.end;
    } else out += type[i];
  }
  return out;
}

/** Where a string literal type opened at `i` (`'a'`, `"b"`, a template) closes: -1 if never; undefined when none opens there. */
function stringEnd(text: string, i: number): number | undefined {
  const c = text[i];
  return c === '"' || c === "'" || c === '`' ? text.indexOf(c, i + 1) : undefined;
}

/** The closing bracket of each opening one a type is written with (`<` only where it is no `=>`). */
const closing: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** Where the bracket opened at `open` closes in `text` (spaces already out), or -1. */
function closeOf(text: string, open: number): number {
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    const quoted = stringEnd(text, i);
    if (quoted !== undefined) {
      if (quoted < 0) return -1;
      i = quoted;
    } else if (closing[c]) stack.push(closing[c]);
    else if (c === stack[stack.length - 1] && !(c === '>' && text[i - 1] === '=')) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** `text` cut at its top-level commas. */
function topLevelItems(text: string): string[] {
  const items: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (closing[text[i]]) {
      const end = closeOf(text, i);
      if (end < 0) return [text];
      i = end;
      continue;
    }
    const quoted = stringEnd(text, i);
    if (quoted !== undefined) {
      if (quoted < 0) return [text];
      i = quoted;
    } else if (text[i] === ',') {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items;
}

/**
 * `(res:IncomingMessage)=>void` as `(:IncomingMessage)=>void`: each parameter list followed by
 * `=>` (a function or constructor type) loses its parameters' names and binding patterns, keeping
 * `...` and `?`; nested function types too, as the lists inside are rewritten first.
 */
function withoutParameterNames(type: string): string {
  if (!type.includes('=>')) return type;
  return rewriteOutsideStrings(type, (i) => {
    if (type[i] !== '(') return undefined;
    const end = closeOf(type, i);
    if (end < 0) return 'stop';
    const inner = withoutParameterNames(type.slice(i + 1, end));
    const list = type.startsWith('=>', end + 1) ? topLevelItems(inner).map(unnamedParameter).join(',') : inner;
    return { text: `(${list})`, end };
  });
}

/** One parameter of a function type without its name: `...rest:T[]` → `...:T[]`, `x?:T` → `?:T`, `{a,b}:T` → `:T`. */
function unnamedParameter(parameter: string): string {
  const rest = parameter.startsWith('...') ? '...' : '';
  const bound = parameter.slice(rest.length);
  const patternEnd = bound[0] === '{' || bound[0] === '[' ? closeOf(bound, 0) + 1 : /^[A-Za-z_$][\w$]*/.exec(bound)?.[0].length ?? 0;
  if (patternEnd <= 0) return parameter;
  const after = bound.slice(patternEnd);
  return after.startsWith(':') || after.startsWith('?:') ? rest + after : parameter;
}

/** The simple name of a written type or expression: `ns.Base<T>` → `Base`. */
function simpleName(node: SyntaxNode | null | undefined): string | undefined {
  switch (node?.type) {
    case 'identifier': case 'type_identifier':
      return node.text;
    case 'nested_type_identifier': case 'generic_type':
      return simpleName(node.childForFieldName('name'));
    case 'member_expression':
      return node.childForFieldName('property')?.text;
    default:
      return undefined;
  }
}

/** `extends` and `implements` of classes, `extends` of interfaces. */
function supertypes(declaration: Declaration): string[] {
  if (declaration.kind !== 'class' && declaration.kind !== 'interface') return [];
  const clauses = declaration.fn.namedChildren.flatMap((child) => (child.type === 'class_heritage' ? child.namedChildren : [child]));
  const names: string[] = [];
  for (const clause of clauses) {
    if (clause.type === 'extends_clause') names.push(...clause.childrenForFieldName('value').map(simpleName).filter((n) => n !== undefined));
    if (clause.type === 'implements_clause' || clause.type === 'extends_type_clause') names.push(...clause.namedChildren.map(simpleName).filter((n) => n !== undefined));
  }
  return names;
}

/** `: Foo<T>` → `Foo`, `: ns.Foo` → `Foo`; unions, arrays, literals and functions tell no single type (''). */
function annotatedType(annotation: SyntaxNode | null): string {
  const type = annotation?.type === 'type_annotation' ? annotation.namedChildren[0] : annotation;
  return simpleName(type) ?? '';
}

/**
 * Where TypeScript binds names with their types, for the receiver of `x.f()` and `this.x.f()`:
 * variables (`: Foo` or `= new Foo()`), parameters (`x: Foo`) and fields.
 */
const typedNames: LanguageSpec['typedNames'] = {
  variable_declarator: (node) => {
    const name = node.childForFieldName('name');
    if (name?.type !== 'identifier') return [];
    return [[name.text, annotatedType(node.childForFieldName('type')) || createdType(node.childForFieldName('value'))]];
  },
  required_parameter: parameterTypes,
  optional_parameter: parameterTypes,
  public_field_definition: (node) => {
    const name = node.childForFieldName('name');
    return name ? [[name.text, annotatedType(node.childForFieldName('type')) || createdType(node.childForFieldName('value'))]] : [];
  },
};

function parameterTypes(node: SyntaxNode): Array<[string, string]> {
  const pattern = node.childForFieldName('pattern');
  if (!pattern || pattern.type === 'this') return [];
  const names: string[] = [];
  patternNames(pattern, names);
  const type = pattern.type === 'identifier' ? annotatedType(node.childForFieldName('type')) : '';
  return names.map((name) => [name, type]);
}

const bodyless = new Set(['abstract_method_signature', 'method_signature', 'function_signature']);

function stereotypes(facts: DeclarationFacts): Stereotype[] {
  const { declaration, parent } = facts;
  const found = jsStereotypes(facts).filter((s) => s !== 'has-body' || !typeKinds.has(declaration.kind));
  const inType = parent?.kind === 'class' || parent?.kind === 'interface';
  if (inType && !found.includes('type-member')) found.push('type-member');
  if (bodyless.has(declaration.node.type)) found.push('abstract');
  if (declaration.node.children.some((child) => child.type === 'static') && !found.includes('static')) found.push('static');
  if (contextuallyTyped(declaration)) found.push('contextually-typed');
  return found;
}

/** Bindings that may have a type written on the name they bind, and the function expression in them. */
const typedBindings = new Set(['variable_declarator', 'public_field_definition']);
const functionExpressions = new Set(['arrow_function', 'function_expression']);

/**
 * A function expression bound to a name written with a type (`const notFound: NotFoundHandler = (c) => …`,
 * a field `header: SetHeaders = (name, value) => …`): TypeScript gives its parameters their types
 * from that type, so the types written on them say nothing of their own.
 */
function contextuallyTyped(declaration: Declaration): boolean {
  return typedBindings.has(declaration.node.type) && functionExpressions.has(declaration.fn.type) && declaration.node.childForFieldName('type') !== null;
}

/**
 * `export type Old = New;` (often marked `@deprecated`), `type O = ns.New`: each name with the type
 * it stands for (type-aliases.ts).
 */
const typeAliases = (root: SyntaxNode) =>
  declaredAliases(root, ['type_alias_declaration'], (alias) => ({ name: alias.childForFieldName('name'), typeParameters: alias.childForFieldName('type_parameters'), type: alias.childForFieldName('value') }));

const typescriptSpec = (id: string, wasm: string): LanguageSpec => ({
  ...javascript,
  id,
  grammar: { package: 'tree-sitter-typescript', wasm },
  declarations,
  parameters,
  returnType,
  comparableType: comparableTsType,
  typeAliases,
  supertypes,
  stereotypes,
  typedNames,
});

export const typescript = typescriptSpec('typescript', 'tree-sitter-typescript.wasm');
export const tsx = typescriptSpec('tsx', 'tree-sitter-tsx.wasm');
