import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CstNode, FileCst } from '../../src/core/cst';
import { parseFile } from '../../src/languages/registry';
import { refactorings } from '../helpers';

const named = (cst: FileCst, name: string): CstNode => {
  const node = cst.nodes.find((n) => n.name === name);
  assert.ok(node, `no node ${name} among ${cst.nodes.map((n) => n.name).join(', ')}`);
  return node;
};

const shapes = `import { area } from './geometry';

export class Square extends Shape {
  constructor(side) { super(); this.side = side; }
  static unit() { return new Square(1); }
  area() { return area(this.side, this.side); }
  onClick = (event) => this.area();
}

export const perimeter = (square) => 4 * square.side;
let scale = function (square, factor) { return square.side * factor; };
function* sides(n) { yield n; }
exports.describe = function (square) { return format(square); };
module.exports.print = function () { console.log('x'); };
window.helpers = { twice(x) { return x * 2; }, half: function (x) { return x / 2; } };
export default function () {}
items.forEach(function (item) { render(item); });
const notAFunction = 42;
`;

test('JavaScript: a file node, classes, methods, functions bound to names, and objects of functions', async () => {
  const cst = await parseFile('src/geo/shapes.js', shapes);
  assert.equal(cst.language, 'javascript');
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.noun, n.name, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'File', 'shapes.js', null],
    ['class', 'Class', 'Square', 'shapes.js'],
    ['method', 'Method', 'constructor', 'Square'],
    ['method', 'Method', 'unit', 'Square'],
    ['method', 'Method', 'area', 'Square'],
    ['method', 'Method', 'onClick', 'Square'],
    ['function', 'Function', 'perimeter', 'shapes.js'],
    ['function', 'Function', 'scale', 'shapes.js'],
    ['function', 'Function', 'sides', 'shapes.js'],
    ['function', 'Function', 'describe', 'shapes.js'],
    ['function', 'Function', 'print', 'shapes.js'],
    ['object', 'Object', 'helpers', 'shapes.js'],
    ['function', 'Function', 'twice', 'helpers'],
    ['function', 'Function', 'half', 'helpers'],
    ['function', 'Function', 'default', 'shapes.js'],
  ]);
  assert.deepEqual(cst.nodes.map((n) => n.signature), cst.nodes.map((n) => n.name), 'the signature is the name');
  assert.deepEqual(cst.nodes.map((n) => n.namespace), ['src/geo/', ...cst.nodes.slice(1).map(() => '')]);
  assert.deepEqual(named(cst, 'scale').parameters, ['square', 'factor']);
  assert.deepEqual(named(cst, 'scale').parameterTypes, ['', '']);
});

test('a JavaScript file at the root has an empty namespace', async () => {
  const cst = await parseFile('index.mjs', 'export function main() {}');
  assert.deepEqual(cst.nodes.map((n) => [n.name, n.namespace]), [['index.mjs', ''], ['main', '']]);
});

test('destructured JavaScript parameters give their identifiers', async () => {
  const cst = await parseFile('p.js', 'function f(a, { b, c: [d], e = 1 }, [g, ...h], i = 2, ...j) {}\nconst k = x => x;');
  assert.deepEqual(named(cst, 'f').parameters, ['a', 'b', 'd', 'e', 'g', 'h', 'i', 'j']);
  assert.deepEqual(named(cst, 'k').parameters, ['x']);
});

test('JavaScript tokens and body tokens (parameters and return removed)', async () => {
  const cst = await parseFile('s.js', shapes);
  const scale = named(cst, 'scale');
  assert.deepEqual(scale.tokens, ['scale', '=', 'function', '(', 'square', ',', 'factor', ')', '{', 'return', 'square', '.', 'side', '*', 'factor', ';', '}']);
  assert.deepEqual(scale.bodyTokens, ['{', '.', 'side', '*', ';', '}']);
  assert.deepEqual(named(cst, 'perimeter').bodyTokens, ['4', '*', '.', 'side'], 'an arrow body without braces');
  assert.deepEqual(named(cst, 'print').bodyTokens, ['{', 'console', '.', 'log', '(', "'x'", ')', ';', '}'], 'a string is one token');
  assert.ok(named(cst, 'Square').tokens.includes('onClick'), 'a class has its methods\' tokens');
  const file = cst.nodes[0];
  assert.ok(file.tokens.includes('render'), 'a callback\'s code belongs to its parent');
});

test('JavaScript calls: names and member properties with argument counts; new is not a call', async () => {
  const cst = await parseFile('s.js', shapes);
  assert.deepEqual(named(cst, 'area').calls, [{ name: 'area', args: 2 }]);
  assert.deepEqual(named(cst, 'unit').calls, []);
  assert.deepEqual(named(cst, 'constructor').calls, [], 'super() is not a call to link');
  assert.deepEqual(named(cst, 'print').calls, [{ name: 'log', args: 1, receiver: 'console', exact: true }], 'console is the runtime\'s: no project `log` answers');
  assert.deepEqual(named(cst, 'onClick').calls, [{ name: 'area', args: 0, receiver: 'Square', ownType: true }], 'this.area() is a call on the class itself');
  assert.deepEqual(cst.nodes[0].calls, [{ name: 'forEach', args: 1 }, { name: 'render', args: 1 }]);
});

test('JavaScript stereotypes: exported, has-body, constructor, static, type member', async () => {
  const cst = await parseFile('s.js', shapes);
  const stereotypes = (name: string) => named(cst, name).stereotypes.slice().sort();
  assert.deepEqual(stereotypes('Square'), ['exported']);
  assert.deepEqual(stereotypes('constructor'), ['constructor', 'has-body', 'type-member']);
  assert.deepEqual(stereotypes('unit'), ['has-body', 'static', 'type-member']);
  assert.deepEqual(stereotypes('onClick'), ['has-body', 'type-member']);
  assert.deepEqual(stereotypes('perimeter'), ['exported', 'has-body']);
  assert.deepEqual(stereotypes('scale'), ['has-body']);
  assert.deepEqual(stereotypes('describe'), ['exported', 'has-body']);
  assert.deepEqual(stereotypes('print'), ['exported', 'has-body']);
  assert.deepEqual(stereotypes('twice'), ['has-body']);
  assert.deepEqual(stereotypes('default'), ['exported', 'has-body']);
  const common = await parseFile('c.js', 'module.exports = { a() {}, b: () => 1 };');
  assert.deepEqual(common.nodes.slice(1).map((n) => [n.name, n.stereotypes]), [['a', ['exported', 'has-body']], ['b', ['exported', 'has-body']]]);
});

test('JavaScript supertypes are the simple name of the class heritage', async () => {
  const cst = await parseFile('s.js', 'class A extends B {}\nclass C extends React.Component {}\nclass D {}\nconst E = class extends A {};');
  assert.deepEqual(cst.nodes.slice(1).map((n) => [n.kind, n.name, n.supertypes]), [
    ['class', 'A', ['B']], ['class', 'C', ['Component']], ['class', 'D', []], ['class', 'E', ['A']],
  ]);
});

test('JavaScript locations: 1-based lines and columns of a declaration and its name', async () => {
  const text = 'const a = 1;\n\n  export function go(x) {\n    return x;\n  }\n';
  const cst = await parseFile('go.js', text);
  const go = named(cst, 'go');
  assert.deepEqual([go.location.startLine, go.location.startColumn, go.location.endLine, go.location.endColumn], [3, 10, 5, 4]);
  assert.deepEqual([go.nameLocation.startLine, go.nameLocation.startColumn, go.nameLocation.endColumn], [3, 19, 21]);
  assert.equal(text.slice(go.location.begin, go.location.end), 'function go(x) {\n    return x;\n  }');
  const file = cst.nodes[0].location;
  assert.deepEqual([file.startLine, file.startColumn, file.endLine, file.endColumn, file.begin, file.end], [1, 1, 6, 1, 0, text.length]);
});

test('JSX: components and their calls; text between tags is trimmed', async () => {
  const cst = await parseFile('src/App.jsx', 'export const App = ({ title }) => (\n  <div className="app">\n    Hello {title}\n    <Button onClick={() => track("x")} />\n  </div>\n);\n');
  const app = named(cst, 'App');
  assert.deepEqual(app.parameters, ['title']);
  assert.deepEqual(app.calls, [{ name: 'track', args: 1 }]);
  assert.ok(app.tokens.includes('Hello') && app.tokens.includes('"app"'), app.tokens.join(' '));
  assert.equal(cst.errors, 0);
});

test('a JavaScript file with syntax errors still yields its functions', async () => {
  const cst = await parseFile('broken.js', 'function ok() { a(); }\nfunction bad() { let = ; if ( }\nfunction fine() { b(); }\n');
  assert.ok(cst.errors > 0);
  const names = cst.nodes.map((n) => n.name);
  assert.ok(names.includes('ok') && names.includes('fine'), names.join(', '));
});

test('an empty JavaScript file has only its file node', async () => {
  const cst = await parseFile('lib/empty.js', '');
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name, n.namespace, n.tokens]), [['file', 'empty.js', 'lib/', []]]);
  assert.equal(cst.errors, 0);
});

test('JavaScript columns count UTF-16 code units after emoji and non-ASCII identifiers', async () => {
  const text = 'const smile = "😀😀"; function größe(ä) { return ä; }';
  const cst = await parseFile('u.js', text);
  const fn = named(cst, 'größe');
  assert.equal(fn.location.startColumn, text.indexOf('function') + 1);
  assert.equal(fn.nameLocation.startColumn, text.indexOf('größe') + 1);
  assert.equal(fn.location.endColumn, text.length + 1);
  assert.deepEqual(fn.parameters, ['ä']);
  assert.ok(cst.nodes[0].tokens.includes('"😀😀"'));
});

test('an object of functions passed to a call bound to a name (Base.extend({ … })) is an object node named after the binding', async () => {
  const source = `module.exports = function (Chart) {
  var TimeScale = Chart.Scale.extend({ fit: function () { return 1; }, draw() {} });
  Chart.controllers.bar = Chart.Controller.extend({ update: function () {} });
  helpers.extend(Chart.prototype, { render: function () {} });
  var options = Chart.merge({ size: 1 });
};
`;
  const cst = await parseFile('src/scale.js', source);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'scale.js', null],
    ['function', 'default', 'scale.js'],
    ['object', 'TimeScale', 'default'],
    ['function', 'fit', 'TimeScale'],
    ['function', 'draw', 'TimeScale'],
    ['object', 'bar', 'default'],
    ['function', 'update', 'bar'],
    ['function', 'render', 'default'],
  ]);
});

test('a function assigned to a property of an object of functions in the same scope is a member of that object', async () => {
  const source = `module.exports = function (Chart) {
  var helpers = Chart.helpers;
  helpers.canvas = { clear: function (chart) { chart.clear(); } };
  helpers.canvas.drawPoint = function (ctx) { ctx.fill(); };
  helpers.lineTo = function (ctx) { ctx.line(); };
  this.reset = function () {};
};
`;
  const cst = await parseFile('src/helpers.canvas.js', source);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name, n.signature, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'helpers.canvas.js', 'helpers.canvas.js', null],
    ['function', 'default', 'default', 'helpers.canvas.js'],
    ['object', 'canvas', 'canvas', 'default'],
    ['function', 'clear', 'clear', 'canvas'],
    ['function', 'drawPoint', 'drawPoint', 'canvas'],
    ['function', 'lineTo', 'lineTo', 'default'],
    ['function', 'reset', 'reset', 'default'],
  ]);
  assert.ok(named(cst, 'canvas').tokens.includes('fill'), 'the object holds its assigned member\'s code');
});

test('the get, set and value functions of a property descriptor (Object.defineProperty, Object.defineProperties) are named after the property; the descriptor is no object of functions', async () => {
  const source = `function init(inst, issues) {
  Object.defineProperty(inst, 'toString', { value: () => inst.message, enumerable: false });
  Object.defineProperties(inst, {
    shape: { get() { return issues.shape; }, set(v) { issues.shape = v; } },
    flatten: { enumerable: true, value: function (mapper) { return flatten(inst, mapper); } },
  });
  const cache = { get(key) { return store[key]; }, set(key, value) { store[key] = value; } };
  Object.defineProperty(inst, name, { get() { return 1; } });
}
`;
  const cst = await parseFile('src/errors.js', source);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['file', 'errors.js', null],
    ['function', 'init', 'errors.js'],
    ['function', 'toString', 'init'],
    ['function', 'shape', 'init'],
    ['function', 'shape', 'init'],
    ['function', 'flatten', 'init'],
    // an object of functions named get and set, given to no definer: a namespace as any other
    ['object', 'cache', 'init'],
    ['function', 'get', 'cache'],
    ['function', 'set', 'cache'],
    // a property whose name the code computes: the descriptor's function keeps its key
    ['function', 'get', 'init'],
  ]);
});

test('a function defined as a property value with Object.defineProperties on a class is a member of the class: rewritten as a static method, or from an assignment, it did not move', async () => {
  const before = `export class Chart {\n  update() { this.draw(); }\n}\nObject.defineProperties(Chart, {\n  register: {\n    enumerable: true,\n    value: (...items) => {\n      registry.add(...items);\n      invalidatePlugins();\n    }\n  }\n});\n`;
  const after = `export class Chart {\n  static register(...items) {\n    registry.add(...items);\n    invalidatePlugins();\n  }\n  update() { this.draw(); }\n}\n`;
  assert.deepEqual(await refactorings({ 'src/chart.js': before }, { 'src/chart.js': after }), []);
  const assigned = `export class Chart {\n  update() { this.draw(); }\n}\nChart.register = (...items) => {\n  registry.add(...items);\n  invalidatePlugins();\n};\n`;
  assert.deepEqual(await refactorings({ 'src/chart.js': assigned }, { 'src/chart.js': before }), []);
});

test('a module that exports itself as a named function (module.exports = function bind() {}) exports it under that name: rewritten as an ES module, it is no rename', async () => {
  const body = '(fn, thisArg) {\n  return function wrap() {\n    return fn.apply(thisArg, arguments);\n  };\n}';
  const before = { 'lib/bind.js': `'use strict';\n\nmodule.exports = function bind${body};\n`, 'lib/noop.js': 'module.exports = function () {\n  return undefined;\n};\n' };
  const after = { 'lib/bind.js': `export default function bind${body}\n`, 'lib/noop.js': 'export default function () {\n  return undefined;\n}\n' };
  assert.deepEqual(await refactorings(before, after), []);
  const cst = await parseFile('lib/bind.js', before['lib/bind.js']);
  assert.deepEqual(cst.nodes.map((n) => n.name), ['bind.js', 'bind']);
  // one that names nothing is the module's default, as `export default function () {}` is
  assert.deepEqual((await parseFile('lib/noop.js', before['lib/noop.js'])).nodes.map((n) => n.name), ['noop.js', 'default']);
  // or goes by the variable it is also given to
  const axios = (own: string) => ({ 'lib/axios.js': `var axios = module.exports = function ${own}(config) {\n  return dispatch(merge(axios.defaults, config));\n};\n` });
  assert.deepEqual(await refactorings(axios('axios'), axios('')), []);
});

test('a function given under a guard or a fallback (isSupported && function () {}, native || function () {}) is the function bound there, with its nested functions', async () => {
  const body = `(config) {
  return new Promise(function dispatchHttpRequest(resolve, reject) {
    function onFinished() {
      config.signal && config.signal.removeEventListener('abort', abort);
    }
    function abort(reason) {
      reject(reason || new CanceledError(null, config));
      onFinished();
    }
    send(config, resolve, abort);
  });
}`;
  const before = { 'lib/adapters/http.js': `export default function httpAdapter${body}\n` };
  const after = { 'lib/adapters/http.js': `const isHttpAdapterSupported = typeof process !== 'undefined';\n\nexport default isHttpAdapterSupported && function httpAdapter${body}\n` };
  assert.deepEqual(await refactorings(before, after), []);
  const source = `export default isSupported && function () { function done() {} }
var raf = window.requestAnimationFrame || (function (cb) { return setTimeout(cb, 16); });
const resolvers = { stream: isStreamSupported && ((res) => res.body) };
// two functions, or one beside another operand's own code: no one function is what the name holds
var pick = test ? function a() {} : function b() {};
const encode = test ? ((encoder) => (str) => encoder.encode(str))(new TextEncoder()) : async (str) => bytes(str);
`;
  const cst = await parseFile('lib/raf.js', source);
  assert.deepEqual(cst.nodes.map((n) => [n.name, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['raf.js', null], ['default', 'raf.js'], ['done', 'default'], ['raf', 'raf.js'], ['resolvers', 'raf.js'], ['stream', 'resolvers'],
  ]);
});

test('functions assigned to a constructor\'s prototype, copied onto it (Object.assign(X.prototype, { … })), assigned to the constructor or copied onto it are its members: the class it is rewritten as holds them where they were', async () => {
  const before = `function CancelToken(executor) {
  var token = this;
  executor(function cancel(message) {
    token.reason = new CanceledError(message);
  });
}

CancelToken.prototype.throwIfRequested = function throwIfRequested() {
  if (this.reason) {
    throw this.reason;
  }
};

Object.assign(CancelToken.prototype, {
  subscribe: function (listener) {
    if (this.reason) {
      listener(this.reason);
      return;
    }
    this._listeners = (this._listeners || []).concat([listener]);
  }
});

CancelToken.source = function source() {
  var cancel;
  var token = new CancelToken(function executor(c) {
    cancel = c;
  });
  return { token: token, cancel: cancel };
};

Object.assign(CancelToken, {
  isToken: function (thing) {
    return thing instanceof CancelToken;
  }
});

module.exports = CancelToken;
`;
  const after = `class CancelToken {
  constructor(executor) {
    const token = this;
    executor(function cancel(message) {
      token.reason = new CanceledError(message);
    });
  }

  throwIfRequested() {
    if (this.reason) {
      throw this.reason;
    }
  }

  subscribe(listener) {
    if (this.reason) {
      listener(this.reason);
      return;
    }
    this._listeners = (this._listeners || []).concat([listener]);
  }

  static source() {
    let cancel;
    const token = new CancelToken(function executor(c) {
      cancel = c;
    });
    return { token, cancel };
  }

  static isToken(thing) {
    return thing instanceof CancelToken;
  }
}

export default CancelToken;
`;
  const path = 'lib/cancel/CancelToken.js';
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: after }), [`Change Type Declaration Kind: ${path}/CancelToken → ${path}/CancelToken`]);
  const cst = await parseFile(path, before);
  assert.deepEqual(cst.nodes.map((n) => [n.name, n.parent === undefined ? null : cst.nodes[n.parent].name]), [
    ['CancelToken.js', null], ['CancelToken', 'CancelToken.js'], ['throwIfRequested', 'CancelToken'], ['subscribe', 'CancelToken'], ['source', 'CancelToken'], ['isToken', 'CancelToken'],
  ]);
  // the constructor's code is its own body, not its members'
  assert.ok(!named(cst, 'CancelToken').tokens.includes('_listeners'));
  // an object given with the constructor to a call that copies nothing onto it holds no members of it
  const given = await parseFile('src/app.js', 'class Dialog {}\nrender(Dialog, { onClose() { close(); } });\n');
  assert.deepEqual(given.nodes.map((n) => [n.name, n.parent === undefined ? null : given.nodes[n.parent].name]), [['app.js', null], ['Dialog', 'app.js'], ['onClose', 'app.js']]);
});

test('an object of functions a CommonJS module exports as itself (var defaults = { … }; module.exports = defaults) is the module, as module.exports = { … } is', async () => {
  const members = `{
  timeout: 0,
  validateStatus: function validateStatus(status) {
    return status >= 200 && status < 300;
  },
  transformResponse: function (data) {
    return typeof data === 'string' ? JSON.parse(data) : data;
  }
}`;
  const literal = { 'lib/defaults.js': `'use strict';\n\nmodule.exports = ${members};\n` };
  const named = { 'lib/defaults.js': `'use strict';\n\nvar defaults = ${members};\n\nexports = module.exports = defaults;\n` };
  assert.deepEqual(await refactorings(literal, named), []);
  assert.deepEqual((await parseFile('lib/defaults.js', named['lib/defaults.js'])).nodes.map((n) => n.name), ['defaults.js', 'validateStatus', 'transformResponse']);
  // an ES module's default export is an object in the module, as a named export is
  assert.deepEqual((await parseFile('src/easing.js', `const effects = ${members};\nexport default effects;\n`)).nodes.map((n) => n.name), ['easing.js', 'effects', 'validateStatus', 'transformResponse']);
});

test('a function given several names by a chain of assignments (runner.on = runner.once = function …) goes by the name written first: an alias added beside it renames nothing', async () => {
  const stub = (target: string) => `describe('Dot reporter', function () {\n  it('should return a new line', function () {\n    ${target} = function (event, callback) {\n      if (event === 'start') {\n        callback();\n      }\n    };\n    Dot.call({}, runner);\n  });\n});\n`;
  assert.deepEqual(await refactorings({ 'test/dot.spec.js': stub('runner.on') }, { 'test/dot.spec.js': stub('runner.on = runner.once') }), []);
  const cst = await parseFile('lib/emitter.js', 'function Emitter() {}\nEmitter.prototype.on = Emitter.prototype.addEventListener = function (event, fn) {\n  (this.callbacks[event] = this.callbacks[event] || []).push(fn);\n  return this;\n};\n');
  assert.deepEqual(cst.nodes.map((n) => [n.name, n.parent === undefined ? null : cst.nodes[n.parent].name]), [['emitter.js', null], ['Emitter', 'emitter.js'], ['on', 'Emitter']]);
});

test('an object of functions given to a call before other arguments is no namespace named after what the call returns (var stdout = runReporter({ epilogue() {} }, runner, options))', async () => {
  const spec = (call: string) => `describe('Dot reporter', function () {\n  it('should write a yellow dot', function () {\n    runner = createMockRunner('pass', 'pass', null, null, test);\n    ${call};\n    expect(test.speed, 'to equal', 'medium');\n  });\n});\n`;
  const before = spec('runReporter({epilogue: function () {}}, runner, showOutput)');
  const after = spec('var stdout = runReporter({epilogue: function () {}}, runner, options)');
  assert.deepEqual(await refactorings({ 'test/dot.spec.js': before }, { 'test/dot.spec.js': after }), []);
  // the definition given last still is one: `var TimeScale = Scale.extend({ … })`, `mixin(Base, { … })`
  const cst = await parseFile('src/scale.js', 'var TimeScale = Scale.extend({ parse: function (raw) { return raw; } });\nvar Timed = mixin(Base, { tick() {} });\n');
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name]), [['file', 'scale.js'], ['object', 'TimeScale'], ['function', 'parse'], ['object', 'Timed'], ['function', 'tick']]);
});

test('an object of functions given to a call whose result is asserted a type (const form = useForm({ resolver() {} }) as FormWithRef) is still named after the binding: its function moves nowhere', async () => {
  const before = `function useZodFormData(props: FormProps) {
  const formRef = useRef(null);
  const form = useForm({
    ...props,
    resolver: (_, ctx, opts) => {
      if (!formRef.current) {
        return { values: {}, errors: { root: { message: 'Form not mounted' } } };
      }
      const values = new FormData(formRef.current);
      return validate(values, ctx, opts);
    },
  });
  return { ...form, formRef };
}
`;
  const after = `function useZodForm(props: FormProps) {
  const form = useForm({
    ...props,
    resolver: (_values, ctx, opts) => {
      if (!form.formRef.current) {
        return { values: {}, errors: { root: { message: 'Form not mounted' } } };
      }
      const values = new FormData(form.formRef.current);
      return validate(values as any, ctx, opts) as any;
    },
  }) as FormWithRef;
  form.formRef = useRef(null);
  return form;
}
`;
  assert.deepEqual(await refactorings({ 'src/form.tsx': before }, { 'src/form.tsx': after }), [
    'Change Function Signature: src/form.tsx/useZodFormData/form/resolver → src/form.tsx/useZodForm/form/resolver',
    'Rename Function: src/form.tsx/useZodFormData → src/form.tsx/useZodForm',
  ]);
  // `satisfies` and `!` assert as `as` does
  for (const assertion of [' satisfies FormWithRef', '!']) {
    const cst = await parseFile('src/form.ts', `const form = useForm({ resolver(values) { return values; } })${assertion};\n`);
    assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name]), [['file', 'form.ts'], ['object', 'form'], ['function', 'resolver']]);
  }
});

test('an object of functions exported under a name (exports.cursor = { hide() {} }) is the namespace of that name: rewritten as an ES module export, nothing moved', async () => {
  const members = `{\n  hide: function () {\n    isatty && process.stdout.write('\\u001b[?25l');\n  },\n  show: function () {\n    isatty && process.stdout.write('\\u001b[?25h');\n  }\n}`;
  const before = { 'lib/cursor.js': `var isatty = require('tty').isatty(1);\n\nexports.cursor = ${members};\n` };
  const after = { 'lib/cursor.mjs': `import tty from 'node:tty';\nconst isatty = tty.isatty(1);\n\nexport const cursor = ${members};\n` };
  assert.deepEqual(await refactorings(before, after), ['Rename File: lib/cursor.js → lib/cursor.mjs']);
  const cst = await parseFile('lib/cursor.js', before['lib/cursor.js']);
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name]), [['file', 'cursor.js'], ['object', 'cursor'], ['function', 'hide'], ['function', 'show']]);
  // the object assigned to module.exports is still the module itself
  assert.deepEqual((await parseFile('lib/m.js', `module.exports = ${members};\n`)).nodes.map((n) => n.name), ['m.js', 'hide', 'show']);
});

test('a function declared in a constructor function stays where it is when that function is rewritten as a class: its body is the constructor\'s', async () => {
  const helpers = `function appendToStack(el) {\n    if (stack[0]) {\n      stack[0].appendChild(el);\n    }\n  }\n  function updateStats() {\n    var percent = ((stats.tests / runner.total) * 100) | 0;\n    progressBar.value = percent;\n    text(progressText, percent + '%');\n  }`;
  const before = `var Base = require('./base');\n\nfunction HTML(runner, options) {\n  Base.call(this, runner, options);\n  var stack = [report];\n  runner.on('test end', function (test) {\n    appendToStack(fragment(test));\n    updateStats();\n  });\n  ${helpers}\n}\n\nutil.inherits(HTML, Base);\n\nHTML.prototype.suiteURL = function (suite) {\n  return makeUrl(suite.fullTitle());\n};\n\nmodule.exports = HTML;\n`;
  const after = `var Base = require('./base');\n\nclass HTML extends Base {\n  constructor(runner, options) {\n    super(runner, options);\n    var stack = [report];\n    runner.on('test end', function (test) {\n      appendToStack(fragment(test));\n      updateStats();\n    });\n    ${helpers.replace(/\n/g, '\n  ')}\n  }\n\n  suiteURL(suite) {\n    return makeUrl(suite.fullTitle());\n  }\n}\n\nmodule.exports = HTML;\n`;
  const found = await refactorings({ 'lib/html.js': before }, { 'lib/html.js': after });
  assert.deepEqual(found.filter((r) => !r.startsWith('Change Type Declaration Kind')), []);
  // and back
  assert.deepEqual((await refactorings({ 'lib/html.js': after }, { 'lib/html.js': before })).filter((r) => !r.startsWith('Change Type Declaration Kind')), []);
});

test('what a CommonJS module that exports a function as itself assigns to exports.x is that function\'s member (exports = module.exports = Suite; exports.create = …): written Suite.create, nothing moved', async () => {
  const file = (member: string) => `function Suite(title, parentContext) {\n  this.title = title;\n  this.suites = [];\n}\n\nexports = module.exports = Suite;\n\n${member} = function (parent, title) {\n  var suite = new Suite(title, parent.ctx);\n  suite.parent = parent;\n  parent.addSuite(suite);\n  return suite;\n};\n`;
  assert.deepEqual(await refactorings({ 'lib/suite.js': file('exports.create') }, { 'lib/suite.js': file('Suite.create') }), []);
  const cst = await parseFile('lib/suite.js', file('module.exports.create'));
  assert.deepEqual(cst.nodes.map((n) => [n.name, n.parent === undefined ? null : cst.nodes[n.parent].name]), [['suite.js', null], ['Suite', 'suite.js'], ['create', 'Suite']]);
  // a module that exports something else keeps its exports as its own functions
  const other = await parseFile('lib/utils.js', 'function helper() {}\nmodule.exports = require(\'./impl\');\nexports.create = function () {\n  return helper();\n};\n');
  assert.deepEqual(other.nodes.map((n) => [n.name, n.parent === undefined ? null : other.nodes[n.parent].name]), [['utils.js', null], ['helper', 'utils.js'], ['create', 'utils.js']]);
  // `module.exports = Suite` alone leaves `exports` the object no longer exported: exports.create is no member of Suite
  const alone = await parseFile('lib/suite.js', file('exports.create').replace('exports = module.exports = Suite', 'module.exports = Suite'));
  assert.deepEqual(alone.nodes.map((n) => [n.name, n.parent === undefined ? null : alone.nodes[n.parent].name]), [['suite.js', null], ['Suite', 'suite.js'], ['create', 'suite.js']]);
  const member = await parseFile('lib/suite.js', file('module.exports.create').replace('exports = module.exports = Suite', 'module.exports = Suite'));
  assert.deepEqual(member.nodes.map((n) => [n.name, n.parent === undefined ? null : member.nodes[n.parent].name]), [['suite.js', null], ['Suite', 'suite.js'], ['create', 'Suite']]);
});

test('functions declared in a callback stay where they are when the callback becomes a named function (loadPlugin(\'es5\', (utils) => { function peek() {} }) → export function enableES5() { function peek() {} }), and back; functions rewritten on the way, or out of a wrapper dropped, still move', async () => {
  const helpers = `function peek(draft, prop) {\n    const state = draft[DRAFT_STATE];\n    if (state && !state.finalizing) return state.copy[prop];\n    return draft[prop];\n  }\n  function markChanged(state) {\n    if (!state.modified) {\n      state.modified = true;\n      if (state.parent) markChanged(state.parent);\n    }\n  }`;
  const before = `import { loadPlugin } from './plugins';\n\nloadPlugin('es5', (utils) => {\n  ${helpers}\n  return { peek, markChanged };\n});\n`;
  const after = `import { loadPlugin } from './plugins';\n\nexport function enableES5() {\n  ${helpers}\n  loadPlugin('es5', { peek, markChanged });\n}\n`;
  const path = 'src/plugins/es5.js';
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: after }), []);
  // and back: the named function given as a callback again
  assert.deepEqual(await refactorings({ [path]: after }, { [path]: before }), []);
  // a wrapper dropped, its functions now at the top of the file: they moved out of it
  const flat = `import { loadPlugin } from './plugins';\n\n${helpers.replace(/\n  /g, '\n')}\nloadPlugin('es5', { peek, markChanged });\n`;
  assert.deepEqual(await refactorings({ [path]: after }, { [path]: flat }), [`Move Function: ${path}/enableES5/markChanged → ${path}/markChanged`, `Move Function: ${path}/enableES5/peek → ${path}/peek`]);
  // rewritten on the way (another parameter list): no longer the callback's own function kept in place
  const rewritten = after.replace('function peek(draft, prop) {', 'function peek(draft, prop, fallback) {');
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: rewritten }), [`Move Function: ${path}/peek → ${path}/enableES5/peek`]);
});

test('a function in a callback in a callback stays where it is when the inner callback becomes a named function (addEventListener(() => { blocks.forEach((block) => { btn.onclick = () => {} }) }) → window.addCopyButton = function addCopyButton(block) { btn.onclick = () => {} }), and back; one moved into a new function of another depth still moves', async () => {
  const click = `btn.onclick = async () => {\n      if (btn.dataset.locked) return;\n      btn.dataset.locked = '1';\n      await navigator.clipboard.writeText(block.textContent);\n      btn.innerHTML = checkIcon;\n      btn.classList.add('copied');\n    };`;
  const body = `const pre = block.parentElement;\n    const btn = document.createElement('button');\n    btn.className = 'copy-btn';\n    ${click}\n    pre.appendChild(btn);`;
  const before = `document.addEventListener('DOMContentLoaded', () => {\n  const checkIcon = '<svg/>';\n  document.querySelectorAll('pre code').forEach(block => {\n    ${body}\n  });\n});\n`;
  const after = `document.addEventListener('DOMContentLoaded', () => {\n  const checkIcon = '<svg/>';\n  window.addCopyButton = function addCopyButton(block) {\n    ${body}\n  };\n  document.querySelectorAll('pre code').forEach(block => {\n    window.addCopyButton(block);\n  });\n});\n`;
  const path = 'docs/js/copy-code.js';
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: after }), []);
  assert.deepEqual(await refactorings({ [path]: after }, { [path]: before }), []);
  // the new function at the top of the file, outside the callback that held the code: the function left that callback for it
  const outside = `function addCopyButton(block) {\n  ${body.replace(/\n {4}/g, '\n  ')}\n}\ndocument.addEventListener('DOMContentLoaded', () => {\n  const checkIcon = '<svg/>';\n  document.querySelectorAll('pre code').forEach(block => {\n    addCopyButton(block);\n  });\n});\n`;
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: outside }), [`Move Function: ${path}/onclick → ${path}/addCopyButton/onclick`]);
});

test('a function in an object given to a call stays where it is when the object literal around that call becomes an object of functions (const localize = { quarter: build({ argumentCallback: (q) => q - 1 }) } gains preprocessor: () => …), and back; one moved into a new object of functions from elsewhere, or out of one gone from a file renamed into an unnamed literal of the new file, still moves', async () => {
  const quarter = `  quarter: buildLocalizeFn({\n    values: quarterValues,\n    defaultWidth: "wide",\n    argumentCallback: (quarter) => quarter - 1,\n  }),\n`;
  const rest = `  era: buildLocalizeFn({ values: eraValues, defaultWidth: "wide" }),\n${quarter}  month: buildLocalizeFn({ values: monthValues, defaultWidth: "wide" }),\n`;
  const preprocessor = `  preprocessor: (date, parts) => {\n    if (date.getDate() === 1) return parts;\n    return parts.map((part) => (part.isToken && part.value === "do" ? { isToken: true, value: "d" } : part));\n  },\n`;
  const before = `import { buildLocalizeFn } from "../../../_lib/buildLocalizeFn/index.js";\n\nexport const localize = {\n  ordinalNumber,\n${rest}};\n`;
  const after = `import { buildLocalizeFn } from "../../../_lib/buildLocalizeFn/index.js";\n\nexport const localize = {\n${preprocessor}  ordinalNumber,\n${rest}};\n`;
  const path = 'src/locale/fr/_lib/localize/index.ts';
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: after }), []);
  assert.deepEqual(await refactorings({ [path]: after }, { [path]: before }), []);
  // a function of the file's own code put into a new object of functions was moved into it
  const free = `const argumentCallback = (quarter) => quarter - 1;\n\n${before.replace('    argumentCallback: (quarter) => quarter - 1,\n', '    argumentCallback,\n')}`;
  const grouped = after.replace('    argumentCallback: (quarter) => quarter - 1,\n', '    argumentCallback,\n').replace(preprocessor, `${preprocessor}  argumentCallback: (quarter) => quarter - 1,\n`);
  assert.deepEqual(await refactorings({ [path]: free }, { [path]: grouped }), [`Move Function: ${path}/argumentCallback → ${path}/localize/argumentCallback`]);
  // an object of functions gone from a file renamed, its functions in an unnamed literal of the new file: other code, they moved
  const fns = `  enableCache: function () {\n    ensureStore();\n    setOption("cache", cacheSize);\n  },\n  disableCache: function () {\n    ensureStore();\n    clearOption("cache", cacheSize);\n  },\n  enableRetries: function () {\n    ensureStore();\n    setOption("retries", retryLimit);\n  }\n`;
  const head = `var store;\nvar cacheSize = 64;\nvar retryLimit = 3;\nvar ensureStore = function () {\n  if (!store) store = {};\n};\n`;
  const [settings, http] = ['lib/settings/settings.js', 'lib/settings-http/settings-http.js'];
  const moved = await refactorings({ [settings]: `${head}Settings = _.extend(Settings, {\n${fns}});\n` }, { [http]: `${head}_.extend(Settings.http, {\n${fns}});\n` });
  assert.deepEqual(moved.filter((r) => r.startsWith('Move Function')), ['disableCache', 'enableCache', 'enableRetries'].map((f) => `Move Function: ${settings}/Settings/${f} → ${http}/${f}`));
});

test('a function in an object literal given to a call in a test callback stays where it is when that object is nested as written into a new options object (linter.defineRule("checker", { create() {…} }) → linter.verify(code, { plugins: { test: { rules: { checker: { create() {…} } } } } })), and back', async () => {
  const create = (indent: string) => [
    'create() {',
    '  const sourceCode = context.sourceCode;',
    '  return {',
    '    FunctionExpression(node) {',
    '      assert.strictEqual(sourceCode.getJSDocComment(node).value, "* Desc");',
    '    },',
    '  };',
    '},',
  ].map((line) => indent + line).join('\n');
  const cases = ['one', 'two'].map((name) => [name, `    const code = "/** Desc*/ var ${name} = function() {}";`]);
  const before = `describe("SourceCode", () => {\n${cases.map(([name, code]) => `  it("${name}", () => {\n${code}\n    linter.defineRule("checker", {\n${create('      ')}\n    });\n    linter.verify(code, { rules: { checker: "error" } });\n  });\n`).join('')}});\n`;
  const after = `describe("SourceCode", () => {\n${cases.map(([name, code]) => `  it("${name}", () => {\n${code}\n    linter.verify(code, {\n      plugins: {\n        test: {\n          rules: {\n            checker: {\n${create('              ')}\n            },\n          },\n        },\n      },\n      rules: { "test/checker": "error" },\n    });\n  });\n`).join('')}});\n`;
  const path = 'tests/lib/source-code/source-code.js';
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: after }), []);
  assert.deepEqual(await refactorings({ [path]: after }, { [path]: before }), []);
});

test('a method named by a computed key is named by its tokens: Prettier breaking the key over lines, re-indenting it and adding a trailing comma renames nothing ([[ "VariableDeclaration", "CatchClause" ]](node) {…}, an ESLint visitor of several selectors)', async () => {
  const rule = (key: string) => `module.exports = {\n  create(context) {\n    return {\n      ${key}(node) {\n        for (const variable of context.sourceCode.getDeclaredVariables(node)) {\n          report(variable.name);\n        }\n      },\n    };\n  },\n};\n`;
  const before = rule(`[[\n    "VariableDeclaration",\n    /* declared */ "CatchClause"\n  ]]`);
  const after = rule(`[[\n\t\t\t\t"VariableDeclaration",\n\t\t\t\t"CatchClause",\n\t\t\t]]`);
  const path = 'lib/rules/camelcase.js';
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: after }), []);
  const cst = await parseFile(path, after);
  assert.deepEqual(cst.nodes.map((n) => n.name), ['camelcase.js', 'create', '[["VariableDeclaration","CatchClause"]]']);
  // another selector is another method
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: rule('[["VariableDeclaration", "ClassDeclaration"]]') }), [
    `Rename Function: ${path}/create/[["VariableDeclaration","CatchClause"]] → ${path}/create/[["VariableDeclaration","ClassDeclaration"]]`,
  ]);
});

test('a property named by a string in brackets (special["gutfeeling"] = { … }) is the property of that name: rewritten in dot notation, nothing moved', async () => {
  const spec = (target: string) => `QUnit.test( "special on name mapping", function( assert ) {\n\t${target} = {\n\t\tbindType: "click",\n\t\tdelegateType: "click",\n\t\thandle: function( event ) {\n\t\t\tassert.equal( event.handleObj.origType, "gutfeeling", "got a gutfeeling" );\n\t\t\treturn event.handleObj.handler.call( this, event );\n\t\t}\n\t};\n\tjQuery( "<p>" ).on( "gutfeeling", jQuery.noop ).trigger( "click" );\n} );\n`;
  assert.deepEqual(await refactorings({ 'test/unit/event.js': spec('jQuery.event.special[ "gutfeeling" ]') }, { 'test/unit/event.js': spec('jQuery.event.special.gutfeeling') }), []);
  const cst = await parseFile('src/selector.js', 'Expr.find[ "TAG" ] = function( tag, context ) { return context.getElementsByTagName( tag ); };\nExpr.find[ tag ] = function() {};\n');
  assert.deepEqual(cst.nodes.map((n) => [n.kind, n.name]), [['file', 'selector.js'], ['function', 'TAG']]);
});

test('JavaScript: a function assigned to a parameter of the function around it declares nothing; one assigned to a variable does', async () => {
  const cst = await parseFile('test/data/testinit.js', `this.testIframe = function( title, fileName, func ) {
  var handler;
  QUnit.test( title, function( assert ) {
    setTimeout( function() {
      func.apply( this, arguments );
      func = function() {};
      handler = function() { return 1; };
    } );
  } );
};
const reset = (callback = null) => { callback = () => {}; };
`);
  assert.deepEqual(cst.nodes.map((n) => n.name), ['testinit.js', 'testIframe', 'handler', 'reset']);
});

test('a method of a CommonJS module object (var res = module.exports = {}; res.sendfile = function …) whose code went into a new helper of its name (function sendfile) is that method still: the helper is extracted, no signature changed', async () => {
  const path = 'lib/response.js';
  const before = `var res = module.exports = {};

res.sendfile = function (path, options, fn) {
  var req = this.req;
  var self = this;
  var done = fn;
  var file = send(req, path, options);
  function onerror(err) {
    if (done) return;
    done = true;
    fn(err);
  }
  function onstream(stream) {
    if (done) return;
    self.emit('stream', stream);
  }
  file.on('error', onerror);
  file.on('stream', onstream);
  file.pipe(this);
};
`;
  const after = `var res = module.exports = {};

res.sendfile = function (path, options, fn) {
  var req = this.req;
  var file = send(req, path, options);
  sendfile(this, file, options, function (err) {
    if (fn) return fn(err);
  });
};

function sendfile(res, file, options, callback) {
  var done = false;
  function onerror(err) {
    if (done) return;
    done = true;
    callback(err);
  }
  function onstream(stream) {
    if (done) return;
    res.emit('stream', stream);
  }
  file.on('error', onerror);
  file.on('stream', onstream);
  file.pipe(res);
}
`;
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: after }), [`Extract Function: ${path}/sendfile → ${path}/sendfile`]);
});

test('JavaScript written without semicolons: a statement ends where automatic semicolon insertion puts one; with them, the statements are the same but for the `;`', async () => {
  const { bodyStatements } = await import('../../src/core/statements');
  const code = (semi: string) => `function add (item) {
  const price = item.price * 2${semi}
  if (price > limit) {
    warn(price)${semi}
  }
  switch (item.kind) {
    case 1:
      log(item)${semi}
      free++${semi}
      break${semi}
    default:
      paid++${semi}
  }
  for (let i = 0; i < n; i++) total += i${semi}
  items.forEach(function (i) {
    count++
    sum += i.price
  })${semi}
  return price${semi}
}
`;
  const statements = async (semi: string) => bodyStatements(named(await parseFile('src/add.js', code(semi)), 'add'))?.map((s) => s.join(' '));
  const expected = [
    'const price = item . price * 2', 'if ( price > limit )', 'warn ( price )', 'switch ( item . kind )', 'case 1 : log ( item )', 'free ++',
    'default : paid ++', 'for ( let i = 0 ; i < n ; i ++ ) total += i', 'items . forEach ( function ( i )', 'count ++', 'sum += i . price', 'return price',
  ];
  assert.deepEqual(await statements(''), expected);
  assert.deepEqual(await statements(';'), expected);
});

test('a function run through its own call or apply (this.m.apply(this, arguments), Parent.call(this, a)) is called: a method reduced to a deprecation wrapper delegating so to a new one kept its name, and the new one is extracted', async () => {
  const path = 'lib/document.js';
  const body = `  const paths = _getPathsToValidate(this, pathsToValidate, options);
  if (paths.length === 0) {
    return null;
  }
  const validating = {};
  for (const path of paths) {
    if (validating[path]) continue;
    validating[path] = true;
    const p = this.$__schema.path(path);
    if (!p) continue;
    const err = p.doValidateSync(this.getValue(path), this);
    if (err) this.invalidate(path, err);
  }
  return this.$__.validationError;`;
  const before = `function Document() {}\n\nDocument.prototype.validateSync = function(pathsToValidate, options) {\n${body}\n};\n\nmodule.exports = Document;\n`;
  const after = (delegation: string) =>
    `function Document() {}\n\nDocument.prototype.validateSync = function() {\n  utils.warn('validateSync() is deprecated');\n  return ${delegation};\n};\n\nDocument.prototype.$__validateSync = function(pathsToValidate, options) {\n${body}\n};\n\nmodule.exports = Document;\n`;
  const expected = [
    `Change Function Signature: ${path}/Document/validateSync → ${path}/Document/validateSync`,
    `Extract Function: ${path}/Document/validateSync → ${path}/Document/$__validateSync`,
  ];
  for (const delegation of ['this.$__validateSync.apply(this, arguments)', 'this.$__validateSync.call(this, pathsToValidate, options)']) {
    assert.deepEqual(await refactorings({ [path]: before }, { [path]: after(delegation) }), expected, delegation);
  }
  const cst = await parseFile(path, after('this.$__validateSync.call(this, pathsToValidate, options)') + 'Document.prototype.slice.call(list, 1);\nrpc.call(\'method\', params);\n');
  const direct = await parseFile(path, after('this.$__validateSync(pathsToValidate, options)'));
  assert.deepEqual(named(cst, 'validateSync').calls, named(direct, 'validateSync').calls, 'as if called directly');
  assert.deepEqual(cst.nodes[0].calls.map((c) => [c.name, c.args]), [['slice', 1], ['call', 2]], 'a function off a prototype is borrowed; call on another object is its own method');
});

test('an alias written before the name a function had (app.toJSON = function → app.inspect = app.toJSON = function) renames nothing, nor does dropping it', async () => {
  const app = (target: string) => `var app = Application.prototype;\n\napp.listen = function(){\n  var server = http.createServer(this.callback());\n  return server.listen.apply(server, arguments);\n};\n\n${target} = function(){\n  return only(this, [\n    'subdomainOffset',\n    'env'\n  ]);\n};\n`;
  assert.deepEqual(await refactorings({ 'lib/application.js': app('app.toJSON') }, { 'lib/application.js': app('app.inspect =\napp.toJSON') }), []);
  assert.deepEqual(await refactorings({ 'lib/application.js': app('app.inspect =\napp.toJSON') }, { 'lib/application.js': app('app.toJSON') }), []);
  const cst = await parseFile('lib/application.js', app('app.inspect = app.toJSON'));
  assert.deepEqual(named(cst, 'inspect').aliases, ['toJSON']);
  // renamed for real, the alias kept: a rename of the name it goes by
  const renamed = await refactorings({ 'lib/application.js': app('app.inspect = app.toJSON') }, { 'lib/application.js': app('app.describe = app.toJSON') });
  assert.deepEqual(renamed, ['Rename Function: lib/application.js/inspect → lib/application.js/describe']);
});

test('a function assigned to a property of a variable joins an object of that name only where that object is in scope: one declared in another callback is another variable, and dropping it moves nothing', async () => {
  const frame = `
  it('deep data', function () {
    var helpers = createFrame(env.helpers);
    helpers.let = function (options) { return options.fn(this, { data: frame(options) }); };
    run('{{#let}}', helpers);
  });
`;
  const before = `describe('data', function () {
  it('hello', function () {
    var helpers = { hello: function (options) { return options.data.adjective; } };
    run('{{hello}}', helpers);
  });
${frame}});
`;
  const after = `describe('data', function () {
  it('hello', function () {
    expectTemplate('{{hello}}').withHelper('hello', function (options) { return options.data.adjective; });
  });
${frame}});
`;
  assert.deepEqual(await refactorings({ 'spec/data.js': before }, { 'spec/data.js': after }), []);
  const cst = await parseFile('spec/data.js', before);
  assert.equal(cst.nodes[named(cst, 'let').parent!].kind, 'file', 'the object in the other callback does not hold it');
  // in scope, the object still holds it
  const inScope = `describe('data', function () {
  var helpers = { hello: function (options) { return options.data.adjective; } };
  it('deep data', function () {
    helpers.let = function (options) { return options.fn(this); };
  });
});
`;
  const cst2 = await parseFile('spec/data.js', inScope);
  assert.equal(cst2.nodes[named(cst2, 'let').parent!].name, 'helpers');
});

test('a key written as a string is named by its value: other quotes and escapes rename nothing (`"a[name=\\"req\\"]"` → `\'a[name="req"]\'`)', async () => {
  const visitors = (key: string) => `module.exports = {\n  create(context) {\n    return {\n      ${key}(node) {\n        context.report({ node, message: "no req here" });\n      },\n    };\n  },\n};\n`;
  const path = 'tests/lib/rules/no-req.js';
  const before = visitors(String.raw`"MemberExpression[object.name=\"req\"]"`);
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: visitors(`'MemberExpression[object.name="req"]'`) }), []);
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: visitors(String.raw`'MemberExpression[object.name="r\x65q"]'`) }), []);
  // another value is another visitor
  assert.deepEqual(await refactorings({ [path]: before }, { [path]: visitors(`'MemberExpression[object.name="res"]'`) }), [
    `Rename Function: ${path}/create/MemberExpression[object.name="req"] → ${path}/create/MemberExpression[object.name="res"]`,
  ]);
});
