/** FindRelationships on small JavaScript fixtures: the relationship types that exist in JavaScript. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toRefactorings } from '../../src/core/report';
import { compare, refactorings, relationships } from '../helpers';

const sum = `function sum(x, y) {
  return x + y;
}`;
const min = `function min(x, y) {
  if (x < y) return x;
  else return y;
}`;

test('the paper running example in JavaScript: file and function renamed, print extracted from main', async () => {
  const before = {
    'src/calculator.js': `${sum}\n\n${min}\n\nmodule.exports = { sum, min };\n`,
    'src/main.js': `const { sum, min } = require('./calculator');\n\nfunction main() {\n  const r = sum(min(2.3, 3), 1.8);\n  console.log(r.toFixed(2));\n}\n\nmain();\n`,
  };
  const after = {
    'src/fp-calculator.js': `${sum}\n\n${min.replace('min(', 'minimum(')}\n\nfunction maximum(x, y) {\n  if (x > y) return x;\n  else return y;\n}\n\nmodule.exports = { sum, minimum, maximum };\n`,
    'src/main.js': `const { sum, minimum } = require('./fp-calculator');\n\nfunction main() {\n  const r = sum(minimum(2.3, 3), 1.8);\n  print(r);\n}\n\nfunction print(res) {\n  console.log(res.toFixed(2));\n}\n\nmain();\n`,
  };
  assert.deepEqual(await refactorings(before, after), [
    'Extract Function: src/main.js/main → src/main.js/print',
    'Rename File: src/calculator.js → src/fp-calculator.js',
    'Rename Function: src/calculator.js/min → src/fp-calculator.js/minimum',
  ]);
});

const format = `function formatPrice(amount, currency) {
  const rounded = Math.round(amount * 100) / 100;
  const text = rounded.toFixed(2) + ' ' + currency.toUpperCase();
  if (amount < 0) { throw new Error('negative price: ' + text); }
  return text;
}`;
const other = `function slugify(title) {
  return title.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}`;

test('a function renamed in its file is a Rename Function', async () => {
  assert.deepEqual(await relationships({ 'lib/util.js': `${format}\n${other}\n` }, { 'lib/util.js': `${format.replace('formatPrice(', 'formatAmount(')}\n${other}\n` }), [
    'RENAME lib/util.js/formatPrice → lib/util.js/formatAmount',
  ]);
});

test('a parameter added to a function is a Change Signature', async () => {
  const changed = format.replace('(amount, currency)', '(amount, currency, locale)');
  assert.deepEqual(await refactorings({ 'lib/util.js': `${format}\n${other}\n` }, { 'lib/util.js': `${changed}\n${other}\n` }), [
    'Change Function Signature: lib/util.js/formatPrice → lib/util.js/formatPrice',
  ]);
});

const parseList = `function parse(text) {
  const parts = text.split(',');
  return parts.map((p) => p.trim());
}`;
const parseStrict = `function parse(text, options) {
  if (!options.strict) return [];
  throw new Error('strict parsing is not supported: ' + text);
}`;

test('two functions of one name in one file, their order swapped, are each paired with its own code: no signature changed', async () => {
  assert.deepEqual(await refactorings({ 'src/parse.js': `${parseList}

${parseStrict}
` }, { 'src/parse.js': `${parseStrict}

${parseList}
` }), []);
});

test('of look-alike objects of one name in one file (a test\'s handlers = { asyncEnd() {…} } in each case), the one that changed is paired with itself: the copies that did not change pair in place', async () => {
  const path = 'test/tracing.test.js';
  const testCase = (operation: string, changed: boolean) => `  it('fires asyncEnd for ${operation}', async function() {
    const events = [];
    const handlers = {
      start(ctx) { events.push({ event: 'start', ...ctx }); },
      end() {},
      asyncEnd(${changed ? 'ctx' : ''}) { events.push({ event: 'asyncEnd'${changed ? ', result: ctx.result' : ''} }); },
      error() {}
    };
    channel.subscribe(handlers);
    await Test.${operation}({ name: 'test' });
    channel.unsubscribe(handlers);
  });
`;
  const file = (changed: string) => `describe('TracingChannel', function() {\n${['find', 'save', 'insertMany', 'bulkWrite'].map((op) => testCase(op, op === changed)).join('\n')}});\n`;
  const result = await compare({ [path]: file('') }, { [path]: file('save') });
  const found = toRefactorings(result.relationships, result.before, result.after).map((r) => `${r.type}: ${r.before.qualifiedName}:${r.before.startLine} → ${r.after.qualifiedName}:${r.after.startLine}`);
  assert.deepEqual(found, [`Change Function Signature: ${path}/handlers/asyncEnd:20 → ${path}/handlers/asyncEnd:20`]);
});

test('a function moved to another file is a Move Function; moved and renamed, a Move And Rename Function', async () => {
  const before = { 'lib/util.js': `${format}\n${other}\n`, 'lib/text.js': 'function upper(s) {\n  return s.toUpperCase();\n}\n' };
  const moved = { 'lib/util.js': `${format}\n`, 'lib/text.js': `function upper(s) {\n  return s.toUpperCase();\n}\n${other}\n` };
  assert.deepEqual(await refactorings(before, moved), ['Move Function: lib/util.js/slugify → lib/text.js/slugify']);
  const movedRenamed = { 'lib/util.js': `${format}\n`, 'lib/text.js': `function upper(s) {\n  return s.toUpperCase();\n}\n${other.replace('slugify(', 'toSlug(')}\n` };
  assert.deepEqual(await refactorings(before, movedRenamed), ['Move And Rename Function: lib/util.js/slugify → lib/text.js/toSlug']);
});

test('a file moved to another folder is a Move File; its functions stay the same', async () => {
  assert.deepEqual(await refactorings({ 'lib/util.js': `${format}\n${other}\n` }, { 'src/common/util.js': `${format}\n${other}\n` }), [
    'Move File: lib/util.js → src/common/util.js',
  ]);
});

test('a nested function moved to the top of its file is an internal Move Function', async () => {
  const before = { 'lib/util.js': `function outer(items) {\n  ${other.replace(/\n/g, '\n  ')}\n  return items.map(slugify);\n}\n${format}\n` };
  const after = { 'lib/util.js': `${other}\nfunction outer(items) {\n  return items.map(slugify);\n}\n${format}\n` };
  const found = await relationships(before, after);
  assert.deepEqual(found, ['INTERNAL_MOVE lib/util.js/outer/slugify → lib/util.js/slugify']);
});

const render = `function render(items) {
  let html = '<ul>';
  for (const item of items) {
    const label = item.name.trim().toUpperCase();
    html += '<li data-id="' + item.id + '">' + label + '</li>';
  }
  html += '</ul>';
  return html;
}`;
const renderExtracted = `function render(items) {
  let html = '<ul>';
  for (const item of items) {
    html += renderItem(item);
  }
  html += '</ul>';
  return html;
}`;
const renderItem = `function renderItem(entry) {
  const label = entry.name.trim().toUpperCase();
  return '<li data-id="' + entry.id + '">' + label + '</li>';
}`;

test('part of a function moved to a new function it calls is an Extract Function', async () => {
  assert.deepEqual(await refactorings({ 'ui/list.js': `${render}\n` }, { 'ui/list.js': `${renderExtracted}\n\n${renderItem}\n` }), [
    'Extract Function: ui/list.js/render → ui/list.js/renderItem',
  ]);
});

test('part of a function moved to a new function in another file is an Extract And Move Function', async () => {
  const after = { 'ui/list.js': `const { renderItem } = require('./item');\n${renderExtracted}\n`, 'ui/item.js': `${renderItem}\nmodule.exports = { renderItem };\n` };
  assert.deepEqual(await refactorings({ 'ui/list.js': `${render}\n` }, after), ['Extract And Move Function: ui/list.js/render → ui/item.js/renderItem']);
});

test('a function whose body replaced its call is an Inline Function', async () => {
  assert.deepEqual(await refactorings({ 'ui/list.js': `${renderExtracted}\n\n${renderItem}\n` }, { 'ui/list.js': `${render}\n` }), [
    'Inline Function: ui/list.js/renderItem → ui/list.js/render',
  ]);
});

const speak = `  speak(loudly, times) {
    const word = this.sound.repeat(times);
    return loudly ? word.toUpperCase() + '!' : word;
  }`;
const animal = (members: string) => `class Animal {\n  constructor(name) {\n    this.name = name;\n  }\n${members}\n}\n`;
const dog = (members: string) => `class Dog extends Animal {\n  fetch() {\n    return this.name + ' fetches';\n  }\n${members}\n}\n`;

test('a class renamed with its method is Rename Class + Rename Method', async () => {
  const before = { 'zoo/animals.js': `${animal(speak)}\n` };
  const after = { 'zoo/animals.js': `${animal(speak.replace('speak(', 'talk(')).replace('class Animal', 'class Creature')}\n` };
  assert.deepEqual(await refactorings(before, after), [
    'Rename Class: zoo/animals.js/Animal → zoo/animals.js/Creature',
    'Rename Method: zoo/animals.js/Animal/speak → zoo/animals.js/Creature/talk',
  ]);
});

test('a method moved from a subclass to its superclass is a Pull Up Method; back down, a Push Down Method', async () => {
  const withSub = { 'zoo/animals.js': `${animal('')}\n${dog(speak)}\n` };
  const withSuper = { 'zoo/animals.js': `${animal(speak)}\n${dog('')}\n` };
  assert.deepEqual(await refactorings(withSub, withSuper), ['Pull Up Method: zoo/animals.js/Dog/speak → zoo/animals.js/Animal/speak']);
  assert.deepEqual(await refactorings(withSuper, withSub), ['Push Down Method: zoo/animals.js/Animal/speak → zoo/animals.js/Dog/speak']);
});

test('a new superclass receiving a pulled-up method is an Extract Superclass', async () => {
  const before = { 'zoo/dog.js': `class Dog {\n  fetch() {\n    return this.name + ' fetches';\n  }\n${speak}\n}\n` };
  const after = { 'zoo/dog.js': `${animal(speak)}\n${dog('')}\n` };
  assert.deepEqual(await refactorings(before, after), [
    'Extract Superclass: zoo/dog.js/Dog → zoo/dog.js/Animal',
    'Pull Up Method: zoo/dog.js/Dog/speak → zoo/dog.js/Animal/speak',
  ]);
});

const easing = `{
  linear: function (t) { return t; },
  easeInQuad: function (t) { return t * t; },
  easeOutQuad: function (t) { return -t * (t - 2); },
  easeInCubic(t) { return t * t * t; },
}`;

test('an object of functions moved to another file and renamed is one Move And Rename Object, not a Move Function per member', async () => {
  const before = { 'src/helpers.js': `module.exports = function (Chart) {\n  var helpers = Chart.helpers = {};\n  helpers.easingEffects = ${easing};\n};\n` };
  const after = {
    'src/helpers.js': `module.exports = function (Chart) {\n  var helpers = Chart.helpers = {};\n};\n`,
    'src/easing.js': `var effects = ${easing};\nmodule.exports = { effects: effects };\n`,
  };
  assert.deepEqual(await refactorings(before, after), ['Move And Rename Object: src/helpers.js/default/easingEffects → src/easing.js/effects']);
});

test('the object assigned to module.exports is the module itself, not an object node', async () => {
  const before = { 'src/a.js': `module.exports = ${easing};\n` };
  const after = { 'src/b.js': `module.exports = ${easing};\n` };
  assert.deepEqual(await refactorings(before, after), ['Rename File: src/a.js → src/b.js']);
});

const indented = (code: string, prefix: string) => code.replace(/\n/g, `\n${prefix}`);

test('code extracted from a method of an object of functions into a function of its module is an Extract Function', async () => {
  const module = (objectMembers: string, moduleFunctions: string) =>
    `module.exports = function (Chart) {\n${moduleFunctions}\n  Chart.list = {\n    ${objectMembers},\n    clear: function () { this.items = []; }\n  };\n};\n`;
  const method = (code: string) => indented(code.replace(/^function render/, 'render: function '), '    ');
  const before = { 'ui/list.js': module(method(render), '') };
  const after = { 'ui/list.js': module(method(renderExtracted), `  ${indented(renderItem, '  ')}`) };
  assert.deepEqual(await refactorings(before, after), ['Extract Function: ui/list.js/default/list/render → ui/list.js/default/renderItem']);
});

test('code extracted from a class method into a function of its module leaves the class: Extract And Move', async () => {
  const module = (methods: string, functions: string) => `${functions}\nclass List {\n  ${methods}\n  clear() { this.items = []; }\n}\n`;
  const method = (code: string) => indented(code.replace(/^function /, ''), '  ');
  const before = { 'ui/list.js': module(method(render), '') };
  const after = { 'ui/list.js': module(method(renderExtracted), renderItem) };
  assert.deepEqual(await refactorings(before, after), ['Extract And Move Function: ui/list.js/List/render → ui/list.js/renderItem']);
});

const scaleModule = (methods: string, functions = '') =>
  `module.exports = function (Chart) {\n${functions}  var RadialScale = Chart.Scale.extend({\n${methods}\n    draw: function () { this.ctx.stroke(); }\n  });\n};\n`;
const countMethod = `    getValueCount: function () {\n      return this.chart.data.labels.length + this.options.extra.length;\n    },`;
const countFunction = `  function getValueCount(scale) {\n    return scale.chart.data.labels.length + scale.options.extra.length;\n  }\n`;

test('a method of an object passed to Base.extend() that became a function of its module is a Move Function', async () => {
  const before = { 'src/scale.radial.js': scaleModule(countMethod) };
  const after = { 'src/scale.radial.js': scaleModule('', countFunction) };
  assert.deepEqual(await refactorings(before, after), [
    'Move Function: src/scale.radial.js/default/RadialScale/getValueCount → src/scale.radial.js/default/getValueCount',
  ]);
});

test('a method whose code became a function of its module that the object still names as its member stays in the object: renamed, a Rename; under its name, nothing', async () => {
  const rangeMethod = `    inLabelRange: function (mouseX) {\n      var vm = this._view;\n      return Math.abs(mouseX - vm.x) < vm.radius + vm.hitRadius;\n    },`;
  const rangeFunction = (name: string) => `  function ${name}(mouseX) {\n    var vm = this._view;\n    return Math.abs(mouseX - vm.x) < vm.radius + vm.hitRadius;\n  }\n`;
  const before = { 'src/elements/point.js': scaleModule(rangeMethod) };
  const renamed = { 'src/elements/point.js': scaleModule('    inLabelRange: xRange,\n    inXRange: xRange,', rangeFunction('xRange')) };
  assert.deepEqual(await refactorings(before, renamed), [
    'Rename Function: src/elements/point.js/default/RadialScale/inLabelRange → src/elements/point.js/default/xRange',
  ]);
  // and written back into the object, it is still in place
  assert.deepEqual(await refactorings(renamed, before), [
    'Rename Function: src/elements/point.js/default/xRange → src/elements/point.js/default/RadialScale/inLabelRange',
  ]);
  // an object that stops naming a function moves nothing: the function is where it was declared
  const named = { 'src/elements/point.js': scaleModule('    inLabelRange: xRange,', rangeFunction('xRange')) };
  const unnamed = { 'src/elements/point.js': scaleModule('', rangeFunction('xRange')) };
  assert.deepEqual(await refactorings(named, unnamed), []);
  const shorthand = { 'src/elements/point.js': scaleModule('    inLabelRange,', rangeFunction('inLabelRange')) };
  assert.deepEqual(await refactorings(before, shorthand), []);
  // a function two objects name is neither's own: it stays the module's
  const twice = { 'src/elements/point.js': scaleModule('    inLabelRange: xRange,', `${rangeFunction('xRange')}  var Bar = Chart.Element.extend({ inRange: xRange, draw: function () {} });\n`) };
  assert.deepEqual(await refactorings(before, twice), [
    'Move And Rename Function: src/elements/point.js/default/RadialScale/inLabelRange → src/elements/point.js/default/xRange',
  ]);
});

test('a function an object literal in a method\'s code names (a callback option) is not that object\'s member: moving it into the object is a Move', async () => {
  const helperFunction = `  function helper(x) {\n    var total = x * 2 + this.offset;\n    return total - this.base;\n  }\n`;
  const helperMethod = `    helper: function (x) {\n      var total = x * 2 + this.offset;\n      return total - this.base;\n    },`;
  const emit = '    run: function () { emit({ onDone: helper }); },';
  const before = { 'src/scale.radial.js': scaleModule(emit, helperFunction) };
  const after = { 'src/scale.radial.js': scaleModule(`${emit}\n${helperMethod}`) };
  assert.deepEqual(await refactorings(before, after), ['Move Function: src/scale.radial.js/default/helper → src/scale.radial.js/default/RadialScale/helper']);
});

test('a function now assigned into an object of functions of its moved file is a Move Function into that object', async () => {
  const drawPoint = (target: string) => `  ${target}.drawPoint = function (ctx, style, radius) {\n    ctx.beginPath();\n    ctx.arc(style.x, style.y, radius, 0, Math.PI * 2);\n    ctx.fill();\n  };\n`;
  const clear = `function (chart) {\n      chart.ctx.clearRect(0, 0, chart.width, chart.height);\n    }`;
  const before = { 'src/core/canvasHelpers.js': `module.exports = function (Chart) {\n  var helpers = Chart.canvasHelpers = {};\n${drawPoint('helpers')}};\n` };
  const after = { 'src/helpers/canvas.js': `module.exports = function (Chart) {\n  var helpers = Chart.helpers;\n  helpers.canvas = {\n    clear: ${clear}\n  };\n${drawPoint('helpers.canvas')}};\n` };
  assert.deepEqual(await refactorings(before, after), [
    'Move And Rename File: src/core/canvasHelpers.js → src/helpers/canvas.js',
    'Move Function: src/core/canvasHelpers.js/default/drawPoint → src/helpers/canvas.js/default/canvas/drawPoint',
  ]);
});

test('a loop body extracted into a new function that looks its data up itself is an Extract Function (the call is new)', async () => {
  const controller = (members: string, loopBody: string) => `var controller = {
${members}  destroy: function () {
    var me = this;
    var i, ilen;
    me.stop();
    for (i = 0, ilen = me.datasets.length; i < ilen; ++i) {
${loopBody}
    }
    me.canvas.remove();
  },
  stop: function () { this.running = false; }
};
`;
  const inline = `      var meta = me.getDatasetMeta(i);
      if (meta.controller) {
        meta.controller.destroy();
        meta.controller = null;
      }`;
  const helper = `  destroyDatasetMeta: function (datasetIndex) {
    var id = this.id;
    var dataset = this.data.datasets[datasetIndex];
    var meta = dataset._meta && dataset._meta[id];
    if (meta) {
      meta.controller.destroy();
      meta.controller = null;
      delete dataset._meta[id];
    }
  },
`;
  const before = { 'src/chart.js': controller('', inline) };
  const after = { 'src/chart.js': controller(helper, '      me.destroyDatasetMeta(i);') };
  assert.deepEqual(await refactorings(before, after), ['Extract Function: src/chart.js/controller/destroy → src/chart.js/controller/destroyDatasetMeta']);
});

const drawLabels = `function draw(scale, labels) {
  var ctx = scale.ctx;
  var size = scale.options.fontSize || 12;
  var family = scale.options.fontFamily || 'sans-serif';
  ctx.font = size + 'px ' + family;
  for (var i = 0; i < labels.length; i++) {
    var width = ctx.measureText(labels[i]).width;
    ctx.fillText(labels[i], scale.left + i * width, scale.top);
  }
  ctx.stroke();
}
`;
const drawLabelsInSteps = `function fontOf(scale) {
  var size = scale.options.fontSize || 12;
  var family = scale.options.fontFamily || 'sans-serif';
  return size + 'px ' + family;
}
function labelWidth(ctx, label) {
  var measured = ctx.measureText(label);
  return measured.width;
}
function drawLabels(scale, labels) {
  var ctx = scale.ctx;
  ctx.font = fontOf(scale);
  for (var i = 0; i < labels.length; i++) {
    var width = labelWidth(ctx, labels[i]);
    ctx.fillText(labels[i], scale.left + i * width, scale.top);
  }
}
function draw(scale, labels) {
  drawLabels(scale, labels);
  scale.ctx.stroke();
}
`;

test('code extracted in steps: a helper of an extracted function is extracted from the first caller when some of its statements were the caller\'s; new code in the same words is not', async () => {
  assert.deepEqual(await refactorings({ 'src/scale.js': drawLabels }, { 'src/scale.js': drawLabelsInSteps }), [
    'Extract Function: src/scale.js/draw → src/scale.js/drawLabels',
    'Extract Function: src/scale.js/draw → src/scale.js/fontOf',
  ]);
});

test('a helper of functions extracted from two callers is extracted from both, even rewritten', async () => {
  const fontBlock = (size: string, family: string) => `  var ${size} = scale.options.fontSize || 12;
  var ${family} = scale.options.fontFamily || 'sans-serif';
  ctx.font = ${size} + 'px ' + ${family};
`;
  const before = `function draw(scale, labels) {
  var ctx = scale.ctx;
${fontBlock('size', 'family')}  for (var i = 0; i < labels.length; i++) {
    ctx.fillText(labels[i], scale.left + i * 10, scale.top);
  }
  ctx.stroke();
}
function fit(scale, labels) {
  var ctx = scale.ctx;
${fontBlock('labelSize', 'labelFamily')}  var widest = 0;
  for (var i = 0; i < labels.length; i++) {
    widest = Math.max(widest, ctx.measureText(labels[i]).width);
  }
  scale.width = widest + scale.padding;
}
`;
  const after = `function fontOf(scale) {
  var fontSize = scale.options.fontSize || 12;
  var fontFamily = scale.options.fontFamily || 'sans-serif';
  return fontSize + 'px ' + fontFamily;
}
function drawLabels(scale, labels) {
  var ctx = scale.ctx;
  ctx.font = fontOf(scale);
  for (var i = 0; i < labels.length; i++) {
    ctx.fillText(labels[i], scale.left + i * 10, scale.top);
  }
}
function draw(scale, labels) {
  drawLabels(scale, labels);
  scale.ctx.stroke();
}
function fitLabels(scale, labels) {
  var ctx = scale.ctx;
  ctx.font = fontOf(scale);
  var widest = 0;
  for (var i = 0; i < labels.length; i++) {
    widest = Math.max(widest, ctx.measureText(labels[i]).width);
  }
  return widest;
}
function fit(scale, labels) {
  scale.width = fitLabels(scale, labels) + scale.padding;
}
`;
  assert.deepEqual(await refactorings({ 'src/scale.js': before }, { 'src/scale.js': after }), [
    'Extract Function: src/scale.js/draw → src/scale.js/drawLabels',
    'Extract Function: src/scale.js/draw → src/scale.js/fontOf',
    'Extract Function: src/scale.js/fit → src/scale.js/fitLabels',
    'Extract Function: src/scale.js/fit → src/scale.js/fontOf',
  ]);
});

const drawBefore = `function draw(ctx, points, style) {
  ctx.save();
  ctx.strokeStyle = style.color;
  ctx.lineWidth = style.width;
  function lineToPoint(previousPoint, point) {
    var pointView = point.view;
    if (pointView.stepped === true) {
      ctx.lineTo(pointView.x, previousPoint.view.y);
      ctx.lineTo(pointView.x, pointView.y);
    } else if (pointView.tension === 0) {
      ctx.lineTo(pointView.x, pointView.y);
    } else {
      ctx.bezierCurveTo(previousPoint.view.nextX, previousPoint.view.nextY, pointView.previousX, pointView.previousY, pointView.x, pointView.y);
    }
  }
  ctx.beginPath();
  for (var i = 1; i < points.length; ++i) {
    if (!points[i].view.skip) lineToPoint(points[i - 1], points[i]);
  }
  ctx.stroke();
  ctx.restore();
}
`;
const drawAfter = `var helpers = require('./helpers');

function draw(ctx, points, style) {
  ctx.save();
  ctx.strokeStyle = style.color;
  ctx.lineWidth = style.width;
  ctx.beginPath();
  for (var i = 1; i < points.length; ++i) {
    if (!points[i].view.skip) helpers.lineTo(ctx, points[i - 1].view, points[i].view);
  }
  ctx.stroke();
  ctx.restore();
}
`;
const lineTo = `helpers.lineTo = function(ctx, previous, target, flip) {
  if (target.stepped) {
    ctx.lineTo(target.x, previous.y);
    ctx.lineTo(target.x, target.y);
    return;
  }
  if (!target.tension) {
    ctx.lineTo(target.x, target.y);
    return;
  }
  ctx.bezierCurveTo(flip ? previous.previousX : previous.nextX, flip ? previous.previousY : previous.nextY, flip ? target.nextX : target.previousX, flip ? target.nextY : target.previousY, target.x, target.y);
};
`;
const clip = `helpers.clip = function(ctx, area) {\n  ctx.save();\n  ctx.beginPath();\n  ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);\n  ctx.clip();\n};\n`;

test('a local function moved out of the function that declared it, into a helper module, is a Move And Rename Function, not code extracted from that function', async () => {
  const before = { 'src/line.js': drawBefore, 'src/helpers.js': `var helpers = exports;\n\n${clip}` };
  const after = { 'src/line.js': drawAfter, 'src/helpers.js': `var helpers = exports;\n\n${clip}\n${lineTo}` };
  assert.deepEqual(await refactorings(before, after), ['Move And Rename Function: src/line.js/draw/lineToPoint → src/helpers.js/lineTo']);
});

const pluginBefore = `function apply(parser, options) {
  if (!options.amd) return;
  function setTypeof(expr, value) {
    parser.plugin('evaluate typeof ' + expr, function(node) {
      return new BasicEvaluatedExpression().setString(value).setRange(node.range);
    });
    parser.plugin('typeof ' + expr, function(node) {
      var dep = new ConstDependency(JSON.stringify(value), node.range);
      dep.loc = node.loc;
      this.state.current.addDependency(dep);
      return true;
    });
  }
  setTypeof('define', 'function');
  setTypeof('require', 'function');
}
`;
const pluginAfter = `function apply(parser, options) {
  if (!options.amd) return;
  parser.plugin('evaluate typeof define', ParserHelpers.evaluateToString('function'));
  parser.plugin('typeof define', ParserHelpers.toConstantDependency('function'));
  parser.plugin('evaluate typeof require', ParserHelpers.evaluateToString('function'));
  parser.plugin('typeof require', ParserHelpers.toConstantDependency('function'));
}
`;
const parserHelpers = `ParserHelpers.toConstantDependency = function(value) {
  return function constantDependency(node) {
    var dep = new ConstDependency(JSON.stringify(value), node.range);
    dep.loc = node.loc;
    this.state.current.addDependency(dep);
    return true;
  };
};

ParserHelpers.evaluateToString = function(value) {
  return function stringExpression(node) {
    return new BasicEvaluatedExpression().setString(value).setRange(node.range);
  };
};
`;

test('a local function whose code went into two new helpers, both now called where it was, was split: each helper is extracted, the function not moved', async () => {
  const amd = (code: string) => code.replace(/amd/g, 'system').replace(/define/g, 'System.import');
  const before = { 'lib/amd.js': pluginBefore, 'lib/system.js': amd(pluginBefore), 'lib/helpers.js': `var ParserHelpers = exports;\n\n${clip}` };
  const after = { 'lib/amd.js': pluginAfter, 'lib/system.js': amd(pluginAfter), 'lib/helpers.js': `var ParserHelpers = exports;\n\n${clip}\n${parserHelpers}` };
  const found = await refactorings(before, after);
  assert.ok(found.includes('Extract And Move Function: lib/system.js/apply → lib/helpers.js/evaluateToString'), found.join('\n'));
  assert.ok(!found.some((r) => r.startsWith('Move And Rename Function: lib/system.js')), found.join('\n'));
});

test('one new helper holding the code of a local function written in two functions is no Move of either; rewritten, none of its statements as the callers wrote them, it is no extraction either', async () => {
  const bar = (code: string) => code.replace(/draw/g, 'drawBar');
  const before = { 'src/line.js': drawBefore, 'src/bar.js': bar(drawBefore), 'src/helpers.js': `var helpers = exports;\n\n${clip}` };
  const after = { 'src/line.js': drawAfter, 'src/bar.js': bar(drawAfter), 'src/helpers.js': `var helpers = exports;\n\n${clip}\n${lineTo}` };
  // Extract And Move similarity 0.685, under the 0.7 needed when none of the helper's statements is
  // among those the callers lost; both were reported while lineTo's statements went unread (the
  // body was looked for after the first `lineTo(`, a call inside it), see docs/accuracy.md
  assert.deepEqual(await refactorings(before, after), []);
});

test('a helper the caller called, gone and split into new helpers it now calls, is where their code came from: no Extract from the caller, though the caller lost code of the same words', async () => {
  const literals = `function LITERALS(produce) {
  const values = { zero: 0, one: 1, empty: '', none: null, date: new Date() };
  for (const name in values) {
    describe(name, () => {
      const value = values[name];
      it('does not create a draft', () => {
        produce(value, (draft) => {
          expect(draft).toBe(value);
        });
      });
      it('returns the base state when no changes are made', () => {
        expect(produce(value, () => {})).toBe(value);
      });
    });
  }
}`;
  const objects = `function OBJECTS(produce) {
  const objects = { empty: {}, plain: { a: 1 }, array: [1, 2] };
  for (const name in objects) {
    describe(name, () => {
      const base = objects[name];
      it('creates a draft', () => {
        produce(base, (draft) => {
          expect(draft).not.toBe(base);
        });
      });
      it('returns a copy when changes are made', () => {
        const result = produce(base, (draft) => {
          draft.x = 1;
        });
        expect(result).not.toBe(base);
      });
    });
  }
}`;
  const tests = `  it('returns the original without modifications', () => {
    const next = produce(base, () => {});
    expect(next).toBe(base);
  });
  it('creates a draft of a nested object', () => {
    produce(base, (draft) => {
      expect(draft.nested).not.toBe(base.nested);
    });
  });
  it('returns a copy when a nested value changes', () => {
    const result = produce(base, (draft) => {
      draft.nested.x = 1;
    });
    expect(result).not.toBe(base);
    expect(result.nested.x).toBe(1);
  });
`;
  const frozen = `function FROZEN(produce) {
  const frozen = Object.freeze({ deep: Object.freeze([3, 4]) });
  it('does not copy a frozen base', () => {
    const next = produce(frozen, () => undefined);
    assert.strictEqual(next, frozen);
    assert.ok(Object.isFrozen(next.deep));
  });
}`;
  // testBaseStateTypes held the three blocks; the frozen one is dropped, the other two each get a helper of their own
  const inner = (source: string) => source.replace(/^function \w+\(produce\) \{\n/, '').replace(/\n\}$/, '');
  const before = `function runBaseTest(produce, base) {\n${tests}  testBaseStateTypes(produce);\n}\n\nfunction testBaseStateTypes(produce) {\n${inner(literals)}\n${inner(objects)}\n${inner(frozen)}\n}\n`;
  const after = `function runBaseTest(produce, base) {\n  testObjectTypes(produce);\n  testLiteralTypes(produce);\n}\n\n${objects.replace('OBJECTS', 'testObjectTypes')}\n\n${literals.replace('LITERALS', 'testLiteralTypes')}\n`;
  const found = await refactorings({ 'test/base.js': before }, { 'test/base.js': after });
  assert.deepEqual(found.filter((r) => r.startsWith('Extract')), []);
});

test('functions of one name and one body that swapped places pair by their parameters, not by declaration order: a variable given a callback twice (callback = function (v, k) …; callback = function (k, v) …) changed no signature', async () => {
  const callback = (params: string, call: string) =>
    `\tcallback = function( ${params} ) {\n\t\tequal( k, "length", "Object with " + label + " length treated like object" );\n\t};\n\tjQuery.${call}( { length: 1 }, callback );\n`;
  const map = callback('v, k', 'map');
  const each = callback('k, v', 'each');
  const before = `test("jQuery.map", function() {\n\tvar callback;\n${map}${each}});\n`;
  const after = `test("jQuery.map", function() {\n\tvar callback;\n${each}${map}});\n`;
  assert.deepEqual(await refactorings({ 'test/unit/core.js': before }, { 'test/unit/core.js': after }), []);
});

test('a file split into new files that each took as many of its functions is no one of them renamed, also where only one has a name like its own (selector-native.js into selector/escapeSelector.js and selector/uniqueSort.js)', async () => {
  const before = {
    'src/selector-native.js': "var hasDuplicate,\n\trcssescape = /([\\0-\\x1f\\x7f]|^-?\\d)|^-$|[^\\x80-\\uFFFF\\w-]/g,\n\tfcssescape = function( ch, asCodePoint ) {\n\t\tif ( asCodePoint ) {\n\t\t\treturn ch.slice( 0, -1 ) + \"\\\\\" + ch.charCodeAt( ch.length - 1 ).toString( 16 ) + \" \";\n\t\t}\n\t\treturn \"\\\\\" + ch;\n\t},\n\tsortOrder = function( a, b ) {\n\t\tif ( a === b ) {\n\t\t\thasDuplicate = true;\n\t\t\treturn 0;\n\t\t}\n\t\treturn a.compareDocumentPosition( b ) & 4 ? -1 : 1;\n\t};\n\njQuery.extend( {\n\ttext: function( elem ) {\n\t\tvar node, ret = \"\", i = 0, nodeType = elem.nodeType;\n\t\tif ( !nodeType ) {\n\t\t\twhile ( ( node = elem[ i++ ] ) ) {\n\t\t\t\tret += jQuery.text( node );\n\t\t\t}\n\t\t} else if ( nodeType === 1 || nodeType === 9 || nodeType === 11 ) {\n\t\t\treturn elem.textContent;\n\t\t} else if ( nodeType === 3 || nodeType === 4 ) {\n\t\t\treturn elem.nodeValue;\n\t\t}\n\t\treturn ret;\n\t},\n\tisXMLDoc: function( elem ) {\n\t\tvar namespace = elem.namespaceURI, docElem = ( elem.ownerDocument || elem ).documentElement;\n\t\treturn !rhtmlSuffix.test( namespace || docElem && docElem.nodeName || \"HTML\" );\n\t},\n\tuniqueSort: function( results ) {\n\t\tvar elem, duplicates = [], i = 0, j = 0;\n\t\thasDuplicate = false;\n\t\tresults.sort( sortOrder );\n\t\tif ( hasDuplicate ) {\n\t\t\twhile ( ( elem = results[ i++ ] ) ) {\n\t\t\t\tif ( elem === results[ i ] ) {\n\t\t\t\t\tj = duplicates.push( i );\n\t\t\t\t}\n\t\t\t}\n\t\t\twhile ( j-- ) {\n\t\t\t\tresults.splice( duplicates[ j ], 1 );\n\t\t\t}\n\t\t}\n\t\treturn results;\n\t},\n\tescapeSelector: function( sel ) {\n\t\treturn ( sel + \"\" ).replace( rcssescape, fcssescape );\n\t}\n} );\n",
    'src/core.js': "jQuery.extend( {\n\tisArray: Array.isArray,\n\tnoop: function() {}\n} );\n",
  };
  const after = {
    'src/selector/escapeSelector.js': "var rcssescape = /([\\0-\\x1f\\x7f]|^-?\\d)|^-$|[^\\x80-\\uFFFF\\w-]/g;\n\nfunction fcssescape( ch, asCodePoint ) {\n\tif ( asCodePoint ) {\n\t\treturn ch.slice( 0, -1 ) + \"\\\\\" + ch.charCodeAt( ch.length - 1 ).toString( 16 ) + \" \";\n\t}\n\treturn \"\\\\\" + ch;\n}\n\njQuery.escapeSelector = function( sel ) {\n\treturn ( sel + \"\" ).replace( rcssescape, fcssescape );\n};\n",
    'src/selector/uniqueSort.js': "var hasDuplicate;\n\nfunction sortOrder( a, b ) {\n\tif ( a === b ) {\n\t\thasDuplicate = true;\n\t\treturn 0;\n\t}\n\treturn a.compareDocumentPosition( b ) & 4 ? -1 : 1;\n}\n\njQuery.uniqueSort = function( results ) {\n\tvar elem, duplicates = [], i = 0, j = 0;\n\thasDuplicate = false;\n\tresults.sort( sortOrder );\n\tif ( hasDuplicate ) {\n\t\twhile ( ( elem = results[ i++ ] ) ) {\n\t\t\tif ( elem === results[ i ] ) {\n\t\t\t\tj = duplicates.push( i );\n\t\t\t}\n\t\t}\n\t\twhile ( j-- ) {\n\t\t\tresults.splice( duplicates[ j ], 1 );\n\t\t}\n\t}\n\treturn results;\n};\n",
    'src/core.js': "jQuery.extend( {\n\ttext: function( elem ) {\n\t\tvar node, ret = \"\", i = 0, nodeType = elem.nodeType;\n\t\tif ( !nodeType ) {\n\t\t\twhile ( ( node = elem[ i++ ] ) ) {\n\t\t\t\tret += jQuery.text( node );\n\t\t\t}\n\t\t} else if ( nodeType === 1 || nodeType === 9 || nodeType === 11 ) {\n\t\t\treturn elem.textContent;\n\t\t} else if ( nodeType === 3 || nodeType === 4 ) {\n\t\t\treturn elem.nodeValue;\n\t\t}\n\t\treturn ret;\n\t},\n\tisXMLDoc: function( elem ) {\n\t\tvar namespace = elem.namespaceURI, docElem = ( elem.ownerDocument || elem ).documentElement;\n\t\treturn !rhtmlSuffix.test( namespace || docElem && docElem.nodeName || \"HTML\" );\n\t},\n\tisArray: Array.isArray,\n\tnoop: function() {}\n} );\n",
  };
  const found = await refactorings(before, after);
  assert.deepEqual(found.filter((r) => r.includes(' File')), []);
  assert.ok(found.includes('Move Function: src/selector-native.js/fcssescape → src/selector/escapeSelector.js/fcssescape'), found.join('\n'));
  assert.ok(found.includes('Move Function: src/selector-native.js/sortOrder → src/selector/uniqueSort.js/sortOrder'), found.join('\n'));
});

test('a nested callback whose code went into a new nested function of its caller is not inlined into the caller', async () => {
  // the caller was rewritten around it: its new code holds the callback's words, but inside `abort`,
  // an element of its own, not in the caller's own code
  const before = {
    'lib/send.js': `export function send(config, req, resolve, reject) {
  let onCanceled;
  function done() {
    config.token.unsubscribe(onCanceled);
  }
  onCanceled = function (cancel) {
    if (req.aborted) return;
    req.abort();
    reject(!cancel || cancel.type ? new CanceledError(null, config, req) : cancel);
  };
  config.token.reason ? onCanceled() : config.token.subscribe(onCanceled);
  req.on('end', () => { done(); resolve(req.body); });
  req.end(config.data);
}
`,
  };
  const after = {
    'lib/send.js': `export function send(config, req, resolve, reject) {
  const emitter = new EventEmitter();
  function done() {
    config.token.unsubscribe(abort);
    emitter.removeAllListeners();
  }
  function abort(reason) {
    emitter.emit('abort', !reason || reason.type ? new CanceledError(null, config, req) : reason);
  }
  emitter.once('abort', (err) => { req.destroy(err); reject(err); });
  config.token.reason ? abort() : config.token.subscribe(abort);
  req.on('end', () => { done(); resolve(req.body); });
  if (req.destroyed) return;
  req.end(config.data);
}
`,
  };
  assert.deepEqual((await refactorings(before, after)).filter((r) => r.startsWith('Inline')), []);
});
