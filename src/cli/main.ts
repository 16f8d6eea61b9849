#!/usr/bin/env node
/**
 * refactoring-lens: the command line over src/analysis. Errors carry codes inside; here they
 * become one line on stderr and an exit code (0 ok, 2 bad usage or input, 1 internal error).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { analyzeFolders } from '../analysis/folders';
import { symbolHistory } from '../analysis/history';
import {
  analyzeBetween,
  analyzeCommit,
  analyzeRange,
  analyzeWorktree,
  findRepositoryRoot,
  GitError,
  isCommitId,
  rangeMergeCount,
  rangeSubtreeCount,
  repositoryOrigin,
  type CommitAnalysis,
} from '../analysis/git-analysis';
import { HELP, parseCommandLine, UsageError, type CliCommand } from './args';
import { Explainer, type Explained } from './explain';
import { writeHistoryJson, writeHistoryText } from './history-writer';
import { jsonLinesWriter, jsonWriter, textWriter, type Origin, type Output, type ReportWriter, type WrittenCommit } from './report-writer';
import { progressBar, timingSummary } from './stats';

export interface CliIo extends Output {
  /** Whether stderr is a terminal (the progress bar redraws in place). */
  errIsTty: boolean;
}

const INPUT_ERRORS = new Set(['bad-argument', 'unknown-ref', 'not-a-repository', 'missing-object', 'usage']);

export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return 2;
  if (error instanceof GitError && INPUT_ERRORS.has(error.code)) return 2;
  if (error instanceof Error && error.name === 'AbortError') return 130;
  return 1;
}

export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n', 1)[0];
  return exitCodeOf(error) === 1 ? `refactoring-lens: internal error: ${line}` : `refactoring-lens: ${line}`;
}

/** Runs one command line; resolves with the exit code. */
export async function run(argv: string[], io: CliIo, signal?: AbortSignal): Promise<number> {
  try {
    const command = parseCommandLine(argv);
    if (command.help) {
      io.out(`${HELP}\n`);
      return 0;
    }
    const failed = await execute(command, io, signal);
    if (failed > 0) io.err(`refactoring-lens: ${failed} commit(s) could not be analysed (see the errors above)\n`);
    return failed > 0 ? 1 : 0;
  } catch (error) {
    io.err(`${messageOf(error)}\n`);
    return exitCodeOf(error);
  }
}

function written(sha: string, analysis: Pick<CommitAnalysis, 'refactorings' | 'result' | 'error' | 'cut'> & { elapsedMs: number }, timing: boolean): WrittenCommit {
  const { result } = analysis;
  return {
    sha,
    timedOut: result.timedOut === true ? { elapsedMs: analysis.elapsedMs } : undefined,
    refactorings: analysis.refactorings,
    skipped: result.skipped.filter((file) => file.reason !== 'unknown-language'),
    warnings: result.warnings ?? [],
    timing: timing ? { elapsedMs: analysis.elapsedMs, parseMs: result.timing.parseMs, compareMs: result.timing.compareMs } : undefined,
    error: analysis.error,
    cut: analysis.cut,
  };
}

async function originOf(command: CliCommand): Promise<Origin> {
  if (command.mode.kind === 'folders') return { repository: command.mode.after, commitUrl: () => '' };
  const { repository, githubUrl } = await repositoryOrigin(command.repo);
  return { repository, commitUrl: (sha) => (githubUrl && isCommitId(sha) ? `${githubUrl}/commit/${sha}` : '') };
}

function writerFor(command: CliCommand, io: CliIo, origin: Origin): ReportWriter {
  if (command.format === 'json') return jsonWriter(io, origin);
  if (command.format === 'jsonl') return jsonLinesWriter(io, origin);
  return textWriter(io, command.mode.kind === 'range');
}

/** The analyses a command asks for, one per commit (one in all but --range). */
async function* analysesOf(command: CliCommand, io: CliIo, signal: AbortSignal | undefined, explained?: { explainer: Explainer; analysis?: Explained }): AsyncGenerator<WrittenCommit> {
  const comparison = explained ? { monitor: explained.explainer.monitor } : undefined;
  const options = { languages: command.languages, maxFileSize: command.maxFileSize, timeBudgetMs: command.timeBudgetMs, signal, comparison };
  const kept = <T extends Explained>(analysis: T): T => {
    if (explained) explained.analysis = analysis;
    return analysis;
  };
  const mode = command.mode;
  switch (mode.kind) {
    case 'folders': {
      const started = performance.now();
      const analysis = kept(await analyzeFolders(mode.before, mode.after, options));
      yield written('', { ...analysis, elapsedMs: performance.now() - started }, command.timing);
      return;
    }
    case 'commit':
      return yield commitWritten(kept(await analyzeCommit(command.repo, mode.ref, options)), command.timing);
    case 'between':
      return yield commitWritten(kept(await analyzeBetween(command.repo, mode.base, mode.head, options)), command.timing);
    case 'worktree':
      return yield commitWritten(kept(await analyzeWorktree(command.repo, { ...options, staged: mode.staged })), command.timing);
    case 'range': {
      const bar = command.progress ? progressBar(io.err, io.errIsTty) : undefined;
      const range = analyzeRange(command.repo, mode.range, { ...options, jobs: command.jobs, max: mode.max, merges: mode.merges, csts: false, onProgress: bar?.update });
      try {
        for await (const analysis of range) {
          bar?.clear();
          yield commitWritten(analysis, command.timing);
        }
      } finally {
        bar?.end();
      }
      const root = await findRepositoryRoot(command.repo);
      const merges = mode.merges ? 0 : await rangeMergeCount(root, mode.range);
      if (merges > 0) io.err(`refactoring-lens: ${merges} merge commit(s) left out: the commits of their branches are analysed (--merges: each merge against its first parent)\n`);
      const squashes = await rangeSubtreeCount(root, mode.range);
      if (squashes > 0) io.err(`refactoring-lens: ${squashes} git subtree commit(s) left out: another project's history, squashed in by git subtree (git-subtree-dir)\n`);
    }
  }
}

function commitWritten(analysis: CommitAnalysis, timing: boolean): WrittenCommit {
  return written(analysis.commit.sha, analysis, timing);
}

/**
 * FILE as the repository names it: a path that exists from the current folder and lies inside the
 * repository is taken from there, anything else as relative to the repository's root.
 */
function repositoryPath(root: string, file: string): string {
  const fromHere = path.resolve(file);
  const relative = path.relative(root, fromHere);
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return (inside && existsSync(fromHere) ? relative : file).split(path.sep).join('/');
}

async function executeHistory(command: CliCommand, io: CliIo, signal: AbortSignal | undefined): Promise<number> {
  if (command.mode.kind !== 'history') return 0;
  const { file, symbol, line, ref, max } = command.mode;
  const root = await findRepositoryRoot(command.repo);
  const history = await symbolHistory(root, { file: repositoryPath(root, file), symbol, line, ref }, { signal, maxCommits: max, maxFileSize: command.maxFileSize, timeBudgetMs: command.timeBudgetMs });
  if (command.format === 'json') writeHistoryJson(io, history);
  else writeHistoryText(io, history);
  return 0;
}

/** Writes every analysis; resolves with the number of commits that could not be analysed. */
async function execute(command: CliCommand, io: CliIo, signal: AbortSignal | undefined): Promise<number> {
  if (command.mode.kind === 'history') return executeHistory(command, io, signal);
  const origin = await originOf(command);
  const writer = writerFor(command, io, origin);
  const summary = command.timing ? timingSummary() : undefined;
  const explained: { explainer: Explainer; analysis?: Explained } | undefined = command.explain ? { explainer: new Explainer() } : undefined;
  let failed = 0;
  for await (const commit of analysesOf(command, io, signal, explained)) {
    writer.commit(commit);
    if (commit.error !== undefined) failed++;
    if (commit.timing) summary?.add(commit.timing.elapsedMs, commit.timing.parseMs, commit.timing.compareMs);
  }
  writer.end();
  if (explained?.analysis) explained.explainer.write(io, explained.analysis);
  if (summary) io.err(`${summary.line()}\n`);
  return failed;
}

function main(): void {
  const controller = new AbortController();
  process.once('SIGINT', () => {
    controller.abort();
    process.once('SIGINT', () => process.exit(130));
  });
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
  const io: CliIo = {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    errIsTty: process.stderr.isTTY === true,
  };
  run(process.argv.slice(2), io, controller.signal).then((code) => {
    process.exitCode = code;
  });
}

if (require.main === module) main();
