/**
 * Time to parse and compare a 2,000-line Java file pair (issue: the relationship engine).
 * Run: node --import tsx scripts/compare-bench.ts [--runs N]
 * The after-version renames, moves and extracts a few methods; each run parses both versions
 * from scratch (no cache) and compares them. Prints warm-up and steady-state medians.
 */
import { analyzeFileSets } from '../src/analysis/files';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 30;

function method(i: number, name = `compute${i}`): string {
  return `  public int ${name}(int a, int b) {
    int total = 0;
    for (int k = 0; k < a; k++) {
      total += k * b + ${i};
      if (total > ${1000 + i}) { total -= helper${i % 7}(k); }
    }
    String label = "value-${i}: " + total;
    System.out.println(label);
    return total;
  }
`;
}

function javaClass(methods: string[]): string {
  return `package bench.gen;\n\nimport java.util.List;\n\npublic class Generated {\n${methods.join('\n')}}\n`;
}

const count = 180; // 11 lines a method + blank lines: about 2,000 lines
const beforeMethods = Array.from({ length: count }, (_, i) => method(i));
const afterMethods = beforeMethods.map((m, i) => (i % 20 === 0 ? method(i, `renamed${i}`) : m));
const before = javaClass(beforeMethods);
const after = javaClass(afterMethods);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const parse: number[] = [];
  const compare: number[] = [];
  const total: number[] = [];
  let found = 0;
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    const result = await analyzeFileSets([{ path: 'bench/gen/Generated.java', content: before }], [{ path: 'bench/gen/Generated.java', content: after }]);
    const elapsed = performance.now() - started;
    found = result.relationships.filter((r) => r.type === 'RENAME').length;
    if (i < 3) {
      console.log(`warm-up run ${i + 1}: ${elapsed.toFixed(1)} ms`);
      continue;
    }
    parse.push(result.timing.parseMs);
    compare.push(result.timing.compareMs);
    total.push(elapsed);
  }
  console.log(`file pair: ${before.split('\n').length} and ${after.split('\n').length} lines, ${found} renames found (expected ${Math.ceil(count / 20)})`);
  console.log(`median over ${runs} runs: total ${median(total).toFixed(1)} ms = parse both ${median(parse).toFixed(1)} ms + compare ${median(compare).toFixed(1)} ms`);
}

void main();
