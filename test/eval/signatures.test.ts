import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ElementRef, ReportRefactoring } from '../../src/core/report';
import { matchCase } from '../../src/eval/matcher';
import type { OracleRefactoring } from '../../src/eval/oracle';
import { changesSignature, matchSignatures } from '../../src/eval/signatures';

function method(file: string, qualified: string, params: string): ElementRef {
  const name = qualified.slice(qualified.lastIndexOf('.') + 1);
  return { file, kind: 'method', name, qualifiedName: `${qualified}(${params})`, startLine: 1, endLine: 5 };
}

const detection = (type: string, before: ElementRef, after: ElementRef): ReportRefactoring =>
  ({ type, before, after, description: `${type} ${before.qualifiedName} → ${after.qualifiedName}` }) as ReportRefactoring;

/** A java-rm parameter entry: the method as it is after the commit, with its class and file. */
function javaParameterEntry(type: string, text: string, file: string, cls: string, methodSig: string): OracleRefactoring {
  const side = { file, kind: 'parameter', class: cls, method: methodSig };
  return { type, description: `${type} ${text} in method ${methodSig} in class ${cls}`, before: side, after: side };
}

const java = { typed: true, precision: false };
const python = { typed: false, precision: true };

function scored(entries: OracleRefactoring[], detections: ReportRefactoring[], scoring = java, files?: string[]) {
  const match = matchCase(entries, detections, { scoresSignatures: false, files: files && { before: files, after: files } });
  return matchSignatures(entries, detections, match, scoring, files);
}

test('two parameter entries of one method are one signature change, matched by our Change Method Signature there', () => {
  const sig = 'public sum(x long, y long, z int) : long';
  const entries = [
    javaParameterEntry('Change Parameter Type', 'x : int to x : long', 'src/a/Calc.java', 'a.Calc', sig),
    javaParameterEntry('Change Parameter Type', 'y : int to y : long', 'src/a/Calc.java', 'a.Calc', sig),
  ];
  const ours = detection('Change Method Signature', method('src/a/Calc.java', 'a.Calc.sum', 'int,int,int'), method('src/a/Calc.java', 'a.Calc.sum', 'long,long,int'));
  const elsewhere = detection('Change Method Signature', method('src/a/Other.java', 'a.Other.sum', 'int'), method('src/a/Other.java', 'a.Other.sum', 'long'));
  const m = scored(entries, [ours, elsewhere]);
  assert.equal(m.units.length, 1);
  assert.deepEqual(m.units[0].entries, [0, 1]);
  assert.equal(m.units[0].detection, 0);
  assert.deepEqual(m.detections, [{ index: 0, unit: 0 }, { index: 1, unit: undefined }]);
});

test('what changes a signature follows the language: types where typed, names where not; a type only qualified otherwise changes nothing', () => {
  const entry = (type: string, description: string) => ({ type, description });
  assert.equal(changesSignature(entry('Rename Parameter', 'Rename Parameter a : int to b : int in method f(b int) in class C'), true), false);
  assert.equal(changesSignature(entry('Rename Parameter', 'Rename Parameter a to b in method f(b) from class m.C'), false), true);
  assert.equal(changesSignature(entry('Change Parameter Type', 'Change Parameter Type c : ClientConfiguration to c : com.amazonaws.ClientConfiguration in method f(c com.amazonaws.ClientConfiguration) in class C'), true), false);
  assert.equal(changesSignature(entry('Change Parameter Type', 'Change Parameter Type p : List<Path> to p : List<URL> in method f(p List<URL>) in class C'), true), true);
  assert.equal(changesSignature(entry('Change Parameter Type', 'Change Parameter Type p : List<? extends Path> to p : List<? extends java.nio.file.Path> in method f(p List<? extends java.nio.file.Path>) in class C'), true), false);
  assert.equal(changesSignature(entry('Change Parameter Type', 'Change Parameter Type p : List<? extends a.Path> to p : List<? super a.Path> in method f(p List<? super a.Path>) in class C'), true), true);
  assert.equal(changesSignature(entry('Change Return Type', 'Change Return Type void to int in method f() : int in class C'), true), false);
  assert.equal(changesSignature(entry('Add Parameter', 'Add Parameter y in method f(x, y) from class m.C'), false), true);
});

test('a parameter change of a method the oracle says was renamed is part of the rename: no unit', () => {
  const rename: OracleRefactoring = {
    type: 'Rename Method',
    description: 'Rename Method public sum(x int) : int renamed to public add(x long) : int in class a.Calc',
    before: { file: 'src/a/Calc.java', kind: 'method', name: 'a.Calc.sum', class: 'a.Calc', signature: 'public sum(x int) : int' },
    after: { file: 'src/a/Calc.java', kind: 'method', name: 'a.Calc.add', class: 'a.Calc', signature: 'public add(x long) : int' },
  };
  const parameter = javaParameterEntry('Change Parameter Type', 'x : int to x : long', 'src/a/Calc.java', 'a.Calc', 'public add(x long) : int');
  assert.equal(scored([rename, parameter], []).units.length, 0);
});

test('a description-only entry (python-rm) names the method and, by its class, the file', () => {
  const entries: OracleRefactoring[] = [
    { type: 'Add Parameter', description: 'Add Parameter str_events in method public to_string(digits, exact, str_events) from class npjdist.JointDistribution' },
    { type: 'Add Parameter', description: 'Add Parameter exact in method public to_string(digits, exact, str_events) from class npjdist.JointDistribution' },
  ];
  const files = ['dit/npjdist.py', 'dit/npdist.py'];
  const ref = (params: string) => ({ file: 'dit/npjdist.py', kind: 'method', name: 'to_string', qualifiedName: `dit/npjdist.py/JointDistribution/to_string(${params})`, startLine: 1, endLine: 9 });
  const ours = detection('Change Method Signature', ref('digits'), ref('digits, exact, str_events'));
  const inOtherFile = detection('Change Method Signature', { ...ref('digits'), file: 'dit/npdist.py', qualifiedName: 'dit/npdist.py/Distribution/to_string(digits)' }, { ...ref('digits, exact'), file: 'dit/npdist.py', qualifiedName: 'dit/npdist.py/Distribution/to_string(digits, exact)' });
  const m = scored(entries, [inOtherFile, ours], python, files);
  assert.equal(m.units.length, 1);
  assert.equal(m.units[0].detection, 1);
  assert.equal(m.detections[0].unit, undefined, 'the same name in another file is another method');
});

test('entries naming two classes of one file are two methods', () => {
  const entries: OracleRefactoring[] = [
    { type: 'Add Parameter', description: 'Add Parameter weight in method public add(record, weight) from class utils.average_recorder._SingleAverageRecorder' },
    { type: 'Add Parameter', description: 'Add Parameter weight in method public add(record, weight) from class utils.average_recorder.AverageRecorder' },
    { type: 'Add Parameter', description: 'Add Parameter weight in method public add(record, weight) from class utils.average_recorder.__module__' },
  ];
  const m = scored(entries, [], python, ['texar/utils/average_recorder.py']);
  assert.deepEqual(m.units.map((u) => u.key.container), ['_SingleAverageRecorder', 'AverageRecorder', null]);
});

test('where names are the identity, a parameter removed and one renamed in one method are one unit, though the oracle writes the method with its parameters before the one and after the other', () => {
  const entries: OracleRefactoring[] = [
    { type: 'Remove Parameter', description: 'Remove Parameter base in method public clamped_indexes(pmf, depth, base) from class math.pmfops.__module__' },
    { type: 'Rename Parameter', description: 'Rename Parameter depth to subdivisions in method public clamped_indexes(pmf, subdivisions) from class math.pmfops.__module__' },
  ];
  const ref = (params: string) => ({ file: 'dit/math/pmfops.py', kind: 'function', name: 'clamped_indexes', qualifiedName: `dit/math/pmfops.py/clamped_indexes(${params})`, startLine: 1, endLine: 9 });
  const ours = detection('Change Function Signature', ref('pmf, depth, base'), ref('pmf, subdivisions'));
  const m = scored(entries, [ours], python, ['dit/math/pmfops.py']);
  assert.equal(m.units.length, 1);
  assert.equal(m.units[0].detection, 0);
});

test('a parameter removed from a method the oracle says was moved and renamed, named as it was before, is no unit', () => {
  const move: OracleRefactoring = {
    type: 'Move And Rename Method',
    description: 'Move And Rename Method public add(x, y) from class math.ops.LogOperations to public set_add(ops) from class math.ops.__module__',
  };
  const removed: OracleRefactoring = { type: 'Remove Parameter', description: 'Remove Parameter y in method public add(x, y) from class math.ops.LogOperations' };
  const kept: OracleRefactoring = { type: 'Remove Parameter', description: 'Remove Parameter y in method public mult(x, y) from class math.ops.LogOperations' };
  const m = scored([move, removed, kept], [], python, ['dit/math/ops.py']);
  assert.deepEqual(m.units.map((u) => u.key.name), ['mult']);
});
