/**
 * The command line of `npm run eval -- [options]`.
 */

export interface EvalArgs {
  oracles?: string;
  datasets: string[];
  type?: string;
  cases: string[];
  json?: string;
  explain?: string;
  markdown?: string;
  baseline?: string;
  limit?: number;
  help: boolean;
}

export const USAGE = `usage: npm run eval -- [options]
  --oracles DIR    the oracle datasets (default: ../shared/oracles beside the project)
  --dataset NAME   java-rm, js-refdiff, js-rm, python-rm, c-refdiff (repeat or comma-separate; default all)
  --type TYPE      score one refactoring type only, e.g. "Extract Method"
  --case ID        run one case (repeatable), e.g. junit4-3f8a2b1
  --limit N        the first N cases of each dataset
  --json FILE      also write the figures (and each case's misses and false detections) as JSON
  --markdown FILE  also write the tables as Markdown (what docs/accuracy.md shows)
  --baseline FILE  a --json file of an earlier run: list, case by case, the entries found or lost
                   and the false detections gone or new since then
  --explain ID     for one case: missed entries, false detections, and the candidates' similarities`;

export class UsageError extends Error {}

const VALUED = new Set(['--oracles', '--dataset', '--type', '--case', '--json', '--explain', '--limit', '--markdown', '--baseline']);

export function parseArgs(argv: string[]): EvalArgs {
  const args: EvalArgs = { datasets: [], cases: [], help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      args.help = true;
      continue;
    }
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!VALUED.has(flag)) throw new UsageError(`unknown argument: ${arg}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`);
    apply(args, flag, value);
  }
  return args;
}

function apply(args: EvalArgs, flag: string, value: string): void {
  switch (flag) {
    case '--oracles':
      args.oracles = value;
      break;
    case '--dataset':
      args.datasets.push(...value.split(',').filter(Boolean));
      break;
    case '--type':
      args.type = value;
      break;
    case '--case':
      args.cases.push(value);
      break;
    case '--json':
      args.json = value;
      break;
    case '--markdown':
      args.markdown = value;
      break;
    case '--baseline':
      args.baseline = value;
      break;
    case '--explain':
      args.explain = value;
      break;
    case '--limit': {
      const n = Number(value);
      if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--limit needs a positive whole number, not "${value}"`);
      args.limit = n;
      break;
    }
  }
}
