/**
 * PHP (files starting with `<?php`): classes, interfaces, traits and enums, their methods
 * (`__construct` is the constructor), and functions. The namespace is the top-level
 * declarations' `namespace` (`Zoo\Animals\`), as Java's package; signatures are the bare name
 * (PHP has no overloading). Closures and anonymous classes belong to the enclosing code.
 */
import type { Stereotype } from '../core/cst';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters } from './spec';
import type { SyntaxNode } from './treesitter';

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

const call = (functionField: string): CallRule => ({ functionField, argumentsField: 'arguments', argumentsType: 'arguments', calleeName: simpleName });

const parameterTypes = new Set(['simple_parameter', 'variadic_parameter', 'property_promotion_parameter']);

function parameters(list: SyntaxNode): Parameters {
  const names: string[] = [];
  const types: string[] = [];
  for (const parameter of list.namedChildren) {
    if (!parameterTypes.has(parameter.type)) continue;
    names.push(parameter.childForFieldName('name')?.text ?? '');
    types.push(parameter.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '');
  }
  return { names, types };
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

/** `Zoo\Animals\` for `namespace Zoo\Animals;` (the first namespace of the file), '' without one. */
function namespace(root: SyntaxNode): string {
  const definition = root.namedChildren.find((child) => child.type === 'namespace_definition');
  const name = definition?.childForFieldName('name');
  return name ? `${name.text.replace(/\s+/g, '')}\\` : '';
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
    function_call_expression: call('function'),
    member_call_expression: call('name'),
    nullsafe_member_call_expression: call('name'),
    scoped_call_expression: call('name'),
  },
  comments: ['comment'],
  atomicTokens: ['string', 'encapsed_string', 'heredoc', 'nowdoc_string', 'variable_name'],
  opaque: ['anonymous_function', 'arrow_function', 'anonymous_class'],
  namespace,
  parameters,
  returnType,
  supertypes,
  stereotypes,
};
