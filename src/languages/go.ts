/**
 * Go: a node per file, named types (`type X struct {…}`, `type Y interface {…}`, `type ID int`:
 * noun 'Type', kind 'struct' / 'interface' / 'type'), functions, methods and interface method specs
 * ('abstract'). A method is a child of its receiver's type when that type is declared in the same
 * file (identifier: the bare name, `Start`); otherwise it stays under the file and its identifier
 * names the type as its parent would, `Server/Start` (see regroup). Embedded types are the
 * supertypes (their methods are promoted). Exported = capitalised.
 *
 * Calls say what they are made on where the syntax does: `f()` is a function of the caller's own
 * package, `fmt.Println()` one of the package imported as `fmt` (CstNode.module: the package
 * clause), never a method; `x.M()` a method of the type `x` is declared with (a parameter, the
 * method's receiver, `var x T`, `x := &T{}`); a variable whose type is not written (`x := f()`)
 * tells nothing, as it may be of the caller's own type.
 */
import type { CstNode, Stereotype } from '../core/cst';
import { isTypeParameter, type TypeParameterScopes } from './receivers';
import { adopt } from './regroup';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters, Receiver, TypedName } from './spec';
import { folderNamespace, moduleBinding, UNKNOWN_TYPE } from './spec';
import { declaredAliases } from './type-aliases';
import { comparableType } from './type-spelling';
import type { SyntaxNode } from './treesitter';

const typeKinds: Record<string, string> = { struct_type: 'struct', interface_type: 'interface' };

/** `type X …` (not the alias `type X = Y`): struct, interface, or another defined type. */
const typeSpecRule: DeclarationRule = {
  kind: 'type', noun: 'Type', bodyField: 'type', signature: 'name',
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    const type = node.childForFieldName('type');
    if (!nameNode || !type) return undefined;
    return { kind: typeKinds[type.type] ?? 'type', noun: 'Type', name: nameNode.text, nameNode, fn: node, node };
  },
};

/**
 * `type Old = New`, alone or in a `type ( … )` group: an alias, a type of its own kind, so that one
 * renamed or moved reads as any type does, and a struct renamed with its old name kept as an alias
 * of the new (`type Old = New`, for compatibility) is still a Rename Type: the alias, declaring no
 * members, pairs with the struct by name neither where it names a new struct of its file (the
 * alias-left step, typeAliases below) nor where a new struct holds the old one's code.
 */
const typeAliasRule: DeclarationRule = { kind: 'alias', noun: 'Type', bodyField: 'type', signature: 'name' };

const callableRule = (kind: string, noun: string): DeclarationRule => ({ kind, noun, parametersFields: ['parameters'], bodyField: 'body', signature: 'name' });

const call: CallRule = {
  functionField: 'function',
  argumentsField: 'arguments',
  argumentsType: 'argument_list',
  calleeName(callee) {
    if (callee.type === 'identifier') return callee.text;
    if (callee.type === 'selector_expression') return callee.childForFieldName('field')?.text;
    return undefined;
  },
  receiver: (node) => callReceiver(node.childForFieldName('function')),
};

/** `f()`: a function of the caller's package; `x.f()`: a method of what `x` is declared as, or a function of the package `x` names. */
function callReceiver(callee: SyntaxNode | null): Receiver | undefined {
  if (callee?.type === 'identifier') return { kind: 'module' };
  const operand = callee?.type === 'selector_expression' ? callee.childForFieldName('operand') : null;
  return operand?.type === 'identifier' ? { kind: 'name', name: operand.text } : undefined;
}

/** The package a file is in: `server` for `package server`. */
function packageName(root: SyntaxNode): string {
  const clause = root.namedChildren.find((child) => child.type === 'package_clause');
  return clause?.namedChildren.find((child) => child.type === 'package_identifier')?.text ?? '';
}

/**
 * The names an import binds: its alias (a package whose own name is not known then), or the
 * package's own name, which only the imported files declare; its path ends with it by convention,
 * the last part, or the one before a major version, without `go-` and `.v3` (`…/core/v1` → v1 or
 * core, `gopkg.in/yaml.v3` → yaml, `…/go-isatty` → isatty). Such a name written in the importing
 * file is the package's name; a guess that misses only leaves calls on the package unresolved.
 */
function importedPackage(spec: SyntaxNode): TypedName[] {
  const alias = spec.childForFieldName('name');
  if (alias) return alias.type === 'package_identifier' ? [[alias.text, moduleBinding('')]] : [];
  const parts = (spec.childForFieldName('path')?.text.slice(1, -1) ?? '').split('/');
  const last = parts[parts.length - 1];
  const named = /^v\d+$/.test(last) && parts.length > 1 ? parts[parts.length - 2] : last;
  const names = new Set([last, named.replace(/\.v\d+$/, '').replace(/^go-|[-.]go$/, '')]);
  return [...names].filter((name) => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(name)).map((name) => [name, moduleBinding(name)]);
}

/** The type named by a written type, unless it is a type parameter (`T` in `func F[T any](x T)`); UNKNOWN_TYPE for any other. */
function declaredType(type: SyntaxNode | null): string {
  const name = typeName(type);
  return name === undefined || (type && isTypeParameter(type, name, typeParameters)) ? UNKNOWN_TYPE : name;
}

/** The type parameters a function declares (`func F[T any]`), and those a method's receiver names (`func (p Pair[T])`). */
const typeParameters: TypeParameterScopes = {
  holders: new Set(['function_declaration', 'method_declaration']),
  names(holder) {
    const declared = holder.childForFieldName('type_parameters')?.descendantsOfType('type_parameter_declaration') ?? [];
    const names = declared.flatMap((parameter) => parameter?.childrenForFieldName('name').map((name) => name.text) ?? []);
    for (const list of holder.childForFieldName('receiver')?.descendantsOfType('type_arguments') ?? []) {
      for (const argument of list?.namedChildren ?? []) names.push(argument.text);
    }
    return names;
  },
};

/** The type a value is written as: `T{…}`, `&T{…}`; UNKNOWN_TYPE for anything else (`NewT()` may return what it likes). */
function valueType(value: SyntaxNode | undefined): string {
  const literal = value?.type === 'unary_expression' && value.child(0)?.type === '&' ? value.childForFieldName('operand') : value;
  return literal?.type === 'composite_literal' ? declaredType(literal.childForFieldName('type')) : UNKNOWN_TYPE;
}

/** `a, b := x, y` and `var a, b T = …`: each name with its written type, or its value's when there is one value a name. */
function boundNames(names: SyntaxNode[], type: SyntaxNode | null, values: SyntaxNode | null): TypedName[] {
  const written = values?.namedChildren ?? [];
  return names.map((name, i) => [name.text, type ? declaredType(type) : valueType(written.length === names.length ? written[i] : undefined)]);
}

const unknown = (names: SyntaxNode[] | undefined): TypedName[] => (names ?? []).filter((n) => n.type === 'identifier').map((n) => [n.text, UNKNOWN_TYPE]);

/**
 * Where Go binds names, for the receiver of `x.f()`: parameters and the method's receiver with
 * their types, variables with theirs or their composite literal's, imports with their package;
 * the rest (`for k, v := range`, `switch v := x.(type)`) as UNKNOWN_TYPE, hiding a namesake further out.
 */
const typedNames: LanguageSpec['typedNames'] = {
  import_spec: importedPackage,
  parameter_declaration: (node) => boundNames(node.childrenForFieldName('name'), node.childForFieldName('type'), null),
  variadic_parameter_declaration: (node) => unknown(node.childrenForFieldName('name')),
  var_spec: (node) => boundNames(node.childrenForFieldName('name'), node.childForFieldName('type'), node.childForFieldName('value')),
  const_spec: (node) => boundNames(node.childrenForFieldName('name'), node.childForFieldName('type'), node.childForFieldName('value')),
  short_var_declaration: (node) =>
    boundNames(node.childForFieldName('left')?.namedChildren ?? [], null, node.childForFieldName('right')),
  range_clause: (node) => unknown(node.childForFieldName('left')?.namedChildren),
  receive_statement: (node) => unknown(node.childForFieldName('left')?.namedChildren),
  type_switch_statement: (node) => unknown(node.childForFieldName('alias')?.namedChildren),
};

/** `a, b int` gives two parameters of type `int`; `...Option` is a variadic parameter; unnamed parameters are named ''. */
function parameters(list: SyntaxNode): Parameters {
  const names: string[] = [];
  const types: string[] = [];
  for (const parameter of list.namedChildren) {
    if (parameter.type !== 'parameter_declaration' && parameter.type !== 'variadic_parameter_declaration') continue;
    const written = parameter.childForFieldName('type')?.text.replace(/\s+/g, ' ') ?? '';
    const type = parameter.type === 'variadic_parameter_declaration' ? `...${written}` : written;
    const declared = parameter.childrenForFieldName('name');
    for (const name of declared.length > 0 ? declared.map((n) => n.text) : ['']) {
      names.push(name);
      types.push(type);
    }
  }
  return { names, types };
}

/**
 * A parameter type as compared (LanguageSpec.comparableType): `any` is the predeclared alias of
 * `interface{}`, so `obj interface{}` → `obj any` (as Go 1.18 codebases rewrote them) keeps the type.
 */
const comparableGoType = (type: string) => comparableType(type.replace(/\binterface\s*\{\s*\}/g, 'any'));

const returnType = (declaration: Declaration) => declaration.fn.childForFieldName('result')?.text.replace(/\s+/g, ' ') ?? '';

/** The simple name of a written type: `*pkg.Base[T]` → `Base`. */
function typeName(node: SyntaxNode | null | undefined): string | undefined {
  switch (node?.type) {
    case 'type_identifier':
      return node.text;
    case 'qualified_type':
      return typeName(node.childForFieldName('name'));
    case 'pointer_type': case 'type_elem':
      return typeName(node.namedChildren[0]);
    case 'generic_type':
      return typeName(node.childForFieldName('type'));
    default:
      return undefined;
  }
}

/** Embedded fields of a struct (`*Base`, `io.Closer`) and embedded interfaces (`fmt.Stringer`). */
function supertypes(declaration: Declaration): string[] {
  const type = declaration.fn.childForFieldName('type');
  if (declaration.kind === 'struct') {
    const fields = type?.namedChildren.find((child) => child.type === 'field_declaration_list')?.namedChildren ?? [];
    return fields.filter((f) => f.type === 'field_declaration' && !f.childForFieldName('name')).map((f) => typeName(f.childForFieldName('type'))).filter((n) => n !== undefined);
  }
  if (declaration.kind === 'interface') return (type?.namedChildren ?? []).map(typeName).filter((n) => n !== undefined);
  return [];
}

const isExported = (name: string) => /^\p{Lu}/u.test(name);

function stereotypes({ declaration, body }: DeclarationFacts): Stereotype[] {
  const found: Stereotype[] = [];
  if (declaration.noun === 'Method') found.push('type-member');
  if (declaration.node.type === 'method_elem') found.push('abstract');
  if (body && declaration.noun !== 'Type') found.push('has-body');
  if (isExported(declaration.name)) found.push('exported');
  return found;
}

/**
 * The type of a method's receiver, read from its first tokens `func ( s * Server [ T ] ) Start`:
 * the last name before the closing parenthesis, type arguments skipped.
 */
function receiverOf(method: CstNode): string | undefined {
  const { tokens } = method;
  if (tokens[0] !== 'func' || tokens[1] !== '(') return undefined;
  let depth = 0;
  let type: string | undefined;
  for (let i = 2; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === '[' || token === '(') depth++;
    else if (token === ']' || (token === ')' && depth > 0)) depth--;
    else if (token === ')') return type;
    else if (depth === 0 && /^[\p{L}_][\p{L}\p{N}_]*$/u.test(token)) type = token;
  }
  return undefined;
}

/**
 * Methods join their receiver's type when it is declared in the file. The others stay under their
 * file and are spelt as if in their type, `Server/Start` (shown `server/run.go/Server/Start`, as
 * `server/server.go/Server/Start` beside the type): one method keeps one spelling wherever it is
 * declared, methods of two types in one file never share an identifier, and a pointer receiver
 * made a value one (`(s *Server)` → `(s Server)`), which does not change the type's own methods,
 * changes no identifier either.
 */
function regroup(nodes: CstNode[]): CstNode[] {
  const types = new Map<string, number>();
  for (const node of nodes) if (node.noun === 'Type' && node.kind !== 'alias' && nodes[node.parent ?? -1]?.kind === 'file') types.set(node.name, node.id);
  for (const node of nodes) {
    if (node.kind !== 'method') continue;
    const receiver = receiverOf(node);
    if (!receiver) continue;
    const holder = types.get(receiver);
    if (holder !== undefined) {
      adopt(nodes, node.id, holder);
    } else {
      node.signature = `${receiver}/${node.name}`;
      node.owner = receiver;
    }
  }
  return nodes;
}

/** `type Old = New`, `type Old = pkg.New`: each name with the type it stands for (type-aliases.ts). */
const typeAliases = (root: SyntaxNode) =>
  declaredAliases(root, ['type_alias'], (alias) => ({ name: alias.childForFieldName('name'), typeParameters: alias.childForFieldName('type_parameters'), type: alias.childForFieldName('type') }));

export const go: LanguageSpec = {
  id: 'go',
  grammar: { package: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm' },
  declarations: {
    type_spec: typeSpecRule,
    type_alias: typeAliasRule,
    function_declaration: callableRule('function', 'Function'),
    method_declaration: callableRule('method', 'Method'),
    method_elem: callableRule('method', 'Method'),
  },
  calls: { call_expression: call },
  comments: ['comment'],
  atomicTokens: ['interpreted_string_literal', 'raw_string_literal', 'rune_literal'],
  opaque: [],
  // gofmt writes no `;`: each statement of a block or a `case` ends at its line's end, where the lexer inserts one
  statementEndLists: ['statement_list'],
  fileNode: { kind: 'file', noun: 'File' },
  namespace: folderNamespace,
  module: packageName,
  parameters,
  comparableType: comparableGoType,
  typeAliases,
  returnType,
  supertypes,
  stereotypes,
  typedNames,
  regroup,
};
