/**
 * Go: a node per file, named types (`type X struct {…}`, `type Y interface {…}`, `type ID int`:
 * noun 'Type', kind 'struct' / 'interface' / 'type'), functions, methods and interface method specs
 * ('abstract'). A method is a child of its receiver's type when that type is declared in the same
 * file (identifier: the bare name, `Start`); otherwise it stays under the file and its identifier
 * names the receiver as a method expression does, `(*Server).Start` or `Server.Start`, so that
 * methods of different types in one file never share an identifier. Embedded types are the
 * supertypes (their methods are promoted). Exported = capitalised.
 */
import type { CstNode, Stereotype } from '../core/cst';
import { adopt } from './regroup';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters } from './spec';
import { folderNamespace } from './spec';
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
 * The receiver of a method, read from its first tokens `func ( s * Server [ T ] ) Start`: the last
 * name before the closing parenthesis, type arguments skipped.
 */
function receiverOf(method: CstNode): { type: string; pointer: boolean } | undefined {
  const { tokens } = method;
  if (tokens[0] !== 'func' || tokens[1] !== '(') return undefined;
  let depth = 0;
  let type: string | undefined;
  let pointer = false;
  for (let i = 2; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === '[' || token === '(') depth++;
    else if (token === ']' || (token === ')' && depth > 0)) depth--;
    else if (token === ')') return type === undefined ? undefined : { type, pointer };
    else if (depth === 0 && token === '*') pointer = true;
    else if (depth === 0 && /^[\p{L}_][\p{L}\p{N}_]*$/u.test(token)) type = token;
  }
  return undefined;
}

/** Methods join their receiver's type when it is declared in the file; the others name it in their identifier. */
function regroup(nodes: CstNode[]): CstNode[] {
  const types = new Map<string, number>();
  for (const node of nodes) if (node.noun === 'Type' && nodes[node.parent ?? -1]?.kind === 'file') types.set(node.name, node.id);
  for (const node of nodes) {
    if (node.kind !== 'method') continue;
    const receiver = receiverOf(node);
    if (!receiver) continue;
    const holder = types.get(receiver.type);
    if (holder !== undefined) adopt(nodes, node.id, holder);
    else node.signature = receiver.pointer ? `(*${receiver.type}).${node.name}` : `${receiver.type}.${node.name}`;
  }
  return nodes;
}

export const go: LanguageSpec = {
  id: 'go',
  grammar: { package: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm' },
  declarations: {
    type_spec: typeSpecRule,
    function_declaration: callableRule('function', 'Function'),
    method_declaration: callableRule('method', 'Method'),
    method_elem: callableRule('method', 'Method'),
  },
  calls: { call_expression: call },
  comments: ['comment'],
  atomicTokens: ['interpreted_string_literal', 'raw_string_literal', 'rune_literal'],
  opaque: [],
  fileNode: { kind: 'file', noun: 'File' },
  namespace: folderNamespace,
  parameters,
  returnType,
  supertypes,
  stereotypes,
  regroup,
};
