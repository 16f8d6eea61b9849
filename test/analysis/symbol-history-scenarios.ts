/**
 * One scripted life of a method or function per language: added, renamed, moved to another file,
 * given a new parameter, then part of it extracted. Shared by the history tests of src/analysis
 * and the CLI.
 */
import { makeRepo, type ScratchRepo } from '../git/scratch-repo';

export interface HistoryScenario {
  language: string;
  /** Each commit: the files it writes and the ones it deletes. */
  commits: Array<{ message: string; write: Record<string, string>; remove?: string[] }>;
  /** Where the element ends up and what a user asks for. */
  file: string;
  symbol: string;
  /** The element's simple name before each step, newest step first. */
  names: { extracted: string; final: string; renamed: string; original: string };
  files: { original: string; moved: string };
  /** The display types of the four steps, newest first. */
  types: [extract: string, signature: string, move: string, rename: string];
}

const javaCart = (method: string, params: string, body: string, withOther = true) => `package shop;

import java.util.List;

public class Cart {
${method ? `  public double ${method}(${params}) {\n${body}\n  }\n` : ''}${withOther ? `
  public int size(List<Double> prices) {
    return prices.size();
  }
` : ''}}
`;

const javaLoop = `    double total = 0;
    for (double price : prices) {
      if (price > 0) {
        total += price;
      }
    }`;
const javaTail = `    double rounded = Math.round(total * 100) / 100.0;
    System.out.println("total " + rounded);
    return rounded;`;

const javaPricing = (method: string, params: string, body: string, extra = '') => `package shop;

import java.util.List;

public class Pricing {
  public double ${method}(${params}) {
${body}
  }
${extra}}
`;

const java: HistoryScenario = {
  language: 'java',
  commits: [
    { message: 'add the cart', write: { 'src/shop/Cart.java': javaCart('computeTotal', 'List<Double> prices', `${javaLoop}\n${javaTail}`) } },
    { message: 'rename computeTotal', write: { 'src/shop/Cart.java': javaCart('sumPrices', 'List<Double> prices', `${javaLoop}\n${javaTail}`) } },
    { message: 'an unrelated change', write: { 'README.md': 'shop\n' } },
    {
      message: 'move sumPrices to Pricing',
      write: { 'src/shop/Cart.java': javaCart('', '', ''), 'src/shop/Pricing.java': javaPricing('sumPrices', 'List<Double> prices', `${javaLoop}\n${javaTail}`) },
    },
    {
      message: 'a discount parameter',
      write: { 'src/shop/Pricing.java': javaPricing('sumPrices', 'List<Double> prices, double discount', `${javaLoop}\n    total = total * (1 - discount);\n${javaTail}`) },
    },
    {
      message: 'extract positiveSum',
      write: {
        'src/shop/Pricing.java': javaPricing(
          'sumPrices',
          'List<Double> prices, double discount',
          `    double total = positiveSum(prices);\n    total = total * (1 - discount);\n${javaTail}`,
          `\n  private double positiveSum(List<Double> prices) {\n${javaLoop}\n    return total;\n  }\n`,
        ),
      },
    },
  ],
  file: 'src/shop/Pricing.java',
  symbol: 'Pricing.sumPrices',
  names: { extracted: 'positiveSum', final: 'sumPrices', renamed: 'sumPrices', original: 'computeTotal' },
  files: { original: 'src/shop/Cart.java', moved: 'src/shop/Pricing.java' },
  types: ['Extract Method', 'Change Method Signature', 'Move Method', 'Rename Method'],
};

const tsLoop = `  let total = 0;
  for (const price of prices) {
    if (price > 0) {
      total += price;
    }
  }`;
const tsTail = `  const rounded = Math.round(total * 100) / 100;
  console.log('total ' + rounded);
  return rounded;`;
const tsSize = `export function size(prices: number[]): number {
  return prices.length;
}
`;
const tsFunction = (name: string, params: string, body: string) => `export function ${name}(${params}): number {\n${body}\n}\n`;

const typescript: HistoryScenario = {
  language: 'typescript',
  commits: [
    { message: 'add the cart', write: { 'src/cart.ts': `${tsFunction('computeTotal', 'prices: number[]', `${tsLoop}\n${tsTail}`)}\n${tsSize}` } },
    { message: 'rename computeTotal', write: { 'src/cart.ts': `${tsFunction('sumPrices', 'prices: number[]', `${tsLoop}\n${tsTail}`)}\n${tsSize}` } },
    { message: 'an unrelated change', write: { 'README.md': 'shop\n' } },
    {
      message: 'move sumPrices to pricing.ts',
      write: { 'src/cart.ts': tsSize, 'src/pricing.ts': tsFunction('sumPrices', 'prices: number[]', `${tsLoop}\n${tsTail}`) },
    },
    {
      message: 'a discount parameter',
      write: { 'src/pricing.ts': tsFunction('sumPrices', 'prices: number[], discount: number', `${tsLoop}\n  total = total * (1 - discount);\n${tsTail}`) },
    },
    {
      message: 'extract positiveSum',
      write: {
        'src/pricing.ts': `${tsFunction('sumPrices', 'prices: number[], discount: number', `  let total = positiveSum(prices);\n  total = total * (1 - discount);\n${tsTail}`)}\nfunction positiveSum(prices: number[]): number {\n${tsLoop}\n  return total;\n}\n`,
      },
    },
  ],
  file: 'src/pricing.ts',
  symbol: 'sumPrices',
  names: { extracted: 'positiveSum', final: 'sumPrices', renamed: 'sumPrices', original: 'computeTotal' },
  files: { original: 'src/cart.ts', moved: 'src/pricing.ts' },
  types: ['Extract Function', 'Change Function Signature', 'Move Function', 'Rename Function'],
};

const pyLoop = `        total = 0
        for price in prices:
            if price > 0:
                total += price`;
const pyTail = `        rounded = round(total * 100) / 100.0
        print("total", rounded)
        return rounded`;
const pySize = `    def size(self, prices):
        return len(prices)
`;
const pyClass = (name: string, methods: string) => `class ${name}:\n${methods}`;
const pyMethod = (name: string, params: string, body: string) => `    def ${name}(self, ${params}):\n${body}\n`;

const python: HistoryScenario = {
  language: 'python',
  commits: [
    { message: 'add the cart', write: { 'shop/cart.py': pyClass('Cart', `${pyMethod('compute_total', 'prices', `${pyLoop}\n${pyTail}`)}\n${pySize}`) } },
    { message: 'rename compute_total', write: { 'shop/cart.py': pyClass('Cart', `${pyMethod('sum_prices', 'prices', `${pyLoop}\n${pyTail}`)}\n${pySize}`) } },
    { message: 'an unrelated change', write: { 'README.md': 'shop\n' } },
    {
      message: 'move sum_prices to Pricing',
      write: { 'shop/cart.py': pyClass('Cart', pySize), 'shop/pricing.py': pyClass('Pricing', pyMethod('sum_prices', 'prices', `${pyLoop}\n${pyTail}`)) },
    },
    {
      message: 'a discount parameter',
      write: { 'shop/pricing.py': pyClass('Pricing', pyMethod('sum_prices', 'prices, discount', `${pyLoop}\n        total = total * (1 - discount)\n${pyTail}`)) },
    },
    {
      message: 'extract positive_sum',
      write: {
        'shop/pricing.py': pyClass(
          'Pricing',
          `${pyMethod('sum_prices', 'prices, discount', `        total = self.positive_sum(prices)\n        total = total * (1 - discount)\n${pyTail}`)}\n${pyMethod('positive_sum', 'prices', `${pyLoop}\n        return total`)}`,
        ),
      },
    },
  ],
  file: 'shop/pricing.py',
  symbol: 'Pricing.sum_prices',
  names: { extracted: 'positive_sum', final: 'sum_prices', renamed: 'sum_prices', original: 'compute_total' },
  files: { original: 'shop/cart.py', moved: 'shop/pricing.py' },
  types: ['Extract Method', 'Change Method Signature', 'Move Method', 'Rename Method'],
};

const goLoop = `	total := 0.0
	for _, price := range prices {
		if price > 0 {
			total += price
		}
	}`;
const goTail = `	rounded := math.Round(total*100) / 100
	fmt.Println("total", rounded)
	return rounded`;
const goSize = `func Size(prices []float64) int {
	return len(prices)
}
`;
const goFile = (body: string) => `package shop\n\nimport (\n\t"fmt"\n\t"math"\n)\n\n${body}`;
const goFunction = (name: string, params: string, body: string) => `func ${name}(${params}) float64 {\n${body}\n}\n`;

const go: HistoryScenario = {
  language: 'go',
  commits: [
    { message: 'add the cart', write: { 'shop/cart.go': goFile(`${goFunction('ComputeTotal', 'prices []float64', `${goLoop}\n${goTail}`)}\n${goSize}`) } },
    { message: 'rename ComputeTotal', write: { 'shop/cart.go': goFile(`${goFunction('SumPrices', 'prices []float64', `${goLoop}\n${goTail}`)}\n${goSize}`) } },
    { message: 'an unrelated change', write: { 'README.md': 'shop\n' } },
    {
      message: 'move SumPrices to pricing.go',
      write: { 'shop/cart.go': `package shop\n\n${goSize}`, 'shop/pricing.go': goFile(goFunction('SumPrices', 'prices []float64', `${goLoop}\n${goTail}`)) },
    },
    {
      message: 'a discount parameter',
      write: { 'shop/pricing.go': goFile(goFunction('SumPrices', 'prices []float64, discount float64', `${goLoop}\n\ttotal = total * (1 - discount)\n${goTail}`)) },
    },
    {
      message: 'extract positiveSum',
      write: {
        'shop/pricing.go': goFile(
          `${goFunction('SumPrices', 'prices []float64, discount float64', `\ttotal := positiveSum(prices)\n\ttotal = total * (1 - discount)\n${goTail}`)}\n${goFunction('positiveSum', 'prices []float64', `${goLoop}\n\treturn total`)}`,
        ),
      },
    },
  ],
  file: 'shop/pricing.go',
  symbol: 'SumPrices',
  names: { extracted: 'positiveSum', final: 'SumPrices', renamed: 'SumPrices', original: 'ComputeTotal' },
  files: { original: 'shop/cart.go', moved: 'shop/pricing.go' },
  types: ['Extract Function', 'Change Function Signature', 'Move Function', 'Rename Function'],
};

export const HISTORY_SCENARIOS: HistoryScenario[] = [java, typescript, python, go];

/** The scenario's repository; `shas` in commit order (oldest first). */
export function buildScenario(scenario: HistoryScenario): { repo: ScratchRepo; shas: string[] } {
  const repo = makeRepo();
  const shas = scenario.commits.map((commit) => {
    for (const [file, content] of Object.entries(commit.write)) repo.write(file, content);
    for (const file of commit.remove ?? []) repo.remove(file);
    return repo.commit(commit.message);
  });
  return { repo, shas };
}
