/**
 * Files of a commit that copy other files of the commit (a mirrored tree, a bundle) are skipped as
 * generated, with their sources: each refactoring is reported once, in the sources.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeFileSets, type SourceFile } from '../../src/analysis/files';
import { toRefactorings } from '../../src/core/report';

const files = (entries: Record<string, string>): SourceFile[] => Object.entries(entries).map(([path, content]) => ({ path, content }));

async function analyse(before: Record<string, string>, after: Record<string, string>) {
  const result = await analyzeFileSets(files(before), files(after));
  const lines = toRefactorings(result.relationships, result.before, result.after).map((r) => `${r.type} ${r.before.file}:${r.before.name} → ${r.after.file}:${r.after.name}`);
  const skipped = result.skipped.map((s) => `${s.path} ${s.side} ${s.reason}: ${s.detail}`);
  return { lines, skipped, result };
}

/** A module of a few functions; `ext` is what a copy for Deno appends to its imports' paths. */
const types = (check: string, ext = '') => `import { defaultErrorMap } from "./errors${ext}";
import { util } from "./helpers/util${ext}";

export function ${check}(input: unknown, kind: string): boolean {
  const parsed = util.getParsedType(input);
  if (parsed !== kind) {
    defaultErrorMap(parsed, kind);
    return false;
  }
  return true;
}

export function parseString(input: unknown): string {
  const valid = ${check}(input, "string");
  if (!valid) throw new Error("expected a string, got " + typeof input);
  return input as string;
}

export function parseNumber(input: unknown): number {
  const valid = ${check}(input, "number");
  if (!valid) throw new Error("expected a number, got " + typeof input);
  return input as number;
}
`;

test('a tree copied under an output folder reports its refactorings once, in the sources; the copy is skipped as generated', async () => {
  const { lines, skipped } = await analyse(
    { 'src/types.ts': types('checkType'), 'deno/lib/types.ts': types('checkType', '.ts') },
    { 'src/types.ts': types('assertType'), 'deno/lib/types.ts': types('assertType', '.ts') },
  );
  assert.deepEqual(lines, ['Rename Function src/types.ts:checkType → src/types.ts:assertType']);
  assert.deepEqual(skipped, ['deno/lib/types.ts before generated: a copy of src/types.ts', 'deno/lib/types.ts after generated: a copy of src/types.ts']);
});

test('when the sources move and the copy is deleted, the sources are the files moved', async () => {
  const { lines, skipped } = await analyse(
    { 'src/helpers/types.ts': types('checkType'), 'deno/lib/helpers/types.ts': types('checkType', '.ts') },
    { 'packages/zod/src/v3/helpers/types.ts': types('checkType') },
  );
  assert.deepEqual(lines, ['Move File src/helpers/types.ts:types.ts → packages/zod/src/v3/helpers/types.ts:types.ts']);
  assert.deepEqual(skipped, ['deno/lib/helpers/types.ts before generated: a copy of src/helpers/types.ts']);
});

test('a file moved is the same text under another path: still a Move File, nothing skipped', async () => {
  const { lines, skipped } = await analyse({ 'src/types.ts': types('checkType') }, { 'lib/types.ts': types('checkType') });
  assert.deepEqual(lines, ['Move File src/types.ts:types.ts → lib/types.ts:types.ts']);
  assert.deepEqual(skipped, []);
});

test('files alike by copy and paste keep their refactorings: side by side, or copied once and moved', async () => {
  // v1/ and v2/: which was copied from which the paths cannot say
  const sideBySide = await analyse(
    { 'v1/types.ts': types('checkType'), 'v2/types.ts': types('checkType') },
    { 'v1/types.ts': types('assertType'), 'v2/types.ts': types('assertType') },
  );
  assert.equal(sideBySide.lines.length, 2);
  assert.deepEqual(sideBySide.skipped, []);
  // v4's tests began as copies of v3's; both trees moved, each file moved
  const names = ['string', 'number'];
  const tree = (root: string) => Object.fromEntries(names.map((n) => [`${root}/${n}.test.ts`, types(`check${n}`)]));
  const moved = await analyse(
    { ...tree('packages/zod/v3/tests'), ...tree('packages/zod/v4/classic/tests') },
    { ...tree('packages/zod/src/v3/tests'), ...tree('packages/zod/src/v4/classic/tests') },
  );
  assert.deepEqual(moved.lines.filter((l) => l.startsWith('Move File')).length, 4);
  assert.deepEqual(moved.skipped, []);
});

/** d3's way: sources under src/, and `d3.js` their concatenation, reformatted, comments dropped. */
const linear = (ticks: boolean) => `import "scale";

// A linear scale: the identity, scaled.
d3.scale.linear = function() {
  return d3_scale_linear([0, 1], [0, 1], d3_interpolate, false);
};

function d3_scale_linear(domain, range, interpolate, clamp) {
  var output,
      input;

  function rescale() {
    var linear = Math.min(domain.length, range.length) > 2 ? d3_scale_polylinear : d3_scale_bilinear;
    output = linear(domain, range, interpolate);
    input = linear(range, domain, d3_interpolate);
    return scale;
  }

  function scale(x) {
    return output(x);
  }

  scale.ticks = function(m) {
${ticks ? '    return d3_scale_linearTicks(domain, m);' : '    var extent = d3_scaleExtent(domain), step = (extent[1] - extent[0]) / m;\n    return d3.range(extent[0], extent[1] + step * 0.5, step);'}
  };

  return rescale();
}
${ticks ? '\nfunction d3_scale_linearTicks(domain, m) {\n  var extent = d3_scaleExtent(domain), step = (extent[1] - extent[0]) / m;\n  return d3.range(extent[0], extent[1] + step * 0.5, step);\n}\n' : ''}`;

/** The bundle: every line trimmed and indented two, blank and comment lines and imports dropped, continued declarations joined. */
function bundle(...sources: string[]): string {
  const body = sources
    .map((s) =>
      s
        .replace(/,\n\s+/g, ', ')
        .split('\n')
        .filter((l) => l.trim() !== '' && !l.trim().startsWith('//') && !l.startsWith('import '))
        .map((l) => `  ${l}`)
        .join('\n'),
    )
    .join('\n');
  return `!function() {\n  var d3 = {version: "3.0.0"};\n${body}\n  this.d3 = d3;\n}();\n`;
}

/** Other modules of the bundle, unchanged by the commit. */
const others = Array.from({ length: 40 }, (_, i) => `function d3_other${i}(values, f) {\n  var i = -1, n = values.length, a, b;\n  while (++i < n) if ((b = values[i]) != null && b >= b) { a = f(b, ${i}); break; }\n  return a;\n}\n`);

test('a bundle of the commit\'s sources is skipped; what was extracted is reported in the source', async () => {
  const { lines, skipped } = await analyse(
    { 'src/scale/linear.js': linear(false), 'd3.js': bundle(...others, linear(false)) },
    { 'src/scale/linear.js': linear(true), 'd3.js': bundle(...others, linear(true)) },
  );
  assert.deepEqual(lines, ['Extract Function src/scale/linear.js:ticks → src/scale/linear.js:d3_scale_linearTicks']);
  assert.deepEqual(skipped, [
    'd3.js before generated: a bundle of 1 file of this commit (src/scale/linear.js)',
    'd3.js after generated: a bundle of 1 file of this commit (src/scale/linear.js)',
  ]);
});

test('a file holding another of its folder, copied and extended, is no bundle', async () => {
  const { lines, skipped } = await analyse(
    { 'src/scale/linear.js': linear(false), 'src/scale/all.js': [...others, linear(false)].join('\n') },
    { 'src/scale/linear.js': linear(true), 'src/scale/all.js': [...others, linear(true)].join('\n') },
  );
  assert.equal(lines.length, 2);
  assert.deepEqual(skipped, []);
});
