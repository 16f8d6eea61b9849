/**
 * The Refactorings tree view: the current branch's commits, newest first, paged ("Load more…"),
 * each with its counts ("3 renames · 1 extract") and, expanded, its refactorings. Commits are
 * analysed in the background on worker threads, in the order shown; a commit the user expands
 * before its turn is analysed at once. Results go to a disk cache keyed by repository, commit,
 * engine and settings (src/analysis/commit-summaries.ts), so the second opening is instant.
 * The view follows HEAD: a branch switch or a new commit reloads it.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import { contentHash, pruneSummaries, summarise, summaryFolder, SummaryStore, type CommitSummary } from '../analysis/commit-summaries';
import { listCommits, subtreeImportDir, type CommitInfo } from '../analysis/git-analysis';
import type { IsolatedAnalyzer } from '../analysis/isolated';
import { defaultJobs } from '../analysis/range';
import type { ReportRefactoring } from '../core/report';
import { readSettings } from './analysisService';
import type { GitRepository } from './gitApi';
import { countsLabel, refactoringLabel, refactoringTooltip, relationshipIcon } from './historyModel';
import { relativeDate } from './relativeDate';
import { gitApi, knownRepositories } from './repository';
import { hiddenBy, shortSha } from './viewModel';

export const COMMITS_VIEW_ID = 'refactoringLens.commits';
export const PAGE_SIZE = 50;

export type CommitsNode =
  | { kind: 'commit'; info: CommitInfo; summary?: CommitSummary; /** The summary came from the disk cache. */ cached?: boolean }
  | { kind: 'refactoring'; sha: string; refactoring: ReportRefactoring }
  | { kind: 'more' };

type CommitNode = Extract<CommitsNode, { kind: 'commit' }>;

const isMerge = (info: CommitInfo) => info.parents.length > 1;

/**
 * A commit the background analysis leaves alone: a merge repeats its branch's commits, listed on
 * their own; a `git subtree --squash` import is another project's tree, whose changes are that
 * project's history (the CLI leaves both out of a range). Either is analysed when the user asks
 * for it (Show Refactorings for Commit, or expanding an import).
 */
const notAnalysedInBackground = (info: CommitInfo) => isMerge(info) || subtreeImportDir(info.message) !== undefined;

/** What the view shows of a refactoring for the command that opens it. */
export interface RefactoringTarget {
  repository: string;
  sha: string;
  type: string;
  description: string;
}

export class CommitsView implements vscode.TreeDataProvider<CommitsNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<CommitsNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private repoRoot: string | undefined;
  private head: string | undefined;
  private commits: CommitNode[] = [];
  private exhausted = false;
  private loading: Promise<void> | undefined;
  /** Commits waiting for the background analysis, in the order shown. */
  private pending: CommitNode[] = [];
  private pumping: Promise<void> | undefined;
  private generation = new AbortController();
  private engine: Promise<string>;
  private watched: GitRepository | undefined;
  private chosen: string | undefined;
  view: vscode.TreeView<CommitsNode> | undefined;

  constructor(
    private readonly storageBase: string,
    extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    private readonly isolated: IsolatedAnalyzer,
  ) {
    this.engine = contentHash([path.join(extensionUri.fsPath, 'dist', 'worker.js')]).catch(() => 'unbundled');
    void this.engine
      .then((engine) => pruneSummaries(storageBase, engine))
      .then(
        (removed) => removed > 0 && log.info(`Removed the cached refactorings of ${removed} earlier version(s) of the extension.`),
        (error) => log.warn(`Could not remove the cached refactorings of earlier versions: ${error instanceof Error ? error.message : String(error)}`),
      );
    this.disposables.push(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('refactoringLens') && this.reload()));
  }

  get repository(): string | undefined {
    return this.repoRoot;
  }

  getTreeItem(node: CommitsNode): vscode.TreeItem {
    switch (node.kind) {
      case 'more': {
        const item = new vscode.TreeItem('Load more…');
        item.iconPath = new vscode.ThemeIcon('more');
        item.command = { command: 'refactoringLens.loadMoreCommits', title: 'Load More Commits' };
        return item;
      }
      case 'refactoring': {
        const r = node.refactoring;
        const item = new vscode.TreeItem(refactoringLabel(r));
        item.id = `${node.sha}:${r.type}:${r.description}`;
        item.description = `${path.posix.basename(r.after.file)}:${r.after.startLine}`;
        item.tooltip = refactoringTooltip(r);
        item.iconPath = new vscode.ThemeIcon(relationshipIcon(r.relationship));
        const target: RefactoringTarget = { repository: this.repoRoot ?? '', sha: node.sha, type: r.type, description: r.description };
        item.command = { command: 'refactoringLens.showRefactoringOfCommit', title: 'Show in the Refactoring Lens View', arguments: [target] };
        item.contextValue = 'refactoringLens.refactoring';
        return item;
      }
      case 'commit': {
        const { info, summary } = node;
        const shown = summary ? this.shown(summary) : [];
        const item = new vscode.TreeItem(info.subject || shortSha(info.sha));
        item.id = info.sha;
        const merge = isMerge(info) && summary === undefined;
        const imported = summary === undefined ? subtreeImportDir(info.message) : undefined;
        item.description = merge
          ? 'merge'
          : imported !== undefined
            ? `subtree import into ${imported}`
            : summary === undefined
            ? 'analysing…'
            : summary.error !== undefined
              ? 'not analysed'
              : summary.timedOut
                ? 'timed out'
                : shown.length > 0
                  ? countsLabel(shown)
                  : 'no refactorings';
        const tooltip = new vscode.MarkdownString(undefined, false);
        tooltip.appendText(`${shortSha(info.sha)} · ${info.author} · ${relativeDate(info.date)} (${info.date.slice(0, 10)})\n\n`);
        tooltip.appendText(info.message);
        if (summary?.error !== undefined) tooltip.appendText(`\n\nNot analysed: ${summary.error}`);
        if (summary?.timedOut) tooltip.appendText('\n\nThe analysis ran out of its time budget (refactoringLens.commitTimeBudget): refactorings were not searched.');
        if (merge) tooltip.appendText("\n\nA merge: the refactorings of its branch are listed with the branch's own commits. Show Refactorings for Commit compares the merge with its first parent.");
        if (imported !== undefined) tooltip.appendText(`\n\nWritten by git subtree --squash: another project's tree, imported into ${imported}. Its changes are that project's history, so it is not analysed in the background; expand it to analyse it.`);
        item.tooltip = tooltip;
        item.iconPath = new vscode.ThemeIcon(merge ? 'git-merge' : imported !== undefined ? 'repo' : 'git-commit');
        item.contextValue = 'refactoringLens.commit';
        item.collapsibleState = merge || (summary !== undefined && shown.length === 0) ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed;
        return item;
      }
    }
  }

  async getChildren(node?: CommitsNode): Promise<CommitsNode[]> {
    if (node === undefined) {
      if (this.repoRoot === undefined) await this.start();
      return this.exhausted || this.commits.length === 0 ? [...this.commits] : [...this.commits, { kind: 'more' }];
    }
    if (node.kind !== 'commit' || (isMerge(node.info) && node.summary === undefined)) return [];
    if (node.summary === undefined) await this.analyseNow(node);
    return node.summary ? this.shown(node.summary).map((refactoring) => ({ kind: 'refactoring', sha: node.info.sha, refactoring })) : [];
  }

  getParent(node: CommitsNode): CommitsNode | undefined {
    return node.kind === 'refactoring' ? this.commits.find((c) => c.info.sha === node.sha) : undefined;
  }

  /** The commit nodes loaded so far (for tests and the API). */
  get loaded(): readonly CommitNode[] {
    return this.commits;
  }

  /** Resolves when every loaded commit has been analysed. */
  async idle(): Promise<void> {
    while (this.loading || this.pumping) await (this.loading ?? this.pumping);
  }

  /** Starts over: a new HEAD, other settings, or the user asked. */
  reload(): void {
    this.generation.abort();
    this.generation = new AbortController();
    this.repoRoot = undefined;
    this.commits = [];
    this.pending = [];
    this.exhausted = false;
    this.changed.fire(undefined);
  }

  async loadMore(): Promise<void> {
    if (this.repoRoot === undefined || this.exhausted) return;
    await (this.loading ??= this.loadPage().finally(() => (this.loading = undefined)));
  }

  private shown(summary: CommitSummary): ReportRefactoring[] {
    const isHidden = hiddenBy(readSettings().hiddenTypes);
    return summary.refactorings.filter((r) => !isHidden(r));
  }

  /** Shows another repository's history (the view's "Choose Repository" action). */
  choose(root: string): void {
    this.chosen = root;
    this.reload();
  }

  private async start(): Promise<void> {
    const roots = await knownRepositories();
    const active = vscode.window.activeTextEditor?.document.uri;
    const root =
      (this.chosen && roots.includes(this.chosen) ? this.chosen : undefined) ??
      (active?.scheme === 'file' ? roots.find((r) => active.fsPath.startsWith(r + path.sep)) : undefined) ??
      roots[0];
    if (this.view) {
      this.view.message = root ? undefined : 'Open a folder that is a git repository to see the refactorings of its commits.';
      this.view.description = root && roots.length > 1 ? path.basename(root) : undefined;
    }
    if (!root) return;
    this.repoRoot = root;
    await this.follow(root);
    await this.loadMore();
  }

  /** Reloads when the repository's HEAD moves (a new commit, a branch switch, a reset). */
  private async follow(root: string): Promise<void> {
    try {
      const api = await gitApi();
      const repository = api?.repositories.find((r) => r.rootUri.fsPath === root);
      if (!repository || repository === this.watched) return;
      this.watched = repository;
      this.disposables.push(
        repository.state.onDidChange(() => {
          const head = repository.state.HEAD?.commit;
          if (head !== undefined && this.head !== undefined && head !== this.head && this.repoRoot === root) {
            this.log.info(`HEAD moved to ${shortSha(head)}: reloading the Refactorings view`);
            this.reload();
          }
        }),
      );
    } catch (error) {
      this.log.warn(`cannot follow HEAD of ${root}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async loadPage(): Promise<void> {
    const root = this.repoRoot;
    const signal = this.generation.signal;
    if (root === undefined) return;
    let page: CommitInfo[];
    try {
      page = await listCommits(root, { skip: this.commits.length, max: PAGE_SIZE });
    } catch (error) {
      // An empty repository has no HEAD: nothing to show, and nothing is wrong.
      this.exhausted = true;
      if (this.view) this.view.message = `No commits to show: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
      return;
    }
    if (signal.aborted) return;
    if (this.commits.length === 0) this.head = page[0]?.sha;
    if (this.view) this.view.message = page.length === 0 && this.commits.length === 0 ? 'This branch has no commits yet.' : undefined;
    const nodes = page.map((info): CommitNode => ({ kind: 'commit', info }));
    this.commits.push(...nodes);
    this.exhausted = page.length < PAGE_SIZE;
    this.pending.push(...nodes.filter((n) => !notAnalysedInBackground(n.info)));
    this.changed.fire(undefined);
    this.pump();
  }

  private async store(root: string): Promise<SummaryStore> {
    const { languages, maxFileSize } = readSettings();
    return new SummaryStore(summaryFolder(this.storageBase, { repository: root, engine: await this.engine, settings: { languages, maxFileSize } }));
  }

  /** Analyses the pending commits in the background, in order, on worker threads. */
  private pump(): void {
    if (this.pumping) return;
    const signal = this.generation.signal;
    const work = async () => {
      while (this.pending.length > 0 && !signal.aborted) {
        const batch = this.pending.splice(0, PAGE_SIZE).filter((n) => n.summary === undefined);
        if (batch.length > 0) await this.analyse(batch, Math.max(1, defaultJobs() - 1), signal);
      }
    };
    this.pumping = Promise.resolve(
      vscode.window.withProgress({ location: { viewId: COMMITS_VIEW_ID } }, () => work()),
    ).finally(() => (this.pumping = undefined));
  }

  /** A commit the user opened before its turn. */
  private async analyseNow(node: CommitNode): Promise<void> {
    await this.analyse([node], 1, this.generation.signal);
  }

  private async analyse(nodes: CommitNode[], jobs: number, signal: AbortSignal): Promise<void> {
    const root = this.repoRoot;
    if (root === undefined) return;
    const bySha = new Map(nodes.map((n) => [n.info.sha, n]));
    const { languages, maxFileSize, timeBudgetMs } = readSettings();
    try {
      const store = await this.store(root);
      // With one job (an expanded commit, or every page on a machine of two cores) the commits go one
      // after the other to the window's warm worker; with more, to a pool of workers. Neither parses here.
      const analyse = jobs === 1 ? (sha: string) => this.isolated.run(root, { kind: 'commit', ref: sha }, { languages, maxFileSize, timeBudgetMs, signal }) : undefined;
      for await (const { cached, ...summary } of summarise(root, [...bySha.keys()], { store, jobs, analyse, languages, maxFileSize, timeBudgetMs, signal })) {
        const node = bySha.get(summary.sha);
        if (!node || signal.aborted) continue;
        node.summary = summary;
        node.cached = cached;
        this.changed.fire(node);
      }
    } catch (error) {
      if (signal.aborted) return;
      this.log.error(`Refactorings view: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      for (const node of nodes) {
        if (node.summary) continue;
        node.summary = { sha: node.info.sha, refactorings: [], skipped: [], error: error instanceof Error ? error.message : String(error), elapsedMs: 0 };
        this.changed.fire(node);
      }
    }
  }

  dispose(): void {
    this.generation.abort();
    while (this.disposables.length) this.disposables.pop()?.dispose();
  }
}
