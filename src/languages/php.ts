/**
 * PHP (files starting with `<?php`): classes, interfaces, traits and enums, their methods
 * (`__construct` is the constructor), and functions. The namespace is the top-level
 * declarations' `namespace` (`Zoo\Animals\`), as Java's package; signatures are the bare name
 * (PHP has no overloading). Closures and anonymous classes belong to the enclosing code.
 *
 * Calls say what they are made on: `$this->f()`, `self::f()`, `static::f()` the own class,
 * `parent::f()` the parent's own code, `Foo::f()` and `(new Foo)->f()` Foo's, `$x->f()` the type
 * `$x` is declared with (`Foo $x` parameters, typed and promoted properties for `$this->x->f()`,
 * `$x = new Foo()`), another object than `$this` where nothing tells its type; `f()` is a function.
 */
import type { Stereotype } from '../core/cst';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters, Receiver, TypedName } from './spec';
import { SELF_TYPE } from './spec';
import { comparableType } from './type-spelling';
import type { SyntaxNode, SyntaxTree } from './treesitter';

const typeRule = (kind: string): DeclarationRule => ({ kind, noun: 'Class', bodyField: 'body', signature: 'name' });
const functionRule = (kind: string, noun: string): DeclarationRule =>
  ({ kind, noun, parametersFields: ['parameters'], bodyField: 'body', signature: 'name' });

const typeKinds = new Set(['class', 'interface', 'trait', 'enum']);

/** `Foo`, `\Ns\Foo` → Foo. */
function simpleName(node: SyntaxNode | null): string | undefined {
  if (node?.type === 'name') return node.text;
  if (node?.type === 'qualified_name') return node.childForFieldName('name')?.text ?? node.text.replace(/^.*\\/, '');
  return undefined; // `$f()`, `$obj->$name()`: not a call to a name
}

const call = (functionField: string, receiver: (call: SyntaxNode) => Receiver | undefined): CallRule =>
  ({ functionField, argumentsField: 'arguments', argumentsType: 'arguments', calleeName: simpleName, receiver });

const memberAccess = new Set(['member_access_expression', 'nullsafe_member_access_expression']);

/** What `$object` in `$object->f()` says: `$this`, a variable, a property of `$this`, a new object. */
function objectReceiver(call: SyntaxNode): Receiver | undefined {
  let object = call.childForFieldName('object');
  while (object?.type === 'parenthesized_expression') object = object.namedChildren[0];
  if (object?.type === 'variable_name') return object.text === '$this' ? { kind: 'self' } : { kind: 'name', name: object.text };
  if (object && memberAccess.has(object.type) && object.childForFieldName('object')?.text === '$this') {
    const property = object.childForFieldName('name');
    return property?.type === 'name' ? { kind: 'field', name: property.text } : undefined;
  }
  const created = object?.type === 'object_creation_expression' ? simpleName(object.namedChildren[0]) : undefined;
  return created ? { kind: 'type', name: created, exact: true } : undefined;
}

/** What `Scope` in `Scope::f()` says: `self`, `static`, `parent`, or a class by name. */
function scopeReceiver(call: SyntaxNode): Receiver | undefined {
  const scope = call.childForFieldName('scope');
  if (scope?.type === 'relative_scope') return scope.text === 'parent' ? { kind: 'super' } : { kind: 'self' };
  const name = simpleName(scope);
  return name ? { kind: 'type', name, exact: true } : undefined;
}

/** `Foo`, `?Foo`, `\Ns\Foo` → Foo; `self` and `static`: the object itself; unions and builtin types name none (''). */
function declaredType(type: SyntaxNode | null): string {
  if (type?.type === 'optional_type') return declaredType(type.namedChildren[0]);
  const name = type?.type === 'named_type' ? simpleName(type.namedChildren[0]) : undefined;
  return name === 'self' || name === 'static' ? SELF_TYPE : name ?? '';
}

/** A parameter's `$name` with its type; a promoted one (`private Foo $x`) is also the class's property `x`. */
function parameterNames(node: SyntaxNode): TypedName[] {
  const name = node.childForFieldName('name')?.text;
  if (!name) return [];
  const type = node.type === 'variadic_parameter' ? '' : declaredType(node.childForFieldName('type'));
  return node.type === 'property_promotion_parameter' ? [[name, type], [name.slice(1), type, 'field']] : [[name, type]];
}

/**
 * Where PHP binds names, for the receiver of `$x->f()` and `$this->x->f()`: parameters and
 * properties with their types, `$x = new Foo()`; other assignments and `foreach` variables are of
 * no known type.
 */
const typedNames: LanguageSpec['typedNames'] = {
  simple_parameter: parameterNames,
  variadic_parameter: parameterNames,
  property_promotion_parameter: parameterNames,
  property_declaration: (node) => {
    const type = declaredType(node.childForFieldName('type'));
    return node.namedChildren
      .filter((child) => child.type === 'property_element')
      .map((element) => [element.childForFieldName('name')?.text.slice(1) ?? '', type]);
  },
  assignment_expression: (node) => {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    const created = right?.type === 'object_creation_expression' ? simpleName(right.namedChildren[0]) : undefined;
    return left?.type === 'variable_name' ? [[left.text, created ?? '']] : [];
  },
  foreach_statement: (node) => node.namedChildren.filter((child) => child.type === 'variable_name').map((variable) => [variable.text, '']),
};

const parameterTypes = new Set(['simple_parameter', 'variadic_parameter', 'property_promotion_parameter']);

/**
 * A parameter's type as PHP reads it: one whose default is `null` may be null (`string $s = null`
 * is `?string`, as PHP 8.4 asks to write it: monolog b0a861a9cc made 10 such types explicit).
 */
function parameterType(parameter: SyntaxNode): string {
  const type = parameter.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '';
  const nullDefault = parameter.childForFieldName('default_value')?.type === 'null';
  if (!type || !nullDefault || type === 'mixed' || type.startsWith('?') || /(^|\|)null(\||$)/i.test(type)) return type;
  return type.includes('|') ? `${type}|null` : `?${type}`;
}

function parameters(list: SyntaxNode): Parameters {
  const names: string[] = [];
  const types: string[] = [];
  for (const parameter of list.namedChildren) {
    if (!parameterTypes.has(parameter.type)) continue;
    names.push(parameter.childForFieldName('name')?.text ?? '');
    types.push(parameterType(parameter));
  }
  const self = types.some((t) => SELF.test(t)) ? enclosingTypeName(list) : undefined;
  return self ? { names, types, readTypes: types.map((t) => t.replace(SELF_GLOBAL, self)) } : { names, types };
}

/** `self` as a type name (`self`, `?self`, `self|null`), not part of another name. */
const SELF = /(?<![\w\\$])self(?![\w\\])/i;
const SELF_GLOBAL = new RegExp(SELF.source, 'gi');

/**
 * The name of the class, interface or enum whose method `list` is the parameter list of, which is
 * what `self` names there: symfony/console's `InputOption::equals(InputOption $option)` written
 * `equals(self $option)` kept its signature. Not a trait's (`self` is the class using it) nor an
 * anonymous class's.
 */
function enclosingTypeName(list: SyntaxNode): string | undefined {
  const owner = list.parent?.type === 'method_declaration' ? list.parent.parent?.parent : undefined;
  if (!owner || !SELF_OWNERS.has(owner.type)) return undefined;
  return owner.childForFieldName('name')?.text;
}

const SELF_OWNERS = new Set(['class_declaration', 'interface_declaration', 'enum_declaration']);

/**
 * A parameter type as compared (LanguageSpec.comparableType): `?T` is `T|null`, and a name is
 * compared without its namespace (`\Closure`, `\Psr\Log\LoggerInterface`, as a `use` brings it in).
 */
function comparablePhpType(type: string): string {
  const unqualified = type.replace(/\\?(?:[A-Za-z_]\w*\\)*([A-Za-z_]\w*)/g, '$1');
  return comparableType(unqualified.startsWith('?') ? `${unqualified.slice(1)}|null` : unqualified);
}

function returnType(declaration: Declaration): string {
  return declaration.node.childForFieldName('return_type')?.text.replace(/\s+/g, ' ') ?? '';
}

/** `extends Base implements \Countable, Named` → Base, Countable, Named. */
function supertypes(declaration: Declaration): string[] {
  if (!typeKinds.has(declaration.kind)) return [];
  const names: string[] = [];
  for (const clause of declaration.node.namedChildren) {
    if (clause.type !== 'base_clause' && clause.type !== 'class_interface_clause') continue;
    for (const type of clause.namedChildren) {
      const name = simpleName(type);
      if (name) names.push(name);
    }
  }
  return names;
}

/**
 * The classes a namespace's `use` declarations import, by the name they go by in it: `use A\B\C;` →
 * C: A\B\C, `use A\B as D;` → D: A\B, `use A\{B, C\D as E};` (functions and constants aside).
 */
function imports(declarations: SyntaxNode[]): Map<string, string> {
  const imported = new Map<string, string>();
  for (const declaration of declarations) {
    if (declaration.type !== 'namespace_use_declaration' || declaration.children.some((c) => c.type === 'function' || c.type === 'const')) continue;
    const group = declaration.namedChildren.find((child) => child.type === 'namespace_use_group');
    const prefix = group ? `${declaration.namedChildren.find((child) => child.type === 'namespace_name')?.text ?? ''}\\` : '';
    for (const clause of (group ?? declaration).namedChildren) {
      if (clause.type !== 'namespace_use_clause' || clause.children.some((c) => c.type === 'function' || c.type === 'const')) continue;
      const [target, alias] = clause.namedChildren;
      if (!target) continue;
      const full = (prefix + target.text).replace(/\s+/g, '').replace(/^\\/, '');
      imported.set(alias?.text ?? full.replace(/^.*\\/, ''), full);
    }
  }
  return imported;
}

/** One namespace of a file: the span it covers, its prefix (`Zoo\Animals\`, '' for the global one) and its `use` imports. */
interface Section {
  start: number;
  end: number;
  prefix: string;
  imported: Map<string, string>;
}

/**
 * A file's namespaces, read once a tree (every declaration of the file asks). A file may declare
 * several, `namespace A; … namespace B; …` (each runs to the next) or `namespace A { … } namespace
 * B { … }` (each its block): a declaration's namespace and the names its `use` brings in are those
 * of the one it is written in, not the file's first.
 */
const sectionsByTree = new WeakMap<SyntaxTree, Section[]>();

function sections(root: SyntaxNode): Section[] {
  const cached = sectionsByTree.get(root.tree);
  if (cached) return cached;
  const found: Section[] = [];
  const prefixOf = (definition: SyntaxNode) => {
    const name = definition.childForFieldName('name');
    return name ? `${name.text.replace(/\s+/g, '')}\\` : '';
  };
  let open = { start: 0, prefix: '', members: [] as SyntaxNode[] };
  const close = (end: number) => found.push({ start: open.start, end, prefix: open.prefix, imported: imports(open.members) });
  for (const child of root.namedChildren) {
    if (child.type !== 'namespace_definition') {
      open.members.push(child);
      continue;
    }
    const body = child.childForFieldName('body');
    if (body) {
      found.push({ start: child.startIndex, end: child.endIndex, prefix: prefixOf(child), imported: imports(body.namedChildren) });
      continue;
    }
    close(child.startIndex);
    open = { start: child.startIndex, prefix: prefixOf(child), members: [] };
  }
  close(root.endIndex + 1);
  // a block is looked up before the run around it (PHP does not mix the two forms; a broken parse may)
  found.sort((a, b) => a.end - a.start - (b.end - b.start));
  sectionsByTree.set(root.tree, found);
  return found;
}

/** The namespace a position of the file is in. */
function sectionAt(root: SyntaxNode, at: number): Section {
  return sections(root).find((s) => s.start <= at && at < s.end) ?? { start: 0, end: 0, prefix: '', imported: new Map() };
}

/**
 * The supertypes as PHP resolves their names: written whole (`\PHPUnit\Framework\TestCase`), through a
 * `use` of their first part, else in the file's namespace (CstNode.supertypeFullNames).
 */
function supertypeFullNames(declaration: Declaration): string[] {
  if (!typeKinds.has(declaration.kind)) return [];
  const { imported, prefix } = sectionAt(declaration.node.tree.rootNode, declaration.node.startIndex);
  const names: string[] = [];
  for (const clause of declaration.node.namedChildren) {
    if (clause.type !== 'base_clause' && clause.type !== 'class_interface_clause') continue;
    for (const type of clause.namedChildren) {
      if (!simpleName(type)) continue;
      const written = type.text.replace(/\s+/g, '');
      if (written.startsWith('\\')) names.push(written.slice(1));
      else {
        const [first, ...rest] = written.split('\\');
        const from = imported.get(first);
        names.push(from ? [from, ...rest].join('\\') : prefix + written);
      }
    }
  }
  return names;
}

const has = (node: SyntaxNode, type: string) => node.namedChildren.some((child) => child.type === type);

function stereotypes({ declaration, body, parent }: DeclarationFacts): Stereotype[] {
  if (typeKinds.has(declaration.kind)) return [];
  const found: Stereotype[] = [];
  if (parent && typeKinds.has(parent.kind)) found.push('type-member');
  if (declaration.name.toLowerCase() === '__construct') found.push('constructor');
  if (!body && (has(declaration.node, 'abstract_modifier') || parent?.kind === 'interface')) found.push('abstract');
  if (body) found.push('has-body');
  if (has(declaration.node, 'static_modifier')) found.push('static');
  return found;
}

/** `Zoo\Animals\` for a declaration under `namespace Zoo\Animals;` or in its block, '' in the global namespace. */
function namespace(root: SyntaxNode, _file: string, at: number): string {
  return sectionAt(root, at).prefix;
}

export const php: LanguageSpec = {
  id: 'php',
  grammar: { package: 'tree-sitter-php', wasm: 'tree-sitter-php.wasm' },
  declarations: {
    class_declaration: typeRule('class'),
    interface_declaration: typeRule('interface'),
    trait_declaration: typeRule('trait'),
    enum_declaration: typeRule('enum'),
    method_declaration: functionRule('method', 'Method'),
    function_definition: functionRule('function', 'Function'),
  },
  calls: {
    function_call_expression: call('function', () => ({ kind: 'module', name: '' })),
    member_call_expression: call('name', objectReceiver),
    nullsafe_member_call_expression: call('name', objectReceiver),
    scoped_call_expression: call('name', scopeReceiver),
  },
  typedNames,
  comments: ['comment'],
  atomicTokens: ['string', 'encapsed_string', 'heredoc', 'nowdoc_string', 'variable_name'],
  opaque: ['anonymous_function', 'arrow_function', 'anonymous_class'],
  namespace,
  parameters,
  comparableType: comparablePhpType,
  // code shared by `use HasHeaders;` is shared by `extends AbstractMessage` as well, and a contract
  // is written as a class or an interface: one of these turned into another is still that type
  kindsAlike: ['class', 'trait', 'interface'],
  returnType,
  supertypes,
  supertypeFullNames,
  stereotypes,
};
