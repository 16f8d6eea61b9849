/**
 * Writes analyses as the user asked: text (one line a refactoring, skipped files on stderr), the
 * JSON report (streamed, one commit at a time), or JSON lines (one object a commit).
 */
import { formatRefactoring, type ReportCommit, type ReportRefactoring } from '../core/report';
import type { SkippedFile } from '../analysis/files';

/** What one analysed commit (or pair of trees) gives the writer. */
export interface WrittenCommit {
  sha: string;
  refactorings: ReportRefactoring[];
  skipped: SkippedFile[];
  warnings: SkippedFile[];
  timing?: { elapsedMs: number; parseMs: number; compareMs: number };
  /** Why this commit of a range could not be analysed. */
  error?: string;
  /** Set when the commit ran out of its time budget (what was left out is in `skipped`). */
  timedOut?: { elapsedMs: number };
  /** Set when the commit is where a shallow clone cuts the history (CommitAnalysis.cut). */
  cut?: true;
}

export interface ReportWriter {
  commit(commit: WrittenCommit): void;
  end(): void;
}

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

/** The repository a report names, and the address of a commit when the remote is on GitHub. */
export interface Origin {
  repository: string;
  commitUrl(sha: string): string;
}

export function reportCommit(origin: Origin, commit: WrittenCommit): ReportCommit & { skipped: SkippedFile[] } {
  const report: ReportCommit & { skipped: SkippedFile[]; warnings?: SkippedFile[]; timing?: WrittenCommit['timing']; error?: string; timedOut?: boolean; shallowBoundary?: boolean } = {
    repository: origin.repository,
    sha1: commit.sha,
    url: commit.sha ? origin.commitUrl(commit.sha) : '',
    refactorings: commit.refactorings,
    skipped: commit.skipped,
  };
  if (commit.warnings.length > 0) report.warnings = commit.warnings;
  if (commit.error !== undefined) report.error = commit.error;
  if (commit.timedOut) report.timedOut = true;
  if (commit.cut) report.shallowBoundary = true;
  if (commit.timing) report.timing = roundTiming(commit.timing);
  return report;
}

function roundTiming(timing: NonNullable<WrittenCommit['timing']>): NonNullable<WrittenCommit['timing']> {
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { elapsedMs: round(timing.elapsedMs), parseMs: round(timing.parseMs), compareMs: round(timing.compareMs) };
}

export function describeSkipped(file: SkippedFile, label: string): string {
  return `${label}: ${file.path} (${file.side}): ${file.reason}${file.detail ? ` — ${file.detail}` : ''}`;
}

/** What a commit where a shallow clone cuts the history was compared with, and how to see its changes. */
export function cutLine(commit: WrittenCommit): string {
  return `note: commit ${commit.sha.slice(0, 10)} is where this shallow clone cuts the history: its parent is not in the clone, so it was compared with the empty tree (git fetch --deepen=1 brings the parent)`;
}

export function timedOutLine(commit: WrittenCommit): string {
  const left = commit.skipped.filter((file) => file.reason === 'time-budget').length;
  const name = commit.sha ? `commit ${commit.sha.slice(0, 10)}` : 'the comparison';
  const what = commit.error === undefined ? `${left} file(s) not parsed, refactorings not searched` : 'stopped';
  return `timed out: ${name} after ${Math.round(commit.timedOut!.elapsedMs)} ms: ${what}`;
}

/** Text: `type<TAB>before<TAB>after`; in a range each line starts with the commit's short sha. */
export function textWriter(io: Output, withSha: boolean): ReportWriter {
  return {
    commit(commit) {
      const prefix = withSha ? `${commit.sha.slice(0, 10)}\t` : '';
      for (const refactoring of commit.refactorings) io.out(`${prefix}${formatRefactoring(refactoring)}\n`);
      const where = withSha ? ` in ${commit.sha.slice(0, 10)}` : '';
      for (const file of commit.skipped) io.err(`${describeSkipped(file, 'skipped')}${where}\n`);
      for (const file of commit.warnings) io.err(`${describeSkipped(file, 'warning')}${where}\n`);
      if (commit.timedOut) io.err(`${timedOutLine(commit)}\n`);
      if (commit.cut) io.err(`${cutLine(commit)}\n`);
      if (commit.error !== undefined) io.err(`error: commit ${commit.sha.slice(0, 10)} not analysed: ${commit.error}\n`);
    },
    end() {},
  };
}

/** `{"commits": [ ... ]}`, written as the commits come so a long range streams. */
export function jsonWriter(io: Output, origin: Origin): ReportWriter {
  let count = 0;
  return {
    commit(commit) {
      io.out(`${count++ === 0 ? '{"commits": [\n' : ',\n'}${JSON.stringify(reportCommit(origin, commit), null, 2)}`);
    },
    end() {
      io.out(count === 0 ? '{"commits": []}\n' : '\n]}\n');
    },
  };
}

export function jsonLinesWriter(io: Output, origin: Origin): ReportWriter {
  return {
    commit: (commit) => io.out(`${JSON.stringify(reportCommit(origin, commit))}\n`),
    end() {},
  };
}
