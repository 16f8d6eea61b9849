/**
 * Java: type declarations (class, interface, enum, record, annotation; nested too) and their
 * methods and constructors. Anonymous classes and lambdas are not nodes: their code belongs to
 * the enclosing method. Signatures are `name(T1,T2)` with simplified parameter types.
 */
import type { ArgumentFit, Stereotype } from '../core/cst';
import { isCapitalisedTypeName } from './receivers';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters, Receiver } from './spec';
import type { SyntaxNode } from './treesitter';

/** Generic types and methods (`class Box<T>`, `<T> T first(List<T> xs)`): the identifier erases them. */
const scopedTypeParametersTypes = ['type_parameters'];
const typeRule = (kind: string): DeclarationRule => ({ kind, noun: 'Class', bodyField: 'body', signature: 'name', scopedTypeParametersTypes });
const methodRule = (kind: string, parametersFields?: string[]): DeclarationRule =>
  ({ kind, noun: 'Method', parametersFields, bodyField: 'body', signature: 'name-and-types', scopedTypeParametersTypes });

const typeKinds = new Set(['class', 'interface', 'enum', 'record', 'annotation']);

const methodInvocation: CallRule = {
  functionField: 'name',
  argumentsField: 'arguments',
  argumentsType: 'argument_list',
  calleeName: (callee) => callee.text,
  receiver: (call) => receiverOf(call.childForFieldName('object')),
  argumentType,
  argumentName: (argument) => (argument.type === 'identifier' ? argument.text : undefined),
};

/** Each primitive type and the ones it widens to without a cast (JLS 5.1.2), in a method call. */
const WIDENS_TO: Record<string, string[]> = {
  byte: ['short', 'int', 'long', 'float', 'double'],
  short: ['int', 'long', 'float', 'double'],
  char: ['int', 'long', 'float', 'double'],
  int: ['long', 'float', 'double'],
  long: ['float', 'double'],
  float: ['double'],
  double: [],
  boolean: [],
};

/** The boxed class of each primitive type. */
const BOXES: Record<string, string> = {
  Byte: 'byte', Short: 'short', Character: 'char', Integer: 'int', Long: 'long', Float: 'float', Double: 'double', Boolean: 'boolean',
};

const isPrimitive = (type: string) => Object.hasOwn(WIDENS_TO, type);
const isText = (type: string) => type === 'String' || type === 'CharSequence';

/**
 * Java's rules for an argument of a known type and a parameter (LanguageSpec.argumentFit), as far
 * as the simple names tell them: a primitive widens to a wider primitive and boxes to its own
 * class; a boxed value unboxes; no primitive or boxed value is text, nor text a number. Any other
 * pair of class names may be a subtype and its supertype.
 */
function argumentFit(argument: string, parameter: string): ArgumentFit {
  const written = simplifyType(parameter);
  if (argument === written) return 'same';
  const value = isPrimitive(argument) ? argument : BOXES[argument];
  if (isPrimitive(written)) return value !== undefined && (value === written || WIDENS_TO[value].includes(written)) ? 'may' : 'never';
  if (value !== undefined) return isText(written) || (BOXES[written] !== undefined && BOXES[written] !== value) ? 'never' : 'may';
  return isText(argument) && BOXES[written] !== undefined ? 'never' : 'may';
}

/** The type a Java argument's syntax tells: a literal's, or the class `new` creates. */
function argumentType(argument: SyntaxNode): string {
  switch (argument.type) {
    case 'string_literal': case 'text_block':
      return 'String';
    case 'character_literal':
      return 'char';
    case 'decimal_integer_literal': case 'hex_integer_literal': case 'octal_integer_literal': case 'binary_integer_literal':
      return /[lL]$/.test(argument.text) ? 'long' : 'int';
    case 'decimal_floating_point_literal': case 'hex_floating_point_literal':
      return /[fF]$/.test(argument.text) ? 'float' : 'double';
    case 'true': case 'false':
      return 'boolean';
    case 'object_creation_expression': {
      const type = argument.childForFieldName('type');
      return type && !argument.namedChildren.some((child) => child.type === 'class_body') ? simplifyType(type.text) : '';
    }
    default:
      return '';
  }
}

/** A qualified type name: `Util`, `java.util.Objects` (lower-case package parts, then a capitalised type). */
const qualifiedType = /^(?:[a-z_][\w$]*\.)*([A-Z][\w$]*)$/;

/** What `object` in `object.f()` says about the type the call is made on. */
function receiverOf(object: SyntaxNode | null): Receiver | undefined {
  if (!object) return { kind: 'self' };
  switch (object.type) {
    case 'this':
      return { kind: 'self' };
    case 'super':
      return { kind: 'super' };
    case 'identifier':
      return { kind: 'name', name: object.text };
    case 'method_invocation':
      return { kind: 'call', call: object };
    case 'field_access': {
      if (object.childForFieldName('object')?.type === 'this') {
        const field = object.childForFieldName('field');
        return field ? { kind: 'field', name: field.text } : undefined;
      }
      const type = qualifiedType.exec(object.text.replace(/\s+/g, ''));
      return type ? { kind: 'type', name: type[1] } : undefined;
    }
    case 'object_creation_expression': {
      const type = object.childForFieldName('type');
      return type && !object.namedChildren.some((child) => child.type === 'class_body') ? typeReceiver(type) : undefined;
    }
    case 'parenthesized_expression': {
      const inner = object.namedChildren[0];
      if (inner?.type === 'cast_expression') {
        const type = inner.childForFieldName('type');
        return type ? typeReceiver(type) : undefined;
      }
      return inner ? receiverOf(inner) : undefined;
    }
    default:
      return undefined;
  }
}

/** A receiver of the type written (`new Foo()`, `(Foo) x`), with the type it is written nested in (`new Request.Builder()`: Request). */
function typeReceiver(type: SyntaxNode): Receiver {
  const qualifier = writtenQualifier(type.text);
  return { kind: 'type', name: simplifyType(type.text), ...(qualifier && { qualifier }) };
}

/** The simple type of a declaration with a `type` field; `var x = new Foo()` is a Foo; other `var`s are unknown (''). */
function writtenType(type: SyntaxNode | null, declarator: SyntaxNode): string {
  if (!type) return '';
  const text = type.text;
  if (text === 'var') {
    const value = declarator.childForFieldName('value');
    const created = value?.type === 'object_creation_expression' ? value.childForFieldName('type') : null;
    return created ? simplifyType(created.text) : '';
  }
  return simplifyType(text);
}

/** `T a, b = new T()` of a local variable, field or constant declaration. */
function declarators(node: SyntaxNode): Array<[string, string]> {
  const type = node.childForFieldName('type');
  return node.childrenForFieldName('declarator').map((declarator) => [
    declarator.childForFieldName('name')?.text ?? '',
    writtenType(type, declarator),
  ]);
}

/** `T x` of a parameter (method, lambda, record component), enhanced for, resource. */
function named(node: SyntaxNode): Array<[string, string]> {
  const name = node.childForFieldName('name');
  return name ? [[name.text, writtenType(node.childForFieldName('type'), node)]] : [];
}

/** Where Java declares typed names: the declarations the receiver of `x.f()` or `this.x.f()` is looked up in. */
const typedNames: LanguageSpec['typedNames'] = {
  local_variable_declaration: declarators,
  field_declaration: declarators,
  constant_declaration: declarators,
  formal_parameter: named,
  enhanced_for_statement: named,
  resource: named,
  catch_formal_parameter: (node) => {
    const name = node.childForFieldName('name');
    const type = node.namedChildren.find((child) => child.type === 'catch_type');
    return name ? [[name.text, type && type.namedChildren.length === 1 ? simplifyType(type.text) : '']] : [];
  },
  spread_parameter: (node) => {
    const declarator = node.namedChildren.find((child) => child.type === 'variable_declarator');
    const name = declarator?.childForFieldName('name')?.text;
    return name ? [[name, '']] : [];
  },
  // A constant of an enum is of the enum's type.
  enum_constant: (node, enclosing) => {
    const name = node.childForFieldName('name')?.text;
    return name ? [[name, enclosing.name]] : [];
  },
};

/** A type without its annotations, generic arguments and spaces: `@A java.util.List<String>` → `java.util.List`. */
/**
 * A type as written less its annotations (`@NonNull String`, `@Size(max = 3) int[]`). An
 * annotation's arguments follow its name at once: Kotlin's `@Composable () -> Unit` is a function
 * type, not `@Composable()` and an arrow.
 */
export const withoutAnnotations = (written: string) => written.replace(/@[^\s(]+(\([^)]*\))?/g, '');

function bareType(written: string): string {
  let depth = 0;
  let out = '';
  // Kotlin's function types are written with an arrow, whose `>` closes nothing (`(index: Int) -> TypeName`)
  for (const part of withoutAnnotations(written).split(/(->|[<>])/)) {
    if (part === '<') depth++;
    else if (part === '>') depth--;
    else if (depth === 0) out += part;
  }
  return out.replace(/\s+/g, '');
}

/** `@A java.util.List<String>` → `List`, each name of a function type unqualified (`(a.Foo) -> b.Bar` → `(Foo)->Bar`), a global one too (C++'s `::std::string`, written `.std.string`); `int[]` stays; `T...` (varargs) is written as `T[]` by the caller. */
export function simplifyType(written: string): string {
  return bareType(written).replace(/(?<![\w$.])\.?(?:[A-Za-z_$][\w$]*\.)+(?=[A-Za-z_$])/g, '');
}

/**
 * `@A java.util.Map<String, com.x.Foo>` → `Map<String,Foo>`: generic arguments kept, every name
 * unqualified; a wildcard keeps its words apart (`List<? extends a.b.C>` → `List<? extends C>`).
 * Qualifiers go before the spaces do: with the spaces gone first, `? extends a.b.C` would read as
 * one name `extendsa.b.C` and lose its `extends`.
 */
export function parameterType(written: string): string {
  return written
    .replace(/@[^\s(]+(\s*\([^)]*\))?/g, '')
    .replace(/(?<![\w$])[A-Za-z_$][\w$]*\s*\.(?!\.)\s*/g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([<>,[\]]) ?/g, '$1')
    .trim();
}

function javaParameters(list: SyntaxNode): Parameters {
  const names: string[] = [];
  const types: string[] = [];
  for (const parameter of list.namedChildren) {
    if (parameter.type === 'formal_parameter') {
      const dimensions = parameter.childForFieldName('dimensions')?.text ?? '';
      names.push(parameter.childForFieldName('name')?.text ?? '');
      types.push(parameterType((parameter.childForFieldName('type')?.text ?? '') + dimensions));
    } else if (parameter.type === 'spread_parameter') {
      const declarator = parameter.namedChildren.find((child) => child.type === 'variable_declarator');
      const type = parameter.namedChildren.find((child) => child.type !== 'modifiers' && child.type !== 'variable_declarator');
      names.push(declarator?.childForFieldName('name')?.text ?? '');
      types.push(parameterType(type?.text ?? '') + '[]');
    }
  }
  return { names, types, signatureTypes: types.map(simplifyType) };
}

function returnType(declaration: Declaration): string {
  const type = declaration.node.childForFieldName('type');
  if (!type) return '';
  const dimensions = declaration.node.childForFieldName('dimensions')?.text ?? '';
  return (type.text + dimensions).replace(/\s+/g, ' ');
}

/** The types written in `extends` and `implements`. */
function supertypeNodes(declaration: Declaration): SyntaxNode[] {
  if (!typeKinds.has(declaration.kind)) return [];
  const types: SyntaxNode[] = [];
  for (const child of declaration.node.namedChildren) {
    if (child.type === 'superclass' || child.type === 'super_interfaces' || child.type === 'extends_interfaces') {
      const list = child.type === 'superclass' ? child : child.namedChildren.find((c) => c.type === 'type_list');
      types.push(...(list?.namedChildren ?? []));
    }
  }
  return types;
}

/** Simple names from `extends` and `implements`, generic arguments removed. */
function supertypes(declaration: Declaration): string[] {
  return supertypeNodes(declaration).map((type) => simplifyType(type.text));
}

/**
 * The name written before a type's own (`Base.Builder<B>`: `Base`; `a.b.C`: `b`, a package, which
 * names no type and so narrows nothing), '' where there is none.
 */
const writtenQualifier = (written: string) => bareType(written).split('.').at(-2) ?? '';

/** The name before each supertype's own (writtenQualifier). */
function supertypeQualifiers(declaration: Declaration): string[] {
  return supertypeNodes(declaration).map((type) => writtenQualifier(type.text));
}

function modifiers(node: SyntaxNode): Set<string> {
  const found = new Set<string>();
  const list = node.namedChildren.find((child) => child.type === 'modifiers');
  for (const child of list?.children ?? []) if (!child.isNamed) found.add(child.type);
  return found;
}

function stereotypes({ declaration, parameters, body, parent }: DeclarationFacts): Stereotype[] {
  if (typeKinds.has(declaration.kind)) return [];
  const found: Stereotype[] = [];
  const mods = modifiers(declaration.node);
  if (parent && typeKinds.has(parent.kind)) found.push('type-member');
  if (declaration.kind === 'constructor') found.push('constructor');
  const inInterface = parent?.kind === 'interface' || parent?.kind === 'annotation';
  if (!body && (mods.has('abstract') || (inInterface && !mods.has('default') && !mods.has('static')))) found.push('abstract');
  if (body) found.push('has-body');
  if (mods.has('static')) found.push('static');
  if (mods.has('private')) found.push('file-private');
  if (declaration.node.childForFieldName('parameters')?.namedChildren.at(-1)?.type === 'spread_parameter') found.push('variadic');
  if (body && isAccessor(body, parameters)) found.push('field-accessor');
  if (body && isMutator(body, parameters)) found.push('field-mutator');
  return found;
}

/** The only statement of a block, ignoring comments. */
function onlyStatement(body: SyntaxNode): SyntaxNode | undefined {
  const statements = body.namedChildren.filter((child) => !child.type.endsWith('comment'));
  return statements.length === 1 ? statements[0] : undefined;
}

/** `f` or `this.f`: the field's name, or undefined. */
function fieldName(node: SyntaxNode | null | undefined): string | undefined {
  if (node?.type === 'identifier') return node.text;
  if (node?.type === 'field_access' && node.childForFieldName('object')?.type === 'this') return node.childForFieldName('field')?.text;
  return undefined;
}

/** `{ return f; }` or `{ return this.f; }` with no parameters. */
function isAccessor(body: SyntaxNode, parameters: Parameters): boolean {
  const statement = onlyStatement(body);
  return parameters.names.length === 0 && statement?.type === 'return_statement' && fieldName(statement.namedChildren[0]) !== undefined;
}

/** `{ this.f = x; }` or `{ f = x; }` where x is the only parameter. */
function isMutator(body: SyntaxNode, parameters: Parameters): boolean {
  const statement = onlyStatement(body);
  const assignment = statement?.type === 'expression_statement' ? statement.namedChildren[0] : undefined;
  if (parameters.names.length !== 1 || assignment?.type !== 'assignment_expression') return false;
  const field = fieldName(assignment.childForFieldName('left'));
  const value = assignment.childForFieldName('right');
  return field !== undefined && value?.type === 'identifier' && value.text === parameters.names[0];
}

/** `my.calc.` for `package my.calc;`, '' in the default package. */
function namespace(root: SyntaxNode): string {
  const declaration = root.namedChildren.find((child) => child.type === 'package_declaration');
  const name = declaration?.namedChildren.find((child) => child.type === 'scoped_identifier' || child.type === 'identifier');
  return name ? `${name.text.replace(/\s+/g, '')}.` : '';
}

export const java: LanguageSpec = {
  id: 'java',
  grammar: { package: 'tree-sitter-java', wasm: 'tree-sitter-java.wasm' },
  declarations: {
    class_declaration: typeRule('class'),
    interface_declaration: typeRule('interface'),
    enum_declaration: typeRule('enum'),
    record_declaration: typeRule('record'),
    annotation_type_declaration: typeRule('annotation'),
    method_declaration: methodRule('method', ['parameters']),
    constructor_declaration: methodRule('constructor', ['parameters']),
    compact_constructor_declaration: methodRule('constructor'),
  },
  calls: { method_invocation: methodInvocation },
  comments: ['line_comment', 'block_comment'],
  atomicTokens: ['string_literal', 'text_block', 'character_literal'],
  opaque: ['object_creation_expression', 'enum_constant', 'lambda_expression'],
  namespace,
  parameters: javaParameters,
  returnType,
  supertypes,
  supertypeQualifiers,
  typedNames,
  argumentFit,
  isTypeName: isCapitalisedTypeName,
  stereotypes,
  rootTypes: ['Object'],
};
