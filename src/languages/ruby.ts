/**
 * Ruby: a node per file, modules and classes, methods (`def`; top-level ones are Functions),
 * singleton methods (`def self.x`, `def` inside `class << self`, and a module's module functions:
 * 'class-method'); `initialize` is the constructor; a def written inside `private …` (or `protected`,
 * `module_function`, …) is still its class's. Signatures are the bare name. Calls are `call` nodes and bare identifiers
 * that cannot be local variables (neither a parameter nor assigned in the enclosing method).
 *
 * Calls say what they are made on: a bare `f` or `self.f` the own class, `Foo.f` and
 * `Foo::Bar.f` that class's own (or inherited) singleton methods, `Foo.new.f` a Foo; a local
 * variable's type is never known, but it is another object than `self`.
 */
import type { CstNode, Stereotype } from '../core/cst';
import { isCapitalisedTypeName } from './receivers';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters, Receiver, TypedName } from './spec';
import { folderNamespace } from './spec';
import { locate } from './builder';
import { withoutNodes } from './regroup';
import type { SyntaxNode, SyntaxTree } from './treesitter';

const typeKinds = new Set(['class', 'module']);
/** Where local variables live (blocks share their method's, which is near enough for telling calls apart). */
const scopeTypes = ['method', 'singleton_method', 'class', 'module', 'singleton_class'];

/** `Foo` or `Outer::Foo` (named after its last part). */
const typeRule = (kind: string): DeclarationRule => ({
  kind, noun: 'Class', bodyField: 'body', signature: 'name',
  resolve(node) {
    const written = node.childForFieldName('name');
    const nameNode = written?.type === 'scope_resolution' ? written.childForFieldName('name') : written;
    if (!nameNode) return undefined;
    return { kind, noun: 'Class', name: nameNode.text, nameNode, fn: node, node };
  },
});

/**
 * What may stand between a class body and a `def` that still defines a method of the class:
 * `class << self`, and a guard (`if defined?(Foo)`, `unless …`, `def x … end if …`, `begin … end`).
 */
const throughToType = new Set(['body_statement', 'singleton_class', 'if', 'unless', 'then', 'else', 'elsif', 'if_modifier', 'unless_modifier', 'begin']);

/** The class or module whose body holds a node (through `class << self` and guards), if any. */
function enclosingType(node: SyntaxNode): SyntaxNode | undefined {
  for (let up = node.parent; up; up = up.parent) {
    if (up.type === 'class' || up.type === 'module') return up;
    if (up.type === 'do_block' || up.type === 'block') return classMadeWith(up);
    if (up.type === 'argument_list' && modifierOf(up.parent)) {
      up = up.parent!; // the modifier's call, then on to the body holding it
      continue;
    }
    if (!throughToType.has(up.type) && up.type !== 'block_body') return undefined;
  }
  return undefined;
}

/**
 * What a class body says of the methods it defines after it, or of one it is written around
 * (`private def helper`, `module_function def custom?(type)`): a visibility, or that a module's
 * methods are its module functions.
 */
const modifiers = new Set(['private', 'protected', 'public', 'module_function', 'private_class_method', 'public_class_method']);

/** The modifier a call is (`private def x … end`, `module_function :a, :b`), if it is one: a bare call of one of those names. */
function modifierOf(call: SyntaxNode | null): string | undefined {
  if (call?.type !== 'call' || call.childForFieldName('receiver')) return undefined;
  const name = call.childForFieldName('method')?.text ?? '';
  return modifiers.has(name) ? name : undefined;
}

/**
 * A def that `module_function` makes a module function: written after a bare `module_function` in
 * its module's body (up to a `public`, `private` or `protected` that ends it), around it
 * (`module_function def custom?`), or naming it after (`module_function :custom?`). Callers call
 * it on the module (`Types.custom?(type)`), as they called the `def self.custom?` it often replaces
 * (grape's `Grape::Validations::Types`), so it is that module's singleton method.
 */
function isModuleFunction(def: SyntaxNode): boolean {
  if (def.type !== 'method') return false;
  if (modifierOf(def.parent?.parent ?? null) === 'module_function') return true;
  const body = def.parent;
  if (body?.type !== 'body_statement' || body.parent?.type !== 'module') return false;
  const name = def.childForFieldName('name')?.text;
  for (let after = def.nextNamedSibling; after; after = after.nextNamedSibling) {
    if (modifierOf(after) !== 'module_function') continue;
    const named = after.childForFieldName('arguments')?.namedChildren ?? [];
    if (named.some((argument) => argument.type === 'simple_symbol' && argument.text.slice(1) === name)) return true;
  }
  for (let before = def.previousNamedSibling; before; before = before.previousNamedSibling) {
    if (before.type !== 'identifier') continue;
    if (before.text === 'module_function') return true;
    if (before.text === 'public' || before.text === 'private' || before.text === 'protected') return false;
  }
  return false;
}

/** What makes a class of a block: `Struct.new(…) do`, `Class.new(Base) do`, `Options.new(…) {`, `Data.define(…) do`, `Module.new do`. */
const classMakers = new Set(['new', 'define']);

/**
 * The assignment that makes a class of a block (`Request = Struct.new(:path, :body) do … end`, a
 * class named Request whose methods the block defines, as `class Request < Struct.new(…)` does),
 * if the block is one (it defines methods); undefined for any other block.
 */
function classMadeWith(block: SyntaxNode): SyntaxNode | undefined {
  const call = block.parent;
  const assignment = call?.parent;
  if (call?.type !== 'call' || assignment?.type !== 'assignment' || call.childForFieldName('block')?.id !== block.id) return undefined;
  if (assignment.childForFieldName('left')?.type !== 'constant' || assignment.childForFieldName('right')?.id !== call.id) return undefined;
  if (!classMakers.has(call.childForFieldName('method')?.text ?? '') || !className(call.childForFieldName('receiver'))) return undefined;
  // a block that defines methods: `HEADERS = Hash.new do |h, k| … end` makes a hash, its block a default value
  return block.childForFieldName('body')?.namedChildren.some((statement) => definesMethods.has(statement.type)) ? assignment : undefined;
}

const definesMethods = new Set(['method', 'singleton_method', 'singleton_class']);

/** `Request = Struct.new(…) do … end`: a class (a module for `Module.new`) named by the constant, its body the block's. */
const madeClassRule: DeclarationRule = {
  kind: 'class', noun: 'Class', bodyField: 'body', signature: 'name',
  resolve(node) {
    const call = node.childForFieldName('right');
    const block = call?.type === 'call' ? call.childForFieldName('block') : null;
    const nameNode = node.childForFieldName('left');
    if (!block || !nameNode || classMadeWith(block)?.id !== node.id) return undefined;
    const kind = className(call!.childForFieldName('receiver')) === 'Module' ? 'module' : 'class';
    return { kind, noun: 'Class', name: nameNode.text, nameNode, fn: block, node };
  },
};

/** The class a class-making call (`Options.new(:a)`, `Class.new(Base)`) makes a subclass of: Options, Base; none for `Class.new`. */
function madeSubclassOf(call: SyntaxNode | null | undefined): string | undefined {
  if (call?.type !== 'call' || !classMakers.has(call.childForFieldName('method')?.text ?? '')) return undefined;
  const receiver = className(call.childForFieldName('receiver'));
  if (receiver !== 'Class') return receiver === 'Module' ? undefined : receiver;
  return className(call.childForFieldName('arguments')?.namedChildren[0] ?? null);
}

/** `def` in a class or module is a Method (`initialize`: the constructor), elsewhere a Function. */
const methodRule: DeclarationRule = {
  kind: 'method', noun: 'Method', parametersFields: ['parameters'], bodyField: 'body', signature: 'name',
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return undefined;
    const name = nameNode.text;
    if (!enclosingType(node)) return { kind: 'function', noun: 'Function', name, nameNode, fn: node, node };
    const kind = name === 'initialize' && node.type === 'method' ? 'constructor' : 'method';
    return { kind, noun: 'Method', name, nameNode, fn: node, node };
  },
};

const callNode: CallRule = {
  functionField: 'method', argumentsField: 'arguments', argumentsType: 'argument_list',
  calleeName: (method) => (method.type === 'identifier' || method.type === 'constant' ? method.text : undefined),
  receiver: (call) => receiverOf(call.childForFieldName('receiver')),
};

/** What `receiver` in `receiver.f` says: nothing written or `self`, a local variable, a class, a new object. */
function receiverOf(receiver: SyntaxNode | null): Receiver | undefined {
  if (!receiver || receiver.type === 'self') return { kind: 'self' };
  if (receiver.type === 'identifier') return { kind: 'name', name: receiver.text };
  const type = className(receiver);
  if (type) return { kind: 'type', name: type, exact: true };
  const method = receiver.type === 'call' ? receiver.childForFieldName('method') : null;
  const created = method?.text === 'new' ? className(receiver.childForFieldName('receiver')) : undefined;
  return created ? { kind: 'type', name: created, exact: true } : undefined;
}

/** The class a constant names (`Foo`, `Outer::Foo`, `::Foo`); a constant holding a value (`DEFAULTS`) names none. */
function className(node: SyntaxNode | null): string | undefined {
  const constant = node?.type === 'scope_resolution' ? node.childForFieldName('name') : node;
  return constant?.type === 'constant' && isCapitalisedTypeName(constant.text) ? constant.text : undefined;
}

const untyped = (names: string[]): TypedName[] => names.map((name) => [name, '']);

/** Where Ruby binds local variables: parameters and assignments, of no type the syntax tells (see localsOf). */
const typedNames: LanguageSpec['typedNames'] = {
  method_parameters: (node) => untyped(parameterNames(node)),
  block_parameters: (node) => untyped(parameterNames(node)),
  lambda_parameters: (node) => untyped(parameterNames(node)),
  assignment: (node) => untyped(assignedNames(node.childForFieldName('left'))),
  operator_assignment: (node) => untyped(assignedNames(node.childForFieldName('left'))),
  for: (node) => untyped(assignedNames(node.childForFieldName('pattern'))),
};

/** Names a parameter list binds. */
function parameterNames(list: SyntaxNode | null): string[] {
  return (list?.namedChildren ?? []).flatMap(namesBound);
}

/** Names one parameter binds: `a`, `(a, b)`, `*rest`; none for an anonymous `*`, `**` or `&`. */
function namesBound(parameter: SyntaxNode): string[] {
  if (parameter.type === 'identifier') return [parameter.text];
  if (parameter.type === 'destructured_parameter') return parameterNames(parameter);
  const name = parameter.childForFieldName('name');
  return name ? [name.text] : [];
}

interface Scope {
  node: SyntaxNode;
  start: number;
  end: number;
  locals?: Set<string>;
}

/** The scopes of a tree (methods, classes, modules), by start offset, found once per tree. */
const scopesByTree = new WeakMap<SyntaxTree, Scope[]>();

/** The innermost method, class or module around an offset; undefined at the top of the file. */
function scopeAt(tree: SyntaxTree, offset: number): Scope | undefined {
  let scopes = scopesByTree.get(tree);
  if (!scopes) {
    scopes = tree.rootNode.descendantsOfType(scopeTypes)
      .filter((node): node is SyntaxNode => node !== null)
      .map((node) => ({ node, start: node.startIndex, end: node.endIndex }));
    scopesByTree.set(tree, scopes);
  }
  let found: Scope | undefined;
  for (const scope of scopes) {
    if (scope.start > offset) break;
    if (offset < scope.end) found = scope; // later starts are nested deeper
  }
  return found;
}

const topScopes = new WeakMap<SyntaxTree, Scope>();

/** The file itself as a scope (code outside any method, class or module). */
function topScope(tree: SyntaxTree): Scope {
  let scope = topScopes.get(tree);
  if (!scope) topScopes.set(tree, (scope = { node: tree.rootNode, start: 0, end: tree.rootNode.endIndex }));
  return scope;
}

/** Local variables of a scope: parameters, block parameters and assigned names anywhere in it. */
function localsOf(scope: SyntaxNode): Set<string> {
  const locals = new Set(parameterNames(scope.childForFieldName('parameters')));
  for (const list of scope.descendantsOfType(['block_parameters', 'lambda_parameters'])) for (const name of parameterNames(list)) locals.add(name);
  for (const assignment of scope.descendantsOfType(['assignment', 'operator_assignment', 'for'])) {
    for (const name of assignedNames(assignment?.childForFieldName(assignment.type === 'for' ? 'pattern' : 'left'))) locals.add(name);
  }
  return locals;
}

/** The local variables an assignment's target binds: `x`, `a, b`. */
function assignedNames(target: SyntaxNode | null | undefined): string[] {
  if (target?.type === 'identifier') return [target.text];
  return (target?.descendantsOfType('identifier') ?? []).filter((name) => name !== null).map((name) => name.text);
}

/** Where an identifier is not a read of a value: a name being declared, bound or called by a `call`. */
function isNamePosition(node: SyntaxNode, parent: SyntaxNode): boolean {
  switch (parent.type) {
    case 'method': case 'singleton_method': case 'alias': case 'undef': case 'method_parameters': case 'block_parameters':
    case 'lambda_parameters': case 'optional_parameter': case 'keyword_parameter': case 'splat_parameter':
    case 'hash_splat_parameter': case 'block_parameter': case 'destructured_parameter': case 'pair':
      return true;
    case 'call':
      return parent.childForFieldName('method')?.startIndex === node.startIndex;
    case 'assignment': case 'operator_assignment':
      return parent.childForFieldName('left')?.startIndex === node.startIndex;
    default:
      return parent.type.endsWith('_parameter');
  }
}

/** A bare identifier reading a value that no local variable holds calls the method of that name. */
function bareCallName(identifier: SyntaxNode): string | undefined {
  const scope = scopeAt(identifier.tree, identifier.startIndex) ?? topScope(identifier.tree);
  scope.locals ??= localsOf(scope.node);
  const name = identifier.text;
  if (scope.locals.has(name)) return undefined;
  const parent = identifier.parent;
  return parent && !isNamePosition(identifier, parent) ? name : undefined;
}

const bareCall: CallRule = { argumentsType: 'argument_list', calleeName: bareCallName, receiver: () => ({ kind: 'self' }) };

/**
 * The parameters as a caller sees them. A splat, double splat or block parameter is named by its
 * sigil (`*`, `**`, `&`): a caller never names it, and Ruby 3 lets the name go when the method only
 * forwards it (`def given(*attrs, &block)` → `def given(*attrs, &)`, grape 036ee8e1fd), which
 * changes no signature.
 */
function parameters(list: SyntaxNode): Parameters {
  const names = list.namedChildren.flatMap((parameter) => (sigils[parameter.type] ? [sigils[parameter.type]] : namesBound(parameter)));
  return { names, types: names.map(() => '') };
}

const sigils: Record<string, string> = { splat_parameter: '*', hash_splat_parameter: '**', block_parameter: '&' };

/**
 * `class Dog < Animal` → Animal; `< Zoo::Animal` → Animal; `< Options.new(:a)` and
 * `Dog = Options.new(:a) do … end` → Options; `Dog = Class.new(Animal) do … end` → Animal.
 */
function supertypes(declaration: Declaration): string[] {
  if (declaration.kind !== 'class') return [];
  if (declaration.node.type === 'assignment') {
    const made = madeSubclassOf(declaration.node.childForFieldName('right'));
    return made ? [made] : [];
  }
  const base = declaration.node.childForFieldName('superclass')?.namedChildren[0];
  const name = base?.type === 'scope_resolution' ? base.childForFieldName('name') : base;
  if (name?.type === 'constant') return [name.text];
  const made = madeSubclassOf(base);
  return made ? [made] : [];
}

function stereotypes({ declaration, body, parent }: DeclarationFacts): Stereotype[] {
  if (typeKinds.has(declaration.kind)) return [];
  const found: Stereotype[] = [];
  if (parent && typeKinds.has(parent.kind)) found.push('type-member');
  if (declaration.kind === 'constructor') found.push('constructor');
  if (body) found.push('has-body');
  const inSingletonClass = declaration.node.parent?.parent?.type === 'singleton_class';
  if (declaration.node.type === 'singleton_method' || inSingletonClass || isModuleFunction(declaration.node)) found.push('class-method');
  return found;
}

/**
 * A class's singleton methods (`def self.x`, `def x` inside `class << self`) are other methods than
 * its instance methods of the same name, which Ruby classes often have side by side (Sinatra's
 * `self.settings` and `settings`): their identifier is `self.x`, as they are written.
 */
function regroup(nodes: CstNode[], root: SyntaxNode): CstNode[] {
  for (const node of nodes) if (node.stereotypes.includes('class-method')) node.signature = `self.${node.signature}`;
  markClassNamespaces(nodes, root);
  return mergeNamespaces(nestCompactNames(nodes, root));
}

/**
 * A class written with no superclass and nothing in its body but classes and modules is reopened to
 * hold them (`class Decorator; class DisallowsDuplicatesRegistry < Decorator`, the class itself
 * defined in another file): a name around its types, as a module that holds only types is
 * (LanguageSpec.reopenedKinds), so the types are what moves or is renamed, once each.
 */
function markClassNamespaces(nodes: CstNode[], root: SyntaxNode): void {
  const holders = new Set<number>();
  for (const declaration of root.descendantsOfType('class')) {
    if (!declaration || declaration.childForFieldName('superclass')) continue;
    const body = declaration.childForFieldName('body')?.namedChildren ?? [];
    if (body.some((child) => child.type === 'class' || child.type === 'module') && body.every((child) => child.type === 'class' || child.type === 'module' || child.type === 'comment')) holders.add(declaration.startIndex);
  }
  for (const node of nodes) if (node.kind === 'class' && holders.has(node.location.begin)) node.stereotypes.push('namespace');
}

/** `A::B` in `class A::B::C` (outermost first): the constants the name is written inside; [] for `C` or `::C`. */
function writtenScopes(declaration: SyntaxNode): SyntaxNode[] {
  const scopes: SyntaxNode[] = [];
  let name = declaration.childForFieldName('name');
  while (name?.type === 'scope_resolution') {
    const scope = name.childForFieldName('scope');
    if (!scope) break;
    const constant = scope.type === 'scope_resolution' ? scope.childForFieldName('name') : scope;
    if (constant?.type !== 'constant') return [];
    scopes.unshift(constant);
    name = scope;
  }
  return scopes;
}

/**
 * A class or module written with a compact name (`class WEBrick::HTTPResponse`) is the one written
 * nested (`module WEBrick; class HTTPResponse`): it goes inside a module of each name it is written
 * in, made for it, so that either spelling has one identity (`WEBrick/HTTPResponse`) and a change
 * of style moves nothing. The modules made hold only types: each is a namespace
 * (LanguageSpec.reopenedKinds); see mergeNamespaces for several of one name in a file.
 */
function nestCompactNames(nodes: CstNode[], root: SyntaxNode): CstNode[] {
  const compact = new Map<number, SyntaxNode[]>();
  for (const declaration of root.descendantsOfType(['class', 'module'])) {
    const scopes = declaration ? writtenScopes(declaration) : [];
    if (scopes.length > 0) compact.set(declaration!.startIndex, scopes);
  }
  if (compact.size === 0) return nodes;
  const result: CstNode[] = [];
  const newId = new Map<number, number>();
  for (const node of nodes) {
    let parent = node.parent === undefined ? undefined : newId.get(node.parent);
    const scopes = typeKinds.has(node.kind) ? compact.get(node.location.begin) : undefined;
    for (const scope of scopes ?? []) {
      result.push({
        id: result.length, kind: 'module', noun: 'Class', language: node.language, name: scope.text, signature: scope.text, namespace: '',
        parameters: [], parameterTypes: [], returnType: '', parent, children: [], location: { ...node.location },
        nameLocation: locate(scope, node.location.file), tokens: node.tokens, bodyTokens: undefined, calls: [], supertypes: [], stereotypes: [], uses: [], subtypeOf: [],
      });
      parent = result.length - 1;
    }
    newId.set(node.id, result.length);
    node.id = result.length;
    node.parent = parent;
    result.push(node);
  }
  for (const node of result) node.children = [];
  for (const node of result) if (node.parent !== undefined) result[node.parent].children.push(node.id);
  return result;
}

/** A module that holds only classes and modules, or a class only reopened to hold them: a name around them, that a file may open more than once. */
const holdsOnlyTypes = (nodes: CstNode[], node: CstNode) =>
  node.stereotypes.includes('namespace') || (node.kind === 'module' && node.children.length > 0 && node.children.every((id) => typeKinds.has(nodes[id].kind)));

/**
 * Modules of one name beside each other that hold only types are one (the first): a file that opens
 * `module WEBrick` twice (or writes `class WEBrick::A` and `class WEBrick::B`) has one WEBrick
 * holding both, as a file that opens it once, so how the file groups its reopened classes moves none.
 */
function mergeNamespaces(nodes: CstNode[]): CstNode[] {
  const dropped = new Set<number>();
  for (const node of nodes) {
    const first = new Map<string, CstNode>();
    for (const id of node.children) {
      const child = nodes[id];
      if (!holdsOnlyTypes(nodes, child)) continue;
      const kept = first.get(child.name);
      if (!kept) {
        first.set(child.name, child);
        continue;
      }
      for (const grandchild of child.children) nodes[grandchild].parent = kept.id;
      kept.children = kept.children.concat(child.children).sort((a, b) => a - b);
      kept.tokens = kept.tokens.concat(child.tokens);
      child.children = [];
      dropped.add(id);
    }
  }
  return withoutNodes(nodes, dropped);
}

export const ruby: LanguageSpec = {
  id: 'ruby',
  grammar: { package: 'tree-sitter-ruby', wasm: 'tree-sitter-ruby.wasm' },
  declarations: {
    module: typeRule('module'),
    class: typeRule('class'),
    assignment: madeClassRule,
    method: methodRule,
    singleton_method: methodRule,
  },
  calls: { call: callNode, identifier: bareCall },
  typedNames,
  comments: ['comment'],
  atomicTokens: ['string', 'simple_symbol', 'character', 'heredoc_body', 'regex'],
  opaque: [],
  // Any expression is a statement: each one a body, branch or loop holds; a clause's header
  // (`elsif x`, `when 1, 2`, `rescue E => e`) is one, and `end`, `;`, `then` and `do` close the one before.
  statementLists: ['program', 'body_statement', 'begin', 'then', 'else', 'ensure', 'do'],
  statementTypes: ['elsif', 'else', 'when', 'in_clause', 'rescue', 'ensure', 'then', 'do', 'end', ';'],
  fileNode: { kind: 'file', noun: 'File' },
  namespace: folderNamespace,
  parameters,
  supertypes,
  stereotypes,
  regroup,
  rootTypes: ['Object'],
  reopenedKinds: ['module'],
  reopenedTypes: ['class', 'module'],
};
