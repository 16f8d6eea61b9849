/**
 * Python: a node per file (module), classes, functions and nested functions. A function written in
 * a class body is a Method (`__init__` its constructor); elsewhere it is a Function, the noun
 * RefactoringMiner's Python oracle expects for module-level code. A decorated definition is located
 * and tokenised with its decorators, which become stereotypes (@staticmethod, @classmethod,
 * @property, @abstractmethod). The receiver (`self`, `cls`) is not a parameter.
 */
import type { Stereotype } from '../core/cst';
import { isCapitalisedTypeName } from './receivers';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters, Receiver } from './spec';
import { folderNamespace, SELF_TYPE } from './spec';
import type { SyntaxNode } from './treesitter';
import { comparableType, type TypeDialect, type TypeTree } from './type-spelling';

const definitionTypes = new Set(['function_definition', 'class_definition']);

/** The function or class definition enclosing a node, if any (decorators looked through). */
function enclosingDefinition(node: SyntaxNode): SyntaxNode | undefined {
  for (let n = node.parent; n; n = n.parent) if (definitionTypes.has(n.type)) return n;
  return undefined;
}

/** The decorators written above a definition, as their dotted names without arguments: `abc.abstractmethod`. */
function decorators(definition: SyntaxNode): string[] {
  const holder = definition.parent?.type === 'decorated_definition' ? definition.parent : undefined;
  return (holder?.namedChildren ?? [])
    .filter((child) => child.type === 'decorator')
    .map((decorator) => {
      const expression = decorator.namedChildren[0];
      const callee = expression?.type === 'call' ? expression.childForFieldName('function') : expression;
      return callee?.text.replace(/\s+/g, '') ?? '';
    });
}

/**
 * The wrappers a method gets in its class body after its definition, the way decorators were
 * written before Python 2.4: `f = staticmethod(f)`, `f = classmethod(f)`, as dotted names.
 */
function rebindings(definition: SyntaxNode): string[] {
  const name = definition.childForFieldName('name')?.text;
  const holder = definition.parent?.type === 'decorated_definition' ? definition.parent : definition;
  const body = holder.parent;
  if (name === undefined || body?.type !== 'block' || body.parent?.type !== 'class_definition') return [];
  const found: string[] = [];
  for (const statement of body.namedChildren) {
    const assignment = statement.type === 'expression_statement' ? statement.namedChildren[0] : undefined;
    const right = assignment?.type === 'assignment' ? assignment.childForFieldName('right') : undefined;
    if (assignment?.childForFieldName('left')?.text !== name || right?.type !== 'call') continue;
    const args = right.childForFieldName('arguments')?.namedChildren ?? [];
    if (args.length === 1 && args[0].text === name) found.push(right.childForFieldName('function')?.text.replace(/\s+/g, '') ?? '');
  }
  return found;
}

/** The decorators of a definition and the wrappers its class rebinds it with (rebindings). */
const wrappers = (definition: SyntaxNode) => [...decorators(definition), ...rebindings(definition)];

/** The last part of a dotted decorator name: `abc.abstractmethod` → `abstractmethod`. */
const lastPart = (name: string) => name.slice(name.lastIndexOf('.') + 1);

/** What a definition is, from where it is written: a method in a class, a function elsewhere. */
function declare(definition: SyntaxNode, node: SyntaxNode): Declaration | undefined {
  const nameNode = definition.childForFieldName('name');
  if (!nameNode) return undefined;
  const name = nameNode.text;
  if (definition.type === 'class_definition') return { kind: 'class', noun: 'Class', name, nameNode, fn: definition, node };
  if (enclosingDefinition(definition)?.type !== 'class_definition') return { kind: 'function', noun: 'Function', name, nameNode, fn: definition, node };
  return { kind: name === '__init__' ? 'constructor' : 'method', noun: 'Method', name, nameNode, fn: definition, node };
}

const rule = (kind: string, noun: string): DeclarationRule => ({
  kind, noun, parametersFields: ['parameters'], bodyField: 'body', signature: 'name',
  /** Undecorated definitions here; decorated ones are declared by their `decorated_definition`. */
  resolve: (node) => (node.parent?.type === 'decorated_definition' ? undefined : declare(node, node)),
});

const isOverload = (definition: SyntaxNode) => decorators(definition).some((name) => lastPart(name) === 'overload');

/**
 * Whether a `def` of the stub's name that is no stub follows it in the same block: the
 * implementation its @overload stubs describe. Stubs with none (a Protocol's, those under `if
 * TYPE_CHECKING:`) are the only declarations of their name, and stay elements.
 */
function implementedBelow(decorated: SyntaxNode, stub: SyntaxNode): boolean {
  const name = stub.childForFieldName('name')?.text;
  for (let next = decorated.nextNamedSibling; next; next = next.nextNamedSibling) {
    const definition = next.type === 'decorated_definition' ? next.childForFieldName('definition') : next;
    if (definition?.type === 'function_definition' && definition.childForFieldName('name')?.text === name && !isOverload(definition)) return true;
  }
  return false;
}

/**
 * `@decorator def f(): …`: the whole decorated definition is the node, the inner definition its
 * function. A typing `@overload` stub followed by its implementation is none: Python keeps only the
 * last `def` of a name, and the stubs above it state that implementation's signatures, so they are
 * part of the code around it.
 */
const decoratedRule: DeclarationRule = {
  ...rule('function', 'Function'),
  resolve(node) {
    const definition = node.childForFieldName('definition');
    if (!definition || !definitionTypes.has(definition.type)) return undefined;
    return isOverload(definition) && implementedBelow(node, definition) ? undefined : declare(definition, node);
  },
};

const call: CallRule = {
  functionField: 'function',
  argumentsField: 'arguments',
  argumentsType: 'argument_list',
  calleeName(callee) {
    if (callee.type === 'identifier') return callee.text;
    if (callee.type === 'attribute') return callee.childForFieldName('attribute')?.text;
    return undefined;
  },
  receiver(node) {
    const callee = node.childForFieldName('function');
    if (callee?.type === 'identifier') return isParameter(callee) ? undefined : BARE_CALL;
    return callee?.type === 'attribute' ? receiverOf(callee.childForFieldName('object')) : undefined;
  },
};

/**
 * A bare call `f()` reaches a function of some module (or a local one), never a method: Python
 * finds a method only through an object (`self.f()`, `obj.f()`), not in the class around the call.
 * So a caller calling the local `isatty = getattr(self.file, "isatty", None)` as `isatty()` calls
 * no new method `isatty` of a test's `FakeTTY` class.
 */
const BARE_CALL: Receiver = { kind: 'module', name: '' };

/**
 * Whether a name is a parameter of a function around it: a pytest fixture is passed so, by its
 * name, and may be a method of the test's class (flask 84c007d34f: `test_no_routes(self,
 * invoke_no_routes)` calling `invoke_no_routes(["routes"])`, the fixture `TestRoutes.invoke_no_routes`
 * inlined into it). Such a call may reach that method.
 */
function isParameter(name: SyntaxNode): boolean {
  for (let up = name.parent; up; up = up.parent) {
    if (up.type !== 'function_definition' && up.type !== 'lambda') continue;
    for (const parameter of up.childForFieldName('parameters')?.namedChildren ?? []) {
      const bound = parameter.type === 'identifier' ? parameter : parameter.childForFieldName('name') ?? parameter.namedChildren.find((c) => c.type === 'identifier');
      if (bound?.text === name.text) return true;
    }
  }
  return false;
}

/** A class by PEP 8's naming: `Foo`, `HTTPServer` (capitalised, with lower case somewhere); `MAX` is a constant. */
const isTypeName = isCapitalisedTypeName;

/** What `object` in `object.f()` says: a name (`self`, a parameter, a variable, a class), `super()`, `Foo()`. */
function receiverOf(object: SyntaxNode | null): Receiver | undefined {
  if (object?.type === 'identifier') return { kind: 'name', name: object.text };
  if (object?.type === 'call') {
    const callee = object.childForFieldName('function');
    if (callee?.type === 'identifier' && callee.text === 'super') return { kind: 'super' };
    if (callee?.type === 'identifier' && isTypeName(callee.text)) return { kind: 'type', name: callee.text };
  }
  return undefined;
}

/** The class a written annotation or a constructor call names (`Foo`, `mod.Foo`, `Foo[int]`, `Foo(...)`), '' when none. */
function namedClass(node: SyntaxNode | null | undefined): string {
  if (!node) return '';
  if (node.type === 'type') return namedClass(node.namedChildren[0]);
  if (node.type === 'identifier') return isTypeName(node.text) ? node.text : '';
  if (node.type === 'attribute') return namedClass(node.childForFieldName('attribute'));
  if (node.type === 'subscript' || node.type === 'generic_type') return namedClass(node.childForFieldName('value') ?? node.namedChildren[0]);
  if (node.type === 'call') return namedClass(node.childForFieldName('function'));
  return '';
}

/**
 * Where Python binds names, for the receiver of `x.f()`: a method's first parameter is the object
 * itself (`self`, `cls`); other parameters have their annotation's class; a variable assigned
 * `Foo(...)` is a Foo; anything else is of no known type ('').
 */
const typedNames: LanguageSpec['typedNames'] = {
  parameters: (list) => {
    const bound: Array<[string, string]> = [];
    const first = list.namedChildren.find((child) => child.type !== 'comment');
    for (const parameter of list.namedChildren) {
      const name = parameterName(parameter);
      if (name === undefined) continue;
      const self = parameter === first && (first.type === 'identifier' || first.type === 'typed_parameter') && hasReceiver(list);
      bound.push([name, self ? SELF_TYPE : namedClass(parameter.childForFieldName('type'))]);
    }
    return bound;
  },
  assignment: (node) => {
    const left = node.childForFieldName('left');
    return left?.type === 'identifier' ? [[left.text, namedClass(node.childForFieldName('type')) || namedClass(node.childForFieldName('right'))]] : [];
  },
};

/** The bound name of one parameter node, undefined for the `*` and `/` separators. */
function parameterName(parameter: SyntaxNode): string | undefined {
  switch (parameter.type) {
    case 'identifier':
      return parameter.text;
    case 'default_parameter': case 'typed_default_parameter':
      return parameter.childForFieldName('name')?.text;
    case 'typed_parameter': case 'list_splat_pattern': case 'dictionary_splat_pattern': {
      const inner = parameter.namedChildren.find((child) => child.type !== 'type');
      return inner ? parameterName(inner) : undefined;
    }
    default:
      return undefined; // keyword_separator, positional_separator, comments
  }
}

/** A method's first parameter is its receiver (`self`, `cls`), except in a @staticmethod or one rebound `f = staticmethod(f)` (and unless it is `*args`). */
function hasReceiver(list: SyntaxNode): boolean {
  const definition = list.parent;
  if (!definition || enclosingDefinition(definition)?.type !== 'class_definition') return false;
  return !wrappers(definition).some((name) => lastPart(name) === 'staticmethod');
}

/**
 * The module's type aliases that admit None already (`_TSSLContextArg = t.Optional[…]`,
 * `Key: TypeAlias = Union[str, None]`, `type Key = str | None`), written at its top level or in a
 * block there (`if t.TYPE_CHECKING:`); per tree, read once.
 */
const nullableAliasesOf = new WeakMap<object, Set<string>>();

function nullableAliases(node: SyntaxNode): Set<string> {
  let root = node;
  while (root.parent) root = root.parent;
  const known = nullableAliasesOf.get(root.tree);
  if (known) return known;
  const found = new Set<string>();
  const visit = (statements: SyntaxNode[], depth: number) => {
    for (const statement of statements) {
      if (depth < 2 && /^(if_statement|else_clause|elif_clause|try_statement|except_clause|block)$/.test(statement.type)) {
        visit(statement.namedChildren, depth + 1);
        continue;
      }
      const inner = statement.type === 'expression_statement' ? statement.namedChildren[0] : statement;
      const assigned = inner?.type === 'assignment' || inner?.type === 'type_alias_statement';
      const left = inner?.type === 'assignment' ? inner.childForFieldName('left') : inner?.namedChildren[0];
      const right = inner?.type === 'assignment' ? inner.childForFieldName('right') : inner?.namedChildren[1];
      if (!assigned || !left || !right || !/^[A-Za-z_]\w*$/.test(left.text)) continue;
      if (comparableType(right.text, typing).split('|').includes('None')) found.add(left.text);
    }
  };
  visit(root.namedChildren, 0);
  nullableAliasesOf.set(root.tree, found);
  return found;
}

/**
 * A type that adds None to an alias admitting it already is that alias (`_TSSLContextArg | None`,
 * `Optional[_TSSLContextArg]` where `_TSSLContextArg = t.Optional[…]`): werkzeug wrote one, then
 * the other, without changing a type. Written here as the alias.
 */
function withoutRedundantNone(type: string, aliases: Set<string>): string {
  if (aliases.size === 0 || !type.includes('None') && !type.includes('Optional')) return type;
  const shapes = [
    /^(?:(?:t|typing)\.)?Optional\[(["']?)(\w+)\1\]$/,
    /^(["']?)(\w+)\1\|None$/,
    /^None\|(["']?)(\w+)\1$/,
    /^(?:(?:t|typing)\.)?Union\[(["']?)(\w+)\1,None\]$/,
    /^(?:(?:t|typing)\.)?Union\[None,(["']?)(\w+)\1\]$/,
  ];
  for (const shape of shapes) {
    const match = shape.exec(type);
    if (match && aliases.has(match[2])) return match[2];
  }
  return type;
}

function parameters(list: SyntaxNode): Parameters {
  const names: string[] = [];
  const types: string[] = [];
  // the types as read where a None default makes one admit None (Parameters.readTypes)
  let readTypes: string[] | undefined;
  let aliases: Set<string> | undefined;
  for (const parameter of list.namedChildren) {
    const name = parameterName(parameter);
    if (name === undefined) continue;
    names.push(name);
    const type = parameter.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '';
    types.push(type === '' ? type : withoutRedundantNone(type, (aliases ??= nullableAliases(list))));
    if (type !== '' && parameter.type === 'typed_default_parameter' && parameter.childForFieldName('value')?.text === 'None') {
      (readTypes ??= types.slice(0, -1)).push(withoutRedundantNone(`${types[types.length - 1]}|None`, aliases!));
    } else readTypes?.push(types[types.length - 1]);
  }
  const first = list.namedChildren.find((child) => child.type !== 'comment');
  const receiver = (first?.type === 'identifier' || first?.type === 'typed_parameter') && hasReceiver(list);
  const from = receiver ? 1 : 0;
  return { names: names.slice(from), types: types.slice(from), ...(readTypes && { readTypes: readTypes.slice(from) }) };
}

const returnType = (declaration: Declaration) => declaration.fn.childForFieldName('return_type')?.text ?? '';

/** Simple names of the base classes (`Base`, `abc.ABC` → `ABC`, `Generic[T]` → `Generic`); keywords such as `metaclass=` skipped. */
function supertypes(declaration: Declaration): string[] {
  if (declaration.kind !== 'class') return [];
  const names: string[] = [];
  for (const base of declaration.fn.childForFieldName('superclasses')?.namedChildren ?? []) {
    const type = base.type === 'subscript' ? base.childForFieldName('value') : base;
    if (type?.type === 'identifier') names.push(type.text);
    else if (type?.type === 'attribute') names.push(type.childForFieldName('attribute')?.text ?? '');
  }
  return names.filter((name) => name !== '');
}

/** Statements that only stand for a missing body: `pass`, `...`, a docstring, `raise NotImplementedError`. */
function isPlaceholder(statement: SyntaxNode): boolean {
  if (statement.type === 'pass_statement' || statement.type === 'comment') return true;
  if (statement.type === 'expression_statement') {
    const expression = statement.namedChildren[0];
    return statement.namedChildCount === 1 && (expression?.type === 'ellipsis' || expression?.type === 'string');
  }
  if (statement.type === 'raise_statement') return /^NotImplementedError\b/.test(statement.namedChildren[0]?.text ?? '');
  return false;
}

const decoratorStereotypes: Record<string, Stereotype> = { staticmethod: 'static', classmethod: 'class-method', property: 'decorated-property' };

/** The statements of a body that do something: not its docstring, not comments. */
function working(body: SyntaxNode | undefined): SyntaxNode[] {
  const statements = (body?.namedChildren ?? []).filter((statement) => statement.type !== 'comment');
  const first = statements[0];
  const docstring = first?.type === 'expression_statement' && first.namedChildCount === 1 && first.namedChildren[0]?.type === 'string';
  return docstring ? statements.slice(1) : statements;
}

/** `self.x` (the receiver's attribute), or undefined. */
function ownAttribute(node: SyntaxNode | null | undefined, receiver: string | undefined): string | undefined {
  if (node?.type !== 'attribute' || receiver === undefined) return undefined;
  const object = node.childForFieldName('object');
  return object?.type === 'identifier' && object.text === receiver ? node.childForFieldName('attribute')?.text : undefined;
}

/** The name a method's receiver goes by (`self`): its first parameter. */
function receiverName(declaration: Declaration): string | undefined {
  const first = declaration.fn.childForFieldName('parameters')?.namedChildren.find((child) => child.type !== 'comment');
  return first?.type === 'identifier' ? first.text : undefined;
}

/** A getter (`return self._x`, a docstring allowed) or a setter (`self._x = value` of its only parameter), as Java's. */
function accessorStereotype(declaration: Declaration, parameters: Parameters, body: SyntaxNode | undefined): Stereotype | undefined {
  const statements = working(body);
  if (statements.length !== 1) return undefined;
  const [statement] = statements;
  const receiver = receiverName(declaration);
  if (parameters.names.length === 0 && statement.type === 'return_statement') {
    return ownAttribute(statement.namedChildren[0], receiver) !== undefined ? 'field-accessor' : undefined;
  }
  const assignment = statement.type === 'expression_statement' && statement.namedChildCount === 1 ? statement.namedChildren[0] : undefined;
  if (parameters.names.length !== 1 || assignment?.type !== 'assignment') return undefined;
  const value = assignment.childForFieldName('right');
  const field = ownAttribute(assignment.childForFieldName('left'), receiver);
  return field !== undefined && value?.type === 'identifier' && value.text === parameters.names[0] ? 'field-mutator' : undefined;
}

function stereotypes({ declaration, parameters, body, parent }: DeclarationFacts): Stereotype[] {
  // A module's class is `package.module.Class`: renaming or moving the file moves the class.
  if (declaration.kind === 'class') return parent === undefined || parent.kind === 'file' ? ['module-qualified'] : [];
  const found: Stereotype[] = [];
  const names = wrappers(declaration.fn).map(lastPart);
  const isMember = declaration.noun === 'Method';
  if (isMember) found.push('type-member');
  if (declaration.kind === 'constructor') found.push('constructor');
  found.push('gradual-types');
  if (parent !== undefined && parent.kind !== 'class' && parent.kind !== 'file') found.push('local');
  const placeholder = (body?.namedChildren ?? []).every(isPlaceholder);
  const abstract = isMember && names.includes('abstractmethod') && placeholder;
  found.push(abstract ? 'abstract' : 'has-body');
  // a typing @overload stub, an empty hook: `...` or `pass` stands for code it does not have
  if (placeholder && !abstract) found.push('stub');
  const accessor = isMember && !names.includes('staticmethod') ? accessorStereotype(declaration, parameters, body) : undefined;
  if (accessor) found.push(accessor);
  for (const name of names) {
    const stereotype = decoratorStereotypes[name] ?? (/^(setter|getter|deleter)$/.test(name) ? 'decorated-property' : undefined);
    if (stereotype && !found.includes(stereotype)) found.push(stereotype);
  }
  return found;
}

/**
 * A generic written without arguments takes `Any` for each (PEP 484): `Iterable` is
 * `Iterable[Any]`, `Callable` is `Callable[..., Any]`, `Tuple` is `Tuple[Any, ...]` (a
 * `Tuple[Any]` holds one item: another type).
 */
function anyArguments(name: string, args: TypeTree[]): boolean {
  const names = args.map((arg) => ('name' in arg && !arg.args ? arg.name : undefined));
  if (!names.every((arg) => arg === 'Any' || arg === '...')) return false;
  return name !== 'tuple' || names.includes('...');
}

/**
 * The end of the expression starting at `from` in `text`: the index of the first `,` or `]` outside
 * brackets and strings, or -1 where the text ends first or closes a bracket it did not open.
 */
function expressionEnd(text: string, from: number): number {
  let depth = 0;
  for (let at = from; at < text.length; at++) {
    const c = text[at];
    if (c === '"' || c === "'") {
      const quote = text.startsWith(c.repeat(3), at) ? c.repeat(3) : c;
      let end = at + quote.length;
      while (end < text.length && !text.startsWith(quote, end)) end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) return -1;
      at = end + quote.length - 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (depth === 0 && (c === ',' || c === ']')) return at;
    else if (c === ')' || c === ']' || c === '}') depth--;
    if (depth < 0) return -1;
  }
  return -1;
}

/**
 * `Annotated[T, x, …]` is the type T with metadata for the tools that read it (PEP 593), as Java's
 * `@NonNull String` is a String: typer 2d529b2d9c wrote a `Doc("""…""")` into the type of every
 * parameter of its API, and 829576c56c then respelt `Annotated[Optional[str], Doc(…)]` as
 * `Annotated[str | None, Doc(…)]`; neither changed a type. The metadata (calls, strings holding
 * brackets and commas) is skipped whole. Text that does not read so is left as it is.
 */
function withoutMetadata(type: string): string {
  for (;;) {
    const head = /(?:\b[A-Za-z_]\w*\.)*\bAnnotated\[/.exec(type);
    if (!head) return type;
    const from = head.index + head[0].length;
    const end = expressionEnd(type, from);
    let close = end;
    while (close >= 0 && type[close] === ',') close = expressionEnd(type, close + 1);
    if (end < 0 || close < 0) return type;
    type = type.slice(0, head.index) + type.slice(from, end) + type.slice(close + 1);
  }
}

/**
 * One type in the typing module's spellings: `Optional[str]` and `Union[str, None]` are `str | None`,
 * the typing aliases of the built-in generics (PEP 585) are them (`List[int]` is `list[int]`), a
 * generic without arguments is the one with `Any` for each (anyArguments).
 */
const typing: TypeDialect = {
  aliases: { List: 'list', Dict: 'dict', Set: 'set', FrozenSet: 'frozenset', Tuple: 'tuple', Type: 'type' },
  unionOf: (name, args) => (name === 'Optional' && args.length === 1 ? [args[0], { name: 'None' }] : name === 'Union' ? args : undefined),
  impliedArguments: anyArguments,
};

export const python: LanguageSpec = {
  id: 'python',
  grammar: { package: 'tree-sitter-python', wasm: 'tree-sitter-python.wasm' },
  declarations: {
    class_definition: rule('class', 'Class'),
    function_definition: rule('function', 'Function'),
    decorated_definition: decoratedRule,
  },
  calls: { call },
  typedNames,
  isTypeName,
  comments: ['comment'],
  atomicTokens: ['string', 'concatenated_string'],
  opaque: [],
  statementTypes: [
    'expression_statement', 'return_statement', 'assert_statement', 'delete_statement', 'raise_statement', 'global_statement',
    'nonlocal_statement', 'import_statement', 'import_from_statement', 'future_import_statement', 'print_statement', 'exec_statement',
    'if_statement', 'elif_clause', 'else_clause', 'for_statement', 'while_statement', 'try_statement', 'except_clause', 'finally_clause',
    'with_statement', 'match_statement', 'case_clause', 'function_definition', 'class_definition', 'decorated_definition', 'block',
  ],
  fileNode: { kind: 'file', noun: 'File' },
  namespace: folderNamespace,
  parameters,
  returnType,
  supertypes,
  stereotypes,
  comparableType: (type) => comparableType(withoutMetadata(type), typing),
  rootTypes: ['object'],
};
