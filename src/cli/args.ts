/** The command line of DESIGN.md → one plain command object, or a UsageError naming what is wrong. */
import { languageIds } from '../languages/registry';

export type Mode =
  | { kind: 'commit'; ref: string }
  | { kind: 'range'; range: string; max: number | undefined; merges: boolean }
  | { kind: 'between'; base: string; head: string }
  | { kind: 'worktree'; staged: boolean }
  | { kind: 'folders'; before: string; after: string }
  | { kind: 'history'; file: string; symbol: string | undefined; line: number | undefined; ref: string; max: number | undefined };

export interface CliCommand {
  mode: Mode;
  repo: string;
  format: 'text' | 'json' | 'jsonl';
  languages: string[] | undefined;
  jobs: number | undefined;
  /** Bytes; files over it are skipped (undefined: the default, 2 MB). */
  maxFileSize: number | undefined;
  /** Milliseconds a commit may take before it is reported as timed out. */
  timeBudgetMs: number | undefined;
  progress: boolean;
  timing: boolean;
  /** After the refactorings, how each was paired and the candidates set aside for what stayed unpaired (one analysis, text only). */
  explain: boolean;
  help: boolean;
}

export class UsageError extends Error {
  readonly code = 'usage';
}

export const HELP = `Usage:
  refactoring-lens [--repo DIR] [--json] [COMMIT]           one commit against its first parent (default HEAD)
  refactoring-lens [--repo DIR] [--json|--jsonl] --range A..B [--max N]
                                                            every commit of A..B (as git log A..B, newest first);
                                                            --range REF: all the history of REF
  refactoring-lens [--repo DIR] [--json] --between A B      the tree of B against the tree of A
  refactoring-lens [--repo DIR] [--json] --worktree         HEAD against the working tree (--staged: the index)
  refactoring-lens [--json] --before DIR1 --after DIR2      two folders, no git needed
  refactoring-lens [--repo DIR] [--json] history FILE [SYMBOL] [--line N] [--ref REF] [--max N]
                                                            the history of a class, method or function through
                                                            its renames, moves, extractions, ... (newest first)

Options:
  --repo DIR            repository (default: the current folder)
  --json                the RefactoringMiner-compatible JSON report
  --jsonl               one JSON object per commit, streamed
  --languages a,b       only these languages (${languageIds.join(', ')})
  --jobs N              worker threads for --range (default: the number of cores)
  --max N               analyse at most N commits of the range (history: default 500)
  --merges              --range: analyse merge commits too, each against its first parent (default:
                        left out, as their branches' own commits are in the range)
  --line N              history: the innermost element at line N of FILE
  --ref REF             history: start from REF (default HEAD)
  --progress            a progress bar on stderr (--range)
  --timing              time per commit and peak memory on stderr (and a "timing" field in JSON)
  --explain             one commit (or --between, --worktree, --before/--after): after the refactorings,
                        the matching step and similarity of each, and for each element gone or new in
                        none, the nearest candidate pairs set aside and why
  --help                this text

Exit codes: 0 success, 2 bad usage or input, 1 internal error. The repository is only read.`;

/** Options and how many values each takes. */
const ARITY: Record<string, number> = {
  '--repo': 1,
  '--json': 0,
  '--jsonl': 0,
  '--range': 1,
  '--between': 2,
  '--worktree': 0,
  '--staged': 0,
  '--before': 1,
  '--after': 1,
  '--languages': 1,
  '--jobs': 1,
  '--max': 1,
  '--merges': 0,
  '--max-file-size': 1,
  '--time-budget': 1,
  '--line': 1,
  '--ref': 1,
  '--progress': 0,
  '--timing': 0,
  '--explain': 0,
  '--help': 0,
  '-h': 0,
};

type Parsed = { options: Map<string, string[]>; positionals: string[] };

function tokenize(argv: string[]): Parsed {
  const options = new Map<string, string[]>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const arity = ARITY[name];
    if (arity === undefined) throw new UsageError(`unknown option: ${arg} (see --help)`);
    if (options.has(name)) throw new UsageError(`${name} is given twice`);
    if (inline !== undefined && arity !== 1) throw new UsageError(`${name} takes ${arity === 0 ? 'no value' : `${arity} values`}`);
    const values = inline !== undefined ? [inline] : argv.slice(i + 1, i + 1 + arity);
    if (values.length < arity) throw new UsageError(`${name} needs ${arity === 1 ? 'a value' : `${arity} values`}`);
    options.set(name, values);
    if (inline === undefined) i += arity;
  }
  return { options, positionals };
}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${name} needs a positive whole number, not ${JSON.stringify(value)}`);
  return Number(value);
}

const SIZE_UNITS: Record<string, number> = { '': 1, B: 1, K: 1024, KB: 1024, KIB: 1024, M: 1024 ** 2, MB: 1024 ** 2, MIB: 1024 ** 2, G: 1024 ** 3, GB: 1024 ** 3, GIB: 1024 ** 3 };

/** `5000000`, `512KB`, `5MB`, `1.5M`: a positive number of bytes. */
export function byteSize(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(value.trim());
  const unit = match ? SIZE_UNITS[match[2].toUpperCase()] : undefined;
  const bytes = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : NaN;
  if (!(bytes >= 1) || !Number.isSafeInteger(bytes)) throw new UsageError(`${name} needs a size in bytes (like 5000000, 512KB or 5MB), not ${JSON.stringify(value)}`);
  return bytes;
}

function languagesOf(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((name) => !languageIds.includes(name));
  if (unknown.length > 0 || names.length === 0) throw new UsageError(`unknown language: ${unknown.join(', ') || '(none)'} (known: ${languageIds.join(', ')})`);
  return names;
}

function historyOf({ options, positionals }: Parsed): Mode {
  const one = (name: string) => options.get(name)?.[0];
  const others = ['--range', '--between', '--worktree', '--staged', '--before', '--after', '--jsonl'].filter((name) => options.has(name));
  if (others.length > 0) throw new UsageError(`history does not take ${others.join(', ')}`);
  const [, file, symbol, ...rest] = positionals;
  if (!file) throw new UsageError('history needs a FILE and a SYMBOL (or --line N)');
  if (rest.length > 0) throw new UsageError(`history takes one FILE and one SYMBOL, got: ${positionals.slice(1).join(' ')}`);
  const line = positiveInteger('--line', one('--line'));
  if (symbol === undefined && line === undefined) throw new UsageError('history needs a SYMBOL or --line N');
  return { kind: 'history', file, symbol, line, ref: one('--ref') ?? 'HEAD', max: positiveInteger('--max', one('--max')) };
}

function modeOf(parsed: Parsed): Mode {
  const { options, positionals } = parsed;
  if (positionals[0] === 'history') return historyOf(parsed);
  const one = (name: string) => options.get(name)?.[0];
  for (const name of ['--line', '--ref']) if (options.has(name)) throw new UsageError(`${name} applies to history only`);
  const modes = ['--range', '--between', '--worktree', '--staged', '--before'].filter((name) => options.has(name));
  if (positionals.length > 0) modes.push('COMMIT');
  if (modes.length > 1) throw new UsageError(`choose one of ${modes.join(', ')}`);
  if (positionals.length > 1) throw new UsageError(`one commit at a time, got: ${positionals.join(' ')} (use --range A..B or --between A B)`);
  if (options.has('--after') && !options.has('--before')) throw new UsageError('--after needs --before DIR');
  if (options.has('--max') && !options.has('--range')) throw new UsageError('--max applies to --range only');
  if (options.has('--before')) {
    if (!options.has('--after')) throw new UsageError('--before needs --after DIR');
    if (options.has('--repo')) throw new UsageError('--repo does not apply to --before/--after');
    return { kind: 'folders', before: one('--before')!, after: one('--after')! };
  }
  if (options.has('--range')) return { kind: 'range', range: one('--range')!, max: positiveInteger('--max', one('--max')), merges: options.has('--merges') };
  if (options.has('--between')) {
    const [base, head] = options.get('--between')!;
    return { kind: 'between', base, head };
  }
  if (options.has('--worktree') || options.has('--staged')) return { kind: 'worktree', staged: options.has('--staged') };
  return { kind: 'commit', ref: positionals[0] ?? 'HEAD' };
}

export function parseCommandLine(argv: string[]): CliCommand {
  const parsed = tokenize(argv);
  const has = (name: string) => parsed.options.has(name);
  const help = has('--help') || has('-h');
  if (has('--json') && has('--jsonl')) throw new UsageError('choose one of --json, --jsonl');
  if (has('--explain') && (has('--json') || has('--jsonl'))) throw new UsageError('--explain writes text: not with --json or --jsonl');
  if (has('--explain') && (has('--range') || parsed.positionals[0] === 'history')) throw new UsageError('--explain explains one analysis: not with --range or history');
  return {
    mode: help ? { kind: 'commit', ref: 'HEAD' } : modeOf(parsed),
    repo: parsed.options.get('--repo')?.[0] ?? '.',
    format: has('--json') ? 'json' : has('--jsonl') ? 'jsonl' : 'text',
    languages: languagesOf(parsed.options.get('--languages')?.[0]),
    jobs: positiveInteger('--jobs', parsed.options.get('--jobs')?.[0]),
    maxFileSize: byteSize('--max-file-size', parsed.options.get('--max-file-size')?.[0]),
    timeBudgetMs: positiveInteger('--time-budget', parsed.options.get('--time-budget')?.[0]),
    progress: has('--progress'),
    timing: has('--timing'),
    explain: has('--explain'),
    help,
  };
}
