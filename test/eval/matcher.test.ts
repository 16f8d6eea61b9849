import assert from 'node:assert/strict';
import { test } from 'node:test';
import vm from 'node:vm';
import type { ElementRef } from '../../src/core/report';
import { hintNamesFile } from '../../src/eval/elements';
import { matchCase, type Detection } from '../../src/eval/matcher';
import type { OracleRefactoring } from '../../src/eval/oracle';
import { canonicalType, scopeOf } from '../../src/eval/vocabulary';

const java = { scoresSignatures: false };

function method(file: string, qualified: string, params: string, lines: [number, number] = [1, 5]): ElementRef {
  const name = qualified.slice(qualified.lastIndexOf('.') + 1);
  return { file, kind: 'method', name, qualifiedName: `${qualified}(${params})`, startLine: lines[0], endLine: lines[1] };
}

function detection(type: string, before: ElementRef, after: ElementRef): Detection {
  return { type, before, after };
}

/** A java-rm style entry: qualified names, class and signature, no lines. */
function javaEntry(type: string, file: string, cls: string, before: string, after: string): OracleRefactoring {
  const side = (sig: string) => ({ file, kind: 'method', name: `${cls}.${sig.replace(/^\w+ /, '').replace(/\(.*$/, '')}`, class: cls, signature: sig });
  return { type, description: `${type} ${before} ... ${after}`, before: side(before), after: side(after) };
}

const renameEntry = javaEntry('Rename Method', 'src/a/Calc.java', 'a.Calc', 'public sum(x int, y int) : int', 'public add(x int, y int) : int');
const renamed = detection('Rename Method', method('src/a/Calc.java', 'a.Calc.sum', 'int,int'), method('src/a/Calc.java', 'a.Calc.add', 'int,int'));

test('a rename at the same file and names is a true positive', () => {
  const m = matchCase([renameEntry], [renamed], java);
  assert.equal(m.oracle[0].detection, 0);
  assert.equal(m.detections[0].oracle, 0);
});

test('the same elements under another type do not match', () => {
  const moved = { ...renamed, type: 'Move And Rename Method' };
  const m = matchCase([renameEntry], [moved], java);
  assert.equal(m.oracle[0].detection, undefined);
  assert.equal(m.detections[0].oracle, undefined);
  assert.equal(m.detections[0].scope, 'scored', 'it is a false positive, not an unscored detection');
});

test('the same names in another file do not match', () => {
  const elsewhere = detection('Rename Method', method('src/b/Calc.java', 'b.Calc.sum', 'int,int'), method('src/b/Calc.java', 'b.Calc.add', 'int,int'));
  assert.equal(matchCase([renameEntry], [elsewhere], java).oracle[0].detection, undefined);
});

test('an entry with names only (js-refdiff) matches by file and simple name', () => {
  const entry: OracleRefactoring = {
    type: 'Extract Function',
    description: 'EXTRACT commitRoute → getTemplateFor',
    before: { file: 'src/route.js', name: 'commitRoute' },
    after: { file: 'src/route.js', name: 'getTemplateFor' },
  };
  const ref = (name: string, lines: [number, number]): ElementRef => ({ file: 'src/route.js', kind: 'function', name, qualifiedName: `src/route.js/${name}(a)`, startLine: lines[0], endLine: lines[1] });
  const wrongName = detection('Extract Function', ref('commitRoute', [1, 9]), ref('getTemplate', [20, 30]));
  const right = detection('Extract Function', ref('commitRoute', [1, 9]), ref('getTemplateFor', [40, 50]));
  const m = matchCase([entry], [wrongName, right], java);
  assert.equal(m.oracle[0].detection, 1);
  assert.equal(m.detections[0].oracle, undefined);
});

test('an entry with lines (c-refdiff) needs overlapping lines', () => {
  const entry: OracleRefactoring = {
    type: 'Rename Function',
    description: 'RENAME_FUNCTION',
    before: { file: 'lib/x.c', name: 'old_name(int)', startLine: 10, endLine: 20 },
    after: { file: 'lib/x.c', name: 'new_name(int)', startLine: 12, endLine: 22 },
  };
  const ref = (name: string, start: number, end: number): ElementRef => ({ file: 'lib/x.c', kind: 'function', name, qualifiedName: `lib/x.c/${name}(int)`, startLine: start, endLine: end });
  const c = { scoresSignatures: true };
  assert.equal(matchCase([entry], [detection('Rename Function', ref('old_name', 15, 25), ref('new_name', 12, 22))], c).oracle[0].detection, 0);
  assert.equal(matchCase([entry], [detection('Rename Function', ref('old_name', 30, 40), ref('new_name', 12, 22))], c).oracle[0].detection, undefined);
});

test('an entry known only by its description (js-rm) is parsed, its class naming the file', () => {
  const entry: OracleRefactoring = {
    type: 'Extract Method',
    description: 'Extract Method private drawDatasets(easingValue) extracted from public draw(ease) in class core.controller',
  };
  const ref = (file: string, name: string): ElementRef => ({ file, kind: 'function', name, qualifiedName: `${file}/${name}(x)`, startLine: 1, endLine: 2 });
  const files = { before: ['src/core/core.controller.js', 'src/core/core.scale.js'], after: ['src/core/core.controller.js', 'src/core/core.scale.js'] };
  const inScale = detection('Extract Function', ref('src/core/core.scale.js', 'draw'), ref('src/core/core.scale.js', 'drawDatasets'));
  const inController = detection('Extract Function', ref('src/core/core.controller.js', 'draw'), ref('src/core/core.controller.js', 'drawDatasets'));
  const m = matchCase([entry], [inScale, inController], { scoresSignatures: false, files });
  assert.equal(m.oracle[0].detection, 1);
});

test('a variable refactoring is out of scope and our signature change is not a false positive', () => {
  const variable: OracleRefactoring = { type: 'Rename Variable', description: 'Rename Variable a : int to b : int in method ...' };
  const signature = detection('Change Method Signature', method('src/a/Calc.java', 'a.Calc.sum', 'int'), method('src/a/Calc.java', 'a.Calc.sum', 'int,int'));
  const m = matchCase([variable], [signature], java);
  assert.equal(m.oracle[0].scope, 'below-element');
  assert.equal(m.detections[0].scope, 'signature');
  assert.equal(scopeOf(canonicalType('Change Function Signature'), true), 'scored', 'scored where the oracle lists signatures (c-refdiff)');
});

test('the equivalence table: JS/C functions are methods, interfaces are classes, RefDiff variants fold in', () => {
  assert.equal(canonicalType('Extract Function'), 'Extract Method');
  assert.equal(canonicalType('Rename Function'), 'Rename Method');
  assert.equal(canonicalType('Change Function Signature'), 'Change Method Signature');
  assert.equal(canonicalType('Move Interface'), 'Move Class');
  assert.equal(canonicalType('Extract Interface'), 'Extract Interface');
  assert.equal(canonicalType('Push Down Method Implementation'), 'Push Down Method');
  assert.notEqual(scopeOf(canonicalType('Pull Up Method Signature'), false), 'scored', 'RefactoringMiner has no counterpart: not scored');
  const entry: OracleRefactoring = { type: 'Extract Method', description: 'Extract Method ...', before: { file: 'a.py', name: 'public run(x)', class: 'a.__module__' }, after: { file: 'a.py', name: 'public helper(x)', class: 'a.__module__' } };
  const ref = (name: string): ElementRef => ({ file: 'a.py', kind: 'function', name, qualifiedName: `a.py/${name}(x)`, startLine: 1, endLine: 3 });
  assert.equal(matchCase([entry], [detection('Extract Function', ref('run'), ref('helper'))], java).oracle[0].detection, 0);
});

test('a module "moved" to a new name in the same folder is a Rename File', () => {
  const entry: OracleRefactoring = {
    type: 'Move Class',
    description: 'Move Class algorithms.common_info.__module__ moved to algorithms.gk.__module__',
    before: { file: 'dit/algorithms/common_info.py', name: 'algorithms.common_info.__module__' },
    after: { file: 'dit/algorithms/gk.py', name: 'algorithms.gk.__module__' },
  };
  const file = (path: string): ElementRef => ({ file: path, kind: 'file', name: path.slice(path.lastIndexOf('/') + 1), qualifiedName: path, startLine: 1, endLine: 40 });
  const m = matchCase([entry], [detection('Rename File', file('dit/algorithms/common_info.py'), file('dit/algorithms/gk.py'))], java);
  assert.equal(m.oracle[0].canonical, 'Rename File');
  assert.equal(m.oracle[0].detection, 0);
});

test('overloads: the entry goes to the detection with the same parameter types', () => {
  const entry = javaEntry('Rename Method', 'src/a/Calc.java', 'a.Calc', 'public sum(x long) : long', 'public add(x long) : long');
  const intVersion = detection('Rename Method', method('src/a/Calc.java', 'a.Calc.sum', 'int', [1, 3]), method('src/a/Calc.java', 'a.Calc.add', 'int', [1, 3]));
  const longVersion = detection('Rename Method', method('src/a/Calc.java', 'a.Calc.sum', 'long', [5, 7]), method('src/a/Calc.java', 'a.Calc.add', 'long', [5, 7]));
  const m = matchCase([entry], [intVersion, longVersion], java);
  assert.equal(m.oracle[0].detection, 1);
  assert.equal(m.detections[0].oracle, undefined, 'each entry matches one detection only');
});

test('a "Move And Rename" that only drops a qualifier (helpers.each → each) is a Move', () => {
  const entry: OracleRefactoring = {
    type: 'Move And Rename Method',
    description: 'Move And Rename Method public helpers.each(list, fn) from class core.helpers to public each(list, fn) from class helpers.core',
  };
  const files = { before: ['src/core/core.helpers.js'], after: ['src/helpers/helpers.core.js'] };
  const ref = (file: string): ElementRef => ({ file, kind: 'function', name: 'each', qualifiedName: `${file}/each(list,fn)`, startLine: 1, endLine: 9 });
  const m = matchCase([entry], [detection('Move Function', ref(files.before[0]), ref(files.after[0]))], { scoresSignatures: false, files });
  assert.equal(m.oracle[0].canonical, 'Move Method');
  assert.equal(m.oracle[0].detection, 0);
});

test('a "Rename" that only changes a qualifier (helpers.drawPoint → helpers.canvas.drawPoint) is a Move, not a Rename', () => {
  const entry: OracleRefactoring = {
    type: 'Rename Method',
    description: 'Rename Method public helpers.drawPoint(ctx, x) renamed to public helpers.canvas.drawPoint(ctx, x) in class helpers.canvas',
  };
  const files = { before: ['src/core/core.canvasHelpers.js'], after: ['src/helpers/helpers.canvas.js'] };
  const ref = (file: string, path: string, name = 'drawPoint'): ElementRef => ({ file, kind: 'function', name, qualifiedName: `${file}/${path}${name}(ctx,x)`, startLine: 1, endLine: 9 });
  const moved = detection('Move Function', ref(files.before[0], 'default/'), ref(files.after[0], 'default/canvas/'));
  const m = matchCase([entry], [moved], { scoresSignatures: false, files });
  assert.equal(m.oracle[0].canonical, 'Move Method');
  assert.equal(m.oracle[0].detection, 0);
  const renamed = detection('Rename Function', ref(files.after[0], 'default/canvas/', 'drawDot'), ref(files.after[0], 'default/canvas/'));
  assert.equal(matchCase([entry], [renamed], { scoresSignatures: false, files }).oracle[0].detection, undefined, 'a rename of another function does not stand for it');
});

test('where the oracle has no such element kind (structs in c-refdiff), our detection is not scored', () => {
  const ref = (name: string): ElementRef => ({ file: 'a.c', kind: 'struct', name, qualifiedName: `a.c/${name}`, startLine: 1, endLine: 4 });
  const m = matchCase([], [detection('Rename Struct', ref('point'), ref('vec2'))], { scoresSignatures: true, levels: ['method', 'file'] });
  assert.equal(m.detections[0].scope, 'unlisted-level');
  assert.equal(matchCase([], [detection('Rename Struct', ref('point'), ref('vec2'))], java).detections[0].scope, 'scored');
});

test('a rename inside a renamed class matches although the oracle names the class of one side only', () => {
  // "Rename Method ... in class a.NewCalc": the method was renamed while a.OldCalc became a.NewCalc
  const side = (file: string, sig: string) => ({ file, kind: 'method', name: `a.NewCalc.${sig.replace(/^\w+ /, '').replace(/\(.*$/, '')}`, class: 'a.NewCalc', signature: sig });
  const entry: OracleRefactoring = {
    type: 'Rename Method',
    description: 'Rename Method public sum(x int, y int) : int renamed to public add(x int, y int) : int in class a.NewCalc',
    before: side('src/a/OldCalc.java', 'public sum(x int, y int) : int'),
    after: side('src/a/NewCalc.java', 'public add(x int, y int) : int'),
  };
  const ours = detection('Rename Method', method('src/a/OldCalc.java', 'a.OldCalc.sum', 'int,int'), method('src/a/NewCalc.java', 'a.NewCalc.add', 'int,int'));
  const m = matchCase([entry], [ours], java);
  assert.equal(m.oracle[0].detection, 0);
  const elsewhere = detection('Rename Method', method('src/a/Other.java', 'a.Other.sum', 'int,int'), method('src/a/NewCalc.java', 'a.NewCalc.add', 'int,int'));
  assert.equal(matchCase([entry], [elsewhere], java).oracle[0].detection, undefined, 'the files still have to agree');
});

test('a rename inside a nested class renamed in the same file matches; the after side\'s class still has to agree', () => {
  // "Rename Method ... in class a.Outer.Validator": a.Outer.Converter became a.Outer.Validator in a/Outer.java
  const file = 'src/a/Outer.java';
  const entry = javaEntry('Rename Method', file, 'a.Outer.Validator', 'public convertName(name CharSequence) : CharSequence', 'public validate(name CharSequence) : void');
  const ours = detection('Rename Method', method(file, 'a.Outer.Converter.convertName', 'CharSequence'), method(file, 'a.Outer.Validator.validate', 'CharSequence'));
  assert.equal(matchCase([entry], [ours], java).oracle[0].detection, 0);
  const otherClass = detection('Rename Method', method(file, 'a.Outer.Converter.convertName', 'CharSequence'), method(file, 'a.Outer.Adapter.validate', 'CharSequence'));
  assert.equal(matchCase([entry], [otherClass], java).oracle[0].detection, undefined);
  const otherMethod = detection('Rename Method', method(file, 'a.Outer.Converter.convertValue', 'CharSequence'), method(file, 'a.Outer.Validator.validate', 'CharSequence'));
  assert.equal(matchCase([entry], [otherMethod], java).oracle[0].detection, undefined, 'the old method\'s name still has to agree');
});

test('an Inline Method whose inlined method\'s class was inferred from the target\'s matches an inline from another class', () => {
  const derived = ['before.file', 'before.name', 'after.file', 'after.name'];
  const entry = { ...javaEntry('Inline Method', 'src/a/Cursor.java', 'a.Cursor', 'public acquire(ids long[]) : Item', 'public labels() : Item'), derived };
  const fromStore = detection('Inline Method', method('src/a/Store.java', 'a.Store.acquire', 'long[]'), method('src/a/Cursor.java', 'a.Cursor.labels', ''));
  assert.equal(matchCase([entry], [fromStore], java).oracle[0].detection, 0);
  const intoOther = detection('Inline Method', method('src/a/Store.java', 'a.Store.acquire', 'long[]'), method('src/a/Store.java', 'a.Store.labels', ''));
  assert.equal(matchCase([entry], [intoOther], java).oracle[0].detection, undefined, 'the target\'s class is given and must agree');
  const given = javaEntry('Inline Method', 'src/a/Cursor.java', 'a.Cursor', 'public acquire(ids long[]) : Item', 'public labels() : Item');
  assert.equal(matchCase([given], [fromStore], java).oracle[0].detection, undefined, 'a class the oracle gives must agree');
});

test('an Extract Interface names the subclass as it is after the commit: where the dataset found its file before, a class renamed in the commit matches by that file', () => {
  const cls = (file: string, qualified: string): ElementRef => ({ file, kind: 'class', name: qualified.slice(qualified.lastIndexOf('.') + 1), qualifiedName: qualified, startLine: 3, endLine: 30 });
  const entry: OracleRefactoring = {
    type: 'Extract Interface',
    description: 'Extract Interface m.ProbeFunction from class m.DoubleProbeFunction',
    before: { file: 'src/m/DoubleProbe.java', kind: 'class', name: 'm.DoubleProbeFunction' },
    after: { file: 'src/m/ProbeFunction.java', kind: 'class', name: 'm.ProbeFunction' },
    derived: ['before.file', 'before.name', 'after.file', 'after.name'],
  };
  const ours = detection('Extract Interface', cls('src/m/DoubleProbe.java', 'm.DoubleProbe'), cls('src/m/ProbeFunction.java', 'm.ProbeFunction'));
  assert.equal(matchCase([entry], [ours], java).oracle[0].detection, 0);
  const otherFile = detection('Extract Interface', cls('src/m/LongProbe.java', 'm.LongProbe'), cls('src/m/ProbeFunction.java', 'm.ProbeFunction'));
  assert.equal(matchCase([entry], [otherFile], java).oracle[0].detection, undefined, 'another subclass does not match');
});

test('a class hint names a file by its dotted path, or down to its name and on to a class in it; a file named only by its extension is named by none', () => {
  const names = (hint: string, file: string): boolean => vm.runInNewContext('hintNamesFile(hint, file)', { hintNamesFile, hint, file }, { timeout: 1000 });
  assert.equal(names('utils.average_recorder._SingleAverageRecorder', 'texar/utils/average_recorder.py'), true);
  assert.equal(names('core.controller.render', 'src/core/core.controller.js'), true);
  assert.equal(names('core.layoutService.tests', 'src/core/core.layoutService.js'), true);
  assert.equal(names('controller.render', 'src/core/core.controller.js'), false);
  assert.equal(names('other.average_recorder.Recorder', 'texar/utils/average_recorder.py'), false);
  assert.equal(names('a.b.c.b.d', 'q/b.js'), false);
  // the empty name of `x/.py` occurs everywhere in a hint: it must not be looked for there
  assert.equal(names('a.b', 'x/.py'), false);
});

test('a refactoring made twice, in two files declaring one class, repeats the true positive of a description-only entry: neither true nor false', () => {
  const entry: OracleRefactoring = {
    type: 'Extract Method',
    description: 'Extract Method protected startSelectors() : void extracted from public start() : void in class com.h.client.Manager',
  };
  const twice = ['client', 'client-new'].map((module) =>
    detection('Extract Method', method(`${module}/src/com/h/client/Manager.java`, 'com.h.client.Manager.start', ''), method(`${module}/src/com/h/client/Manager.java`, 'com.h.client.Manager.startSelectors', '')),
  );
  const m = matchCase([entry], twice, java);
  assert.equal(m.oracle[0].detection, 0);
  assert.equal(m.detections[1].oracle, undefined);
  assert.equal(m.detections[1].repeats, 0);
  // the names java-rm takes from such a description, with no file
  const side = (sig: string) => ({ kind: 'method', name: `com.h.client.Manager.${/(\w+)\(/.exec(sig)?.[1]}`, class: 'com.h.client.Manager', signature: sig });
  const named = { ...entry, before: side('public start() : void'), after: side('protected startSelectors() : void'), derived: ['before.name', 'after.name'] };
  assert.equal(matchCase([named], twice, java).detections[1].repeats, 0);
  // where the entry names its file, the other file's detection is another refactoring: a false one
  const filed = javaEntry('Extract Method', 'client/src/com/h/client/Manager.java', 'com.h.client.Manager', 'public start() : void', 'protected startSelectors() : void');
  assert.equal(matchCase([filed], twice, java).detections[1].repeats, undefined);
  // another extracted method in the other file repeats nothing
  const other = detection('Extract Method', twice[1].before, method('client-new/src/com/h/client/Manager.java', 'com.h.client.Manager.stopSelectors', ''));
  assert.equal(matchCase([entry], [twice[0], other], java).detections[1].repeats, undefined);
});

test('a method moved out of two files declaring one class into one file repeats the true positive of an entry naming only the target\'s file', () => {
  const moves = ['guava', 'guava-gwt'].map((module) =>
    detection('Move Method', method(`${module}/src/com/g/Ints.java`, 'com.g.Ints.digit', 'char'), method('guava/src/com/g/Longs.java', 'com.g.Longs.digit', 'char')),
  );
  const entry: OracleRefactoring = {
    type: 'Move Method',
    description: 'Move Method private digit(c char) : int from class com.g.Ints to private digit(c char) : int from class com.g.Longs',
    before: { kind: 'method', name: 'com.g.Ints.digit', class: 'com.g.Ints', signature: 'private digit(c char) : int' },
    after: { file: 'guava/src/com/g/Longs.java', kind: 'method', name: 'com.g.Longs.digit', class: 'com.g.Longs', signature: 'private digit(c char) : int' },
    derived: ['before.name', 'after.file', 'after.name'],
  };
  const m = matchCase([entry], moves, java);
  assert.equal(m.oracle[0].detection, 0);
  assert.equal(m.detections[1].repeats, 0);
  // into another file than the one the entry names, it is no repeat
  const elsewhere = detection('Move Method', moves[1].before, method('guava-gwt/src/com/g/Longs.java', 'com.g.Longs.digit', 'char'));
  assert.equal(matchCase([entry], [moves[0], elsewhere], java).detections[1].repeats, undefined);
});

test('an entry in a file we left out as a copy (a bundle) matches our detection in its sources, by names alone', () => {
  // d3's oracle names the bundle `d3.js` and its lines; we report the extraction in the source it was built from
  const entry: OracleRefactoring = {
    type: 'Extract Function',
    description: 'EXTRACT',
    before: { file: 'd3.js', name: 'ticks', startLine: 2200, endLine: 2210 },
    after: { file: 'd3.js', name: 'd3_scale_linearTicks', startLine: 2250, endLine: 2253 },
  };
  const ref = (file: string, name: string): ElementRef => ({ file, kind: 'function', name, qualifiedName: `${file}/${name}(m)`, startLine: 70, endLine: 80 });
  const inSource = detection('Extract Function', ref('src/scale/linear.js', 'ticks'), ref('src/scale/linear.js', 'd3_scale_linearTicks'));
  const copies = { before: new Map([['d3.js', ['src/scale/linear.js']]]), after: new Map([['d3.js', ['src/scale/linear.js']]]) };
  assert.equal(matchCase([entry], [inSource], { scoresSignatures: false, copies }).oracle[0].detection, 0);
  assert.equal(matchCase([entry], [inSource], { scoresSignatures: false }).oracle[0].detection, undefined, 'not where the bundle was analysed');
  const elsewhere = detection('Extract Function', ref('src/scale/log.js', 'ticks'), ref('src/scale/log.js', 'd3_scale_linearTicks'));
  assert.equal(matchCase([entry], [elsewhere], { scoresSignatures: false, copies }).oracle[0].detection, undefined, 'only in the files the bundle holds');
});
