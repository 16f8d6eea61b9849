/** Lua: what the CST holds for small files, and the refactorings reported on small fixtures. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../src/languages/registry';
import { refactorings } from '../helpers';

test('Lua functions, tables of functions and classes: kinds, names, parents, stereotypes', async () => {
  const cst = await parseFile('lua/shop/cart.lua', `local util = require("shop.util")
local M = {}

local function round(value, ...) return value end
local clamp = function(x, low) return x end
function M.total(items) return round(#items) end
M.count = function(items) return #items end

local Cart = setmetatable({}, { __index = Base })
Cart.__index = Cart
function Cart.new(items) return setmetatable({ items = items }, Cart) end
function Cart:add(item) table.insert(self.items, item) end
Cart.remove = function(self, item) end

local helpers = { fmt = function(n) return tostring(n) end }
function helpers.pad(s) return s end
function vim.ui.notify_once(msg) end
setup({ on_attach = function(client) end })

return M
`);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.noun, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'File', 'cart.lua', null],
    ['function', 'Function', 'round', 'cart.lua'],
    ['function', 'Function', 'clamp', 'cart.lua'],
    ['function', 'Function', 'total', 'cart.lua'],
    ['function', 'Function', 'count', 'cart.lua'],
    ['class', 'Class', 'Cart', 'cart.lua'],
    ['method', 'Method', 'new', 'Cart'],
    ['method', 'Method', 'add', 'Cart'],
    ['method', 'Method', 'remove', 'Cart'],
    ['object', 'Object', 'helpers', 'cart.lua'],
    ['function', 'Function', 'fmt', 'helpers'],
    ['function', 'Function', 'pad', 'helpers'],
    ['function', 'Function', 'vim.ui.notify_once', 'cart.lua'],
  ]);
  const byName = (name: string) => cst.nodes.find((n) => n.name === name)!;
  assert.equal(cst.nodes[0].namespace, 'lua/shop/');
  assert.equal(cst.nodes[0].module, 'shop.cart', 'a file is the module its path from lua/ names');
  assert.deepEqual([byName('round').parameters, byName('round').stereotypes], [['value', '...'], ['has-body', 'variadic']]);
  assert.ok(byName('total').stereotypes.includes('exported'), 'a function of the table the file returns is the module\'s');
  assert.ok(!byName('round').stereotypes.includes('exported'));
  assert.deepEqual(byName('Cart').supertypes, ['Base']);
  assert.ok(byName('new').stereotypes.includes('static'));
  assert.ok(!byName('add').stereotypes.includes('static'));
  assert.deepEqual(byName('remove').parameters, ['item'], 'self is no parameter');
  assert.equal(byName('notify_once').owner, 'ui');
  assert.equal(cst.errors, 0);
});

test('Lua calls say what they are made on: self, the module, a class of the file, a required module, a made instance, another object', async () => {
  const cst = await parseFile('lua/shop/cart.lua', `local util = require("shop.util")
local Item = require "shop/item"
local M = {}
local Cart = {}
Cart.__index = Cart
function Cart:add(item, other)
  self:check(item)
  M.log"added"
  Cart.count{ item }
  util.clamp(1, 2)
  Item.create(item)
  local found = Cart.new()
  found:check(item)
  other:check(item)
  string.format("%d", 1)
  helper(item)
end
return M
`);
  assert.deepEqual(cst.nodes.find((n) => n.name === 'add')!.calls, [
    { name: 'check', args: 1, receiver: 'Cart', ownType: true },
    { name: 'log', args: 1, module: 'shop.cart' },
    { name: 'count', args: 1, receiver: 'Cart', exact: true },
    { name: 'clamp', args: 2, module: 'shop.util' },
    { name: 'create', args: 1, module: 'shop.item' },
    { name: 'new', args: 0, receiver: 'Cart', exact: true },
    { name: 'check', args: 1, receiver: 'Cart' },
    { name: 'check', args: 1, otherObject: true },
    { name: 'format', args: 2, receiver: 'string', exact: true },
    { name: 'helper', args: 1 },
  ]);
});

test('Lua statements: each a block holds (calls too), closed by end', async () => {
  const cst = await parseFile('a.lua', 'local function f(a)\n  if a then g(a) h(a) else k() end\n  return a\nend\n');
  const f = cst.nodes[1];
  const starts = [...f.statementStarts!, f.tokens.length];
  assert.deepEqual(starts.slice(0, -1).map((at, i) => f.tokens.slice(at, starts[i + 1]).join(' ')), [
    'local function f ( a )', 'if a then', 'g ( a )', 'h ( a )', 'else', 'k ( )', 'end', 'return a', 'end',
  ]);
});

const slugify = `local function slugify(title, separator)
  local lower = string.lower(vim.trim(title))
  local cleaned = lower:gsub("[^a-z0-9]+", separator)
  return (cleaned:gsub("^" .. separator, ""):gsub(separator .. "$", ""))
end`;
const upper = 'local function upper(s)\n  return string.upper(s)\nend';
const mod = (body: string) => `local M = {}\n\n${body}\n\nreturn M\n`;

test('Lua: a function renamed is a Rename Function; a parameter added, a Change Function Signature', async () => {
  assert.deepEqual(await refactorings({ 'lua/text/slug.lua': mod(slugify) }, { 'lua/text/slug.lua': mod(slugify.replace('slugify(', 'to_slug(')) }), [
    'Rename Function: lua/text/slug.lua/slugify → lua/text/slug.lua/to_slug',
  ]);
  assert.deepEqual(await refactorings({ 'lua/text/slug.lua': mod(slugify) }, { 'lua/text/slug.lua': mod(slugify.replace('separator)', 'separator, limit)')) }), [
    'Change Function Signature: lua/text/slug.lua/slugify → lua/text/slug.lua/slugify',
  ]);
});

test('Lua: a file renamed is a Rename File; moved to another folder, a Move File', async () => {
  const body = mod(`${slugify}\n\n${upper}`);
  assert.deepEqual(await refactorings({ 'lua/text/slug.lua': body }, { 'lua/text/slugs.lua': body }), ['Rename File: lua/text/slug.lua → lua/text/slugs.lua']);
  assert.deepEqual(await refactorings({ 'lua/text/slug.lua': body }, { 'lua/util/slug.lua': body }), ['Move File: lua/text/slug.lua → lua/util/slug.lua']);
});

test('Lua: a module function moved to another module is a Move Function; renamed too, a Move And Rename Function', async () => {
  const moduleSlug = slugify.replace('local function slugify(', 'function M.slugify(');
  const host = 'function M.host(url)\n  return url:match("^[^/]+")\nend';
  const before = { 'lua/text/slug.lua': mod(`${moduleSlug}\n\n${upper}`), 'lua/web/url.lua': mod(host) };
  const moved = (fn: string) => ({ 'lua/text/slug.lua': mod(upper), 'lua/web/url.lua': mod(`${host}\n\n${fn}`) });
  assert.deepEqual(await refactorings(before, moved(moduleSlug)), ['Move Function: lua/text/slug.lua/slugify → lua/web/url.lua/slugify']);
  assert.deepEqual(await refactorings(before, moved(moduleSlug.replace('M.slugify(', 'M.to_slug('))), [
    'Move And Rename Function: lua/text/slug.lua/slugify → lua/web/url.lua/to_slug',
  ]);
});

const klass = (name: string, members: string, base = '') => `local ${name} = ${base ? `setmetatable({}, { __index = ${base} })` : '{}'}
${name}.__index = ${name}

function ${name}.new(opts)
  return setmetatable({ opts = opts or {} }, ${name})
end
${members.replace(/\bShape\b/g, name)}
return ${name}
`;
const area = `function Shape:area(width, height)
  local result = width * height
  if result < 0 then error("negative area " .. result) end
  return result
end`;
const describe = `function Shape:describe(prefix, count)
  local parts = { prefix }
  for i = 1, count do table.insert(parts, tostring(i)) end
  return table.concat(parts, ", ")
end`;

test('Lua: a class renamed is a Rename Class; a method renamed, a Rename Method; moved to another class, a Move Method', async () => {
  const body = `${area}\n\n${describe}\n`;
  assert.deepEqual(await refactorings({ 'lua/geo/shape.lua': klass('Shape', body) }, { 'lua/geo/shape.lua': klass('Figure', body) }), [
    'Rename Class: lua/geo/shape.lua/Shape → lua/geo/shape.lua/Figure',
  ]);
  assert.deepEqual(await refactorings({ 'lua/geo/shape.lua': klass('Shape', body) }, { 'lua/geo/shape.lua': klass('Shape', body.replace('Shape:area(', 'Shape:surface(')) }), [
    'Rename Method: lua/geo/shape.lua/Shape/area → lua/geo/shape.lua/Shape/surface',
  ]);
  const canvas = 'function Shape:draw(ctx)\n  ctx:begin_path()\n  ctx:stroke()\nend\n';
  assert.deepEqual(await refactorings(
    { 'lua/geo/shape.lua': klass('Shape', body), 'lua/geo/canvas.lua': klass('Canvas', canvas) },
    { 'lua/geo/shape.lua': klass('Shape', `${describe}\n`), 'lua/geo/canvas.lua': klass('Canvas', `${canvas}\n${area}\n`) },
  ), ['Move Method: lua/geo/shape.lua/Shape/area → lua/geo/canvas.lua/Canvas/area']);
});

const report = `function M.report(values)
  local sum = 0
  for _, v in ipairs(values) do sum = sum + v end
  if sum < 0 then error("overflow in " .. table.concat(values, ",")) end
  local average = #values == 0 and 0 or sum / #values
  local line = "sum=" .. sum .. " average=" .. average
  print(line)
  return line
end`;
const reportExtracted = `local function total(numbers)
  local sum = 0
  for _, v in ipairs(numbers) do sum = sum + v end
  if sum < 0 then error("overflow in " .. table.concat(numbers, ",")) end
  return sum
end

function M.report(values)
  local sum = total(values)
  local average = #values == 0 and 0 or sum / #values
  local line = "sum=" .. sum .. " average=" .. average
  print(line)
  return line
end`;

test('Lua: part of a function moved to a new function it calls is an Extract Function; the reverse, an Inline Function', async () => {
  assert.deepEqual(await refactorings({ 'lua/stats/report.lua': mod(report) }, { 'lua/stats/report.lua': mod(reportExtracted) }), [
    'Extract Function: lua/stats/report.lua/report → lua/stats/report.lua/total',
  ]);
  assert.deepEqual(await refactorings({ 'lua/stats/report.lua': mod(reportExtracted) }, { 'lua/stats/report.lua': mod(report) }), [
    'Inline Function: lua/stats/report.lua/total → lua/stats/report.lua/report',
  ]);
});

test('Lua: part of a method moved to a new method called on self is an Extract Method', async () => {
  const asMethod = (code: string) => code.replace(/M\.report\(values\)/, 'Stats:report(values)').replace('local function total(numbers)', 'function Stats:total(numbers)').replace('= total(values)', '= self:total(values)');
  assert.deepEqual(await refactorings({ 'lua/stats/stats.lua': klass('Stats', asMethod(report)) }, { 'lua/stats/stats.lua': klass('Stats', asMethod(reportExtracted)) }), [
    'Extract Method: lua/stats/stats.lua/Stats/report → lua/stats/stats.lua/Stats/total',
  ]);
});

const feed = `function Shape:feed(grams, times)
  local total = grams * times
  print("feeding " .. total .. " grams")
  return total
end`;
const bark = 'function Shape:bark()\n  return "woof"\nend\n';

test('Lua: a method moved to the class a metatable inherits from is a Pull Up Method; back down, a Push Down Method', async () => {
  const inDog = { 'lua/zoo/animal.lua': klass('Animal', ''), 'lua/zoo/dog.lua': klass('Dog', `${bark}\n${feed}\n`, 'Animal') };
  const inAnimal = { 'lua/zoo/animal.lua': klass('Animal', `${feed}\n`), 'lua/zoo/dog.lua': klass('Dog', bark, 'Animal') };
  assert.deepEqual(await refactorings(inDog, inAnimal), ['Pull Up Method: lua/zoo/dog.lua/Dog/feed → lua/zoo/animal.lua/Animal/feed']);
  assert.deepEqual(await refactorings(inAnimal, inDog), ['Push Down Method: lua/zoo/animal.lua/Animal/feed → lua/zoo/dog.lua/Dog/feed']);
});

test('Lua: a function written with a dot and self, or with a colon, is one method; the table returned as `return { … }` is the module', async () => {
  const colon = klass('Shape', `${area}\n`);
  const dot = colon.replace('function Shape:area(width, height)', 'Shape.area = function(self, width, height)');
  assert.deepEqual(await refactorings({ 'lua/geo/shape.lua': colon }, { 'lua/geo/shape.lua': dot }), []);
  const returned = `local function upper(s)\n  return string.upper(s)\nend\n\nreturn {\n  upper = upper,\n  slug = function(title, separator)\n    return title:lower():gsub("%s+", separator)\n  end,\n}\n`;
  const written = `local M = {}\n\nlocal function upper(s)\n  return string.upper(s)\nend\nM.upper = upper\n\nfunction M.slug(title, separator)\n  return title:lower():gsub("%s+", separator)\nend\n\nreturn M\n`;
  assert.deepEqual(await refactorings({ 'lua/text/slug.lua': returned }, { 'lua/text/slug.lua': written }), []);
});

test('Lua: the table a file returns made a class by a metatable, or no longer one, moves none of its functions', async () => {
  const members = `${area}\n\n${describe}\n`;
  const plain = (name: string) => klass(name, members).replace(`${name}.__index = ${name}\n`, '');
  const task = { 'lua/geo/shape.lua': plain('Shape') };
  // a base of another module (`{ __index = Async.Async }`): now a class that inherits
  const inherits = { 'lua/geo/shape.lua': plain('Shape').replace('local Shape = {}', 'local Shape = setmetatable({}, { __index = Base.Base })') };
  assert.deepEqual(await refactorings(task, inherits), []);
  assert.deepEqual(await refactorings(inherits, task), []);
  assert.deepEqual(await refactorings(task, { 'lua/geo/shape.lua': klass('Shape', members) }), []);
  // renamed within the file while it stays the file's table: the same functions
  assert.deepEqual(await refactorings(task, { 'lua/geo/shape.lua': plain('M') }), []);
  // moved to another file's table all the same
  assert.deepEqual(await refactorings(
    { 'lua/geo/shape.lua': plain('Shape'), 'lua/geo/canvas.lua': plain('Canvas') },
    { 'lua/geo/shape.lua': plain('Shape').replace(area, ''), 'lua/geo/canvas.lua': plain('Canvas').replace('return Canvas', `${area.replace('Shape:', 'Canvas:')}\n\nreturn Canvas`) },
  ), ['Move Function: lua/geo/shape.lua/area → lua/geo/canvas.lua/area']);
});

test('Lua: the table a file returns made a class in the commit keeps its functions by name: a getter left as a stub beside a new helper holding its old body is no rename', async () => {
  // nvim-cmp 1a1d7ecb73: `entry.__index = entry` made entry.lua's table a class, while `get_offset`
  // became a deprecated one-liner and its body went, edited, to a new `_get_offset`
  const offset = (name: string, start: string) => `entry.${name} = function(self)
  local offset = ${start}
  for idx = offset, #self.context.line do
    local byte = string.byte(self.context.line, idx)
    if byte == nil or not is_white(byte) then
      return idx
    end
  end
  return offset
end`;
  const before = `local entry = {}\n\nentry.new = function(ctx)\n  return setmetatable({ context = ctx }, { __index = entry })\nend\n\n${offset('get_offset', 'self.context.offset')}\n\nreturn entry\n`;
  const stub = 'entry.get_offset = function(self)\n  return self.offset\nend';
  const after = `local entry = {}\nentry.__index = entry\n\nentry.new = function(ctx)\n  local self = setmetatable({ context = ctx }, entry)\n  self.offset = self:_get_offset()\n  return self\nend\n\n${stub}\n\n${offset('_get_offset', 'self.source_offset or self.context.offset').replace('return offset', 'self.cached = offset\n  return offset')}\n\nreturn entry\n`;
  assert.deepEqual(await refactorings({ 'lua/cmp/entry.lua': before }, { 'lua/cmp/entry.lua': after }), []);
  // the stub calling the helper: the body was extracted from it
  const calling = after.replace('return self.offset', 'return self:_get_offset()');
  assert.deepEqual(await refactorings({ 'lua/cmp/entry.lua': before }, { 'lua/cmp/entry.lua': calling }), [
    'Extract Method: lua/cmp/entry.lua/get_offset → lua/cmp/entry.lua/entry/_get_offset',
  ]);
});

test('Lua: a metatable whose __index is a function (a module loading its parts lazily) or that only has __call makes no class', async () => {
  const lazy = `local M = {}\n\nfunction M.setup(opts)\n  return opts\nend\n\nsetmetatable(M, {\n  __index = function(_, key)\n    return require("app.commands")[key]\n  end,\n})\n\nreturn M\n`;
  const cst = await parseFile('lua/app/init.lua', lazy);
  assert.deepEqual(cst.nodes.map((n) => n.kind), ['file', 'function']);
  const callable = await parseFile('lua/app/float.lua', lazy.replace('__index = function(_, key)', '__call = function(_, key)'));
  assert.deepEqual(callable.nodes.map((n) => n.kind), ['file', 'function']);
  const cls = await parseFile('lua/app/float.lua', lazy.replace('__index = function(_, key)\n    return require("app.commands")[key]\n  end', '__index = Base'));
  assert.deepEqual(cls.nodes.map((n) => [n.kind, n.name]), [['file', 'init.lua'], ['class', 'M'], ['method', 'setup']].map(([k, n]) => [k, k === 'file' ? 'float.lua' : n]));
});

test('Lua: a function renamed only by an underscore and given a parameter is that rename, not a new function of its old arity', async () => {
  // add and del stay: `values` is no safe match by its code for `_values` nor for `load`, of its arity
  const before = `local M = {}

---@param plugin table
function M:values(plugin)
  local Plugin = require("lazy.core.plugin")
  local values = {}
  for _, value in ipairs(Plugin.values(plugin, self.type, true)) do
    values[value] = value
  end
  return values
end

function M:add(plugin)
  for key, value in pairs(self:values(plugin)) do
    if not self.active[key] then
      self.active[key] = {}
      self:_add(value)
    end
    self.active[key][plugin.name] = plugin.name
  end
end

function M:del(plugin)
  for key, value in pairs(self:values(plugin)) do
    if self.active[key] and self.active[key][plugin.name] then
      self.active[key][plugin.name] = nil
      if vim.tbl_isempty(self.active[key]) then
        self:_del(value)
        self.active[key] = nil
      end
    end
  end
end

return M
`;
  const after = `local M = {}

function M:_parse(value, _plugin)
  assert(type(value) == "string", "Expected string, got " .. vim.inspect(value))
  return value
end

function M:_values(values, plugin)
  local ret = {}
  for _, value in ipairs(values) do
    local parsed = self:_parse(value, plugin)
    ret[type(parsed) == "string" and parsed or parsed.id] = parsed
  end
  return ret
end

function M.load(plugin)
  local Plugin = require("lazy.core.plugin")
  plugin._.handlers = {}
  for type, handler in pairs(M.handlers) do
    if plugin[type] then
      plugin._.handlers[type] = handler:_values(Plugin.values(plugin, type, true), plugin)
    end
  end
end

function M:add(plugin)
  for key, value in pairs(plugin._.handlers[self.type] or {}) do
    if not self.active[key] then
      self.active[key] = {}
      self:_add(value)
    end
    self.active[key][plugin.name] = plugin.name
  end
end

function M:del(plugin)
  for key, value in pairs(plugin._.handlers[self.type] or {}) do
    if self.active[key] and self.active[key][plugin.name] then
      self.active[key][plugin.name] = nil
      if vim.tbl_isempty(self.active[key]) then
        self:_del(value)
        self.active[key] = nil
      end
    end
  end
end

return M
`;
  assert.deepEqual(await refactorings({ 'lua/lazy/handler.lua': before }, { 'lua/lazy/handler.lua': after }), [
    'Rename Function: lua/lazy/handler.lua/values → lua/lazy/handler.lua/_values',
  ]);
});

test('Lua: a new method that a call the caller already made now reaches, as often and on the same receiver, took none of its code', async () => {
  const queue = (each: string) => `local Queue = {}
Queue.__index = Queue

function Queue:each()
${each}
end

return Queue
`;
  const before = queue(`  return coroutine.wrap(function()
    for value in self.items:iter() do
      if self.closed then
        return nil
      end
      coroutine.yield(value[1])
    end
  end)`);
  const after = queue(`  local iterator = self.items:iter()
  return function()
    local value = iterator()
    if value then
      return value[1]
    end
  end`);
  const pipe = `local Pipe = {}
Pipe.__index = Pipe

function Pipe:read()
  return self.handle:read()
end

function Pipe:iter()
  return function()
    if self.closed then
      return nil
    end
    return self:read()
  end
end

return Pipe
`;
  assert.deepEqual(await refactorings({ 'lua/jobs/queue.lua': before }, { 'lua/jobs/queue.lua': after, 'lua/jobs/pipe.lua': pipe }), []);
});

test('Lua: a function in a table the module holds (M.sources = { ale = function … }) is named from the module: renaming the module\'s local table renames none', async () => {
  const diagnostics = (module: string) =>
    `local ${module} = require('lualine.component'):extend()\n\n${module}.sources = {\n  nvim_lsp = function(bufnr)\n    local count = vim.diagnostic.get(bufnr)\n    return count.error, count.warn\n  end,\n  ale = function(bufnr)\n    local ok, data = pcall(vim.fn['ale#statusline#Count'], bufnr)\n    return data.error, data.warning\n  end,\n}\n\nfunction ${module}:update_status()\n  return self.options.sources\nend\n\nreturn ${module}\n`;
  const cst = await parseFile('lua/lualine/components/diagnostics.lua', diagnostics('Diagnostics'));
  assert.deepEqual(cst.nodes.filter((n) => n.kind === 'function').map((n) => n.signature), ['sources.nvim_lsp', 'sources.ale', 'update_status']);
  assert.deepEqual(await refactorings({ 'lua/lualine/components/diagnostics.lua': diagnostics('Diagnostics') }, { 'lua/lualine/components/diagnostics.lua': diagnostics('M') }), []);
});

test('Lua: a function written on another table, its name and parameters kept, is moved there (at the top of a file) or unchanged (a local table in a function); its signature did not change', async () => {
  // nvim-tree renamed its API table `api.health` to `api.appearance`, in the file that documents it and
  // where a function fills it in; and a local table `runner_opts` became `args`, its callback kept
  const meta = (table: string) => `---@meta\nlocal nvim_tree = { api = { ${table} = {} } }\n\n---Open a buffer of all highlight groups.\nfunction nvim_tree.api.${table}.hi_test() end\n\nreturn nvim_tree.api.${table}\n`;
  assert.deepEqual(await refactorings({ 'lua/tree/_meta/api/health.lua': meta('health') }, { 'lua/tree/_meta/api/health.lua': meta('appearance') }), [
    'Move Function: lua/tree/_meta/api/health.lua/nvim_tree.api.health.hi_test → lua/tree/_meta/api/health.lua/nvim_tree.api.appearance.hi_test',
  ]);
  const reload = (table: string) => `local M = {}

function M.reload_project(toplevel, path, callback)
  local ${table} = { toplevel = toplevel, path = path, list_untracked = M.untracked(toplevel) }
  if callback then
    ${table}.callback = function(path_xy)
      M.reload_git_project(toplevel, path, path_xy)
      callback()
    end
    M.run(${table})
  else
    M.reload_git_project(toplevel, path, M.run(${table}))
  end
end

return M
`;
  assert.deepEqual(await refactorings({ 'lua/tree/git/init.lua': reload('runner_opts') }, { 'lua/tree/git/init.lua': reload('args') }), []);
});
