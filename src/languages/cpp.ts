/**
 * C++: a node per file, namespaces (kind 'namespace', noun 'Namespace'), classes, structs,
 * unions and enums, methods defined in a class, pure virtual declarations ('abstract'),
 * constructors, free functions. An out-of-class definition `void Foo::bar(int)` joins class Foo
 * when the file declares it; otherwise it stays under the file as `bar` with the identifier
 * `Foo::bar(int)`. Signatures carry parameter types (overloading). A test written with a macro
 * head, `TEST(Suite, Name) { … }`, is the function `Suite.Name` (c.ts's macroHead).
 *
 * Calls say what they are made on where the syntax does: `f()` and `this->f()` the own class
 * (named by `void Foo::g()` or `TEST_F(Foo, …)` outside it), else a free function; `Foo::f()` and
 * `ns::f()` that class or namespace exactly (`std::f()` reaches no project code); `x.f()` and
 * `x->f()` the class x is declared with (`Foo x`, `const Foo& x`, `Foo* x = new Foo()`; not a
 * template such as `std::unique_ptr<Foo>`, whose `.` and `->` reach different classes).
 */
import type { CstNode, Stereotype } from '../core/cst';
import { blank, blankDeclarationMacros, directiveStrings, innerFunctionDeclarator, macroToken, macroHead, macroHeadDeclaration, splitDeclaration, statementKeywords } from './c';
import { simplifyType } from './java';
import { adopt } from './regroup';
import { declaredTypeName, isTypeParameter, type TypeParameterScopes } from './receivers';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters, Receiver, TypedName } from './spec';
import { folderNamespace, UNKNOWN_TYPE } from './spec';
import type { SyntaxNode } from './treesitter';

const typeKinds = new Set(['class', 'struct', 'union', 'enum']);
const typeNodes = new Set(['class_specifier', 'struct_specifier', 'union_specifier']);

/**
 * A type with a body (`class A;` and `struct A a;` only refer to one). A nested type defined out
 * of its class is named as written, spaces dropped: `SkipList<Key, Comparator>::Node` is one
 * name however its template arguments are spaced.
 */
const typeRule = (kind: string): DeclarationRule => ({
  kind, noun: 'Class', bodyField: 'body', signature: 'name',
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    if (!nameNode || nameNode.isMissing || !node.childForFieldName('body')) return undefined;
    // `enum : unsigned long long { … }` has no name: the parser gives it an empty one, or, where the
    // base is one word (`enum : ullong { … }`), takes the base for its name after an error at the `:`
    if (node.children.some((child) => child.type === 'ERROR' && child.text === ':' && child.endIndex <= nameNode.startIndex)) return undefined;
    return { kind, noun: 'Class', name: compactName(nameNode), nameNode, fn: node, node, typeParameterList: templateParameterList(node) };
  },
});

/**
 * A name as written, without its spaces and comments: `formatter<std::type_info, Char // DEPRECATED!
 * Mixing code unit types.\n>` is `formatter<std::type_info,Char>`, however its arguments are spaced.
 */
function compactName(node: SyntaxNode): string {
  let text = node.text;
  for (const comment of node.descendantsOfType('comment')) if (comment) text = text.replace(comment.text, '');
  return text.replace(/\s+/g, '');
}

/**
 * The parameter list of the `template <…>` a declaration is written in (`template <typename
 * OutputIt, typename... Args> auto format(OutputIt out, const Args&... args)`): a type parameter
 * renamed (`Args` → `T`) changes no parameter's type (CstNode.typeParameterScope).
 */
function templateParameterList(node: SyntaxNode): SyntaxNode | undefined {
  return node.parent?.type === 'template_declaration' ? node.parent.childForFieldName('parameters') ?? undefined : undefined;
}

const namespaceRule: DeclarationRule = { kind: 'namespace', noun: 'Namespace', bodyField: 'body', signature: 'name' };

/**
 * What may stand between a class's body and a member: a member template's `template <…>`, and the
 * branches of a conditional (rapidjson's `GenericValue` writes `#if RAPIDJSON_HAS_STDSTRING` then
 * `GenericValue(const std::basic_string<Ch>& s, Allocator& allocator)` in its body, which the parser
 * reads as a `preproc_if` holding the constructor). Read as outside the class, such a constructor
 * was lost and such methods were functions: rapidjson's 71f0fa7eb3, moving code of `GenericValue`'s
 * methods into new ones written once per branch of `#if RAPIDJSON_USE_MEMBERSMAP … #else … #endif`,
 * read as 5 Extract Function where they are Extract Method.
 */
const memberWrappers = new Set(['template_declaration', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef']);

/** The class a declaration is written in (in its body, a member template's `template <…>` and conditionals aside), if any. */
function enclosingClass(node: SyntaxNode): SyntaxNode | undefined {
  let declaration = node;
  while (declaration.parent && memberWrappers.has(declaration.parent.type)) declaration = declaration.parent;
  const body = declaration.parent?.type === 'field_declaration_list' ? declaration.parent : undefined;
  return body?.parent && typeNodes.has(body.parent.type) ? body.parent : undefined;
}

/**
 * A function definition, or a pure virtual declaration (`virtual T f() = 0;`) in a class. A
 * qualified name `Foo::bar` is kept whole here and resolved by `regroup`.
 */
const functionRule: DeclarationRule = {
  kind: 'function', noun: 'Function', parametersFields: ['declarator'], bodyField: 'body', signature: 'name-and-types',
  resolve(node) {
    if (node.type === 'field_declaration' && node.childForFieldName('default_value')?.text !== '0') return undefined;
    // googletest's `TEST_F(Fixture, Name) { … }` is the test `Fixture.Name`, not a function TEST_F (see c.ts)
    const head = node.type === 'function_definition' ? macroHeadDeclaration(node) : undefined;
    if (head) return head;
    // `void Acquire() LOCKS_EXCLUDED(mu_) { … }`: the function the parser split off before the macro (see c.ts)
    const start = splitDeclaration(node);
    const fn = innerFunctionDeclarator((start ?? node).childForFieldName('declarator'));
    const written = fn?.childForFieldName('declarator');
    if (!fn || !written) return undefined;
    const declarator = typeInName(written)?.name ?? written;
    const owner = enclosingClass(node);
    const ownerName = owner?.childForFieldName('name')?.text;
    const typeParameterList = templateParameterList(start ?? node);
    if (declarator.type === 'qualified_identifier') {
      const nameNode = declarator.childForFieldName('name') ?? declarator;
      const name = compactName(declarator);
      const isConstructor = name.endsWith(`::${nameNode.text}`) && name.split('::').slice(-2)[0] === nameNode.text;
      return { kind: isConstructor ? 'constructor' : 'function', noun: isConstructor ? 'Method' : 'Function', name, nameNode, fn: node, node, start, typeParameterList };
    }
    const name = compactName(declarator);
    // `MACRO` alone on the line before `switch (x) { … }` (see c.ts)
    if (statementKeywords.has(name)) return undefined;
    // Only a constructor, destructor or conversion operator goes without a return type, and outside its class
    // it is written qualified (`Foo::Foo()`). Another typeless head is a macro before a block the parser took
    // for a definition: Catch2's `CATCH_TRY { … } CATCH_CATCH_ANON( std::exception const& ) { … }` ends the
    // function at the macro and reads the catch block as a function CATCH_CATCH_ANON.
    const typeless = !(start ?? node).childForFieldName('type') && !/^(?:~|operator\b)/.test(name);
    // (a class defined apart, `class Version::LevelFileNumIterator { LevelFileNumIterator(…) … }`, or a
    // specialization, `struct Foo<int> { Foo() … }`, names its constructor by its last name, no arguments)
    if (typeless && name !== ownerName?.replace(/<[^]*$/, '').replace(/^.*::/, '')) return undefined;
    if (!owner) return { kind: 'function', noun: 'Function', name, nameNode: declarator, fn: node, node, start, typeParameterList };
    return { kind: name === ownerName ? 'constructor' : 'method', noun: 'Method', name, nameNode: declarator, fn: node, node, start, typeParameterList };
  },
};

/** `f(x)`, `ns::f(x)`, `obj.f(x)`, `p->f<T>(x)` → f. */
function calleeName(callee: SyntaxNode): string | undefined {
  switch (callee.type) {
    case 'identifier': case 'field_identifier':
      return callee.text;
    case 'qualified_identifier': case 'template_function': case 'template_method': {
      const name = callee.childForFieldName('name');
      return name ? calleeName(name) : undefined;
    }
    case 'field_expression': {
      const field = callee.childForFieldName('field');
      return field ? calleeName(field) : undefined;
    }
    default:
      return undefined;
  }
}

const callExpression: CallRule = {
  functionField: 'function', argumentsField: 'arguments', argumentsType: 'argument_list', calleeName,
  receiver: (call) => calleeReceiver(call.childForFieldName('function')),
};

/** What a callee says its call is made on: `f`, `this->f`, `x.f`, `x->f`, `this->x.f`, `Foo::f`, `ns::f`, `::f`. */
function calleeReceiver(callee: SyntaxNode | null): Receiver | undefined {
  switch (callee?.type) {
    case 'identifier': case 'template_function':
      return ownReceiver;
    case 'qualified_identifier':
      return scopeReceiver(callee);
    case 'field_expression': {
      const object = callee.childForFieldName('argument');
      if (object?.type === 'this') return ownReceiver;
      if (object?.type === 'identifier') return { kind: 'name', name: object.text };
      const field = object?.type === 'field_expression' && object.childForFieldName('argument')?.type === 'this' ? object.childForFieldName('field') : null;
      return field ? { kind: 'field', name: field.text } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * `f()` and `this->f()`: a method of the own class (named by an out-of-class definition, see
 * definedFor), else a free function or a constructor, never another class's method.
 */
const ownReceiver: Receiver = { kind: 'self', orFunction: true };

/**
 * The class a function defined outside of it belongs to: `Foo` of `void Foo::g()`, and of a
 * test's fixture, `TEST_F(Foo, Name) { … }`, whose body googletest makes a method of a Foo subclass.
 */
function definedFor(declaration: Declaration): string | undefined {
  const definition = declaration.start ?? declaration.fn;
  if (definition.type !== 'function_definition' && definition.type !== 'declaration') return undefined;
  const head = macroHead(definition);
  if (head) return head.length === 2 ? head[0].text : undefined;
  const written = innerFunctionDeclarator(definition.childForFieldName('declarator'))?.childForFieldName('declarator');
  const declarator = written && (typeInName(written)?.name ?? written);
  return declarator?.type === 'qualified_identifier' ? scopeName(declarator) : undefined;
}

/**
 * `FMT_API\nstd::string format(…)`, `FMT_CONSTEXPR20\n typename std::enable_if<…>::type\n f(…)`: a
 * macro alone on its line before a qualified return type (which blankDeclarationMacros leaves, as
 * it reads one line) makes the parser take the macro for the type, and the type and the name for
 * one qualified name with a `::` missing before the name. The name is what follows the missing
 * `::`, and the type what precedes it; undefined where no `::` is missing.
 */
function typeInName(declarator: SyntaxNode): { name: SyntaxNode; type: string } | undefined {
  let found: { name: SyntaxNode; type: string } | undefined;
  for (let node: SyntaxNode | null = declarator; node?.type === 'qualified_identifier'; node = node.childForFieldName('name')) {
    const missing = node.children.find((child) => child.type === '::' && child.isMissing);
    const name = node.childForFieldName('name');
    if (missing && name) found = { name, type: declarator.text.slice(0, missing.startIndex - declarator.startIndex).replace(/\s+/g, ' ') };
  }
  return found;
}

/** The innermost scope of a qualified name: `Foo` of `ns::Foo::f`, `Foo` of `Foo<T>::f`; undefined for `::f`. */
function scopeName(qualified: SyntaxNode): string | undefined {
  let node = qualified;
  for (let name = node.childForFieldName('name'); name?.type === 'qualified_identifier'; name = name.childForFieldName('name')) node = name;
  const scope = node.childForFieldName('scope');
  return scope?.type === 'template_type' ? scope.childForFieldName('name')?.text : scope?.text;
}

/**
 * `Foo::f()` and `Base::f()`: that class's own code (a static function, or the base's version of
 * a virtual one); `ns::f()`, `std::f()`: a function of that namespace; `::f()`: a global function.
 * A template parameter (`T::f()`) tells nothing.
 */
function scopeReceiver(callee: SyntaxNode): Receiver | undefined {
  const scope = scopeName(callee);
  if (scope === undefined) return { kind: 'module', name: '' };
  return isTypeParameter(callee, scope, templateParameters) ? undefined : { kind: 'type', name: scope, exact: true };
}

/** The parameters of a template around a declaration (`template <typename Key, class Comparator>`). */
const templateParameters: TypeParameterScopes = {
  holders: new Set(['template_declaration']),
  names: (holder) => (holder.childForFieldName('parameters')?.namedChildren ?? [])
    .map((parameter) => parameter.namedChildren.find((child) => child.type === 'type_identifier')?.text ?? ''),
};

/**
 * The class a written type names, for a receiver: `Foo`, `ns::Foo`, `struct Foo` (the marks, `*`
 * or `&`, are on the declarator); `auto` with `new Foo(…)` is a Foo. A template (`std::unique_ptr<Foo>`,
 * whose `->` reaches a Foo and `.` the pointer), a template parameter or another `auto`: nothing told.
 */
function classOf(type: SyntaxNode | null, value: SyntaxNode | null): string {
  if (type?.type === 'placeholder_type_specifier') return value?.type === 'new_expression' ? classOf(value.childForFieldName('type'), null) : UNKNOWN_TYPE;
  if (type?.type === 'struct_specifier' || type?.type === 'class_specifier') return classOf(type.childForFieldName('name'), null);
  const named = type?.type === 'type_identifier' || (type?.type === 'qualified_identifier' && !type.text.includes('<'));
  return type && named ? declaredTypeName(type, templateParameters) : UNKNOWN_TYPE;
}

/** The variable a declarator declares, with its initial value: `*p = new Foo()` → p, `new Foo()`; none for a function. */
function variableOf(declarator: SyntaxNode): { name: string; value: SyntaxNode | null } | undefined {
  const value = declarator.type === 'init_declarator' ? declarator.childForFieldName('value') : null;
  const inner = (node: SyntaxNode) => node.childForFieldName('declarator') ?? (node.type === 'reference_declarator' ? node.lastNamedChild : null);
  for (let node: SyntaxNode | null = declarator; node; node = inner(node)) {
    if (node.type === 'identifier' || node.type === 'field_identifier') return { name: node.text, value };
    if (node.type === 'function_declarator') return undefined;
  }
  return undefined;
}

/** `Foo a, *b = new Foo()` of a local, global or member declaration, a parameter, a range for. */
function declaredVariables(node: SyntaxNode): TypedName[] {
  const type = node.childForFieldName('type');
  const names: TypedName[] = [];
  for (const declarator of node.childrenForFieldName('declarator')) {
    const variable = variableOf(declarator);
    if (variable) names.push([variable.name, classOf(type, variable.value)]);
  }
  return names;
}

/** Where C++ declares typed names, for the receiver of `x.f()`, `x->f()` and `this->x.f()`. */
const typedNames: LanguageSpec['typedNames'] = {
  declaration: declaredVariables,
  field_declaration: declaredVariables,
  parameter_declaration: declaredVariables,
  optional_parameter_declaration: declaredVariables,
  for_range_loop: declaredVariables,
};

const parameterTypes = new Set(['parameter_declaration', 'optional_parameter_declaration', 'variadic_parameter_declaration']);

/**
 * The name a declarator declares and the marks around it: `*p` → p, '*'; `&xs` → xs, '&'; `a[]` →
 * a, '[]'; an unnamed parameter's marks too (`const log_msg &` is a `log_msg&` as `const log_msg &msg` is).
 */
function declared(declarator: SyntaxNode | null): { name: string; marks: string } {
  let marks = '';
  for (let node = declarator; node; node = node.childForFieldName('declarator') ?? node.lastNamedChild) {
    const type = node.type.replace(/^abstract_/, '');
    // a typedef declares a type_identifier
    if (type === 'identifier' || type === 'type_identifier') return { name: node.text, marks };
    if (type === 'pointer_declarator') marks += '*';
    else if (type === 'reference_declarator') marks += node.text.startsWith('&&') ? '&&' : '&';
    else if (type === 'array_declarator') marks += '[]';
    else if (type === 'variadic_declarator') marks += '...';
    else if (!type.endsWith('declarator')) break;
  }
  return { name: '', marks };
}

/** From the declarator of a function: `const std::vector<int>& xs` → xs, `vector&`. */
function parameters(declarator: SyntaxNode): Parameters {
  if (declarator.parent?.type === 'function_definition' && macroHead(declarator.parent)) return { names: [], types: [] };
  const names: string[] = [];
  const types: string[] = [];
  const list = innerFunctionDeclarator(declarator)?.childForFieldName('parameters');
  for (const parameter of list?.namedChildren ?? []) {
    if (!parameterTypes.has(parameter.type)) continue;
    const { name, marks } = declared(parameter.childForFieldName('declarator'));
    const type = parameter.childForFieldName('type')?.text ?? '';
    names.push(name);
    types.push(simplifyType(type.replace(/::/g, '.')) + marks);
  }
  return { names, types };
}

/** A parameter's type as `parameters` spells it: `const std::vector<int>&` → `vector&`, the marks being the declarator's. */
const spelt = (type: SyntaxNode, marks: string) => simplifyType((type.type === 'dependent_type' ? type.namedChildren[0] ?? type : type).text.replace(/::/g, '.')) + marks;

/**
 * `using ullong = unsigned long long;`, `typedef const Foo *P, Q;`: each name with the type it stands
 * for, spelt as `parameters` spells a parameter's (`unsignedlonglong`, `Foo*`, `Foo`). A class or
 * struct written in the typedef is its name; a template alias takes arguments a parameter's type
 * would give it, and a function type has no spelling here: neither is one.
 */
function typeAliases(root: SyntaxNode): Array<[string, string]> {
  const aliases: Array<[string, string]> = [];
  for (const alias of root.descendantsOfType(['alias_declaration', 'type_definition'])) {
    if (!alias || alias.parent?.type === 'template_declaration') continue;
    const typed = alias.type === 'alias_declaration' ? alias.childForFieldName('type') : alias;
    const type = typed?.childForFieldName('type');
    if (!typed || !type || typed.descendantsOfType('function_declarator').length > 0 || typed.descendantsOfType('abstract_function_declarator').length > 0) continue;
    const written = type.childForFieldName('body') ? type.childForFieldName('name') : type;
    if (!written) continue;
    if (alias.type === 'alias_declaration') {
      const name = alias.childForFieldName('name');
      if (name) aliases.push([name.text, spelt(written, declared(typed.childForFieldName('declarator')).marks)]);
      continue;
    }
    for (const declarator of alias.childrenForFieldName('declarator')) {
      const { name, marks } = declared(declarator);
      if (name) aliases.push([name, spelt(written, marks)]);
    }
  }
  return aliases;
}

function returnType(declaration: Declaration): string {
  if (declaration.node.type === 'function_definition' && macroHead(declaration.node)) return '';
  const declaring = declaration.start ?? declaration.node;
  const written = innerFunctionDeclarator(declaring.childForFieldName('declarator'))?.childForFieldName('declarator');
  const typed = written && typeInName(written);
  if (typed) return typed.type;
  return declaring.childForFieldName('type')?.text.replace(/\s+/g, ' ') ?? '';
}

/** `: public Base, private ns::Other<int>` → Base, Other. */
function supertypes(declaration: Declaration): string[] {
  if (!typeKinds.has(declaration.kind)) return [];
  const clause = declaration.node.namedChildren.find((child) => child.type === 'base_class_clause');
  return (clause?.namedChildren ?? [])
    .filter((child) => child.type !== 'access_specifier')
    .map((child) => simplifyType(child.text.replace(/::/g, '.')));
}

function stereotypes({ declaration, body }: DeclarationFacts): Stereotype[] {
  if (declaration.noun !== 'Method' && declaration.noun !== 'Function') return [];
  const found: Stereotype[] = [];
  if (enclosingClass(declaration.node)) found.push('type-member');
  if (declaration.kind === 'constructor') found.push('constructor');
  // `~Foo()`, `Foo::~Foo()`
  if (declaration.name.replace(/^.*::/, '').startsWith('~')) found.push('destructor');
  if (declaration.node.type === 'field_declaration') found.push('abstract');
  if (body) found.push('has-body');
  if ((declaration.start ?? declaration.node).namedChildren.some((child) => child.type === 'storage_class_specifier' && child.text === 'static')) found.push('static');
  return found;
}

/** A specialization's name, its template's then its arguments (`formatter<std::byte,Char>`, `num_bits<int128_opt>`; not `Outer<T>::Inner`). */
const specialization = /^([A-Za-z_][\w:]*)<[^]*>$/;

/** googletest's macros whose first argument is a fixture class, whose test body is a method of (a subclass of) it. */
const fixtureMacros = new Set(['TEST_F', 'TEST_P', 'TYPED_TEST', 'TYPED_TEST_P']);

/**
 * The tests `Fixture.Name` (c.ts's macroHead) written with a fixture macro (`TEST_F(Fixture, Name) { … }`)
 * under `root`, by name; a plain `TEST(Suite, Name)` names a suite, no class.
 */
function fixtureTests(root: SyntaxNode): Set<string> {
  const found = new Set<string>();
  for (const definition of root.descendantsOfType('function_definition')) {
    const head = definition && macroHead(definition);
    const macro = definition?.childForFieldName('declarator')?.childForFieldName('declarator')?.text;
    if (head?.length === 2 && macro && fixtureMacros.has(macro)) found.add(`${head[0].text}.${head[1].text}`);
  }
  return found;
}

/**
 * `Foo::bar` definitions join class Foo of the same file as `bar`; without one they keep the
 * qualified identifier `Foo::bar(…)`, are named `bar` and name Foo as their owner (calls on a Foo reach them).
 * A fixture's test, `TEST_F(SpecTest, Ex2_1) { … }`, stays the function `SpecTest.Ex2_1` wherever
 * the class is, and names SpecTest as its owner: googletest makes its body a method of a SpecTest
 * subclass, so renaming the fixture (yaml-cpp's SpecTest → HandlerSpecTest) renames no test of its own.
 */
function regroup(nodes: CstNode[], root: SyntaxNode): CstNode[] {
  for (const node of nodes) {
    const template = specialization.exec(node.name)?.[1];
    if (template !== undefined && !template.startsWith('operator')) node.specializes = template;
  }
  const classes = new Map<string, CstNode>();
  for (const node of nodes) if (typeKinds.has(node.kind) && !classes.has(node.name)) classes.set(node.name, node);
  const fixtures = nodes.some((node) => node.kind === 'function' && node.parameters.length === 0 && /^\w+\.\w+$/.test(node.name)) ? fixtureTests(root) : undefined;
  for (const node of nodes) if (node.kind === 'function' && fixtures?.has(node.name)) node.owner = node.name.slice(0, node.name.indexOf('.'));
  for (const node of nodes) {
    const separator = node.name.lastIndexOf('::');
    if (separator === -1 || node.noun === 'Class' || node.noun === 'Namespace') continue;
    const qualified = node.name;
    const owner = qualified.slice(0, separator).split('::').pop()!;
    node.name = qualified.slice(separator + 2);
    const holder = classes.get(owner);
    if (!holder) {
      node.owner = owner;
      continue;
    }
    node.signature = node.name + node.signature.slice(qualified.length);
    node.kind = node.kind === 'constructor' ? 'constructor' : 'method';
    node.noun = 'Method';
    if (!node.stereotypes.includes('type-member')) node.stereotypes.push('type-member');
    adopt(nodes, node.id, holder.id);
  }
  return nodes;
}

/**
 * `class LEVELDB_EXPORT Status {`, `class Q_CORE_EXPORT QString : public Base {`, `struct
 * SCOPED_LOCKABLE MutexLock {`: a macro (capitals, expanding to an export or analysis attribute)
 * between `class` and the name makes the parser read a function `Status` of type `class
 * LEVELDB_EXPORT` whose body is the class's, garbled. Nothing else can stand there, so the macro is
 * blanked out before parsing.
 */
const classMacro = /\b((?:class|struct|union)\s+)([A-Z][A-Z0-9_]*[A-Z0-9_])(\s+[A-Za-z_]\w*\s*(?:final\s*)?[:{])/g;

/**
 * `FMT_CONSTEXPR write_int_data(int n)`, `FMT_API ~format_error()`: such macros before a constructor
 * or destructor, which has no type. Capitals before a name could as well be a type (`PF_CHAR_TYPE
 * f(…)`), so only where the name is a class or struct of the file.
 */
const constructorMacros = /^([ \t]*)((?:(?:inline|explicit|constexpr|[A-Z][A-Z0-9]*_[A-Z0-9_]*)[ \t]+)+)(?=~?([A-Za-z_]\w*)[ \t]*\()/gm;
const classNames = /\b(?:class|struct)[ \t]+([A-Za-z_]\w*)/g;

/**
 * The same macros before a constructor or destructor defined outside its class, `Foo::Foo(…)`,
 * `Foo<T>::~Foo()`: the name repeating its class's tells a constructor, wherever the class is
 * declared. CLI11's `CLI11_INLINE App::App(std::string name) : App(name, nullptr) {` in a file of
 * out-of-class definitions was read as a function `App(name,nullptr)` returning `CLI11_INLINE`.
 */
const qualifiedConstructorMacros =
  /^([ \t]*)((?:(?:inline|explicit|constexpr|[A-Z][A-Z0-9]*_[A-Z0-9_]*)[ \t]+)+)(?=(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)(?:<[^;{}()\n]{0,256}>)?::~?\3[ \t]*\()/gm;

/**
 * Microsoft's calling conventions (`extern "C" __declspec(dllimport) void __stdcall
 * OutputDebugStringA(const char *);`): the parser reads one only in a function's definition, and in
 * a declaration it took the rest of the file for the body of the next function. They name no
 * element and no type, so they are blanked out.
 */
const callingConventions = /\b__(?:stdcall|cdecl|fastcall|thiscall|vectorcall|clrcall)\b/g;

/**
 * Macros a library writes its `try` and `catch` with, to build without exceptions: nlohmann/json's
 * `JSON_TRY { … } JSON_CATCH (std::out_of_range&) { … }`, Catch2's `CATCH_TRY { … }
 * CATCH_CATCH_ANON (std::exception const&) { … }` and `CATCH_CATCH_ALL { … }`. Read as they are, the
 * parser ends the function at the catch macro, takes the rest of its body for members of the class
 * and its closing brace for the class's, and the class's later methods fall outside it
 * (nlohmann/json's `json_pointer` read as nested in a function `top`). A capitalised name ending in
 * `_TRY` before a block is `try`; one with `_CATCH` right after a block's closing brace is `catch`
 * (`catch(...)` where no parenthesis follows), written over the macro, the text's length kept.
 */
const tryMacro = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_TRY\b(?=\s*\{)/g;
const catchMacro = /(?<=\}\s*)\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_CATCH(?:_[A-Z0-9]+)*\b(?=\s*([({]))/g;

function exceptionMacros(text: string): string {
  if (!text.includes('_TRY') || !text.includes('_CATCH')) return text;
  const over = (macro: string, keyword: string) => (macro.length < keyword.length ? macro : keyword + ' '.repeat(macro.length - keyword.length));
  return text
    .replace(tryMacro, (macro) => over(macro, 'try'))
    .replace(catchMacro, (macro: string, next: string) => over(macro, next === '(' ? 'catch' : 'catch(...)'));
}

/**
 * A capitals macro written for `if` at a statement's head: rapidjson's `RAPIDJSON_IF_CONSTEXPR
 * (sizeof(Ch) == 1) { … } else { … }` in `GenericPointer::Append`, which expands to `if constexpr`
 * or `if`. The parser reads the macro and its condition as a call missing its `;`, and the `else
 * { … }` after the block as no statement it knows: it closed the function there, and the class's
 * later methods were read as nested in a function `Append`. A macro call before a block that an
 * `else` follows can only be an `if`, so its name is written over with `if`, the text's length
 * kept. Only an indented statement (in a body, not `TEST(Suite, Name) {` at the margin), after
 * nothing or `else` (`else RAPIDJSON_IF_CONSTEXPR (…) {`).
 */
const ifMacroHead = /^([ \t]+(?:\}[ \t]*)?(?:else[ \t]+)?)([A-Z][A-Z0-9_]*[A-Z0-9])[ \t]*\(/gm;

/** The index of the `}` closing the `{` at `open`, strings, characters and comments skipped, within `limit` characters. */
function closingBrace(text: string, open: number, limit: number): number | undefined {
  let depth = 0;
  for (let i = open; i < text.length && i < open + limit; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return undefined;
}

function ifMacros(text: string): string {
  if (!text.includes('else')) return text;
  let result = text;
  for (const match of text.matchAll(ifMacroHead)) {
    const open = match.index + match[0].length - 1;
    const close = closingParen(text, open, 1000);
    const brace = close === undefined ? null : /^\s*\{/.exec(text.slice(close + 1, close + 200));
    if (close === undefined || !brace) continue;
    const end = closingBrace(text, close + brace[0].length, 50_000);
    if (end === undefined || !/^\s*(?:\/\/[^\n]*\n\s*)*else\b/.test(text.slice(end + 1, end + 400))) continue;
    const at = match.index + match[1].length;
    result = result.slice(0, at) + 'if'.padEnd(match[2].length) + result.slice(at + match[2].length);
  }
  return result;
}

/**
 * A macro call alone on its line, with no `;` after it, where the next line of code opens a
 * declaration or closes a block: googletest's `GTEST_DISABLE_MSC_WARNINGS_PUSH_(4180)` and
 * `GTEST_DISABLE_MSC_WARNINGS_POP_()` around the members of `class UniversalPrinter`, which expand
 * to pragmas. The parser read the closing `};` after the second as part of a declaration, kept the
 * class open to the end of the namespace, and every type after it (the printer's specializations,
 * a `struct UniversalPrinterVisitor`) was named as nested in it. Such a call declares nothing the
 * parser could read, so it is blanked out, offsets kept. Not where the next line goes on with the
 * statement (`GTEST_CHECK_(p != nullptr)` then `<< "message";`) or opens a body (`TEST(Suite, Name)`
 * then `{`): only a name, `~`, `#`, `[` or `}` may open the next line of code.
 */
const macroStatement = /^[ \t]*[A-Z][A-Z0-9]*_[A-Z0-9_]*\((?:[^()\n;{}"]|\([^()\n;{}"]*\))*\)(?=[ \t]*(?:\/\/[^\n]*)?\n(?:[ \t]*(?:\/\/[^\n]*)?\n)*[ \t]*[A-Za-z_~#[}])/gm;

/**
 * `RAPIDJSON_NAMESPACE_BEGIN`, `QT_BEGIN_NAMESPACE`, `G_BEGIN_DECLS`: a macro alone on its line at
 * the file's margin, which opens or closes a namespace or an `extern "C"` block, or pushes the
 * compiler's warnings. Read as it is, it is the type of the declaration that follows
 * (`RAPIDJSON_NAMESPACE_BEGIN template <typename StreamType> class BasicIStreamWrapper {` is no
 * declaration the parser knows), and the class after it was lost: rapidjson's `istreamwrapper.h`
 * had no class, its methods were functions of the file, and a change to `Peek()` read as a rename
 * `Take` → `Peek`. It names nothing, so it is blanked out. Not where the next line opens a body or
 * starts with a name and its `(`: there it is a return type written on its own line
 * (`MY_RESULT_T\nparse(…)`) or a macro head (`TEST_END\n\nTEST_BEGIN(test_beta) {`).
 */
const marginMacro = /^[A-Z][A-Z0-9]*_[A-Z0-9_]*(?=[ \t]*(?:\/\/[^\n]*)?$(?!\n(?:[ \t]*\n)*[ \t]*(?:[~A-Za-z_][\w:~]*[ \t]*\(|\{)))/gm;

/** A margin macro that opens or closes a namespace, its first word the namespace's name (`FMT_BEGIN_NAMESPACE`, `RAPIDJSON_NAMESPACE_END`). */
const namespaceMacro = /^([A-Z][A-Z0-9]*)_(?:[A-Z0-9]+_)*?(?:NAMESPACE_(BEGIN|END)|(BEGIN|END)_NAMESPACE)$/;

/**
 * A margin macro as the parser should read it: a namespace macro as the namespace it opens or
 * closes, named by its first word, when the line has room for it and the file closes as many as it
 * opens (nlohmann/json's `NLOHMANN_JSON_NAMESPACE_BEGIN` is `namespace nlohmann {`, fmt's
 * `FMT_BEGIN_NAMESPACE` `namespace fmt {`, rapidjson's `RAPIDJSON_NAMESPACE_BEGIN` `namespace
 * rapidjson {`): blanked, the code inside it would lose its namespace, and the commit that wrote the
 * macro in place of `namespace nlohmann {` read as moving every class out of it (d909f80960: 41
 * wrong lines). Any other is blanked.
 */
function marginMacros(text: string): string {
  if (!text.includes('NAMESPACE')) return text.replace(marginMacro, blank);
  let opened = 0;
  let closed = 0;
  for (const m of text.matchAll(marginMacro)) {
    const parts = namespaceMacro.exec(m[0]);
    if ((parts?.[2] ?? parts?.[3]) === 'BEGIN') opened++;
    else if (parts) closed++;
  }
  return text.replace(marginMacro, (macro: string) => {
    const parts = opened === closed ? namespaceMacro.exec(macro) : null;
    if (!parts) return blank(macro);
    const written = (parts[2] ?? parts[3]) === 'BEGIN' ? `namespace ${parts[1].toLowerCase()} {` : '}';
    return written.length <= macro.length ? written.padEnd(macro.length) : blank(macro);
  });
}

/**
 * A capitals macro written after a function's parameters, before its body or its constructor's
 * initializers (`operator=(log_msg_buffer &&other) SPDLOG_NOEXCEPT {`, `Foo(Foo &&o) FOO_NOEXCEPT
 * : a{o.a}`): it expands to `noexcept` or nothing, and the parser, reading it as a name there, lost
 * spdlog's move assignment and read the next function as outside its namespace. It is blanked; a
 * comment may end its line (rapidjson's `RAPIDJSON_NOEXCEPT  // See #472` before `: data_() {`).
 */
const specifierMacro = /(?<=\)[ \t]*(?:const[ \t]+)?)[A-Z][A-Z0-9]*_[A-Z0-9_]*(?=[ \t]*(?:\{|:(?!:)|(?:\/\/[^\n]*)?$))/gm;

/** The index of the `)` closing the `(` at `open`, if it closes within `limit` characters and no `;`, `{` or `}` comes first. */
function closingParen(text: string, open: number, limit: number): number | undefined {
  let depth = 0;
  for (let i = open; i < text.length && i < open + limit; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
    else if (c === ';' || c === '{' || c === '}') return undefined;
  }
  return undefined;
}

/** A capitals macro call at a declaration's head, after its `template <…>` and specifiers: what is before the macro, and its name. */
const returnTypeMacroCall = /^([ \t]*(?:template[ \t]*<[^\n]*?>[ \t]*)?(?:(?:static|inline|virtual|friend|constexpr|explicit)[ \t]+)*)([A-Z][A-Z0-9]*_[A-Z0-9_]*)\(/gm;
/** The function's name after the macro call, on its line or the next: `Append(`, `operator[](`, `operator==(`, `~Foo(`. */
const functionNameAfter = /^[ \t]*(?:\/\/[^\n]*)?\n?[ \t]*((?:[A-Za-z_]\w*::)*(?:operator[ \t]*(?:\(\)|\[\]|[^\s\w(]+)|~?[A-Za-z_]\w*))[ \t]*(?=\()/;
/** After the parameters, a body, the qualifiers and specifier macros aside. */
const bodyAfter = /^\s*(?:(?:const|volatile|noexcept|override|final|&&?|[A-Z][A-Z0-9]*_[A-Z0-9_]*)\s*)*\{/;

/**
 * A capitals macro call written where a function's return type goes, followed by the function's
 * name and parameters: rapidjson's `RAPIDJSON_DISABLEIF_RETURN((internal::IsPointer<T>), (GenericValue&))
 * operator=(T value) {`, which expands to the return type, enabled or not for T. The parser reads no
 * such type, and in `document.h` the error took the whole class: `GenericValue`'s members were read
 * as functions of the file. Where the macro stands alone on its line it was blanked as a statement
 * (`macroStatement`), and `pointer.h`'s `GetValueByPointerWithDefault(T& root, …, T2 defaultValue, …)`
 * then had no return type and was no function. The macro's arguments are blanked, offsets kept, and its
 * name is read as the return type. Only where the parameters are followed by a body: a macro
 * statement followed by a call (`CHECK(x)` then `run(y);`) is left to the rule for macro statements,
 * and so is one before a constructor or destructor, which has no return type (CLI11's
 * `CLI11_ERROR_DEF(ParseError, Success)` then `Success() : Success(…) {}`, nlohmann/json's
 * `JSON_HEDLEY_NON_NULL(3)` then `exception(int id_, const char* what_arg) : …`); a macro name after
 * the macro (`Q_DECLARE_METATYPE(A)` then `Q_DECLARE_METATYPE(B)`) is no function's.
 */
function returnTypeMacros(text: string): string {
  if (!/[A-Z]_[A-Z0-9_]*\(/.test(text)) return text;
  let result = text;
  let types: Set<string> | undefined;
  for (const match of text.matchAll(returnTypeMacroCall)) {
    const open = match.index + match[0].length - 1;
    const close = closingParen(text, open, 1000);
    if (close === undefined) continue;
    const name = functionNameAfter.exec(text.slice(close + 1, close + 400));
    if (!name || /^[A-Z][A-Z0-9]*_[A-Z0-9_]*$/.test(name[1]) || statementKeywords.has(name[1])) continue;
    // a constructor or destructor: named after a class of the file, or `Foo::Foo`, `Foo::~Foo`
    const parts = name[1].replace('~', '').split('::');
    types ??= new Set(Array.from(text.matchAll(classNames), (m) => m[1]));
    if (types.has(parts[parts.length - 1]) || (parts.length > 1 && parts[parts.length - 1] === parts[parts.length - 2])) continue;
    const parameters = close + 1 + name[0].length;
    const end = closingParen(text, parameters, 4000);
    if (end === undefined || !bodyAfter.test(text.slice(end + 1, end + 300))) continue;
    result = result.slice(0, open) + text.slice(open, close + 1).replace(/[^\n]/g, ' ') + result.slice(close + 1);
  }
  return result;
}

const conditionalStart = /^[ \t]*#[ \t]*(?:if|ifdef|ifndef)\b/;
const conditionalOther = /^[ \t]*#[ \t]*(?:else|elif|elifdef|elifndef)\b/;
const conditionalEnd = /^[ \t]*#[ \t]*endif\b/;

/**
 * A declaration's head written twice, once per branch of an `#if`, its body or its base classes
 * after the `#endif`: rapidjson's `#ifndef RAPIDJSON_DOXYGEN_RUNNING` then `template <typename T>
 * explicit GenericValue(T b, …) RAPIDJSON_NOEXCEPT`, `#else` then `explicit GenericValue(bool b)
 * RAPIDJSON_NOEXCEPT`, `#endif` then `: data_() {`; nlohmann/json's `operator<=>` and `operator<`
 * heads before one body; fmt's `class dynamic_format_arg_store` then `#if …` `: public
 * basic_format_args<Context>` `#endif` `{`. The parser reads a directive's branches as whole
 * declarations, and these halves broke the class around them (rapidjson's `GenericValue` lost). The
 * directives and every branch but the first are blanked, line breaks kept: the first branch is
 * read as the head. Only where no branch holds `;`, `{`, `}` or another directive, and the next line
 * of code opens the body (`{`) or its initializers or bases (`:`).
 */
function alternativeHeads(text: string): string {
  if (!text.includes('#if')) return text;
  const lines = text.split('\n');
  const code = (line: string) => line.replace(/\/\/.*$/, '').trim();
  let start = -1;
  let condition = -1;
  let other = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (conditionalStart.test(line)) {
      start = i;
      other = -1;
      // a condition continued on the next lines
      while (lines[i].endsWith('\\') && i + 1 < lines.length) i++;
      condition = i;
    } else if (start < 0) continue;
    else if (conditionalOther.test(line)) {
      if (other < 0) other = i;
    } else if (conditionalEnd.test(line)) {
      let next = i + 1;
      while (next < lines.length && code(lines[next]) === '') next++;
      if (next < lines.length && /^(?:\{|:(?!:))/.test(code(lines[next]))) {
        for (let j = start; j <= i; j++) if (j <= condition || j === i || (other >= 0 && j >= other)) lines[j] = blank(lines[j]);
      }
      start = -1;
    } else if (/^\s*#|[;{}]/.test(code(line))) start = -1;
  }
  return lines.join('\n');
}

const prepare = (original: string) => {
  const source = marginMacros(returnTypeMacros(ifMacros(exceptionMacros(alternativeHeads(directiveStrings(original))))).replace(macroStatement, blank)).replace(specifierMacro, blank);
  const conventions = source.includes('__') ? source.replace(callingConventions, blank) : source;
  const text = conventions.includes('::') ? conventions.replace(qualifiedConstructorMacros, (_all, indent: string, head: string) => indent + head.replace(macroToken, blank)) : conventions;
  if (!text.includes('class') && !text.includes('struct')) return blankDeclarationMacros(text);
  const unmarked = text.replace(classMacro, (_all, head: string, macro: string, rest: string) => head + blank(macro) + rest);
  // named after the export macros are gone (`class FMT_API format_error` is format_error)
  const types = new Set(Array.from(unmarked.matchAll(classNames), (m) => m[1]));
  const classes = unmarked.replace(constructorMacros, (all, indent: string, head: string, name: string) => (types.has(name) ? indent + head.replace(macroToken, blank) : all));
  return blankDeclarationMacros(classes);
};

export const cpp: LanguageSpec = {
  id: 'cpp',
  prepare,
  grammar: { package: 'tree-sitter-cpp', wasm: 'tree-sitter-cpp.wasm' },
  declarations: {
    namespace_definition: namespaceRule,
    class_specifier: typeRule('class'),
    struct_specifier: typeRule('struct'),
    union_specifier: typeRule('union'),
    enum_specifier: typeRule('enum'),
    function_definition: functionRule,
    field_declaration: functionRule,
  },
  calls: { call_expression: callExpression },
  comments: ['comment'],
  atomicTokens: ['string_literal', 'raw_string_literal', 'char_literal', 'concatenated_string', 'system_lib_string'],
  opaque: ['lambda_expression'],
  fileNode: { kind: 'file', noun: 'File' },
  namespace: folderNamespace,
  parameters,
  typeAliases,
  returnType,
  supertypes,
  typedNames,
  definedFor,
  stereotypes,
  regroup,
  reopenedKinds: ['namespace'],
  // `struct` and `class` declare one kind of type, differing only in the default access of their members:
  // Catch2 turned `struct IStreamingReporter {` into `class IEventListener {` (a rename), which read as a
  // class gone and a new one every subclass extracted its members to
  kindsAlike: ['class', 'struct'],
};
