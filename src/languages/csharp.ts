/**
 * C#: classes, structs, interfaces, records and enums (nested too), their methods and
 * constructors. Properties, fields, events and local functions are not nodes: their code belongs
 * to the enclosing type or method. The namespace (file-scoped or block) is the top-level types'
 * `namespace`, as Java's package. Identifiers count type parameters and generic arguments, as C#
 * tells declarations apart by them: `Wrapper<,>`, `Send<>(IRequest<>,CancellationToken)`; reports
 * show them as written, unqualified (`Wrapper<TRequest,TResponse>`, `Send<T>(IRequest<T>,…)`).
 *
 * Calls say what they are made on where the syntax does: `M()` and `this.M()` the own type,
 * `base.M()` the base exactly, `Foo.M()` (a capitalised name nothing declares) the type Foo
 * exactly, `x.M()` and `x?.M()` the type x is declared with (a parameter, local, field or
 * property; `var x = new Foo()`); an untyped local is another object. Extension methods answer
 * calls on any object.
 */
import type { ArgumentFit, Stereotype } from '../core/cst';
import { parameterType, simplifyType } from './java';
import { declaredTypeName, isCapitalisedTypeName, simpleTypeName, type TypeParameterScopes } from './receivers';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters, Receiver, TypedName } from './spec';
import { UNKNOWN_TYPE } from './spec';
import type { SyntaxNode } from './treesitter';
import { comparableType } from './type-spelling';

/** `Wrapper<TResponse>` and `Wrapper<TRequest, TResponse>` (likewise `Send<T>(x)` and `Send(x)`) are two declarations side by side. */
const typeParametersTypes = ['type_parameter_list'];
const typeRule = (kind: string): DeclarationRule => ({ kind, noun: 'Class', bodyField: 'body', signature: 'name', typeParametersTypes });
const methodRule = (kind: string): DeclarationRule =>
  ({ kind, noun: 'Method', parametersFields: ['parameters'], bodyField: 'body', signature: 'name-and-types', typeParametersTypes });

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
    case 'conditional_access_expression': { // `a?.Foo()`
      const binding = callee.namedChildren.find((child) => child.type === 'member_binding_expression');
      return binding ? calleeName(binding) : undefined;
    }
    default:
      return undefined;
  }
}

const invocation: CallRule = {
  functionField: 'function', argumentsField: 'arguments', argumentsType: 'argument_list', calleeName,
  receiver: (call) => calleeReceiver(call.childForFieldName('function')),
  argumentType,
  argumentName: (argument) => {
    const value = positional(argument);
    return value?.type === 'identifier' ? value.text : undefined;
  },
};

/** The value of an argument passed by position (`f(x)`, `f(ref x)`); undefined for one passed by name (`f(name: x)`), which may sit anywhere. */
const positional = (argument: SyntaxNode): SyntaxNode | undefined =>
  argument.type === 'argument' && !argument.childForFieldName('name') ? argument.namedChildren[argument.namedChildren.length - 1] : undefined;

/** The type a C# argument's syntax tells: a literal's (by its suffix), or the class `new` creates. */
function argumentType(argument: SyntaxNode): string {
  const value = positional(argument);
  switch (value?.type) {
    case 'string_literal': case 'verbatim_string_literal': case 'raw_string_literal': case 'interpolated_string_expression':
      return 'string';
    case 'character_literal':
      return 'char';
    case 'boolean_literal':
      return 'bool';
    case 'integer_literal': {
      const suffix = /[uUlL]*$/.exec(value.text)![0].toLowerCase();
      return suffix === '' ? 'int' : suffix === 'u' ? 'uint' : suffix === 'l' ? 'long' : 'ulong';
    }
    case 'real_literal':
      return /[fF]$/.test(value.text) ? 'float' : /[mM]$/.test(value.text) ? 'decimal' : 'double';
    case 'object_creation_expression': {
      const type = value.childForFieldName('type');
      const name = type ? receiverType(type) : '';
      return name === UNKNOWN_TYPE || !type ? '' : writtenType(type.text);
    }
    default:
      return '';
  }
}

/** The built-in value types and the ones each converts to without a cast (C# spec, implicit numeric conversions). */
const CONVERTS_TO: Record<string, string[]> = {
  sbyte: ['short', 'int', 'long', 'float', 'double', 'decimal'],
  byte: ['short', 'ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  short: ['int', 'long', 'float', 'double', 'decimal'],
  ushort: ['int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  // an int constant converts to any integral type it fits in: a literal cannot be told from a variable here
  int: ['sbyte', 'byte', 'short', 'ushort', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  uint: ['long', 'ulong', 'float', 'double', 'decimal'],
  long: ['float', 'double', 'decimal'],
  ulong: ['float', 'double', 'decimal'],
  char: ['ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  float: ['double'],
  double: [],
  decimal: [],
  bool: [],
  string: [],
};

/** The .NET names of the built-in types, as C# keywords. */
const KEYWORDS: Record<string, string> = {
  SByte: 'sbyte', Byte: 'byte', Int16: 'short', UInt16: 'ushort', Int32: 'int', UInt32: 'uint', Int64: 'long', UInt64: 'ulong',
  Char: 'char', Single: 'float', Double: 'double', Decimal: 'decimal', Boolean: 'bool', String: 'string', Object: 'object',
};

const builtIn = (type: string) => (Object.hasOwn(KEYWORDS, type) ? KEYWORDS[type] : type);

/**
 * C#'s rules for an argument of a known type and a parameter (LanguageSpec.argumentFit), among the
 * built-in types only: a number converts to the wider ones, and to its nullable (`int?`); no
 * number is text or a bool. Any other type may convert (a subtype, a user-defined conversion).
 * An argument is of its parameter's type only with the same generic arguments, where the callee's
 * type parameters stand for any: `Func<Context, Task>` is no `Func<Context, Task<TResult>>` (Polly
 * has both overloads side by side; by the simple name `Func` a call reached both), but may
 * convert to it (a variant interface or delegate).
 */
function argumentFit(argument: string, parameter: string, typeParameters?: readonly string[]): ArgumentFit {
  const nullable = /\?$/.test(parameter);
  const written = builtIn(simpleTypeName(parameter));
  const given = builtIn(simpleTypeName(argument));
  if (given === written) return nullable ? 'may' : sameGenericArguments(argument, parameter, typeParameters ?? []) ? 'same' : 'may';
  if (!Object.hasOwn(CONVERTS_TO, given) || !Object.hasOwn(CONVERTS_TO, written)) return 'may';
  return CONVERTS_TO[given].includes(written) ? 'may' : 'never';
}

/** A type's words and symbols (`Func<Context,Task<T>>`: Func < Context , Task < T > >), built-in types by keyword. */
const typeTokens = (type: string) => (comparableCSharpType(type).match(/\w+|[^\w\s]/g) ?? []).map(builtIn);

/**
 * Whether `argument` is `parameter` written with each of `typeParameters` in it standing for a
 * type (the same one each time it is named): `Func<Context,Task<int>>` is `Func<Context,Task<T>>`
 * with T = int, but not `Func<Context,Task>`.
 */
function sameGenericArguments(argument: string, parameter: string, typeParameters: readonly string[]): boolean {
  const given = typeTokens(argument);
  const written = typeTokens(parameter);
  const bound = new Map<string, string>();
  const match = (i: number, j: number): boolean => {
    if (j === written.length) return i === given.length;
    const token = written[j];
    if (!typeParameters.includes(token)) return given[i] === token && match(i + 1, j + 1);
    // a type parameter stands for a whole type: a run of tokens balanced in brackets, at most up to the next `,` or closing one
    let depth = 0;
    for (let end = i; end < given.length; end++) {
      const symbol = given[end];
      if (symbol === '<' || symbol === '(' || symbol === '[') depth++;
      else if (symbol === '>' || symbol === ')' || symbol === ']') depth--;
      if (depth < 0 || (depth === 0 && symbol === ',')) break;
      if (depth > 0) continue;
      const type = given.slice(i, end + 1).join(' ');
      const before = bound.get(token);
      if (before !== undefined && before !== type) continue;
      bound.set(token, type);
      if (match(end + 1, j + 1)) return true;
      if (before === undefined) bound.delete(token);
    }
    return false;
  };
  return match(0, 0);
}

/** What a callee says its call is made on: `M`, `x.M`, `x?.M`, `this.M`, `base.M`, `Foo<T>.M`, `new Foo().M`. */
function calleeReceiver(callee: SyntaxNode | null): Receiver | undefined {
  switch (callee?.type) {
    case 'identifier': case 'generic_name':
      return { kind: 'self' };
    case 'member_access_expression':
      return objectReceiver(callee.childForFieldName('expression'));
    case 'conditional_access_expression':
      return objectReceiver(callee.childForFieldName('condition'));
    default:
      return undefined;
  }
}

/** What the object of `object.M()` says about its type. */
function objectReceiver(object: SyntaxNode | null): Receiver | undefined {
  switch (object?.type) {
    case 'this':
      return { kind: 'self' };
    case 'base':
      return { kind: 'super' };
    case 'identifier':
      return { kind: 'name', name: object.text };
    case 'generic_name': case 'predefined_type':
      return typeReceiver(object, true);
    case 'object_creation_expression':
      return typeReceiver(object.childForFieldName('type'));
    case 'member_access_expression': {
      const name = object.childForFieldName('name');
      return object.childForFieldName('expression')?.type === 'this' && name ? { kind: 'field', name: name.text } : undefined;
    }
    case 'parenthesized_expression': {
      const inner = object.namedChildren[0];
      if (inner?.type === 'cast_expression') return typeReceiver(inner.childForFieldName('type'));
      if (inner?.type === 'as_expression') return typeReceiver(inner.childForFieldName('right'));
      return inner ? objectReceiver(inner) : undefined;
    }
    default:
      return undefined;
  }
}

/** The type parameters of the types and methods around a name (`<TRequest, TResponse>`). */
const typeParameters: TypeParameterScopes = {
  holders: new Set(['class_declaration', 'struct_declaration', 'interface_declaration', 'record_declaration', 'method_declaration', 'delegate_declaration', 'local_function_statement']),
  names: (holder) => (holder.namedChildren.find((child) => child.type === 'type_parameter_list')?.namedChildren ?? [])
    .map((parameter) => parameter.childForFieldName('name')?.text ?? ''),
};

const receiverType = (type: SyntaxNode) => declaredTypeName(type, typeParameters);

/**
 * A call on an object of the type written (`new Foo()`, `(Foo) x`, `x as Foo`), or `exact` on the
 * type itself (`Foo<T>.M()`, `string.Join()`); nothing when that is a type parameter.
 */
function typeReceiver(type: SyntaxNode | null, exact?: true): Receiver | undefined {
  const name = type ? receiverType(type) : UNKNOWN_TYPE;
  if (name === UNKNOWN_TYPE) return undefined;
  return exact ? { kind: 'type', name, exact } : { kind: 'type', name };
}

/**
 * The type of `T x`; `var x = new Foo()` is a Foo, any other `var` is not told (''): a TypedName
 * of its simple name (receivers) and, for argumentFit, as written.
 */
function typedAs(name: string, type: SyntaxNode | null, value: SyntaxNode | undefined): TypedName {
  const created = type?.type === 'implicit_type' ? (value?.type === 'object_creation_expression' ? value.childForFieldName('type') : null) : type;
  if (!created) return [name, ''];
  const simple = receiverType(created);
  return simple === UNKNOWN_TYPE ? [name, simple] : [name, simple, undefined, writtenType(created.text)];
}

/** `T x` of a parameter, property, catch, pattern (`x is Foo f`), `out Foo f`, foreach. */
function typedName(node: SyntaxNode, nameField = 'name'): TypedName[] {
  const name = node.childForFieldName(nameField);
  return name?.type === 'identifier' ? [typedAs(name.text, node.childForFieldName('type'), undefined)] : [];
}

/**
 * Where C# declares typed names, for the receiver of `x.M()` and `this.x.M()`: locals and fields
 * (`Foo a, b = new()`, `var c = new Foo()`), parameters (a primary constructor's too, in its
 * type), properties, catch and pattern variables, foreach variables.
 */
const typedNames: LanguageSpec['typedNames'] = {
  variable_declaration: (node) => node.namedChildren.filter((child) => child.type === 'variable_declarator').map((declarator) => typedAs(
    declarator.childForFieldName('name')?.text ?? '',
    node.childForFieldName('type'),
    declarator.namedChildren.find((child) => child.type === 'object_creation_expression'),
  )),
  parameter: (node) => typedName(node),
  property_declaration: (node) => typedName(node),
  catch_declaration: (node) => typedName(node),
  declaration_pattern: (node) => typedName(node),
  declaration_expression: (node) => typedName(node),
  foreach_statement: (node) => typedName(node, 'left'),
};

/** A parameter type as written, every name unqualified (`global::System.Collections.Generic.List<a.B>` → `List<B>`). */
const writtenType = (written: string) => parameterType(written.replace(/\b\w+\s*::\s*/g, ''));

/**
 * A parameter type as the identifier reads it: generic arguments counted, not named
 * (`IRequest<TResponse>` → `IRequest<>`, `Dictionary<string,List<int>>` → `Dictionary<,>`). C#
 * overloads on generic arity (`Handle(IRequest<T>)` next to `Handle(IRequest)`), but a method whose
 * argument changed within one arity (`IRequest<TResponse>` → `IRequest<TResult>`) is more often the
 * same method with its signature changed than a new overload; two overloads that read alike are
 * told apart by their code (matchChildrenById).
 */
function genericArity(type: string): string {
  let out = '';
  let depth = 0;
  let tuples = 0; // a tuple argument's commas (`List<(int,int)>`) separate no arguments
  for (const char of type) {
    if (char === '<') {
      if (depth === 0) out += char;
      depth++;
    } else if (char === '>') {
      depth--;
      if (depth === 0) out += char;
    } else if (depth === 0) {
      out += char;
    } else if (char === '(' || char === ')') {
      tuples += char === '(' ? 1 : -1;
    } else if (char === ',' && depth === 1 && tuples === 0) {
      out += char;
    }
  }
  return out;
}

/** `parameter` nodes, and the `params T[] rest` the grammar writes as loose `type` and `name` fields. */
function parameters(list: SyntaxNode): Parameters {
  const names: string[] = [];
  const types: string[] = [];
  for (let i = 0; i < list.childCount; i++) {
    const child = list.child(i)!;
    const field = list.fieldNameForChild(i);
    if (child.type === 'parameter') {
      names.push(child.childForFieldName('name')?.text ?? '');
      types.push(writtenType(child.childForFieldName('type')?.text ?? ''));
    } else if (field === 'type') {
      types.push(writtenType(child.text));
    } else if (field === 'name') {
      names.push(child.text);
    }
  }
  return { names, types, signatureTypes: types.map(genericArity) };
}

function returnType(declaration: Declaration): string {
  return declaration.node.childForFieldName('returns')?.text.replace(/\s+/g, ' ') ?? '';
}

/** Simple names of the base list: `: Base<int>, IComparable, Ns.IOther` → Base, IComparable, IOther. */
function supertypes(declaration: Declaration): string[] {
  return baseTypes(declaration).map((written) => simplifyType(written));
}

/** The types of a type's base list, as written (`Options<T>`, `Polly.Strategy<TResult, TOptions>`). */
function baseTypes(declaration: Declaration): string[] {
  if (!typeKinds.has(declaration.kind)) return [];
  const list = declaration.node.namedChildren.find((child) => child.type === 'base_list');
  return (list?.namedChildren ?? []).map((type) => {
    const written = type.type === 'primary_constructor_base_type' ? type.namedChildren[0] : type;
    return written?.text ?? '';
  });
}

/**
 * How many type arguments each base type is written with: `Options<T>` 1, `Options` 0,
 * `Outer<A>.Inner<B, C>` 2 (its last name's). C# tells `Options` and `Options<T>` apart, and
 * declares a non-generic shortcut beside the generic type (Polly's `ChaosStrategyOptions :
 * ChaosStrategyOptions<object>`): `Sub<T> : ChaosStrategyOptions<T>` extends the generic one.
 */
function supertypeArities(declaration: Declaration): number[] {
  return baseTypes(declaration).map(typeArgumentCount);
}

/** The type arguments of the last name of a type as written (a tuple `(int, string)` among them is one). */
function typeArgumentCount(written: string): number {
  let depth = 0;
  let count = 0;
  for (const c of written) {
    if (c === '<' || c === '(' || c === '[') {
      if (c === '<' && depth === 0) count = 1;
      depth++;
    } else if (c === '>' || c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 1) count++;
    else if (c === '.' && depth === 0) count = 0;
  }
  return count;
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
  if (isExtension(declaration.node)) found.push('extension');
  return found;
}

/** `static void F(this Foo x)`: called as `foo.F()`, a method of Foo's. */
function isExtension(method: SyntaxNode): boolean {
  const first = method.childForFieldName('parameters')?.namedChildren.find((child) => child.type === 'parameter');
  return first?.namedChildren.some((child) => child.type === 'modifier' && child.text === 'this') ?? false;
}

/**
 * `Zoo.Animals.` for a type in `namespace Zoo.Animals;` or in `namespace Zoo { namespace Animals { … } }`;
 * a file may declare several block namespaces, and a type outside them is in none ('').
 */
function namespace(root: SyntaxNode, _file: string, at: number): string {
  const parts: string[] = [];
  let scope: SyntaxNode | undefined = root;
  while (scope) {
    const declaration: SyntaxNode | undefined = scope.namedChildren.find(
      (child) =>
        child.type === 'file_scoped_namespace_declaration' ||
        (child.type === 'namespace_declaration' && child.startIndex <= at && at < child.endIndex));
    const name = declaration?.childForFieldName('name');
    if (name) parts.push(name.text.replace(/\s+/g, ''));
    scope = declaration?.type === 'namespace_declaration' ? declaration.childForFieldName('body') ?? undefined : undefined;
  }
  return parts.length > 0 ? `${parts.join('.')}.` : '';
}

/**
 * The text with conditional compilation resolved one way: each `#if` chain keeps its first branch,
 * its other branches (`#elif`, `#else`) and the directive lines are blanked out (spaces, so
 * locations stay the file's). tree-sitter reads a directive only between members and statements:
 * one inside a declaration (`void Write(…)` followed by `#if FEATURE { … } #else ; #endif`, or
 * by `#if FEATURE => Verbose(…) #endif ;`) broke the parse, and its recovery made members of
 * the code in between (a "constructor" `Write()`, a method named after a whole doc comment).
 * Both branches of a chain also declared one member twice. The symbols defined are not known;
 * the first branch is one build's view, the same on both sides of a commit. A line that starts
 * inside a verbatim or raw string or a block comment of the code kept is no directive (the code
 * skipped is read for directives only, as the compiler does).
 */
export function firstBranches(text: string): string {
  if (!/^[ \t]*#[ \t]*(?:if|elif|else|endif)\b/m.test(text)) return text;
  const lines = text.split('\n');
  // per open #if: whether the branch being read is kept
  const open: boolean[] = [];
  const kept = () => open.every(Boolean);
  let inside: Inside = undefined;
  for (let i = 0; i < lines.length; i++) {
    const directive = inside ? undefined : /^[ \t]*#[ \t]*(if|elif|else|endif)\b/.exec(lines[i])?.[1];
    if (directive === 'if') open.push(true);
    else if ((directive === 'elif' || directive === 'else') && open.length > 0) open[open.length - 1] = false;
    else if (directive === 'endif') open.pop();
    else if (kept()) {
      inside = lexLine(lines[i], inside);
      continue;
    }
    lines[i] = lines[i].replace(/[^\r]/g, ' ');
  }
  return lines.join('\n');
}

/** What a line ends inside of and the next line starts in: a block comment, a verbatim string, or a raw string of so many quotes. */
type Inside = 'comment' | 'verbatim' | number | undefined;

/**
 * Reads one line of C# for what spans lines: block comments, verbatim strings (`@"…"`, `""` an
 * escaped quote) and raw strings (`"""…"""`, closed by as many quotes); a line comment, a regular
 * string or a character literal ends with the line. Returns what is still open at its end.
 */
function lexLine(line: string, inside: Inside): Inside {
  let i = 0;
  while (i < line.length) {
    if (inside === 'comment') {
      const end = line.indexOf('*/', i);
      if (end < 0) return inside;
      i = end + 2;
      inside = undefined;
    } else if (inside === 'verbatim') {
      const quote = line.indexOf('"', i);
      if (quote < 0) return inside;
      if (line[quote + 1] === '"') i = quote + 2;
      else {
        i = quote + 1;
        inside = undefined;
      }
    } else if (typeof inside === 'number') {
      const end = line.indexOf('"'.repeat(inside), i);
      if (end < 0) return inside;
      i = end + inside;
      while (line[i] === '"') i++;
      inside = undefined;
    } else {
      const c = line[i];
      if (c === '/' && line[i + 1] === '/') return undefined;
      if (c === '/' && line[i + 1] === '*') {
        inside = 'comment';
        i += 2;
      } else if (c === '"' && line.startsWith('"""', i)) {
        let n = 0;
        while (line[i + n] === '"') n++;
        inside = n;
        i += n;
      } else if (c === '"' || c === "'") {
        const verbatim = line[i - 1] === '@' || (line[i - 1] === '$' && line[i - 2] === '@');
        if (verbatim && c === '"') {
          inside = 'verbatim';
          i++;
          continue;
        }
        // a regular string or character literal: up to its closing quote, `\` escaping
        let j = i + 1;
        while (j < line.length && line[j] !== c) j += line[j] === '\\' ? 2 : 1;
        i = j + 1;
      } else i++;
    }
  }
  return inside;
}

/** C#'s value types by keyword and the library's common structs: `?` after one makes Nullable<T>. */
const VALUE_TYPES = new Set([
  'bool', 'byte', 'sbyte', 'char', 'decimal', 'double', 'float', 'int', 'uint', 'nint', 'nuint', 'long', 'ulong', 'short', 'ushort',
  'DateTime', 'DateTimeOffset', 'TimeSpan', 'Guid', 'CancellationToken', 'Boolean', 'Int32', 'Int64', 'Double', 'Decimal',
]);

/**
 * `Nullable<T>` written as C# abbreviates it, `T?` (`System.Nullable<int>` is `int?`), so that the
 * two spellings compare equal: FluentValidation 58aa5725dd rewrote `IRuleBuilder<T, Nullable<TProperty>>`
 * as `IRuleBuilder<T, TProperty?>` (`where TProperty : struct`) in 14 methods, no signature changed.
 */
function abbreviatedNullable(type: string): string {
  let text = type;
  for (let at = text.search(/\b(?:System\s*\.\s*)?Nullable\s*</); at >= 0; at = text.search(/\b(?:System\s*\.\s*)?Nullable\s*</)) {
    const open = text.indexOf('<', at);
    let depth = 0;
    let close = open;
    for (; close < text.length; close++) {
      if (text[close] === '<') depth++;
      else if (text[close] === '>' && --depth === 0) break;
    }
    if (close >= text.length) return text;
    text = `${text.slice(0, at)}${text.slice(open + 1, close).trim()}?${text.slice(close + 1)}`;
  }
  return text;
}

/**
 * The built-in types written by their .NET names (`String`, `System.Int32`, `List<Object>`) as
 * their C# keywords: one type either way. Dapper 071a3fd5a0, a formatting pass, wrote
 * `InsertAsync(…, String connectionString, …)` as `string connectionString`, no signature
 * changed. A name qualified by anything but `System` is another type of that name.
 */
const netNames = /(?<!\.\s*)\b(?:System\s*\.\s*)?(SByte|Byte|Int16|UInt16|Int32|UInt32|Int64|UInt64|Char|Single|Double|Decimal|Boolean|String|Object)\b(?!\s*\.)/g;
const keywordNames = (type: string) => type.replace(netNames, (_all, name: string) => builtIn(name));

/**
 * A parameter type less `?` after a reference type, a nullability annotation (`string?` is `string`
 * to the runtime and to overloads; after a value type it makes another type: `int?` is
 * Nullable<int>), then as every language compares it (comparableType). A name not known to be a
 * value type (a type parameter, a struct of the project) counts as a reference type, so
 * `Nullable<TProperty>`, being `TProperty?`, compares as `TProperty`.
 */
const comparableCSharpType = (type: string) =>
  comparableType(keywordNames(abbreviatedNullable(type)).replace(/([\w\]>]+)\s*\?/g, (all: string, head: string) => (VALUE_TYPES.has(head) ? all : head)));

export const csharp: LanguageSpec = {
  id: 'csharp',
  grammar: { package: 'tree-sitter-c-sharp', wasm: 'tree-sitter-c_sharp.wasm' },
  prepare: firstBranches,
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
  supertypeArities,
  typedNames,
  argumentFit,
  isTypeName: isCapitalisedTypeName,
  stereotypes,
  comparableType: comparableCSharpType,
  rootTypes: ['object', 'Object'],
};
