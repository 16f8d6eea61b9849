/**
 * C#: classes, structs, interfaces, records and enums (nested too), their methods and
 * constructors. Properties, fields, events and local functions are not nodes: their code belongs
 * to the enclosing type or method. The namespace (file-scoped or block) is the top-level types'
 * `namespace`, as Java's package; signatures are `name(T1,T2)` with simplified parameter types.
 */
import type { Stereotype } from '../core/cst';
import { simplifyType } from './java';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters } from './spec';
import type { SyntaxNode } from './treesitter';

const typeRule = (kind: string): DeclarationRule => ({ kind, noun: 'Class', bodyField: 'body', signature: 'name' });
const methodRule = (kind: string): DeclarationRule =>
  ({ kind, noun: 'Method', parametersFields: ['parameters'], bodyField: 'body', signature: 'name-and-types' });

const typeKinds = new Set(['class', 'struct', 'interface', 'record', 'enum']);

/** `Foo`, `Foo<T>` → `Foo`; `a.b.Foo(x)` → `Foo`; `a?.Foo()` → `Foo`. */
function calleeName(callee: SyntaxNode): string | undefined {
  switch (callee.type) {
    case 'identifier':
      return callee.text;
    case 'generic_name':
      return callee.namedChildren.find((child) => child.type === 'identifier')?.text;
    case 'member_access_expression': case 'member_binding_expression': {
      const name = callee.childForFieldName('name');
      return name ? calleeName(name) : undefined;
    }
    default:
      return undefined;
  }
}

const invocation: CallRule = { functionField: 'function', argumentsField: 'arguments', argumentsType: 'argument_list', calleeName };

/** `parameter` nodes, and the `params T[] rest` the grammar writes as loose `type` and `name` fields. */
function parameters(list: SyntaxNode): Parameters {
  const names: string[] = [];
  const types: string[] = [];
  for (let i = 0; i < list.childCount; i++) {
    const child = list.child(i)!;
    const field = list.fieldNameForChild(i);
    if (child.type === 'parameter') {
      names.push(child.childForFieldName('name')?.text ?? '');
      types.push(simplifyType(child.childForFieldName('type')?.text ?? ''));
    } else if (field === 'type') {
      types.push(simplifyType(child.text));
    } else if (field === 'name') {
      names.push(child.text);
    }
  }
  return { names, types };
}

function returnType(declaration: Declaration): string {
  return declaration.node.childForFieldName('returns')?.text.replace(/\s+/g, ' ') ?? '';
}

/** Simple names of the base list: `: Base<int>, IComparable, Ns.IOther` → Base, IComparable, IOther. */
function supertypes(declaration: Declaration): string[] {
  if (!typeKinds.has(declaration.kind)) return [];
  const list = declaration.node.namedChildren.find((child) => child.type === 'base_list');
  return (list?.namedChildren ?? []).map((type) => {
    const written = type.type === 'primary_constructor_base_type' ? type.namedChildren[0] : type;
    return simplifyType(written?.text ?? '');
  });
}

function modifiers(node: SyntaxNode): Set<string> {
  return new Set(node.namedChildren.filter((child) => child.type === 'modifier').map((child) => child.text));
}

function stereotypes({ declaration, body, parent }: DeclarationFacts): Stereotype[] {
  if (typeKinds.has(declaration.kind)) return [];
  const found: Stereotype[] = [];
  const mods = modifiers(declaration.node);
  if (parent && typeKinds.has(parent.kind)) found.push('type-member');
  if (declaration.kind === 'constructor') found.push('constructor');
  const implementedElsewhere = !mods.has('extern') && !mods.has('partial') && !mods.has('static');
  if (!body && (mods.has('abstract') || (parent?.kind === 'interface' && implementedElsewhere))) found.push('abstract');
  if (body) found.push('has-body');
  if (mods.has('static')) found.push('static');
  return found;
}

/** `Zoo.Animals.` for `namespace Zoo.Animals;` or the first `namespace Zoo { namespace Animals { … } }`. */
function namespace(root: SyntaxNode): string {
  const parts: string[] = [];
  let scope: SyntaxNode | undefined = root;
  while (scope) {
    const declaration: SyntaxNode | undefined = scope.namedChildren.find(
      (child) => child.type === 'file_scoped_namespace_declaration' || child.type === 'namespace_declaration');
    const name = declaration?.childForFieldName('name');
    if (name) parts.push(name.text.replace(/\s+/g, ''));
    scope = declaration?.type === 'namespace_declaration' ? declaration.childForFieldName('body') ?? undefined : undefined;
  }
  return parts.length > 0 ? `${parts.join('.')}.` : '';
}

export const csharp: LanguageSpec = {
  id: 'csharp',
  grammar: { package: 'tree-sitter-c-sharp', wasm: 'tree-sitter-c_sharp.wasm' },
  declarations: {
    class_declaration: typeRule('class'),
    struct_declaration: typeRule('struct'),
    interface_declaration: typeRule('interface'),
    record_declaration: typeRule('record'),
    enum_declaration: typeRule('enum'),
    method_declaration: methodRule('method'),
    constructor_declaration: methodRule('constructor'),
  },
  calls: { invocation_expression: invocation },
  comments: ['comment'],
  atomicTokens: ['string_literal', 'verbatim_string_literal', 'raw_string_literal', 'character_literal'],
  opaque: ['anonymous_object_creation_expression', 'lambda_expression', 'anonymous_method_expression', 'local_function_statement'],
  namespace,
  parameters,
  returnType,
  supertypes,
  stereotypes,
};
