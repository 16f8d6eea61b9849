/**
 * JavaScript and JSX, as RefDiff JS sees them: a node per file, classes, function declarations,
 * class methods, and function/arrow expressions bound to a name (`const f = () => …`,
 * `exports.f = function …`, `{ f() {}, g: function () {} }`, `export default function`); and,
 * as RefactoringMiner sees them, object literals of functions bound to a name
 * (`const helpers = { f() {} }`) as namespaces holding those functions.
 * Unnamed functions passed as arguments are not nodes: their code belongs to the enclosing node.
 */
import type { CstNode, Stereotype } from '../core/cst';
import { adopt } from './regroup';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters, Receiver } from './spec';
import { folderNamespace, SELF_TYPE } from './spec';
import type { SyntaxNode } from './treesitter';

const functionTypes = new Set(['function_expression', 'arrow_function', 'generator_function']);
const fnFields = { parametersFields: ['parameters', 'parameter'], bodyField: 'body' };

const functionRule: DeclarationRule = { kind: 'function', noun: 'Function', ...fnFields, signature: 'name' };

/**
 * A function (or class) expression in `valueField`, bound to the name in `nameField`:
 * `const f = () => …`, `exports.f = function …`, `{ g: function () {} }`, `class A { h = () => … }`.
 */
export function boundRule(valueField: string, nameField: string, toName: (name: SyntaxNode) => string | undefined, kind = 'function', noun = 'Function'): DeclarationRule {
  return {
    kind, noun, ...fnFields, signature: 'name',
    resolve(node) {
      const value = definedValue(asserted(node.childForFieldName(valueField)));
      const isClass = value?.type === 'class';
      const first = node.type === 'assignment_expression' ? firstOfChain(node) : node;
      const nameNode = first.childForFieldName(nameField);
      if (value && nameNode && isNamespaceObject(value, nameNode)) {
        const name = toName(nameNode);
        return name === undefined ? undefined : { kind: 'object', noun: 'Object', name, nameNode, fn: value, node };
      }
      if (!value || (!isClass && !functionTypes.has(value.type))) return undefined;
      const bound = nameNode ? toName(nameNode) : undefined;
      if (!nameNode || bound === undefined) return undefined;
      const name = bound === DEFAULT ? ownName(value) ?? chainedName(node) ?? bound : bound;
      const aliases = otherNamesOfChain(node, first, toName).filter((alias) => alias !== name.slice(name.lastIndexOf(QUALIFIER) + 1));
      const declared = isClass ? { kind: 'class', noun: 'Class', name, nameNode, fn: value, node } : { kind, noun, name, nameNode, fn: value, node };
      return aliases.length > 0 ? { ...declared, aliases } : declared;
    },
  };
}

/**
 * The outermost assignment of a chain that gives one value several names (`runner.on =
 * runner.once = function …`, `Emitter.prototype.on = Emitter.prototype.addListener = function …`):
 * the name written first is the one the value goes by, and an alias added or dropped beside it
 * renames nothing. The module itself (`exports = module.exports = …`) is no such name.
 */
function firstOfChain(assignment: SyntaxNode): SyntaxNode {
  let first = assignment;
  for (let child = assignment, outer = child.parent; outer; child = outer, outer = outer.parent) {
    if (outer.type === 'parenthesized_expression') continue;
    const left = outer.type === 'assignment_expression' ? outer.childForFieldName('left') : null;
    if (!left || outer.childForFieldName('right')?.startIndex !== child.startIndex) break;
    if (left.text === 'exports' || left.text === 'module.exports' || assignedName(left) === undefined) break;
    first = outer;
  }
  return first;
}

/**
 * The names a chain of assignments gives its value besides the one written first (firstOfChain):
 * `toJSON` in `app.inspect = app.toJSON = function () {…}`. The value is all of them, so an alias
 * written before the name it had renames nothing either: koa turned `app.toJSON = function` into
 * `app.inspect =` / `app.toJSON = function` (CstNode.aliases).
 */
function otherNamesOfChain(assignment: SyntaxNode, first: SyntaxNode, toName: (name: SyntaxNode) => string | undefined): string[] {
  const names: string[] = [];
  for (let node: SyntaxNode | null = assignment; node && node.startIndex > first.startIndex; node = node.parent) {
    const left = node.type === 'assignment_expression' ? node.childForFieldName('left') : null;
    const name = left ? toName(left) : undefined;
    // the simple name: the object it is written onto is regroup's to resolve, for the name the value goes by
    if (name !== undefined && name !== DEFAULT) names.push(name.slice(name.lastIndexOf(QUALIFIER) + 1));
  }
  return names;
}

/**
 * The function or class a value defines where it is one operand of a guard or a fallback:
 * `isSupported && function (config) {…}`, `native || function (cb) {…}`, `test ? function () {…} : null`,
 * in parentheses or not. Otherwise the value itself, also where another operand holds code of
 * its own (`test ? makeEncoder(() => …) : async (str) => …`): the one function is not all the
 * value defines.
 */
function definedValue(value: SyntaxNode | null): SyntaxNode | null {
  const operands = value?.type === 'parenthesized_expression' ? value.namedChildren
    : value?.type === 'binary_expression' && /^(&&|\|\||\?\?)$/.test(value.childForFieldName('operator')?.text ?? '') ? [value.childForFieldName('left'), value.childForFieldName('right')]
    : value?.type === 'ternary_expression' ? [value.childForFieldName('consequence'), value.childForFieldName('alternative')]
    : undefined;
  if (!operands) return value;
  const defined = operands.map(definedValue);
  const functions = defined.filter((operand) => operand && isDefinition(operand));
  const others = operands.filter((_, i) => !functions.includes(defined[i]));
  const holdsCode = others.some((operand) => operand && operand.descendantsOfType([...functionTypes, 'class']).length > 0);
  return functions.length === 1 && !holdsCode ? functions[0] : value;
}

const isDefinition = (node: SyntaxNode) => node.type === 'class' || functionTypes.has(node.type);

/** TypeScript's assertions say what type a value is, not what it is: `{ … } as const`, `{ … } satisfies T`, `f!`. */
const assertions = new Set(['as_expression', 'satisfies_expression', 'non_null_expression']);

function asserted(value: SyntaxNode | null): SyntaxNode | null {
  return value && assertions.has(value.type) ? asserted(value.namedChildren[0] ?? null) : value;
}

/** The name of what a module exports as itself (`module.exports = …`, `export default …`) when it names nothing. */
const DEFAULT = 'default';

/**
 * The name a function or class expression gives itself (`function bind() {}`, `class Axios {}`).
 * What the module exports as itself goes by that name where it has one, as `export default
 * function bind() {}` does: `module.exports = function bind() {}` rewritten so is no rename.
 */
const ownName = (value: SyntaxNode): string | undefined => value.childForFieldName('name')?.text;

/** The variable an assignment is itself the value of: `axios` in `var axios = module.exports = function () {}`. */
function chainedName(assignment: SyntaxNode): string | undefined {
  const outer = assignment.parent;
  const [target, value] = outer?.type === 'variable_declarator' ? ['name', 'value'] : outer?.type === 'assignment_expression' ? ['left', 'right'] : [];
  const name = target && outer!.childForFieldName(value!)?.startIndex === assignment.startIndex ? outer!.childForFieldName(target) : null;
  return name?.type === 'identifier' && name.text !== 'exports' ? name.text : undefined;
}

/**
 * An object literal of functions bound to a name (`const helpers = { each() {}, clamp: (x) => … }`,
 * `Chart.helpers.easing = { … }`) is a namespace of its own, like a class: its functions are its
 * members, and it can be moved or renamed with them. The object assigned to `module.exports` /
 * `exports` is the module itself, not a namespace in it; one exported under a name
 * (`exports.cursor = { hide() {} }`) is the namespace of that name, as `export const cursor = { … }` is.
 */
function isNamespaceObject(value: SyntaxNode, nameNode: SyntaxNode): boolean {
  if (value.type !== 'object' || nameNode.text === 'module.exports' || nameNode.text === 'exports') return false;
  return hasFunctionMembers(value) && descriptorOf(value) === undefined && !exportedAsModule(nameNode);
}

/**
 * Whether a variable declared at the top of its file is what the CommonJS module exports as
 * itself (`var defaults = { … }; module.exports = defaults;`): that object is the module, as
 * `module.exports = { … }` is, and what `require` returns. An ES module's default export
 * (`export default effects`) is an object in the module, beside its named exports.
 */
function exportedAsModule(nameNode: SyntaxNode): boolean {
  const declaration = nameNode.parent?.type === 'variable_declarator' ? nameNode.parent.parent : undefined;
  const program = declaration?.parent?.type === 'export_statement' ? declaration.parent.parent : declaration?.parent;
  if (nameNode.type !== 'identifier' || program?.type !== 'program') return false;
  const exportsName = (node: SyntaxNode | null): boolean => {
    if (node?.type !== 'assignment_expression') return false;
    const right = node.childForFieldName('right');
    return (node.childForFieldName('left')?.text === 'module.exports' && right?.type === 'identifier' && right.text === nameNode.text) || exportsName(right);
  };
  return program.namedChildren.some((statement) => statement.type === 'expression_statement' && exportsName(statement.namedChildren[0]));
}

/** Calls that define one property from a descriptor: `(o, 'name', { … })`. */
const definesOne = new Set(['Object.defineProperty', 'Reflect.defineProperty']);
/** Calls that define properties from an object of descriptors: `(o, { name: { … } })`. */
const definesMany = new Set(['Object.defineProperties', 'Object.create']);

/** A property descriptor's property, and the object it is defined on where that is written as a path of names. */
interface Described {
  property: string;
  on: string | undefined;
}

/**
 * What an object literal describes, where it is a property descriptor given to
 * `Object.defineProperty(o, 'name', { get() {…} })` (or `Reflect.defineProperty`), or one of the
 * descriptors of `Object.defineProperties(o, { name: { value: function () {…} } })` (or
 * `Object.create(proto, { … })`): its `get`, `set` and `value` functions are that property's
 * accessors and value, named after it, and the descriptor is no namespace of its own. `on` is `o`
 * written as a path of names (`Chart` in `Object.defineProperties(Chart, { register: { value: … } })`),
 * so the function is a member of `Chart`, as `Chart.register = …` makes it (`regroup`);
 * `Object.create` defines them on a new object.
 */
function descriptorOf(object: SyntaxNode): Described | undefined {
  const definer = (args: SyntaxNode | null | undefined) =>
    args?.type === 'arguments' && args.parent?.type === 'call_expression' ? args.parent.childForFieldName('function')?.text.replace(/\s+/g, '') ?? '' : '';
  const on = (args: SyntaxNode, callee: string) => {
    const target = args.namedChildren[0];
    return callee === 'Object.create' || !target ? undefined : targetPath(target);
  };
  const one = definer(object.parent);
  if (definesOne.has(one)) {
    const [, key, descriptor] = object.parent!.namedChildren;
    const property = descriptor?.startIndex === object.startIndex && key?.type === 'string' ? propertyName(key) : undefined;
    return property === undefined ? undefined : { property, on: on(object.parent!, one) };
  }
  const pair = object.parent?.type === 'pair' ? object.parent : undefined;
  const descriptors = pair?.parent;
  const args = descriptors?.parent;
  const many = definer(args);
  if (!pair || !descriptors || !definesMany.has(many) || args!.namedChildren[1]?.startIndex !== descriptors.startIndex) return undefined;
  const key = pair.childForFieldName('key');
  const property = key ? propertyName(key) : undefined;
  return property === undefined ? undefined : { property, on: on(args!, many) };
}

/** `name` as a member of the object written as `path`, for `regroup`; `name` alone where there is no path. */
const memberOf = (path: string | undefined, name: string | undefined) => (name === undefined || path === undefined ? name : `${path}${QUALIFIER}${name}`);

/**
 * The name of an object literal's member from its key: a property descriptor's `get`, `set` and
 * `value` are named after the property they define (descriptorOf); members copied onto an object
 * are its members (copiedOnto).
 */
function memberName(key: SyntaxNode): string | undefined {
  const object = key.parent?.parent;
  if (object?.type !== 'object') return propertyName(key);
  const described = /^(get|set|value)$/.test(key.text) ? descriptorOf(object) : undefined;
  if (described) return memberOf(described.on, described.property);
  return memberOf(copiedOnto(object), propertyName(key));
}

/**
 * What an object literal's members are copied onto, written as a path of names:
 * `Object.assign(AxiosHeaders.prototype, { set() {…} })`, `utils.extend(Foo.prototype, { … })` give
 * `AxiosHeaders.prototype`, `Object.assign(AxiosHeaders, { from() {…} })` gives `AxiosHeaders`;
 * `regroup` makes them members of that constructor (or object of functions) where the scope
 * declares one, as `AxiosHeaders.prototype.set = function` and `AxiosHeaders.from = function` do.
 */
function copiedOnto(object: SyntaxNode): string | undefined {
  const args = object.parent;
  if (args?.type !== 'arguments' || args.parent?.type !== 'call_expression') return undefined;
  const [target] = args.namedChildren;
  if (!target || target.startIndex === object.startIndex) return undefined;
  const path = targetPath(target);
  if (path === undefined || path === 'this' || path === 'exports' || path === 'module') return undefined;
  if (path.endsWith(PROTOTYPE)) return path;
  // onto the constructor (or object) itself only where the call copies: `render(Component, { props() {} })` does not
  return COPIERS.has(callExpression.calleeName(args.parent.childForFieldName('function')!) ?? '') ? path : undefined;
}

/** What the functions that copy an object's members onto their first argument are called (`Object.assign`, `_.extend`, `utils.merge`, `mixin`). */
const COPIERS = new Set(['assign', 'extend', 'merge', 'mixin']);

/**
 * Whether an object literal holds functions: as its own members, or through an object of
 * functions it holds (`defineStore({ id: 'cart', actions: { add() {} } })`, Vuex's
 * `{ mutations: { … } }`). An options object whose functions are all one level down is the same
 * container as one with a function of its own beside them: adding or removing `state: () => …`
 * beside `actions: { … }` moves nothing, and the nested objects stay its members.
 */
const hasFunctionMembers = (object: SyntaxNode): boolean =>
  object.namedChildren.some((member) => {
    if (member.type === 'method_definition') return true;
    if (member.type !== 'pair') return false;
    const value = definedValue(asserted(member.childForFieldName('value')));
    return functionTypes.has(value?.type ?? '') || (value?.type === 'object' && hasFunctionMembers(value) && descriptorOf(value) === undefined);
  });

/**
 * An object literal of functions passed to a call whose result is bound to a name defines that
 * name's members: `var TimeScale = Scale.extend({ … })`, `Chart.controllers.bar = Base.extend({ … })`,
 * `const List = createClass({ … })`. It is a namespace named after the binding, like a class, so
 * its methods are told from the functions of the scope around it. Such a definition is the call's
 * last argument: an object given before other arguments is one the call uses, and what it returns
 * is no type made of it (`var stdout = runReporter({ epilogue: function () {} }, runner, options)`).
 */
const boundArgumentObject: DeclarationRule = {
  kind: 'object', noun: 'Object', signature: 'name',
  resolve(node) {
    const call = node.parent?.type === 'arguments' ? node.parent.parent : null;
    if (!call || call.type !== 'call_expression' || !hasFunctionMembers(node)) return undefined;
    // the definition is the last argument (`extend(Base, { … })`); one given before others is an options or stub object (`runReporter({ epilogue() {} }, runner, options)`)
    if (node.parent!.namedChildren.filter((arg) => arg.type !== 'comment').pop()?.startIndex !== node.startIndex) return undefined;
    // through TypeScript's assertions on what the call returns: `const form = useForm({ resolver() {} }) as FormWithRef<T>`
    // binds the same object as `const form = useForm({ … })` (the assertion starts where the call does)
    let binding = call.parent;
    while (binding && assertions.has(binding.type)) binding = binding.parent;
    let nameNode: SyntaxNode | null = null;
    if (binding?.type === 'variable_declarator' && binding.childForFieldName('value')?.startIndex === call.startIndex) nameNode = binding.childForFieldName('name');
    if (binding?.type === 'assignment_expression' && binding.childForFieldName('right')?.startIndex === call.startIndex) nameNode = binding.childForFieldName('left');
    const name = nameNode ? (nameNode.type === 'identifier' ? nameNode.text : assignedName(nameNode)) : undefined;
    return nameNode && name !== undefined ? { kind: 'object', noun: 'Object', name, nameNode, fn: node, node } : undefined;
  },
};

/** The simple name a property key or assignment target stands for. */
export function propertyName(node: SyntaxNode): string | undefined {
  switch (node.type) {
    case 'identifier': case 'property_identifier': case 'private_property_identifier': case 'number':
      return node.text;
    case 'string':
      return stringValue(node);
    case 'member_expression':
      return node.text === 'module.exports' ? DEFAULT : node.childForFieldName('property')?.text;
    case 'subscript_expression':
      return subscriptKey(node);
    default:
      return undefined;
  }
}

/**
 * The value a string literal spells, its escapes read: a key is the same whichever quotes write it
 * (eslint 129882d2fd: Prettier wrote the visitor `"MemberExpression[object.name=\"req\"]"` as
 * `'MemberExpression[object.name="req"]'`, which renames nothing). An escape this does not know is
 * kept as written.
 */
export function stringValue(node: SyntaxNode): string {
  const parts = node.namedChildren.filter((part) => part.type !== 'comment');
  if (parts.length === 0) return node.text.slice(1, -1);
  return parts
    .map((part) => {
      if (part.type !== 'escape_sequence') return part.text;
      const escaped = part.text.slice(1);
      const code = /^(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]+)\})$/.exec(escaped);
      if (code) return String.fromCodePoint(parseInt(code[1] ?? code[2] ?? code[3], 16));
      // a control character stays written as its escape (`\n`), so that a name stays on one line
      if (escaped.length === 1) return /[ntrbfv0]/.test(escaped) ? part.text : escaped;
      return /^\r?\n$/.test(escaped) ? '' : part.text;
    })
    .join('');
}

/**
 * The property a subscript names with a string written out: `special["gutfeeling"]` is
 * `special.gutfeeling`, as a linter's dot-notation rule rewrites it. A computed key
 * (`special[fix]`, a template with substitutions) names none.
 */
function subscriptKey(node: SyntaxNode): string | undefined {
  const index = node.childForFieldName('index');
  if (index?.type !== 'string' && index?.type !== 'template_string') return undefined;
  const parts = index.namedChildren;
  if (parts.some((part) => part.type !== 'string_fragment')) return undefined;
  return parts.map((part) => part.text).join('');
}

const identifierName = (name: SyntaxNode) => (name.type === 'identifier' ? name.text : undefined);

/** Separates the object path of an assignment target from the simple name until `regroup` resolves it. */
const QUALIFIER = '\u0001';

/** A chain of plain names (`helpers.canvas`), or undefined. */
function dottedPath(node: SyntaxNode): string | undefined {
  if (node.type === 'identifier' || node.type === 'property_identifier') return node.text;
  if (node.type !== 'member_expression' && node.type !== 'subscript_expression') return undefined;
  const object = node.childForFieldName('object');
  const property = node.childForFieldName('property');
  const head = object ? dottedPath(object) : undefined;
  // `Expr.find["TAG"]` is the path `Expr.find.TAG`, where the key is a name
  const name = node.type === 'subscript_expression' ? subscriptKey(node) : property?.type === 'property_identifier' ? property.text : undefined;
  return head !== undefined && name !== undefined && /^[\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$]*$/u.test(name) ? `${head}.${name}` : undefined;
}

/**
 * The object a member is written onto, as a path of names, with a local name for a prototype
 * read as that prototype: `var _proto = Foo.prototype; _proto.bar = function () {}` (Babel's
 * loose classes) and `const p = DraftMap.prototype; p.has = function () {}` (a class written out
 * by hand in a function that returns it) write onto `Foo.prototype` and `DraftMap.prototype`, as
 * `Foo.prototype.bar = function` does. The name is the one declared last before the member in the
 * innermost block around it that declares it.
 */
function targetPath(node: SyntaxNode): string | undefined {
  const path = dottedPath(node);
  if (path === undefined || path.includes(PROTOTYPE)) return path;
  const dot = path.indexOf('.');
  const head = dot < 0 ? path : path.slice(0, dot);
  const aliased = prototypeAlias(node, head);
  return aliased === undefined ? path : aliased + path.slice(head.length);
}

function prototypeAlias(node: SyntaxNode, name: string): string | undefined {
  for (let scope = node.parent; scope; scope = scope.parent) {
    if (scope.type !== 'statement_block' && scope.type !== 'program') continue;
    // the last declaration of the name before the member
    const found = declaredIn(scope).get(name)?.filter((d) => d.start < node.startIndex).pop();
    if (found === undefined) continue;
    const path = found.value ? dottedPath(found.value) : undefined;
    return path?.endsWith(PROTOTYPE) ? path : undefined;
  }
  return undefined;
}

/** Per tree and block: the variables the block's own statements declare, each with where and to what, in order. */
const declarations = new WeakMap<object, Map<number, Map<string, { start: number; value: SyntaxNode | null }[]>>>();

/** The variables a block's own statements declare (read once per block: a file of thousands of `p.m = function` reads each block once). */
function declaredIn(scope: SyntaxNode): Map<string, { start: number; value: SyntaxNode | null }[]> {
  let byBlock = declarations.get(scope.tree);
  if (!byBlock) declarations.set(scope.tree, (byBlock = new Map()));
  let names = byBlock.get(scope.id);
  if (names) return names;
  names = new Map();
  for (const statement of scope.namedChildren) {
    if (statement.type !== 'lexical_declaration' && statement.type !== 'variable_declaration') continue;
    for (const declarator of statement.namedChildren) {
      const name = declarator.type === 'variable_declarator' ? declarator.childForFieldName('name')?.text : undefined;
      if (name !== undefined) names.set(name, [...(names.get(name) ?? []), { start: statement.startIndex, value: declarator.childForFieldName('value') }]);
    }
  }
  byBlock.set(scope.id, names);
  return names;
}

/**
 * The name an assignment binds: `helpers.canvas.drawPoint = function …` binds `drawPoint`, a
 * property of `helpers.canvas`; that object path is kept with the name for `regroup`.
 */
function assignedName(target: SyntaxNode): string | undefined {
  if (target.type === 'identifier' && reassignedParameter(target)) return undefined;
  const name = propertyName(target);
  if (name === undefined || (target.type !== 'member_expression' && target.type !== 'subscript_expression')) return name;
  if (isExportsTarget(target.text)) {
    const self = target.text === 'module.exports' ? undefined : exportedSelf(target);
    return self === undefined ? name : `${self}${QUALIFIER}${name}`;
  }
  const object = target.childForFieldName('object');
  const path = object ? targetPath(object) : undefined;
  if (object?.type === 'this' && inClassConstructor(target)) return `${THIS}${QUALIFIER}${name}`;
  return path === undefined || path === 'this' || path === 'exports' || path === 'module' ? name : `${path}${QUALIFIER}${name}`;
}

/** The path `regroup` reads as the class whose constructor assigns a member to `this`. */
const THIS = 'this';

/** Written in a class's constructor, in no other function than that (an arrow function keeps its `this`). */
function inClassConstructor(node: SyntaxNode): boolean {
  for (let up = node.parent; up; up = up.parent) {
    if (up.type === 'arrow_function') continue;
    if (!FUNCTION_NODES.has(up.type)) continue;
    return up.type === 'method_definition' && up.childForFieldName('name')?.text === 'constructor' && up.parent?.type === 'class_body';
  }
  return false;
}

/** Where a function's own parameters are listed, by the type of the function's node. */
const FUNCTION_NODES = new Set(['function_declaration', 'function_expression', 'arrow_function', 'generator_function', 'generator_function_declaration', 'method_definition']);

/**
 * A name assigned that is a parameter of a function around the assignment (`func = function () {}`
 * in a function taking `func`): the function only gives its argument another value, and declares
 * nothing (jQuery's test helper resets its callback so). The function assigned is code of the one
 * around it.
 */
function reassignedParameter(target: SyntaxNode): boolean {
  for (let up = target.parent; up; up = up.parent) {
    if (!FUNCTION_NODES.has(up.type)) continue;
    const list = up.childForFieldName('parameters') ?? up.childForFieldName('parameter');
    if (list && bindsName(list, target.text)) return true;
  }
  return false;
}

/** Whether a parameter list (or an arrow function's one parameter) binds `name`: `a`, `a = 1`, `...a`. */
function bindsName(list: SyntaxNode, name: string): boolean {
  if (list.type === 'identifier') return list.text === name;
  return list.namedChildren.some((p) => {
    const bound = p.type === 'assignment_pattern' ? p.childForFieldName('left') : p.type === 'rest_pattern' ? p.namedChildren[0] : p.type === 'required_parameter' || p.type === 'optional_parameter' ? p.childForFieldName('pattern') : p;
    return bound?.type === 'identifier' && bound.text === name;
  });
}

/** Per tree: the function or class a CommonJS module exports as itself, and whether `exports` names it too. */
const exportedSelves = new WeakMap<object, { self: string; rebound: boolean } | null>();

/**
 * The function or class declared at the top of the file that the module exports as itself
 * (`function Base() {…} exports = module.exports = Base;`): what is then assigned to
 * `module.exports.color` is `Base.color`, a member of Base, as the ES module that writes
 * `Base.color = …` and `export default Base` says; so is what is assigned to `exports.color`
 * where `exports` was rebound to it too (with `module.exports = Base` alone, `exports` is still
 * the object the module no longer exports).
 */
function exportedSelf(node: SyntaxNode): string | undefined {
  let found = exportedSelves.get(node.tree);
  if (found === undefined) {
    const program = node.tree.rootNode;
    const declared = new Set<string>();
    for (const statement of program.namedChildren) {
      if (statement.type === 'function_declaration' || statement.type === 'class_declaration') declared.add(statement.childForFieldName('name')?.text ?? '');
      if (statement.type === 'lexical_declaration' || statement.type === 'variable_declaration') {
        for (const declarator of statement.namedChildren) {
          const value = declarator.childForFieldName('value');
          if (value && isDefinition(value)) declared.add(declarator.childForFieldName('name')?.text ?? '');
        }
      }
    }
    const selfOf = (node: SyntaxNode | null | undefined): { self: string; rebound: boolean } | undefined => {
      if (node?.type !== 'assignment_expression') return undefined;
      const left = node.childForFieldName('left')?.text;
      const right = node.childForFieldName('right');
      if (left === 'module.exports' && right?.type === 'identifier') return declared.has(right.text) ? { self: right.text, rebound: false } : undefined;
      const inner = selfOf(right);
      return inner && left === 'exports' ? { ...inner, rebound: true } : inner;
    };
    found = null;
    for (const statement of program.namedChildren) found = (statement.type === 'expression_statement' ? selfOf(statement.namedChildren[0]) : undefined) ?? found;
    exportedSelves.set(node.tree, found);
  }
  if (!found) return undefined;
  return node.text.startsWith('module.') || found.rebound ? found.self : undefined;
}

/** The object path a node's declaration is written with: `helpers.canvas` for `helpers.canvas = { … }`. */
const declaredPath = (node: CstNode) => node.name.replace(QUALIFIER, '.');

const PROTOTYPE = '.prototype';

/**
 * A function assigned to a property of an object of functions declared in the same scope
 * (`helpers.canvas = { clear() {} }; helpers.canvas.drawPoint = function () {}`) is a member of
 * that object, as if written in it; one assigned to the prototype of a function or class
 * declared in the same scope, or to that function itself (`function CancelToken(executor) {…}
 * CancelToken.prototype.throwIfRequested = function () {…}; CancelToken.source = function () {…}`),
 * is a member of that function, as the methods of the class it is rewritten as are (the function's
 * tokens stay its own code: it is not the scope around its members, as a wrapper holding them is).
 * Then names lose the object path they were written with.
 */
function regroup(nodes: CstNode[], root: SyntaxNode): CstNode[] {
  const objects = new Map<string, CstNode[]>();
  const constructors = new Map<string, CstNode[]>();
  for (const o of nodes) {
    const holders = o.kind === 'object' ? objects : o.kind === 'function' || o.kind === 'class' ? constructors : undefined;
    if (!holders) continue;
    const key = `${o.parent}\u0000${declaredPath(o)}`;
    holders.set(key, [...(holders.get(key) ?? []), o]);
  }
  for (const node of nodes) {
    const at = node.name.indexOf(QUALIFIER);
    if (at < 0) continue;
    const path = node.name.slice(0, at);
    if (path === THIS) {
      // `this.on = (…) => {…}` in a class's constructor is a member of that class, as `on(…) {…}` in its body is
      const ctor = node.parent === undefined ? undefined : nodes[node.parent];
      const type = ctor?.parent === undefined ? undefined : nodes[ctor.parent];
      if (ctor?.kind === 'method' && type?.kind === 'class') {
        adopt(nodes, node.id, type.id);
        Object.assign(node, { kind: 'method', noun: 'Method' });
        if (!node.stereotypes.includes('type-member')) node.stereotypes.push('type-member');
      }
      continue;
    }
    const owner = path.endsWith(PROTOTYPE) ? path.slice(0, -PROTOTYPE.length) : path;
    const holders = (objects.get(`${node.parent}\u0000${path}`) ?? constructors.get(`${node.parent}\u0000${owner}`) ?? []).filter((o) => o !== node && inScopeOf(o, node, root));
    const holder = holders.filter((o) => o.location.begin < node.location.begin).pop() ?? holders[0];
    if (holder) adopt(nodes, node.id, holder.id, holder.kind !== 'function');
  }
  for (const node of nodes) {
    const at = node.name.indexOf(QUALIFIER);
    if (at < 0) continue;
    const qualified = node.name;
    node.name = qualified.slice(at + 1);
    if (node.signature.startsWith(qualified)) node.signature = node.name + node.signature.slice(qualified.length);
  }
  ownersByName(nodes, root);
  return nodes;
}

/**
 * The declaration `holder` is visible where `member` is written: `member` lies in the function (or
 * file) that `holder` is declared in. Elements that callbacks declare are named after the function
 * around the callback, so two test cases' `var helpers` are both `helpers`; a `helpers.let =
 * function` in the second one (`var helpers = createFrame(…)`) is no member of the first one's
 * `var helpers = { hello() {} }`, and the latter's removal moves nothing.
 */
function inScopeOf(holder: CstNode, member: CstNode, root: SyntaxNode): boolean {
  const declared = root.descendantForIndex(holder.location.begin, holder.location.end);
  let scope: SyntaxNode | null = declared?.parent ?? null;
  while (scope && !FUNCTION_NODES.has(scope.type)) scope = scope.parent;
  return !scope || (scope.startIndex <= member.location.begin && member.location.end <= scope.endIndex);
}

/** A function lies between `node` and the start of the declaration around it at `begin`. */
function inFunctionWithin(node: SyntaxNode, begin: number): boolean {
  for (let at = node.parent; at && at.startIndex >= begin; at = at.parent) if (functionTypes.has(at.type)) return true;
  return false;
}

/**
 * A function declared beside an object of functions that names it as one of its members
 * (`function xRange(mouseX) {…} Chart.elements.Point = Element.extend({ inLabelRange: xRange, … })`,
 * `{ xRange }`) is that object's member written apart from it, as a Go method is its type's
 * (CstNode.owner): moving a method's code out of the object into such a function, under the old
 * name or a new one, leaves it where it was, and so does writing it back in. A function two
 * objects name, or one declared in another scope than the object, is neither's.
 */
function ownersByName(nodes: CstNode[], root: SyntaxNode): void {
  const objects = nodes.filter((n) => n.kind === 'object');
  if (objects.length === 0) return;
  // each function by its scope and name, the first declared where a name is declared twice
  const functions = new Map<string, CstNode>();
  for (const n of nodes) if (n.kind === 'function' && !functions.has(`${n.parent}\u0000${n.name}`)) functions.set(`${n.parent}\u0000${n.name}`, n);
  // the object whose own literal it is, once per literal: the innermost around it, with no function in between
  const holders = new Map<number, CstNode | undefined>();
  const holderOf = (literal: SyntaxNode) => {
    if (holders.has(literal.id)) return holders.get(literal.id);
    const holder = objects
      .filter((o) => o.location.begin <= literal.startIndex && literal.endIndex <= o.location.end)
      .reduce<CstNode | undefined>((inner, o) => (!inner || o.location.end - o.location.begin < inner.location.end - inner.location.begin ? o : inner), undefined);
    // not a literal written in the code of its members (`draw() { emit({ onDone: helper }) }`)
    const own = holder && !inFunctionWithin(literal, holder.location.begin) ? holder : undefined;
    holders.set(literal.id, own);
    return own;
  };
  const owners = new Map<CstNode, Set<string>>();
  for (const member of root.descendantsOfType(['pair', 'shorthand_property_identifier'])) {
    const value = member.type === 'pair' ? member.childForFieldName('value') : member;
    if (value?.type !== 'identifier' && value?.type !== 'shorthand_property_identifier') continue;
    const literal = member.parent;
    const holder = literal?.type === 'object' ? holderOf(literal) : undefined;
    const named = holder && functions.get(`${holder.parent}\u0000${value.text}`);
    if (named) owners.set(named, (owners.get(named) ?? new Set()).add(holder.name));
  }
  for (const [fn, names] of owners) if (names.size === 1) fn.owner = [...names][0];
}

/**
 * A computed key (`[[ "VariableDeclaration", "FunctionDeclaration" ]](node) {…}`, an ESLint visitor
 * of several selectors) spelled by its tokens: no whitespace, comments or trailing commas, strings
 * in double quotes. Prettier breaking the key over lines, re-indenting it and adding a trailing
 * comma (eslint 129882d2fd, lib/rules/camelcase.js) renames nothing, and the name stays on one line.
 */
function computedKeyName(key: SyntaxNode): string {
  const tokens: string[] = [];
  const read = (node: SyntaxNode) => {
    if (node.type === 'comment') return;
    if (node.type === 'string') tokens.push(JSON.stringify(stringValue(node)));
    else if (node.childCount === 0) tokens.push(node.text);
    else for (const child of node.children) read(child);
  };
  read(key);
  const kept = tokens.filter((token, i) => token !== ',' || !/^[\])}]$/.test(tokens[i + 1] ?? ''));
  const word = /[\p{L}\p{N}$_]/u;
  return kept.reduce((name, token) => (name && word.test(name.at(-1)!) && word.test(token[0]) ? `${name} ${token}` : name + token), '');
}

/** `method() {}` is a Method in a class and a Function in an object literal. */
const methodRule: DeclarationRule = {
  kind: 'method', noun: 'Method', ...fnFields, signature: 'name',
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return undefined;
    const name = memberName(nameNode) ?? (nameNode.type === 'computed_property_name' ? computedKeyName(nameNode) : nameNode.text);
    const inClass = node.parent?.type === 'class_body';
    return { kind: inClass ? 'method' : 'function', noun: inClass ? 'Method' : 'Function', name, nameNode, fn: node, node };
  },
};

/** `export default function () {}`, `export default () => …`, `export default class {}`: named 'default'. */
const exportDefaultRule: DeclarationRule = {
  kind: 'function', noun: 'Function', ...fnFields, signature: 'name',
  resolve(node) {
    const value = definedValue(node.childForFieldName('value'));
    if (!value || !node.children.some((child) => child.type === 'default')) return undefined;
    const name = ownName(value) ?? DEFAULT;
    if (value.type === 'class') return { kind: 'class', noun: 'Class', name, nameNode: node, fn: value, node };
    if (!functionTypes.has(value.type)) return undefined;
    return { kind: 'function', noun: 'Function', name, nameNode: node, fn: value, node };
  },
};

/** After a syntax error tree-sitter often reads `function f() {}` as a named function expression right under ERROR. */
const recoveredFunctionRule: DeclarationRule = {
  ...functionRule,
  resolve(node) {
    const nameNode = node.parent?.type === 'ERROR' ? node.childForFieldName('name') : null;
    return nameNode ? { kind: 'function', noun: 'Function', name: nameNode.text, nameNode, fn: node, node } : undefined;
  },
};

/** `class X {}` and `export default class {}` with a name of its own. */
const classRule: DeclarationRule = { kind: 'class', noun: 'Class', bodyField: 'body', signature: 'name' };

/** The fields through which a binding holds the value it names (boundRule, exportDefaultRule). */
const bindingValueFields: Record<string, string> = {
  variable_declarator: 'value', assignment_expression: 'right', pair: 'value', field_definition: 'value',
  public_field_definition: 'value', export_statement: 'value',
};

/** Expressions a value passes through to the binding that names it (definedValue, asserted). */
const valueWrappers = new Set(['parenthesized_expression', 'binary_expression', 'ternary_expression', ...assertions]);

/**
 * A class expression with a name of its own that no binding names (`const v2 = new (class
 * EventV2Processor extends Base { … })()`, `define('x-el', class XEl extends HTMLElement { … })`):
 * a class of that name, as `class EventV2Processor … {}` declared beside the use is, so its methods
 * are its own and not functions of the scope around it. One a binding names (`const A = class B {}`)
 * is that binding's (boundRule).
 */
const classExpressionRule: DeclarationRule = {
  ...classRule,
  resolve(node) {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return undefined;
    // not in code the parser could not read (a class declaration recovered as an expression after
    // committed merge conflict markers, zod 18371ca79c): what it makes of the code around is no binding
    for (let at = node.parent; at; at = at.parent) if (at.type === 'ERROR') return undefined;
    let value = node;
    let up = node.parent;
    while (up && valueWrappers.has(up.type)) {
      value = up;
      up = up.parent;
    }
    const field = up ? bindingValueFields[up.type] : undefined;
    if (field && up!.childForFieldName(field)?.startIndex === value.startIndex) return undefined;
    return { kind: 'class', noun: 'Class', name: nameNode.text, nameNode, fn: node, node };
  },
};

/**
 * The function a call runs through its own `call` or `apply`, as code written for ES5 delegates:
 * `this.$__validateSync.apply(this, arguments)` and `Parent.call(this, options)` call
 * `$__validateSync` and `Parent` with the object given first; `X.prototype.m.call(other, a)`
 * borrows X's `m`. Taken so where that object is `this`, `null` or `undefined`, or the function is
 * read off a prototype: `rpc.call('method', params)` is a method of the object's own named call.
 */
function invokedThrough(call: SyntaxNode): { callee: SyntaxNode; before: number | undefined } | undefined {
  const callee = call.childForFieldName('function');
  const how = callee?.type === 'member_expression' ? callee.childForFieldName('property')?.text : undefined;
  if (how !== 'call' && how !== 'apply') return undefined;
  const fn = callee!.childForFieldName('object');
  if (fn?.type !== 'identifier' && fn?.type !== 'member_expression') return undefined;
  const self = call.childForFieldName('arguments')?.namedChildren[0];
  const onPrototype = fn.type === 'member_expression' && fn.childForFieldName('object')?.type === 'member_expression' && fn.childForFieldName('object')?.childForFieldName('property')?.text === 'prototype';
  const selfGiven = self?.type === 'this' || self?.type === 'null' || self?.type === 'undefined';
  if (!onPrototype && !selfGiven) return undefined;
  return { callee: fn, before: how === 'call' ? 1 : undefined };
}

const callExpression: CallRule = {
  functionField: 'function',
  argumentsField: 'arguments',
  argumentsType: 'arguments',
  calleeName(callee) {
    if (callee.type === 'identifier') return callee.text;
    if (callee.type === 'member_expression') return callee.childForFieldName('property')?.text;
    return undefined;
  },
  receiver(call) {
    const callee = invokedThrough(call)?.callee ?? call.childForFieldName('function');
    return callee?.type === 'member_expression' ? receiverOf(callee.childForFieldName('object')) : undefined;
  },
  invoked: invokedThrough,
};

/** What `object` in `object.f()` says about what the call is made on (a bare `f()` is a function in scope: nothing). */
function receiverOf(object: SyntaxNode | null): Receiver | undefined {
  switch (object?.type) {
    case 'this':
      return { kind: 'self' };
    case 'super':
      return { kind: 'super' };
    case 'identifier':
      return { kind: 'name', name: object.text };
    case 'member_expression': {
      const field = object.childForFieldName('property');
      return object.childForFieldName('object')?.type === 'this' && field ? { kind: 'field', name: field.text } : undefined;
    }
    case 'new_expression': {
      const created = object.childForFieldName('constructor');
      return created?.type === 'identifier' ? { kind: 'type', name: created.text } : undefined;
    }
    case 'parenthesized_expression':
      return receiverOf(object.namedChildren[0] ?? null);
    default:
      return undefined;
  }
}

/**
 * The global objects every JavaScript runtime gives (the language's own, and `console`): a call
 * made on one of them by its name reaches the runtime, not a function of the project that shares
 * the called name. hono 108e35b5e9: a test's `Reflect.get(target, prop)` was linked to the
 * `get(target, prop)` handlers of `new Proxy(…, { get … })` objects in another test file, and
 * those handlers, replaced there by a shared helper, read as inlined into it. Taken as the type
 * the name says (LanguageSpec.isTypeName), such a call reaches a project's type of that name only
 * (a polyfill's `class Promise`); a variable of that name is still what it is declared as.
 */
const runtimeGlobals = new Set([
  'Object', 'Function', 'Array', 'Number', 'String', 'Boolean', 'Symbol', 'BigInt', 'Math', 'JSON',
  'Reflect', 'Promise', 'Date', 'RegExp', 'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'Proxy',
  'Atomics', 'Intl', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Error', 'Int8Array', 'Uint8Array',
  'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array',
  'Float64Array', 'BigInt64Array', 'BigUint64Array', 'globalThis', 'console',
]);

/** `new Foo(…)` → `Foo`; `this` → the object itself (`var me = this;`); any other value tells no type (''). */
export function createdType(value: SyntaxNode | null): string {
  if (value?.type === 'this') return SELF_TYPE;
  const created = value?.type === 'new_expression' ? value.childForFieldName('constructor') : null;
  return created?.type === 'identifier' ? created.text : '';
}

/**
 * Where JavaScript binds names, for the receiver of `x.f()`: variables (a Foo where the value is
 * `new Foo()`, otherwise of no known type) and parameters (no known type).
 */
export const typedNames: LanguageSpec['typedNames'] = {
  variable_declarator: (node) => {
    const name = node.childForFieldName('name');
    return name?.type === 'identifier' ? [[name.text, createdType(node.childForFieldName('value'))]] : [];
  },
  formal_parameters: (node) => {
    const names: string[] = [];
    patternNames(node, names);
    return names.map((name) => [name, '']);
  },
};

/** Identifiers bound by a parameter or a destructuring pattern, in order. */
export function patternNames(node: SyntaxNode, names: string[]): void {
  switch (node.type) {
    case 'identifier': case 'shorthand_property_identifier_pattern':
      names.push(node.text);
      return;
    case 'assignment_pattern': case 'object_assignment_pattern': {
      const left = node.childForFieldName('left');
      if (left) patternNames(left, names);
      return;
    }
    case 'pair_pattern': {
      const value = node.childForFieldName('value');
      if (value) patternNames(value, names);
      return;
    }
    case 'formal_parameters': case 'rest_pattern': case 'object_pattern': case 'array_pattern':
      for (const child of node.namedChildren) patternNames(child, names);
      return;
    default:
      return; // comments, decorators
  }
}

function parameters(list: SyntaxNode): Parameters {
  const names: string[] = [];
  patternNames(list, names);
  return { names, types: names.map(() => '') };
}

function supertypes(declaration: Declaration): string[] {
  if (declaration.kind !== 'class') return [];
  const heritage = declaration.fn.namedChildren.find((child) => child.type === 'class_heritage');
  const base = heritage?.namedChildren[0];
  const name = base ? propertyName(base) ?? base.text : undefined;
  return name ? [name] : [];
}

const isExportsTarget = (target: string) => target === 'module.exports' || /^(module\.)?exports\./.test(target);

/**
 * Exported by an `export` statement (also around a `const`), assigned to `exports.*` /
 * `module.exports*`, or a property of the object assigned to `module.exports`.
 */
function isExported(node: SyntaxNode): boolean {
  if (node.type === 'export_statement') return true;
  if (node.type === 'assignment_expression') {
    const left = node.childForFieldName('left');
    return isExportsTarget(left?.text ?? '') || (left?.type === 'member_expression' && aliasesModule(left.childForFieldName('object')));
  }
  if (node.type === 'pair' || node.type === 'method_definition') {
    const holder = node.parent?.parent;
    return holder?.type === 'assignment_expression' && isExportsTarget(holder.childForFieldName('left')?.text ?? '');
  }
  const parent = node.type === 'variable_declarator' ? node.parent?.parent : node.parent;
  return parent?.type === 'export_statement';
}

/**
 * Whether an object is what the CommonJS module exports, under a name of its own: `res` in
 * `var res = module.exports = {}` or `var app = exports = module.exports = {}`, the common way to
 * write a module of methods. What is assigned to it (`res.send = function …`) is exported as what is
 * assigned to `exports.send` is, and so told apart from a helper of the same name the file keeps
 * to itself (`function send(…)`), whichever way code went between them.
 */
function aliasesModule(object: SyntaxNode | null): boolean {
  if (object?.type !== 'identifier') return false;
  let names = moduleAliases.get(object.tree);
  if (!names) {
    names = moduleAliasesOf(object.tree.rootNode);
    moduleAliases.set(object.tree, names);
  }
  return names.has(object.text);
}

/** The names a file's top-level declarations give to `module.exports`, read once a tree (aliasesModule asks for each assignment). */
const moduleAliases = new WeakMap<object, Set<string>>();

function moduleAliasesOf(program: SyntaxNode): Set<string> {
  const isModule = (value: SyntaxNode | null): boolean =>
    value?.type === 'assignment_expression' && (value.childForFieldName('left')?.text === 'module.exports' || isModule(value.childForFieldName('right')));
  const names = new Set<string>();
  for (const statement of program.namedChildren) {
    if (statement.type !== 'variable_declaration' && statement.type !== 'lexical_declaration') continue;
    for (const declarator of statement.namedChildren) {
      const name = declarator.childForFieldName('name');
      if (name?.type === 'identifier' && isModule(declarator.childForFieldName('value'))) names.add(name.text);
    }
  }
  return names;
}

export function stereotypes({ declaration, body, parent }: DeclarationFacts): Stereotype[] {
  const found: Stereotype[] = [];
  if (parent?.kind === 'class') found.push('type-member');
  if (isExported(declaration.node)) found.push('exported');
  if (body && declaration.kind !== 'class') found.push('has-body');
  if (declaration.kind === 'method') {
    if (declaration.name === 'constructor') found.push('constructor');
    if (declaration.node.children.some((child) => child.type === 'static')) found.push('static');
  }
  return found;
}

/**
 * How deep a declaration is written in unnamed code within its parent's own: in unnamed functions
 * (`loadPlugin('es5', (utils) => { function peek() {…} … })`: 1; `addEventListener('load', () => {
 * blocks.forEach((block) => { btn.onclick = () => {…} }) })`: 2) and in object literals that are
 * no objects of functions (`era: buildLocalizeFn({ argumentCallback: (n) => n - 1 })`: 1). Neither
 * is an element, so its parent is the element around them. Where one of them becomes one, a
 * callback given a name (`export function enableES5() { function peek() {…} … }`) or an object
 * literal around it that gains a function of its own (`export const localize = { preprocessor: (date,
 * parts) => …, era: buildLocalizeFn({ … }) }`), what it declares stays in place (callbackNamed in
 * conditions.ts). A class in between is an element of its own, or holds what it declares: 0.
 */
function unnamedDepth({ declaration, parent }: DeclarationFacts): number {
  const stop = parent ? [parent.fn, parent.node] : [];
  let unnamed = 0;
  for (let at = declaration.node.parent; at; at = at.parent) {
    if (stop.some((s) => s.id === at!.id)) break;
    if (at.type === 'class' || at.type === 'class_body') return 0;
    if (functionTypes.has(at.type) || at.type === 'object') unnamed++;
  }
  return unnamed;
}

/** Files are modules: a file's namespace is its folder. */
export const namespace = folderNamespace;

export const javascript: LanguageSpec = {
  id: 'javascript',
  grammar: { package: 'tree-sitter-javascript', wasm: 'tree-sitter-javascript.wasm' },
  declarations: {
    class_declaration: classRule,
    class: classExpressionRule,
    function_declaration: functionRule,
    generator_function_declaration: functionRule,
    method_definition: methodRule,
    variable_declarator: boundRule('value', 'name', identifierName),
    assignment_expression: boundRule('right', 'left', assignedName),
    pair: boundRule('value', 'key', memberName),
    field_definition: boundRule('value', 'property', propertyName, 'method', 'Method'),
    export_statement: exportDefaultRule,
    function_expression: recoveredFunctionRule,
    generator_function: recoveredFunctionRule,
    object: boundArgumentObject,
  },
  calls: { call_expression: callExpression },
  typedNames,
  isTypeName: (name) => runtimeGlobals.has(name),
  comments: ['comment', 'html_comment'],
  atomicTokens: ['string', 'regex'],
  opaque: [],
  // written without semicolons (standard style), a statement ends where automatic semicolon insertion puts one;
  // with them, every statement of these lists ends with its `;` or `}`, and nothing changes
  statementEndLists: ['program', 'statement_block', 'switch_case', 'switch_default', 'class_body'],
  fileNode: { kind: 'file', noun: 'File' },
  namespace,
  regroup,
  parameters,
  supertypes,
  stereotypes,
  unnamedDepth,
  rootTypes: ['Object'],
};
