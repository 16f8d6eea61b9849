/**
 * Rust: a node per file, structs, enums, unions, traits (kind 'trait': Extract Interface), `mod`
 * blocks, functions, and the methods of `impl` blocks. Methods of `impl Foo` and `impl Trait for
 * Foo` become children of the type `Foo` declared in the same file (`Trait` joins its
 * supertypes); without one, the impl blocks of `Foo` make one node of kind 'impl' named Foo.
 * Signatures are the bare name (no overloading); `new` is an ordinary associated function.
 */
import type { CstNode, Stereotype } from '../core/cst';
import { adopt, withoutNodes } from './regroup';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters } from './spec';
import { folderNamespace } from './spec';
import type { SyntaxNode } from './treesitter';

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

/** `impl Foo { … }`, `impl Trait for Foo { … }`: named after Foo. */
const implRule: DeclarationRule = {
  kind: 'impl', noun: 'Class', bodyField: 'body', signature: 'name',
  resolve(node) {
    const type = node.childForFieldName('type');
    const name = typeName(type);
    if (!type || !name) return undefined;
    return { kind: 'impl', noun: 'Class', name, nameNode: type, fn: node, node };
  },
};

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

const callExpression: CallRule = { functionField: 'function', argumentsField: 'arguments', argumentsType: 'arguments', calleeName };

/** Identifiers a pattern binds: `x`, `mut x`, `(a, b)`, `Point { x, y }`. */
function patternNames(pattern: SyntaxNode, names: string[]): void {
  if (pattern.type === 'identifier') names.push(pattern.text);
  else for (const child of pattern.namedChildren) patternNames(child, names);
}

/** Parameters after `self`: names from their patterns, types as written. */
function parameters(list: SyntaxNode): Parameters {
  const names: string[] = [];
  const types: string[] = [];
  for (const parameter of list.namedChildren) {
    if (parameter.type !== 'parameter') continue;
    const pattern = parameter.childForFieldName('pattern');
    const bound: string[] = [];
    if (pattern) patternNames(pattern, bound);
    names.push(bound.length === 1 ? bound[0] : pattern?.text.replace(/\s+/g, '') ?? '');
    types.push(parameter.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '');
  }
  return { names, types };
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

function stereotypes({ declaration, body, parent }: DeclarationFacts): Stereotype[] {
  if (declaration.noun === 'Class') return [];
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
 * Every impl block joins the type it implements when that type is declared in the file, else the
 * first impl block of the same name; the blocks that joined another node are dropped.
 */
function regroup(nodes: CstNode[]): CstNode[] {
  const dropped = new Set<number>();
  const holders = new Map<string, CstNode>();
  for (const node of nodes) if (implTargets.has(node.kind) && !holders.has(node.name)) holders.set(node.name, node);
  for (const impl of nodes) {
    if (impl.kind !== 'impl') continue;
    const holder = holders.get(impl.name);
    if (!holder) {
      holders.set(impl.name, impl);
      continue;
    }
    for (const child of [...impl.children]) adopt(nodes, child, holder.id);
    for (const name of impl.supertypes) if (!holder.supertypes.includes(name)) holder.supertypes.push(name);
    dropped.add(impl.id);
  }
  return withoutNodes(nodes, dropped);
}

export const rust: LanguageSpec = {
  id: 'rust',
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
  fileNode: { kind: 'file', noun: 'File' },
  namespace: folderNamespace,
  parameters,
  returnType,
  supertypes,
  stereotypes,
  regroup,
};
