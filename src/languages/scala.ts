/**
 * Scala (2 and 3, braces or indentation): classes (case classes too), traits, objects (package
 * objects and Scala 3 `given … with` instances too, told as Object), Scala 3 enums, their methods
 * and auxiliary constructors (`def this(…)`), and functions: a `def` outside a type (Scala 3's
 * top-level defs, a def local to another). There is no
 * file node (as in Java and Kotlin): top-level types and functions carry the package as namespace,
 * every package clause of the file counted (`package a.b` then `package c` is `a.b.c`, a
 * `package a { … }` block around its own). `val`s and `var`s are no elements (fields in Java are
 * none either), nor the primary constructor: its parameters, the class parameters, are names the
 * class's members see (call receivers), its body is the class's. Signatures are `name(T1,T2)` of
 * every parameter list (`def f(a: Int)(implicit b: Ctx)` is `f(Int,Ctx)` on the JVM), each type
 * erased as the JVM has it (`List[Int]` → `List`, `=> Int` → `Function0`, `Int*` → `Seq`).
 *
 * A companion object (`object Foo` beside `class Foo` or `trait Foo`) holds its class's statics:
 * they are marked 'static', and called on the name both share (`Foo.create()`). A Scala 3
 * `extension (s: String) def shout` is a function (or a method of its object) marked 'extension':
 * its receiver is no parameter, but heads its identity (`String.shout()`), as in Kotlin.
 *
 * Calls say what they are made on where the syntax does: `f(x)`, `f` alone as a statement or value
 * and `this.f` the own type (else a function); `super.f()` the supertype; `Foo.f()` Foo exactly
 * (an object, or a companion); `x.f()`, `x.f` and `x f y` the type x is declared with (`x: Foo`,
 * `val x = new Foo(…)`, `val x = Foo(…)`, a class parameter); `new Foo(…)` a constructor of Foo.
 * Arguments tell their types where the syntax does (literals, `new Foo`, typed names): among
 * overloads, the one taking that type answers.
 */
import type { ArgumentFit, CstNode, Stereotype } from '../core/cst';
import { isCapitalisedTypeName, isTypeParameter, type TypeParameterScopes } from './receivers';
import { UNKNOWN_TYPE } from './spec';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters, Receiver, TypedName } from './spec';
import type { SyntaxNode } from './treesitter';
import { declaredAliases } from './type-aliases';

const typeKinds = new Set(['class', 'trait', 'object', 'enum']);
const typeNodes = new Set(['class_definition', 'trait_definition', 'object_definition', 'enum_definition', 'package_object', 'given_definition']);
const typeBodies = new Set(['template_body', 'enum_body', 'with_template_body']);

/**
 * A class, trait, object or enum: kind by its node type, name in its `name` field. An object is
 * told as one (`Rename Object`, `… from object a.Diff`): a class and its companion object share
 * their name, and a method moved from one to the other reads as a move between the two.
 */
const typeRule = (kind: string, noun = 'Class'): DeclarationRule => ({
  kind, noun, bodyField: 'body', scopedTypeParametersTypes: ['type_parameters'], signature: 'name',
});

/**
 * A Scala 3 `given … with` instance, which has members: an object (as Scala 2's `implicit object`),
 * named by its name, or as the compiler names an anonymous one (`given Ordering[String] with`:
 * `given_Ordering_String`). A given bound to a value (`given ctx: Ctx = Ctx()`) is a val: no element.
 */
const givenRule: DeclarationRule = {
  ...typeRule('object', 'Object'),
  resolve(node) {
    if (node.childForFieldName('body')?.type !== 'with_template_body') return undefined;
    const nameNode = node.childForFieldName('name') ?? node.childForFieldName('return_type');
    if (!nameNode) return undefined;
    const name = nameNode.type === 'identifier' ? nameNode.text : `given_${nameNode.text.replace(/[^\w$]+/g, '_').replace(/_+$/, '')}`;
    return { kind: 'object', noun: 'Object', name, nameNode, fn: node, node };
  },
};

/** The type a declaration is a member of: directly in its body, or in an `extension` there. */
function enclosingType(node: SyntaxNode): SyntaxNode | undefined {
  let up = node.parent;
  if (up?.type === 'extension_definition') up = up.parent;
  if (!up || !typeBodies.has(up.type)) return undefined;
  return up.parent && typeNodes.has(up.parent.type) ? up.parent : undefined;
}

/** `def f` in a type is a Method, elsewhere a Function; `def this(…)` is a constructor named after its class. */
const defRule: DeclarationRule = {
  kind: 'function', noun: 'Function', parametersTypes: ['parameters'], bodyField: 'body', scopedTypeParametersTypes: ['type_parameters'], signature: 'name-and-types',
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return undefined;
    const type = enclosingType(node);
    if (nameNode.text === 'this') {
      const name = type?.childForFieldName('name')?.text;
      return name ? { kind: 'constructor', noun: 'Method', name, nameNode, fn: node, node } : undefined;
    }
    return type
      ? { kind: 'method', noun: 'Method', name: nameNode.text, nameNode, fn: node, node }
      : { kind: 'function', noun: 'Function', name: nameNode.text, nameNode, fn: node, node };
  },
};

/** A type as the parameters show it: qualifiers and spaces out (`scala.collection.Seq[a.B]` → `Seq[B]`, `=> Int` → `=>Int`). */
function writtenType(type: SyntaxNode | null): string {
  if (!type) return '';
  return type.text.replace(/\b[A-Za-z_]\w*\.(?!\.)/g, '').replace(/\s+/g, '');
}

/** The simple name of a (possibly qualified, generic, annotated) type: `a.b.Foo[T]` → Foo. */
function simpleName(type: SyntaxNode | null | undefined): string {
  switch (type?.type) {
    case 'type_identifier': case 'identifier':
      return type.text;
    case 'stable_type_identifier': case 'stable_identifier': case 'projected_type':
      return simpleName(type.lastNamedChild);
    case 'generic_type':
      return simpleName(type.childForFieldName('type'));
    case 'annotated_type':
      return simpleName(type.namedChildren.find((child) => child.type !== 'annotation'));
    default:
      return type?.text.replace(/\s+/g, '') ?? '';
  }
}

/**
 * A parameter type as the JVM erases it, for the identity: generic arguments out (`List[Int]` →
 * `List`), a by-name `=> T` is a `Function0`, a function type `(A, B) => C` a `Function2`, a tuple
 * `(A, B)` a `Tuple2`, a repeated `T*` a `Seq`.
 */
function erasedType(type: SyntaxNode | null): string {
  switch (type?.type) {
    case undefined:
      return '';
    case 'lazy_parameter_type':
      return 'Function0';
    case 'repeated_parameter_type':
      return 'Seq';
    case 'function_type': {
      const list = type.childForFieldName('parameter_types');
      return `Function${list ? list.namedChildren.filter((child) => !child.type.includes('comment')).length : 1}`;
    }
    case 'tuple_type':
      return `Tuple${type.namedChildren.length}`;
    case 'compound_type': case 'infix_type':
      return erasedType(type.firstNamedChild);
    default:
      return simpleName(type);
  }
}

/**
 * Every parameter list of a def (`(a: Int)(implicit b: Ctx)`, `(using c: Ctx)`), as one list. A
 * call writes the first list's arguments only (`of(n, ls)` for `def of(name: String, labels:
 * List[String])(using conf: Configuration)`; the using list is filled in, and `f(a)(b)` is read as
 * the call `f(a)`): so it takes that many, not one for each parameter of every list.
 */
function parameters(first: SyntaxNode): Parameters {
  const names: string[] = [];
  const types: string[] = [];
  const signatureTypes: string[] = [];
  const lists = first.parent ? first.parent.namedChildren.filter((child) => child.type === 'parameters') : [first];
  let calledWith: number | undefined;
  for (const list of lists) {
    for (const parameter of list.namedChildren) {
      if (parameter.type !== 'parameter') continue;
      const type = parameter.childForFieldName('type');
      names.push(parameter.childForFieldName('name')?.text ?? '');
      types.push(writtenType(type));
      signatureTypes.push(erasedType(type));
    }
    calledWith ??= names.length;
  }
  return { names, types, signatureTypes, ...(calledWith !== undefined && { calledWith }) };
}

function returnType(declaration: Declaration): string {
  if (typeKinds.has(declaration.kind)) return '';
  return declaration.node.childForFieldName('return_type')?.text.replace(/\s+/g, ' ') ?? '';
}

/** The types a type's declaration names as its supertypes, those with a name (`extends A[Int](x) with B with C`: A, B, C). */
function supertypeNodes(declaration: Declaration): SyntaxNode[] {
  if (!typeKinds.has(declaration.kind)) return [];
  if (declaration.node.type === 'given_definition') {
    const type = declaration.node.childForFieldName('return_type');
    return type && simpleName(type) ? [type] : [];
  }
  const clause = declaration.node.childForFieldName('extend');
  if (!clause) return [];
  const types: SyntaxNode[] = [];
  for (let i = 0; i < clause.childCount; i++) {
    const type = clause.child(i);
    if (type?.isNamed && clause.fieldNameForChild(i) === 'type' && simpleName(type)) types.push(type);
  }
  return types;
}

/** `extends A[Int](x) with B with C`: A, B, C. */
function supertypes(declaration: Declaration): string[] {
  return supertypeNodes(declaration).map(simpleName);
}

/**
 * The name a type is written as nested in (`Visitor.Delegate[Any, T]`: `Visitor`; `core.Parser`:
 * `core`, a package, which names no type and so narrows nothing), '' where there is none.
 */
function qualifierOf(type: SyntaxNode | null | undefined): string {
  switch (type?.type) {
    case 'stable_type_identifier': case 'projected_type': {
      const parts = type.namedChildren.filter((child) => !child.type.includes('comment'));
      return parts.length > 1 ? simpleName(parts.at(-2)) : '';
    }
    case 'generic_type':
      return qualifierOf(type.childForFieldName('type'));
    case 'annotated_type':
      return qualifierOf(type.namedChildren.find((child) => child.type !== 'annotation'));
    default:
      return '';
  }
}

/**
 * For each supertype, the type it is written as nested in: upickle's `class Delegate extends
 * Visitor.Delegate[T, V]` nested in `object Reader` extends the `Delegate` of `Visitor`, not a
 * namesake nested in another object of the same file.
 */
function supertypeQualifiers(declaration: Declaration): string[] {
  return supertypeNodes(declaration).map(qualifierOf);
}

/** The words of a definition's modifiers (`abstract`, `override`, `implicit`, `case` is no modifier). */
function modifiers(node: SyntaxNode): Set<string> {
  const list = node.namedChildren.find((child) => child.type === 'modifiers');
  return new Set(list ? list.text.split(/\s+/) : []);
}

/** An object beside a class or trait of its name: its companion. */
function isCompanion(object: SyntaxNode): boolean {
  if (object.type !== 'object_definition') return false;
  const name = object.childForFieldName('name')?.text;
  return !!name && !!object.parent?.namedChildren.some((sibling) =>
    (sibling.type === 'class_definition' || sibling.type === 'trait_definition') && sibling.childForFieldName('name')?.text === name);
}

function stereotypes({ declaration, parameters, body, parent }: DeclarationFacts): Stereotype[] {
  if (typeKinds.has(declaration.kind)) return [];
  const found: Stereotype[] = [];
  const inType = parent !== undefined && typeKinds.has(parent.kind);
  if (inType) found.push('type-member');
  if (declaration.kind === 'constructor') found.push('constructor');
  if (!body && (inType || modifiers(declaration.node).has('abstract'))) found.push('abstract');
  if (body) found.push('has-body');
  if (lastParameterRepeated(declaration.node)) found.push('variadic');
  if (parent && isCompanion(parent.node)) found.push('static');
  if (declaration.node.parent?.type === 'extension_definition') found.push('extension');
  return found;
}

/**
 * An extension method's receiver heads its identity, as a Kotlin extension's does (`String.shout()`,
 * shown `(String).shout()`): `extension (s: String) def shout` and `extension (i: Int) def shout`
 * are two functions, and a new receiver type is a signature change. The type is erased as a
 * parameter's is (`List[T]` → `List`).
 */
function regroup(nodes: CstNode[], root: SyntaxNode): CstNode[] {
  for (const node of nodes) {
    if (!node.stereotypes.includes('extension')) continue;
    let def: SyntaxNode | null = root.descendantForIndex(node.nameLocation.begin, node.nameLocation.end);
    while (def && def.parent?.type !== 'extension_definition') def = def.parent;
    const clause = def?.parent?.namedChildren.find((child) => child.type === 'parameters');
    const receiver = clause?.namedChildren.find((child) => child.type === 'parameter');
    const type = receiver ? erasedType(receiver.childForFieldName('type')) : '';
    if (type) node.signature = `${type}.${node.signature}`;
  }
  return nodes;
}

/** A parameter list ends with a repeated parameter (`xs: Int*`). */
function lastParameterRepeated(node: SyntaxNode): boolean {
  return node.namedChildren.some((list) => list.type === 'parameters' &&
    list.namedChildren.filter((child) => child.type === 'parameter').at(-1)?.childForFieldName('type')?.type === 'repeated_parameter_type');
}

/** `f` → f; `a.b.f` → f; `f[T]` → f; a curried call's inner call (`f(a)(b)`) is the call of f, the outer one none. */
function calleeName(callee: SyntaxNode): string | undefined {
  switch (callee.type) {
    case 'identifier':
      return callee.text === 'this' || callee.text === 'super' ? undefined : callee.text;
    case 'field_expression':
      return callee.childForFieldName('field')?.text;
    case 'generic_function': {
      const fn = callee.childForFieldName('function');
      return fn ? calleeName(fn) : undefined;
    }
    default:
      return undefined;
  }
}

/** `f(…)`, `this.f(…)`: the own type, else a function. */
const ownReceiver: Receiver = { kind: 'self', orFunction: true };

/** What a callee says its call is made on: `f`, `x.f`, `this.f`, `super.f`, `Foo.f`, `new Foo().f`, `Foo(…).f`. */
function calleeReceiver(callee: SyntaxNode | null): Receiver | undefined {
  switch (callee?.type) {
    case 'identifier':
      return ownReceiver;
    case 'generic_function':
      return calleeReceiver(callee.childForFieldName('function'));
    case 'field_expression':
      return objectReceiver(callee.childForFieldName('value'));
    default:
      return undefined;
  }
}

/** What the object of `object.f` says about its type. */
function objectReceiver(object: SyntaxNode | null): Receiver | undefined {
  switch (object?.type) {
    case 'identifier':
      if (object.text === 'this') return ownReceiver;
      if (object.text === 'super') return { kind: 'super' };
      return { kind: 'name', name: object.text };
    case 'field_expression': {
      const value = object.childForFieldName('value');
      const field = object.childForFieldName('field');
      return value?.type === 'identifier' && value.text === 'this' && field ? { kind: 'field', name: field.text } : undefined;
    }
    case 'instance_expression': {
      const name = simpleName(object.firstNamedChild);
      return name && object.firstNamedChild?.type !== 'template_body' ? { kind: 'type', name } : undefined;
    }
    case 'call_expression': { // `Foo(…).f`: a case class's apply, a new Foo
      const fn = object.childForFieldName('function');
      return fn?.type === 'identifier' && isCapitalisedTypeName(fn.text) ? { kind: 'type', name: fn.text } : undefined;
    }
    case 'parenthesized_expression':
      return objectReceiver(object.firstNamedChild);
    default:
      return undefined;
  }
}

/** The type an argument's syntax tells: a literal's, or the class `new` creates; '' when it tells none. */
function argumentType(argument: SyntaxNode): string {
  switch (argument.type) {
    case 'string': case 'interpolated_string_expression':
      return 'String';
    case 'character_literal':
      return 'Char';
    case 'integer_literal':
      return /[lL]$/.test(argument.text) ? 'Long' : 'Int';
    case 'floating_point_literal':
      return /[fF]$/.test(argument.text) ? 'Float' : 'Double';
    case 'boolean_literal':
      return 'Boolean';
    case 'instance_expression':
      return argument.firstNamedChild?.type === 'template_body' ? '' : simpleName(argument.firstNamedChild);
    default:
      return '';
  }
}

/**
 * How an argument of a known type meets a parameter (LanguageSpec.argumentFit): the parameter's
 * simple type, generic arguments aside, is the same type; any other may take it, through a
 * subtype, a numeric widening or an implicit conversion (`os.Path` from a String), which the names
 * cannot rule out. So among overloads the one taking the argument's type answers.
 */
function argumentFit(argument: string, parameter: string): ArgumentFit {
  return argument === parameter.replace(/\[.*$/, '') ? 'same' : 'may';
}

const callExpression: CallRule = {
  functionField: 'function', argumentsField: 'arguments', argumentsType: 'arguments', calleeName,
  receiver: (call) => calleeReceiver(call.childForFieldName('function')),
  argumentType,
  argumentName: (argument) => (argument.type === 'identifier' ? argument.text : undefined),
};

/** `new Foo(…)`, `new a.Foo[T](…)`: a call of Foo's constructor; an anonymous class's body names none. */
const instanceExpression: CallRule = {
  argumentsField: 'arguments', argumentsType: 'arguments',
  calleeName: (type) => (type.type === 'template_body' ? undefined : simpleName(type) || undefined),
};

/** Where a field expression is no call of its own: the callee of a call (counted there), a name assigned to. */
function accessOnly(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'call_expression' || parent.type === 'generic_function') return parent.childForFieldName('function')?.id === node.id;
  if (parent.type === 'assignment_expression') return parent.childForFieldName('left')?.id === node.id;
  return false;
}

/** `this.x` where x is a class parameter, `val` or `var` of the code around it: a value read. */
function ownValue(field: SyntaxNode): boolean {
  const value = field.parent?.childForFieldName('value');
  return value?.type === 'identifier' && value.text === 'this' && declaredAround(field);
}

/** `x.f` without parentheses: a parameterless method called (or a field read: no callable answers then). `Foo.Bar`, a type or an object, is none. */
const fieldExpression: CallRule = {
  functionField: 'field', argumentsType: 'arguments',
  calleeName: (field) => (field.type !== 'identifier' || isCapitalisedTypeName(field.text) || accessOnly(field.parent!) || ownValue(field) ? undefined : field.text),
  receiver: (node) => objectReceiver(node.childForFieldName('value')),
};

/** Where a name alone is an expression's value, not a part of one: a statement, a def's or val's body, a returned value. */
const valuePositions = new Set(['block', 'indented_block', 'template_body', 'function_definition', 'val_definition', 'var_definition', 'return_expression']);

/** The names a node declares for the code in it: a def's, lambda's or class's parameters, a block's `val`s and `var`s. */
function declaredIn(node: SyntaxNode): string[] {
  switch (node.type) {
    case 'function_definition': case 'class_definition':
      return node.namedChildren.filter((child) => child.type === 'parameters' || child.type === 'class_parameters')
        .flatMap((list) => list.namedChildren.map((parameter) => parameter.childForFieldName('name')?.text ?? ''));
    case 'lambda_expression': {
      const list = node.childForFieldName('parameters');
      return list ? (list.type === 'identifier' ? [list.text] : list.descendantsOfType('identifier').map((id) => id.text)) : [];
    }
    case 'block': case 'indented_block': case 'template_body':
      return node.namedChildren.filter((child) => child.type === 'val_definition' || child.type === 'var_definition')
        .map((child) => child.childForFieldName('pattern')).filter((pattern) => pattern?.type === 'identifier').map((pattern) => pattern!.text);
    default:
      return [];
  }
}

/** Whether a name is a parameter, `val` or `var` of the code around it: read, not called. */
function declaredAround(name: SyntaxNode): boolean {
  for (let up = name.parent; up; up = up.parent) if (declaredIn(up).includes(name.text)) return true;
  return false;
}

/** `f` alone as a statement or value (`def total = sum`, `sum` on its own line): a parameterless def of the own type called, or a local read. */
const bareName: CallRule = {
  argumentsType: 'arguments',
  calleeName(name) {
    const parent = name.parent;
    if (!parent || !valuePositions.has(parent.type) || /^[A-Z]/.test(name.text) || name.text === 'this' || name.text === 'super') return undefined;
    if (parent.type === 'function_definition' || parent.type === 'val_definition' || parent.type === 'var_definition') {
      const field = parent.type === 'function_definition' ? 'body' : 'value';
      if (parent.childForFieldName(field)?.id !== name.id) return undefined;
    }
    return declaredAround(name) ? undefined : name.text;
  },
  receiver: () => ownReceiver,
};

/** `xs foreach f`, `a max b`: a method of the left operand called with the right; `a + b` (a symbol) is taken for arithmetic. */
const infixExpression: CallRule = {
  functionField: 'operator', argumentsType: 'arguments',
  calleeName: (operator) => (operator.type === 'identifier' ? operator.text : undefined),
  receiver: (node) => objectReceiver(node.childForFieldName('left')),
};

/** The names a type parameter list declares: `T` of `[T <: Bound]`, `A` of `[+A]`. */
function typeParameterNames(list: SyntaxNode): string[] {
  return list.namedChildren.map((child) => (child.type === 'identifier' ? child.text : child.type.endsWith('type_parameter') ? child.childForFieldName('name')?.text ?? '' : ''))
    .filter((name) => name !== '');
}

/** The type parameters of the classes, traits and defs around a name (`[T, +U]`). */
const typeParameters: TypeParameterScopes = {
  holders: new Set(['class_definition', 'trait_definition', 'function_definition', 'function_declaration', 'enum_definition']),
  names: (holder) => {
    const list = holder.namedChildren.find((child) => child.type === 'type_parameters');
    return list ? typeParameterNames(list) : [];
  },
};

/** The simple name of a declared type (`a.Foo[Int]`: Foo); UNKNOWN_TYPE for a type parameter around it, which may stand for any type. */
function declaredTypeName(type: SyntaxNode): string {
  const name = simpleName(type);
  return !name || isTypeParameter(type, name, typeParameters) ? UNKNOWN_TYPE : name;
}

/** `x: Foo` of a parameter or class parameter. */
function typedParameter(node: SyntaxNode): TypedName[] {
  const name = node.childForFieldName('name');
  const type = node.childForFieldName('type');
  return name ? [[name.text, type ? declaredTypeName(type) : '']] : [];
}

/** `val x: Foo = …`, `val x = new Foo(…)`, `val x = Foo(…)`; else not told (''). */
function typedValue(node: SyntaxNode): TypedName[] {
  const pattern = node.childForFieldName('pattern');
  if (pattern?.type !== 'identifier') return [];
  const type = node.childForFieldName('type');
  if (type) return [[pattern.text, declaredTypeName(type)]];
  const value = node.childForFieldName('value');
  if (value?.type === 'instance_expression' && value.firstNamedChild?.type !== 'template_body') return [[pattern.text, simpleName(value.firstNamedChild)]];
  const fn = value?.type === 'call_expression' ? value.childForFieldName('function') : null;
  return [[pattern.text, fn?.type === 'identifier' && isCapitalisedTypeName(fn.text) ? fn.text : '']];
}

/**
 * Where Scala declares typed names, for the receiver of `x.f()` and `this.x.f()`: parameters,
 * class parameters (the class's fields), `val`s and `var`s.
 */
const typedNames: LanguageSpec['typedNames'] = {
  parameter: typedParameter,
  class_parameter: typedParameter,
  val_definition: typedValue,
  var_definition: typedValue,
};

/** The dotted name of a package clause (`a.b` of `package a.b`). */
/** A lambda's implicit parameter written with its type: `{ implicit tracer: Tracer[F] =>`, up to the type. */
const implicitTypedParameter = /\{\s*(implicit[ \t]+[A-Za-z_]\w*[ \t]*:)/g;

/**
 * The text as tree-sitter-scala reads it (LanguageSpec.prepare): a lambda whose implicit parameter
 * has a type, `usingTracer { implicit tracer: Tracer[F] => … }`, is no lambda to the grammar, and
 * the error nested every def after it in the def before (sttp's Otel4sTracingBackend: four `apply`
 * overloads, each read as local to the one above, and `usingTracer` local to the last). The
 * grammar reads the parameter in parentheses, without the `implicit` the lambda's parameter needs
 * for no element: `{ (tracer: Tracer[F])          =>`, every line keeping its length. The type ends
 * at the first `=>` outside brackets on its line; a line with no such end is left as it is.
 */
function implicitLambdas(text: string): string {
  if (!text.includes('implicit')) return text;
  let result = text;
  for (const match of text.matchAll(implicitTypedParameter)) {
    const start = match.index + match[0].length - match[1].length;
    let depth = 0;
    let end = -1;
    for (let i = match.index + match[0].length; i < text.length; i++) {
      const c = text[i];
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (c === '=' && text[i + 1] === '>' && depth === 0) {
        end = i;
        break;
      } else if (c === '\n' || c === '{' || c === '}' || c === '=' || c === ';' || c === '"' || depth < 0) break;
    }
    if (end < 0) continue;
    const parameter = `(${text.slice(start + 'implicit'.length, end).trim()})`;
    result = result.slice(0, start) + parameter.padEnd(end - start) + result.slice(end);
  }
  return result;
}

const packageName = (clause: SyntaxNode) => clause.childForFieldName('name')?.text.replace(/\s+/g, '') ?? '';

/**
 * `a.b.c.` for the node at `at`: the package clauses before it at the top of the file (`package
 * a.b` then `package c`: one package, a.b.c), and those of the `package x { … }` blocks around it.
 */
function namespace(root: SyntaxNode, _filePath: string, at: number): string {
  const names: string[] = [];
  let scope: SyntaxNode | null = root;
  while (scope) {
    let inner: SyntaxNode | null = null;
    for (const child of scope.namedChildren) {
      if (child.startIndex > at) break;
      if (child.type !== 'package_clause') continue;
      const body = child.childForFieldName('body');
      if (!body) names.push(packageName(child));
      else if (at >= body.startIndex && at < body.endIndex) {
        names.push(packageName(child));
        inner = body;
        break;
      }
    }
    scope = inner;
  }
  const name = names.filter((n) => n !== '').join('.');
  return name ? `${name}.` : '';
}

/** Where an alias is one other code is written with: the file, a package, an object; a class's or trait's type member is a member. */
const aliasHolders = new Set(['compilation_unit', 'package_clause', 'object_definition', 'package_object']);

/**
 * `type Old = New` of a file, a package or an object (a package object's, often marked
 * `@deprecated`): each name with the type it stands for (type-aliases.ts).
 */
const typeAliases = (root: SyntaxNode) =>
  declaredAliases(root, ['type_definition'], (alias) => {
    const holder = alias.parent?.type === 'template_body' || alias.parent?.type === 'indented_block' ? alias.parent.parent : alias.parent;
    return holder && aliasHolders.has(holder.type) ? { name: alias.childForFieldName('name'), typeParameters: alias.childForFieldName('type_parameters'), type: alias.childForFieldName('type') } : {};
  });

export const scala: LanguageSpec = {
  id: 'scala',
  grammar: { package: 'tree-sitter-scala', wasm: 'tree-sitter-scala.wasm' },
  prepare: implicitLambdas,
  declarations: {
    class_definition: typeRule('class'),
    trait_definition: typeRule('trait'),
    object_definition: typeRule('object', 'Object'),
    package_object: typeRule('object', 'Object'),
    given_definition: givenRule,
    enum_definition: typeRule('enum'),
    function_definition: defRule,
    function_declaration: defRule,
  },
  calls: {
    call_expression: callExpression,
    instance_expression: instanceExpression,
    field_expression: fieldExpression,
    infix_expression: infixExpression,
    identifier: bareName,
  },
  comments: ['comment', 'block_comment'],
  atomicTokens: ['string', 'interpolated_string_expression', 'character_literal'],
  // an anonymous class's members (`new Runnable { def run() = … }`) are no members of the type around it
  opaque: ['instance_expression'],
  // no `;` between statements: each one a block, a class body or an indented block holds ends where it
  // ends, and each `case` and each statement of its body (not its pattern or guard)
  statementEndLists: ['compilation_unit', 'template_body', 'with_template_body', 'enum_body', 'block', 'indented_block', 'case_block', 'indented_cases', 'case_clause'],
  namespace,
  parameters,
  returnType,
  supertypes,
  supertypeQualifiers,
  typedNames,
  isTypeName: isCapitalisedTypeName,
  argumentFit,
  stereotypes,
  regroup,
  typeAliases,
  rootTypes: ['AnyRef', 'Any', 'Object'],
};
