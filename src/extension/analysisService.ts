/**
 * Runs an analysis behind a cancellable progress notification, with the user's settings, and
 * keeps the results of commits and ref pairs for the session. The analysis itself runs on a worker
 * thread (src/analysis/isolated.ts): parsing never blocks the extension host, cancelling stops it
 * at once, and a parser that traps or runs away takes only its worker with it.
 */
import * as vscode from 'vscode';
import { listCommits, type CommitAnalysis } from '../analysis/git-analysis';
import { IsolatedAnalyzer, type IsolatedJob, type IsolatedOptions } from '../analysis/isolated';

export interface Settings {
  languages?: string[];
  maxFileSize?: number;
  timeBudgetMs?: number;
  hiddenTypes: string[];
}

export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration('refactoringLens');
  const languages = config.get<string[]>('languages', []);
  const maxFileSize = config.get<number>('maxFileSize');
  const timeBudgetMs = config.get<number>('commitTimeBudget');
  return {
    languages: languages.length > 0 ? languages : undefined,
    maxFileSize: maxFileSize && maxFileSize > 0 ? maxFileSize : undefined,
    timeBudgetMs: timeBudgetMs && timeBudgetMs > 0 ? timeBudgetMs : undefined,
    hiddenTypes: config.get<string[]>('hiddenTypes', []),
  };
}

/** The jobs whose result is a CommitAnalysis. */
type CommitJob = Exclude<IsolatedJob, { kind: 'history' }>;

export interface Timed {
  analysis: CommitAnalysis;
  elapsedMs: number;
}

export class AnalysisService implements vscode.Disposable {
  /** Results by repository, what was compared and the options: commits never change. */
  private readonly cache = new Map<string, Timed>();
  /** Runs every analysis and history of the window off the extension host's thread. */
  readonly isolated = new IsolatedAnalyzer();

  async resolveCommit(repoRoot: string, ref: string): Promise<string> {
    const [commit] = await listCommits(repoRoot, { ref, max: 1 });
    if (!commit) throw new Error(`${ref} names no commit`);
    return commit.sha;
  }

  commit(repoRoot: string, ref: string): Promise<Timed | undefined> {
    return this.cached(repoRoot, `Analysing commit ${ref.slice(0, 12)}…`, async () => `commit ${await this.resolveCommit(repoRoot, ref)}`, { kind: 'commit', ref });
  }

  between(repoRoot: string, base: string, head: string): Promise<Timed | undefined> {
    const key = async () => `between ${await this.resolveCommit(repoRoot, base)} ${await this.resolveCommit(repoRoot, head)}`;
    return this.cached(repoRoot, `Analysing ${base} ⟷ ${head}…`, key, { kind: 'between', base, head });
  }

  /** The working tree (or the index) changes all the time: never cached. */
  worktree(repoRoot: string, staged: boolean): Promise<Timed | undefined> {
    return this.withProgress(staged ? 'Analysing staged changes…' : 'Analysing uncommitted changes…', repoRoot, { kind: 'worktree', staged });
  }

  clear(): void {
    this.cache.clear();
  }

  dispose(): void {
    this.isolated.dispose();
  }

  private async cached(
    repoRoot: string,
    title: string,
    key: () => Promise<string>,
    job: CommitJob,
  ): Promise<Timed | undefined> {
    const { languages, maxFileSize } = readSettings();
    const fullKey = JSON.stringify([repoRoot, await key(), languages ?? null, maxFileSize ?? null]);
    const hit = this.cache.get(fullKey);
    if (hit) return hit;
    const result = await this.withProgress(title, repoRoot, job);
    if (result && !result.analysis.result.timedOut) this.cache.set(fullKey, result);
    return result;
  }

  /** Undefined when the user cancelled. */
  private withProgress(title: string, repoRoot: string, job: CommitJob): Promise<Timed | undefined> {
    const { languages, maxFileSize, timeBudgetMs } = readSettings();
    return Promise.resolve(
      vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Refactoring Lens: ${title}`, cancellable: true }, async (_progress, token) => {
        const controller = new AbortController();
        const subscription = token.onCancellationRequested(() => controller.abort());
        const started = performance.now();
        try {
          const options: IsolatedOptions = { languages, maxFileSize, timeBudgetMs, signal: controller.signal };
          const analysis: CommitAnalysis = await this.isolated.run(repoRoot, job, options);
          if (analysis.result.timedOut) {
            const left = analysis.result.skipped.filter((file) => file.reason === 'time-budget').length;
            void vscode.window.showWarningMessage(
              `Refactoring Lens: the analysis ran out of its time budget (refactoringLens.commitTimeBudget, ${timeBudgetMs} ms): ${left} file(s) not parsed, no refactoring searched.`,
            );
          }
          return token.isCancellationRequested ? undefined : { analysis, elapsedMs: Math.round(performance.now() - started) };
        } catch (error) {
          if (token.isCancellationRequested) return undefined;
          throw error;
        } finally {
          subscription.dispose();
        }
      }),
    );
  }
}
