/**
 * Lua: a node per file (a module), its functions, and the tables of functions it declares.
 *
 * A function is `function f()`, `local function f()`, `local f = function () end`, `function t.f()`,
 * `t.f = function () end`, or a function in a table constructor bound to a name
 * (`local t = { f = function () end }`, `return { f = … }`); one in a table passed as an argument
 * (`setup({ on_attach = function () end })`) is code of the call's element. A function written on a
 * table (`t.f`, `t:f`) belongs to that table, by the table's part in its file:
 *
 * - the table the file returns (`local M = {} … return M`) is the module itself: its functions are
 *   the file's, marked 'exported', as a JavaScript module's `exports.f`, and owned by the table's
 *   name (CstNode.owner), as a Go method declared apart from its type: where that table becomes a
 *   class (below) or stops being one, its functions stay where they were, neither moved out of
 *   the file nor into it (conditions.ts, stayedBesideType);
 * - a table declared at the top of the file made a class by its metatable (`Path.__index = Path`,
 *   `setmetatable(…)` with a table as `__index`, not a function looking names up), or, unless the
 *   file returns it, with a method (`function Path:new()`, a `self` first parameter), is a class:
 *   its functions are methods, those without `self` 'static'; `setmetatable(X, { __index = Base })`
 *   (or `mod.Base`), `setmetatable({}, Base)` and `Base:extend()` name its supertype;
 * - any other table declared at the top of the file is an object of functions (kind 'object', as a
 *   JavaScript object literal of functions);
 * - a table the file does not declare (`function vim.lsp.f()`, a class of another file) holds
 *   nothing here: the function is the file's, named as written (`vim.lsp.f`, `Foo:m`) and owned by
 *   the last name (CstNode.owner), as a Go method whose type is declared elsewhere.
 *
 * A method's `self` is no parameter (`function T:f(x)` and `function T.f(self, x)` are one
 * signature); `...` is one, and makes the function 'variadic'. Signatures are the bare name.
 *
 * Calls (`f(x)`, `t.f(x)`, `obj:m(x)`, `f"str"`, `f{…}`) say what they are made on: `self` the
 * method's class; the module's own table its own functions; a class or object of the file that
 * one; a name bound by `require("a.b")` the functions of module `a.b` (a file's module is its path
 * from its `lua/` folder, dots for slashes, `init.lua` its folder's); a local assigned
 * `Foo.new(…)` or `Foo:new(…)` a Foo; any other local or parameter another object; a global table
 * (`string.format`, `vim.fn.expand`) its own functions only.
 */
import type { CstNode, Stereotype } from '../core/cst';
import { adopt } from './regroup';
import type { CallRule, Declaration, DeclarationFacts, DeclarationRule, LanguageSpec, Parameters, Receiver, TypedName } from './spec';
import { folderNamespace, moduleBinding } from './spec';
import type { SyntaxNode, SyntaxTree } from './treesitter';

/** Separates the table a function is written on from its name until `regroup` places it. */
const QUALIFIER = '\u0001';

/** A function written on a table: `t.f` (', '.'), `t:f` or with a `self` first parameter (':'). */
const qualified = (path: string, separator: '.' | ':', name: string) => `${path}${QUALIFIER}${separator}${name}`;

interface Written {
  path: string;
  separator: '.' | ':';
  name: string;
}

function unqualified(name: string): Written | undefined {
  const at = name.indexOf(QUALIFIER);
  if (at < 0) return undefined;
  return { path: name.slice(0, at), separator: name[at + 1] as '.' | ':', name: name.slice(at + 2) };
}

/** A chain of plain names (`vim.lsp.util`), or undefined. */
function dottedPath(node: SyntaxNode | null): string | undefined {
  if (node?.type === 'identifier') return node.text;
  if (node?.type !== 'dot_index_expression') return undefined;
  const head = dottedPath(node.childForFieldName('table'));
  const field = node.childForFieldName('field');
  return head === undefined || !field ? undefined : `${head}.${field.text}`;
}

/** Whether a function's first parameter is `self` (`t.f = function (self, x)`): a method written with a dot. */
const takesSelf = (fn: SyntaxNode) => fn.childForFieldName('parameters')?.namedChildren[0]?.text === 'self';

/** The name a function written on a table `path` goes by until regroup. */
const onTable = (path: string, colon: boolean, fn: SyntaxNode, name: string) => qualified(path, colon || takesSelf(fn) ? ':' : '.', name);

/** What a file's top-level statements make of its tables. */
interface Tables {
  /** The table the file returns: the module itself. */
  module: string | undefined;
  /** Tables declared at the top of the file that hold functions, other than the module (unless a class). */
  containers: Map<string, 'class' | 'object'>;
  /** The supertype a class's metatable names. */
  bases: Map<string, string>;
}

const tablesByTree = new WeakMap<SyntaxTree, Tables>();

function tablesOf(tree: SyntaxTree): Tables {
  let tables = tablesByTree.get(tree);
  if (!tables) tablesByTree.set(tree, (tables = readTables(tree.rootNode)));
  return tables;
}

/** `(first, second)` of `setmetatable(first, second)`, undefined for any other value. */
function setmetatableArguments(node: SyntaxNode | null | undefined): SyntaxNode[] | undefined {
  if (node?.type !== 'function_call' || node.childForFieldName('name')?.text !== 'setmetatable') return undefined;
  return node.childForFieldName('arguments')?.namedChildren.filter((child) => child.type !== 'comment');
}

/** The `__index` a metatable written as a table constructor holds. */
function indexOf(metatable: SyntaxNode): SyntaxNode | null | undefined {
  const index = metatable.namedChildren.find((field) => field.type === 'field' && field.childForFieldName('name')?.text === '__index');
  return index?.childForFieldName('value');
}

/**
 * The table a metatable makes its table inherit from: `B` of `B` (its own `__index`) or
 * `{ __index = B }`, the last name of `{ __index = mod.B }`.
 */
function metatableBase(metatable: SyntaxNode | undefined): string | undefined {
  if (metatable?.type === 'identifier') return metatable.text;
  if (metatable?.type !== 'table_constructor') return undefined;
  const path = dottedPath(indexOf(metatable) ?? null);
  return path?.slice(path.lastIndexOf('.') + 1);
}

/**
 * Whether a metatable makes its table a class: one that lends it a table's fields (`B`,
 * `{ __index = B }`); not one without a table as `__index`, which looks names up by a function
 * (`{ __index = function(_, key) return require(…)[key] end }`, a module loading its parts
 * lazily) or only makes the table callable (`{ __call = … }`).
 */
function makesClass(metatable: SyntaxNode | undefined): boolean {
  if (metatable?.type !== 'table_constructor') return true;
  const index = indexOf(metatable);
  return !!index && index.type !== 'function_definition';
}

/** The statement's single `target = value` (`local` or not), undefined for several targets or none. */
function singleAssignment(statement: SyntaxNode): { target: SyntaxNode; value: SyntaxNode | undefined } | undefined {
  const assignment = statement.type === 'variable_declaration' ? statement.namedChildren.find((c) => c.type === 'assignment_statement') : statement;
  if (assignment?.type !== 'assignment_statement') return undefined;
  const targets = assignment.namedChildren.find((c) => c.type === 'variable_list')?.namedChildren.filter((c) => c.type !== 'comment' && c.type !== 'attribute') ?? [];
  const values = assignment.namedChildren.find((c) => c.type === 'expression_list')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  return targets.length === 1 ? { target: targets[0], value: values[0] } : undefined;
}

function readTables(chunk: SyntaxNode): Tables {
  const statements = chunk.namedChildren.filter((s) => s.type !== 'comment');
  const declared = new Set<string>();
  const members = new Map<string, boolean>(); // table → whether it has a method
  const classes = new Set<string>();
  const bases = new Map<string, string>();
  const member = (path: string | undefined, method: boolean) => {
    if (path !== undefined) members.set(path, (members.get(path) ?? false) || method);
  };
  let module: string | undefined;
  for (const statement of statements) {
    if (statement.type === 'function_declaration') {
      const name = statement.childForFieldName('name');
      const colon = name?.type === 'method_index_expression';
      if (colon || name?.type === 'dot_index_expression') member(dottedPath(name!.childForFieldName('table')), colon || takesSelf(statement));
    } else if (statement.type === 'variable_declaration' || statement.type === 'assignment_statement') {
      const single = singleAssignment(statement);
      if (!single) continue;
      const { target, value } = single;
      if (target.type === 'identifier') {
        declared.add(target.text);
        for (const field of value?.type === 'table_constructor' ? value.namedChildren : []) {
          const fn = field.childForFieldName('value');
          if (fn?.type === 'function_definition') member(target.text, takesSelf(fn));
        }
        const made = setmetatableArguments(value);
        const base = made ? metatableBase(made[1]) : extendedBase(value);
        if (made && makesClass(made[1])) classes.add(target.text);
        if (base) bases.set(target.text, base);
      } else if (target.type === 'dot_index_expression') {
        const table = dottedPath(target.childForFieldName('table'));
        if (value?.type === 'function_definition') member(table, takesSelf(value));
        if (table !== undefined && target.childForFieldName('field')?.text === '__index') classes.add(table);
      }
    } else if (statement.type === 'function_call') {
      const [table, metatable] = setmetatableArguments(statement) ?? [];
      const base = metatableBase(metatable);
      if (table?.type === 'identifier' && makesClass(metatable)) {
        classes.add(table.text);
        if (base && base !== table.text) bases.set(table.text, base);
      }
    } else if (statement.type === 'return_statement') {
      const value = statement.namedChildren.find((c) => c.type === 'expression_list')?.namedChildren[0];
      const returned = setmetatableArguments(value)?.[0] ?? value;
      module = returned?.type === 'identifier' ? returned.text : undefined;
    }
  }
  const containers = new Map<string, 'class' | 'object'>();
  for (const [table, method] of members) {
    if (!declared.has(table)) continue;
    // the module's own table is a class by its metatable only: a function of it written with a colon
    // (`function M:run()`) is still the module's, so writing one so or back moves none of the others
    const isClass = classes.has(table) || bases.has(table) || (method && table !== module);
    if (table !== module || isClass) containers.set(table, isClass ? 'class' : 'object');
  }
  return { module, containers, bases };
}

/** `Base:extend(…)`, `Base.extend(…)` (rxi's classic and its kin): a subclass of Base. */
function extendedBase(value: SyntaxNode | undefined): string | undefined {
  const callee = value?.type === 'function_call' ? value.childForFieldName('name') : undefined;
  if (callee?.type !== 'method_index_expression' && callee?.type !== 'dot_index_expression') return undefined;
  const method = callee.childForFieldName(callee.type === 'method_index_expression' ? 'method' : 'field')?.text;
  const base = callee.childForFieldName('table');
  return method === 'extend' && base?.type === 'identifier' ? base.text : undefined;
}

const functionFields = { parametersFields: ['parameters'], bodyField: 'body', signature: 'name' as const };

const fn = (name: string, nameNode: SyntaxNode, value: SyntaxNode, node: SyntaxNode): Declaration => ({ kind: 'function', noun: 'Function', name, nameNode, fn: value, node });

/** `function f()`, `local function f()`, `function t.f()`, `function t.a.f()`, `function T:m()`. */
const functionDeclaration: DeclarationRule = {
  kind: 'function', noun: 'Function', ...functionFields,
  resolve(node) {
    const written = node.childForFieldName('name');
    if (written?.type === 'identifier') return fn(written.text, written, node, node);
    const colon = written?.type === 'method_index_expression';
    const nameNode = written?.childForFieldName(colon ? 'method' : 'field');
    if (!written || !nameNode) return undefined;
    const path = dottedPath(written.childForFieldName('table'));
    return fn(path === undefined ? nameNode.text : onTable(path, colon, node, nameNode.text), nameNode, node, node);
  },
};

/**
 * `local f = function () end`, `f = function …`, `t.f = function …`; and `local T = {}` (or any
 * value) at the top of the file where T is a class or an object of functions (Tables.containers).
 */
const assignment: DeclarationRule = {
  kind: 'function', noun: 'Function', ...functionFields,
  resolve(node) {
    if (node.type === 'assignment_statement' && node.parent?.type === 'variable_declaration') return undefined;
    const single = singleAssignment(node);
    if (!single) return undefined;
    const { target, value } = single;
    if (value?.type === 'function_definition') {
      if (target.type === 'identifier') return fn(target.text, target, value, node);
      const field = target.type === 'dot_index_expression' ? target.childForFieldName('field') : null;
      const path = field ? dottedPath(target.childForFieldName('table')) : undefined;
      return field && path !== undefined ? fn(onTable(path, false, value, field.text), field, value, node) : undefined;
    }
    if (target.type !== 'identifier' || node.parent?.type !== 'chunk') return undefined;
    const kind = tablesOf(node.tree).containers.get(target.text);
    if (!kind) return undefined;
    return { kind, noun: kind === 'class' ? 'Class' : 'Object', name: target.text, nameNode: target, fn: node, node };
  },
};

/**
 * The table a table constructor is bound to, as a path of names: `t` in `local t = { … }`, `t.a`
 * for `t = { a = { … } }` or `t.a = { … }`; '' for the table the file returns (`return { … }`);
 * undefined for a table passed to a call or kept anywhere else.
 */
function tablePath(table: SyntaxNode): string | undefined {
  const holder = table.parent;
  if (holder?.type === 'field') {
    const key = holder.childForFieldName('name');
    const outer = holder.parent?.type === 'table_constructor' ? tablePath(holder.parent) : undefined;
    return key?.type === 'identifier' && outer !== undefined ? (outer === '' ? key.text : `${outer}.${key.text}`) : undefined;
  }
  if (holder?.type !== 'expression_list') return undefined;
  const statement = holder.parent;
  if (statement?.type === 'return_statement') return statement.parent?.type === 'chunk' ? '' : undefined;
  if (statement?.type !== 'assignment_statement') return undefined;
  const index = holder.namedChildren.filter((c) => c.type !== 'comment').findIndex((value) => value.id === table.id);
  const target = statement.namedChildren.find((c) => c.type === 'variable_list')?.namedChildren.filter((c) => c.type !== 'comment' && c.type !== 'attribute')[index];
  return target ? dottedPath(target) : undefined;
}

/** `{ f = function () end }` in a table bound to a name or returned by the file. */
const field: DeclarationRule = {
  kind: 'function', noun: 'Function', ...functionFields,
  resolve(node) {
    const value = node.childForFieldName('value');
    const key = node.childForFieldName('name');
    if (value?.type !== 'function_definition' || key?.type !== 'identifier' || node.parent?.type !== 'table_constructor') return undefined;
    const path = tablePath(node.parent);
    if (path === undefined) return undefined;
    // the returned table's functions are the module's: written on it, as `M.f = function` is
    const name = path === '' ? qualified(RETURNED, takesSelf(value) ? ':' : '.', key.text) : onTable(path, false, value, key.text);
    return fn(name, key, value, node);
  },
};

/** The path regroup reads as the table the file returns, written as `return { … }`. */
const RETURNED = '';

/** The callee's name: `f`, `t.f`, `obj:m`; none for `(f)()` or `f()()`. */
function calleeName(callee: SyntaxNode): string | undefined {
  if (callee.type === 'identifier') return callee.text;
  if (callee.type === 'dot_index_expression') return callee.childForFieldName('field')?.text;
  if (callee.type === 'method_index_expression') return callee.childForFieldName('method')?.text;
  return undefined;
}

/** What the table a function is called on says: `self`, the module, a table of the file, a name, a global table. */
function receiver(call: SyntaxNode): Receiver | undefined {
  const callee = call.childForFieldName('name');
  if (callee?.type !== 'dot_index_expression' && callee?.type !== 'method_index_expression') return undefined;
  const table = callee.childForFieldName('table');
  if (table?.type === 'identifier') {
    if (table.text === 'self') return { kind: 'self' };
    const tables = tablesOf(call.tree);
    if (tables.containers.has(table.text)) return { kind: 'type', name: table.text, exact: true };
    if (table.text === tables.module) return { kind: 'module' };
    return { kind: 'name', name: table.text };
  }
  // `vim.fn.expand()`, `M.sub.f()`: the functions written on a table of that name (CstNode.owner), not `self`'s
  const path = dottedPath(table);
  if (path === undefined || path.startsWith('self.')) return undefined;
  return { kind: 'type', name: path.slice(path.lastIndexOf('.') + 1), exact: true };
}

const functionCall: CallRule = { functionField: 'name', argumentsField: 'arguments', argumentsType: 'arguments', calleeName, receiver };

/** The module `require("a.b")` (or `require "a/b"`) names, '' when not written as a string. */
function requiredModule(value: SyntaxNode | undefined): string | undefined {
  if (value?.type !== 'function_call' || value.childForFieldName('name')?.text !== 'require') return undefined;
  const argument = value.childForFieldName('arguments')?.namedChildren.find((c) => c.type !== 'comment');
  const content = argument?.type === 'string' ? argument.childForFieldName('content')?.text : undefined;
  return content === undefined ? '' : content.replace(/\//g, '.');
}

/** The class an instance is made of: `Foo.new(…)`, `Foo:new(…)`, `Foo(…)` of a capitalised Foo; '' when not told. */
function madeOf(value: SyntaxNode | undefined): string {
  const callee = value?.type === 'function_call' ? value.childForFieldName('name') : undefined;
  if (callee?.type === 'identifier') return /^[A-Z]/.test(callee.text) && /[a-z]/.test(callee.text) ? callee.text : '';
  if (callee?.type !== 'method_index_expression' && callee?.type !== 'dot_index_expression') return '';
  const method = callee.childForFieldName(callee.type === 'method_index_expression' ? 'method' : 'field')?.text;
  const table = callee.childForFieldName('table');
  return method === 'new' && table?.type === 'identifier' && /^[A-Z]/.test(table.text) ? table.text : '';
}

/** Where Lua binds names: locals (a module where required, a class where made of one), parameters and loop variables (none told). */
const typedNames: LanguageSpec['typedNames'] = {
  variable_declaration(node) {
    const assignment = node.namedChildren.find((c) => c.type === 'assignment_statement');
    const list = (assignment ?? node).namedChildren.find((c) => c.type === 'variable_list');
    const values = assignment?.namedChildren.find((c) => c.type === 'expression_list')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
    const names = list?.namedChildren.filter((c) => c.type === 'identifier') ?? [];
    return names.map((name, i): TypedName => {
      const module = requiredModule(values[i]);
      return [name.text, module === undefined ? madeOf(values[i]) : moduleBinding(module)];
    });
  },
  parameters: (node) => node.namedChildren.filter((c) => c.type === 'identifier').map((name): TypedName => [name.text, '']),
  for_generic_clause: (node) =>
    (node.namedChildren.find((c) => c.type === 'variable_list')?.namedChildren ?? []).filter((c) => c.type === 'identifier').map((name): TypedName => [name.text, '']),
  for_numeric_clause: (node) => {
    const name = node.childForFieldName('name');
    return name ? [[name.text, '']] : [];
  },
};

/** Parameter names (`...` for varargs); a method's `self` written as the first is its receiver, no parameter. */
function parameters(list: SyntaxNode): Parameters {
  const names = list.namedChildren.filter((c) => c.type === 'identifier' || c.type === 'vararg_expression').map((c) => c.text);
  if (names[0] === 'self') names.shift();
  return { names, types: names.map(() => '') };
}

/** The module a file is, as `require` names it: its path from its `lua/` folder (else the whole), dots for slashes; `a/init.lua` is `a`. */
function moduleName(_root: SyntaxNode, filePath: string): string {
  const path = filePath.replace(/\.lua$/i, '').replace(/(^|\/)init$/, '');
  const at = path.lastIndexOf('lua/');
  const relative = at === 0 || (at > 0 && path[at - 1] === '/') ? path.slice(at + 'lua/'.length) : path;
  return relative.replace(/\//g, '.');
}

/** A function written on a table is that table's: calls on `self` in it (a method's, or the one a constructor makes) are made on it. */
function definedFor(declaration: Declaration): string | undefined {
  const written = unqualified(declaration.name);
  if (!written || written.path === RETURNED) return undefined;
  return written.path.slice(written.path.lastIndexOf('.') + 1);
}

function supertypes(declaration: Declaration): string[] {
  if (declaration.kind !== 'class') return [];
  const base = tablesOf(declaration.node.tree).bases.get(declaration.name);
  return base && base !== declaration.name ? [base] : [];
}

const callableKinds = new Set(['function', 'method']);

function stereotypes({ declaration, parameters: { names }, body, parent }: DeclarationFacts): Stereotype[] {
  if (!callableKinds.has(declaration.kind)) return [];
  const found: Stereotype[] = ['has-body'];
  if (!body || body.namedChildren.every((statement) => statement.type === 'comment')) found.push('stub');
  if (names[names.length - 1] === '...') found.push('variadic');
  if (parent && callableKinds.has(parent.kind)) found.push('local');
  return found;
}

/**
 * Places the functions written on a table (see the header): into the class or object the file
 * declares for it, into the file for the module's table (exported), or left in place named as
 * written and owned by the table's last name. Then names lose the table they were written on.
 */
function regroup(nodes: CstNode[], root: SyntaxNode): CstNode[] {
  const tables = tablesOf(root.tree);
  const holders = new Map<string, CstNode>();
  for (const node of nodes) if ((node.kind === 'class' || node.kind === 'object') && node.parent === 0) holders.set(node.name, node);
  for (const node of nodes) {
    const written = unqualified(node.name);
    if (!written) continue;
    node.name = written.name;
    node.signature = written.name;
    const holder = holders.get(written.path);
    const atTop = node.parent === 0 || node.parent === holder?.id;
    if (holder && atTop) {
      adopt(nodes, node.id, holder.id);
      if (holder.kind === 'class') {
        Object.assign(node, { kind: 'method', noun: 'Method' });
        node.stereotypes.push('type-member');
        if (written.separator === '.') node.stereotypes.push('static');
      }
    } else if (written.path === RETURNED || written.path === tables.module) {
      if (atTop) node.stereotypes.push('exported');
      // owned by the table's name, as a Go method declared apart from its type: the same function
      // whether that table is the file (`local M = {}`) or a class (`M.__index = M`), now or later
      if (atTop && written.path !== RETURNED) node.owner = written.path;
    } else {
      // a table kept in the module's (`M.sources = { ale = function … }`) is named from the module, as the
      // same table returned (`return { sources = { … } }`) is: the module's local name is the file's own
      // business (lualine's `local Diagnostics = …` renamed `local M = …` changed no function's name)
      const inModule = tables.module !== undefined && written.path.startsWith(`${tables.module}.`);
      const path = inModule ? written.path.slice(tables.module!.length + 1) : written.path;
      node.signature = `${path}${written.separator}${written.name}`;
      node.owner = written.path.slice(written.path.lastIndexOf('.') + 1);
      if (written.separator === ':') Object.assign(node, { kind: 'method', noun: 'Method' });
    }
  }
  return nodes;
}

export const lua: LanguageSpec = {
  id: 'lua',
  grammar: { package: '@tree-sitter-grammars/tree-sitter-lua', wasm: 'tree-sitter-lua.wasm' },
  declarations: {
    function_declaration: functionDeclaration,
    variable_declaration: assignment,
    assignment_statement: assignment,
    field,
  },
  calls: { function_call: functionCall },
  typedNames,
  isTypeName: () => true,
  comments: ['comment', 'hash_bang_line'],
  atomicTokens: ['string'],
  opaque: [],
  // a statement is any node a block holds (a call too), an `elseif` or `else` part; `end` and `until` close one
  statementTypes: ['elseif_statement', 'else_statement', 'end', 'until'],
  statementLists: ['chunk', 'block'],
  fileNode: { kind: 'file', noun: 'File' },
  // `self.items:iter()` calls iter on self.items, with self.items as its first argument
  memberJoiners: [':'],
  namespace: folderNamespace,
  module: moduleName,
  definedFor,
  parameters,
  supertypes,
  stereotypes,
  regroup,
};
