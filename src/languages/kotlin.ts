/**
 * Kotlin: classes, interfaces, objects (companions too), data and enum classes, their methods and
 * secondary constructors, and top-level functions. There is no file node (as in Java): top-level
 * functions and types carry the package as namespace. Signatures are `name(T1,T2)` (Kotlin
 * overloads). The grammar has few fields: parameters, bodies and callees are found by node type.
 */
import type { Stereotype } from '../core/cst';
import { simplifyType } from './java';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters } from './spec';
import type { SyntaxNode } from './treesitter';

const typeKinds = new Set(['class', 'interface', 'object', 'enum']);
const typeNodes = new Set(['class_declaration', 'object_declaration', 'companion_object']);
const functionParts = { parametersTypes: ['function_value_parameters'], bodyTypes: ['function_body', 'block'], signature: 'name-and-types' as const };

/** Words of the modifiers list (`abstract`, `data`, `enum`, `override`, ...). */
function modifiers(node: SyntaxNode): Set<string> {
  const list = node.namedChildren.find((child) => child.type === 'modifiers');
  return new Set((list?.namedChildren ?? []).filter((child) => child.type !== 'annotation').map((child) => child.text));
}

/** `class`, `interface`, `enum class`, `data class` (a class), `object`, `companion object`. */
const classRule: DeclarationRule = {
  kind: 'class', noun: 'Class', bodyTypes: ['class_body', 'enum_class_body'], signature: 'name',
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return undefined;
    const isInterface = node.children.some((child) => child.type === 'interface');
    const kind = isInterface ? 'interface' : modifiers(node).has('enum') ? 'enum' : 'class';
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

const callExpression: CallRule = { argumentsType: 'value_arguments', calleeName };

const typeOf = (node: SyntaxNode) => node.namedChildren.find((child) => !['identifier', 'modifiers', 'parameter_modifiers'].includes(child.type));

/** Kotlin's names of the JVM's primitive types (nullable, they are the boxed ones), `Any`, `Unit` and the read-only collections. */
const jvmNames: Record<string, string> = {
  Int: 'int', Long: 'long', Short: 'short', Byte: 'byte', Float: 'float', Double: 'double', Boolean: 'boolean', Char: 'char',
  Any: 'Object', Unit: 'void', MutableList: 'List', MutableSet: 'Set', MutableMap: 'Map', MutableCollection: 'Collection',
  MutableIterable: 'Iterable', MutableIterator: 'Iterator',
};
const boxedNames: Record<string, string> = { Int: 'Integer', Char: 'Character' };

/**
 * A parameter type as the JVM (and a Java caller) sees it, erased as java.ts erases Java's: `Int`
 * → `int`, `Int?` → `Integer`, `String?` → `String`, `Any` → `Object`, `Array<String>` →
 * `String[]`, `IntArray` → `int[]`, `vararg x: T` → `T[]`. So a method keeps its identity when its
 * class is ported from Java to Kotlin, and overloads that differ only in Kotlin's spelling stay apart.
 */
export function jvmType(written: string, vararg = false): string {
  const type = written.replace(/\s+/g, '');
  if (vararg) return `${jvmType(type)}[]`;
  const nullable = type.endsWith('?') && !type.startsWith('(');
  const bare = nullable ? type.slice(0, -1) : type;
  const array = /^Array<(?:out|in)?(.*)>$/.exec(bare);
  if (array) return `${jvmType(array[1])}[]`;
  const primitiveArray = /^(Int|Long|Short|Byte|Float|Double|Boolean|Char)Array$/.exec(bare);
  if (primitiveArray) return `${jvmNames[primitiveArray[1]]}[]`;
  const simple = simplifyType(bare);
  if (nullable && /^[A-Z]/.test(simple) && jvmNames[simple]?.match(/^[a-z]/)) return boxedNames[simple] ?? simple;
  return jvmNames[simple] ?? simple;
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
  if (typeKinds.has(declaration.kind)) return [];
  const found: Stereotype[] = [];
  const mods = modifiers(declaration.node);
  if (parent && typeKinds.has(parent.kind)) found.push('type-member');
  if (declaration.kind === 'constructor') found.push('constructor');
  if (!body && (mods.has('abstract') || parent?.kind === 'interface')) found.push('abstract');
  if (body) found.push('has-body');
  if (parameters.types.at(-1)?.startsWith('vararg ')) found.push('variadic');
  if (parent?.node.type === 'companion_object') found.push('static');
  return found;
}

/** `zoo.animals.` for `package zoo.animals`, '' without a package. */
function namespace(root: SyntaxNode): string {
  const header = root.namedChildren.find((child) => child.type === 'package_header');
  const name = header?.namedChildren.find((child) => child.type === 'qualified_identifier' || child.type === 'identifier');
  return name ? `${name.text.replace(/\s+/g, '')}.` : '';
}

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
  calls: { call_expression: callExpression },
  comments: ['line_comment', 'block_comment'],
  atomicTokens: ['string_literal', 'multiline_string_literal', 'character_literal'],
  opaque: ['lambda_literal', 'anonymous_function', 'object_literal'],
  namespace,
  parameters,
  returnType,
  supertypes,
  stereotypes,
};
