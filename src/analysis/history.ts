/**
 * The history of one element (class, method, function) through its refactorings.
 *
 * Starting from the element at a ref, walk back through the commits that touched the file it is
 * in at that point (`git log -1 -- FILE`: an element only changes when its file does). Each such
 * commit is analysed (its files of the element's language) and the element is found on the
 * commit's side by file and qualified name. The relationship that ends at it says what happened:
 * a matching one (Rename, Move, Change Signature, …, or SAME) gives its predecessor; Extract
 * gives the element it was extracted from; none means the commit added it. The walk goes on with
 * the predecessor at the commit's first parent, in whatever file it was then.
 */
import { createHash } from 'node:crypto';
import { assembleCst } from '../core/assemble';
import { isCallable, type Cst, type CstNode } from '../core/cst';
import { ancestry, codeElement, displayType, elementRef, howFound, qualifiedName, toRefactoring, type ElementRef } from '../core/report';
import { RELATIONSHIP_INFO, type Relationship, type RelationshipType } from '../core/relationship-types';
import { GitError, isRepositoryPath, logCommits, resolveCommit, type CommitInfo } from '../git';
import { argumentFitRules, languageOf, parseFile } from '../languages/registry';
import { decode, DEFAULT_MAX_FILE_SIZE, createCstCache } from './files';
import { analyzeCommitIn, openSession, type CommitAnalysis, type GitAnalysisOptions, type RepositorySession } from './git-analysis';

export interface HistoryQuery {
  /** Path of the file, relative to the repository root ('/' separators). */
  file: string;
  /** A name (`sum`), a dotted path (`Calculator.sum`), a qualified name or a signature (`sum(int,int)`). */
  symbol?: string;
  /** A 1-based line inside the element (the cursor): the innermost element there is taken. */
  line?: number;
  /**
   * The file's text as the user sees it (an editor with unsaved or uncommitted changes): `line`
   * and `symbol` are looked up in it, and the element it names is then found at `ref`.
   */
  text?: string;
  /** Where the walk starts (default HEAD). */
  ref?: string;
}

export interface HistoryOptions extends GitAnalysisOptions {
  /** At most this many commits are analysed (default 500); the history says when it stopped short. */
  maxCommits?: number;
}

/** What happened to the element in one commit. */
export type StepKind =
  | 'refactored' // a matching refactoring: rename, move, change signature, pull up, ...
  | 'moved-with-parent' // its class or file was renamed or moved, which changed its qualified name
  | 'extracted-from' // it was created from code of another element (Extract Method, Extract Superclass, ...)
  | 'extracted-into' // code of it was extracted into another element
  | 'inlined-into' // another element was inlined into it
  | 'modified' // its code changed, no refactoring
  | 'added'; // the commit created it

export interface StepCommit {
  sha: string;
  parents: string[];
  author: string;
  date: string;
  subject: string;
}

export interface HistoryStep {
  commit: StepCommit;
  kind: StepKind;
  /** The refactoring's display type ('Rename Method', 'Extract Method', ...), or 'Modified' / 'Added'. */
  type: string;
  relationship?: RelationshipType;
  description: string;
  /** The element at the commit's first parent (absent for 'added'). */
  before?: ElementRef;
  /** The element at the commit. */
  after: ElementRef;
  /** The other element of an extract or inline: the method extracted, or inlined. */
  other?: ElementRef;
  /** How the refactoring was found, in words (howFound): "Paired by position …: check it" tells a step taken on thin evidence. */
  howFound?: string;
}

export type HistoryEnd =
  | 'added' // the walk reached the commit that added the element
  | 'shallow' // the history is cut: a shallow clone's boundary commit
  | 'limit' // maxCommits commits were analysed
  | 'lost'; // the element could not be found in a commit that touched its file (e.g. the file was skipped)

export interface SymbolHistory {
  /** The element as it is at `ref`. */
  element: ElementRef;
  /** The commit the walk started from. */
  ref: string;
  /** Newest first. */
  steps: HistoryStep[];
  end: HistoryEnd;
  /** Why the walk ended short, in words, when end is 'lost' or 'limit'. */
  endDetail?: string;
  commitsAnalysed: number;
  elapsedMs: number;
}

const LOG_BATCH = 100;
const EXTRACTIONS: ReadonlySet<RelationshipType> = new Set(['EXTRACT', 'EXTRACT_MOVE']);
/** Relationships that create their `after` element out of their `before` one. */
const ORIGINS: ReadonlySet<RelationshipType> = new Set(['EXTRACT', 'EXTRACT_MOVE', 'EXTRACT_SUPER', 'PULL_UP_SIGNATURE', 'PUSH_DOWN_IMPL']);

export async function symbolHistory(repoDir: string, query: HistoryQuery, options: HistoryOptions = {}): Promise<SymbolHistory> {
  const started = performance.now();
  const session = await openSession(repoDir);
  try {
    const file = normalisePath(query.file);
    const language = languageOf(file);
    if (!language) throw new GitError('bad-argument', `no supported language reads ${file}`);
    const start = await resolveCommit(session.root, query.ref ?? 'HEAD');
    const element = await locateElement(session, start, file, query, options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE);
    const walk = await walkBack(session, start, element, { ...options, languages: [language], cache: options.cache ?? createCstCache(2000) });
    return { element, ref: start, ...walk, elapsedMs: Math.round(performance.now() - started) };
  } finally {
    session.close();
  }
}

function normalisePath(file: string): string {
  const clean = file.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  if (!isRepositoryPath(clean)) throw new GitError('bad-argument', `not a path inside the repository: ${file}`);
  return clean;
}

/**
 * The bytes of `file` at `sha`, undefined when it does not exist there. Its size is asked of git
 * first (as readFileSets does), so a file over the limit is refused without being read.
 */
async function readAt(session: RepositorySession, sha: string, file: string, maxFileSize: number): Promise<Uint8Array | undefined> {
  const name = `${sha}:${file}`;
  const size = await session.blobs.size(name);
  if (size === undefined) return undefined;
  if (size > maxFileSize) throw new GitError('bad-argument', `${file} cannot be analysed: too-large (${size} bytes, limit ${maxFileSize})`);
  return session.blobs.read(name);
}

async function readCst(session: RepositorySession, sha: string, file: string, maxFileSize: number): Promise<Cst> {
  const bytes = await readAt(session, sha, file, maxFileSize);
  if (bytes === undefined) throw new GitError('bad-argument', `${file} does not exist at ${sha.slice(0, 12)}`);
  return textCst(file, bytes, maxFileSize);
}

async function textCst(file: string, content: string | Uint8Array, maxFileSize: number): Promise<Cst> {
  const decoded = decode(content, maxFileSize);
  if ('skip' in decoded) throw new GitError('bad-argument', `${file} cannot be analysed: ${decoded.skip} (${decoded.detail})`);
  return assembleCst([await parseFile(file, decoded.text)], argumentFitRules);
}

/** The element the query names at `sha`: looked up in the given text (if any), then found at `sha` by qualified name. */
async function locateElement(session: RepositorySession, sha: string, file: string, query: HistoryQuery, maxFileSize: number): Promise<ElementRef> {
  const atRef = await readCst(session, sha, file, maxFileSize);
  if (query.text === undefined) return elementRef(atRef, pickElement(atRef, file, query, sha));
  const shown = await textCst(file, query.text, maxFileSize);
  const wanted = pickElement(shown, file, query, 'the editor');
  const name = qualifiedName(shown, wanted);
  const same = atRef.nodes.find((n) => n.kind === wanted.kind && qualifiedName(atRef, n) === name);
  if (!same) throw new GitError('bad-argument', `${name} is not committed yet: it does not exist in ${file} at ${sha.slice(0, 12)}`);
  return elementRef(atRef, same);
}

const normaliseName = (name: string) => name.replace(/::|#|->/g, '.').replace(/\s+/g, '');

/** The dotted names from the outermost element down (files left out): `Calculator.sum`. */
function namePath(cst: Cst, node: CstNode): string {
  return ancestry(cst, node)
    .filter((n) => n.kind !== 'file')
    .map((n) => n.name)
    .join('.');
}

/** A name as given or shown without its parameter list and a receiver's parentheses: `(Socket).closeQuietly()` → `Socket.closeQuietly`. */
const bareName = (name: string) => name.replace(/\([^()]*\)$/, '').replace(/\(([^()]*)\)\./g, '$1.');

function namesMatch(cst: Cst, node: CstNode, symbol: string): boolean {
  const wanted = normaliseName(symbol);
  const path = namePath(cst, node);
  const qualified = normaliseName(qualifiedName(cst, node));
  // a Kotlin extension named by its receiver, as shown (`(Socket).closeQuietly`) or as written (`Socket.closeQuietly`)
  const receiver = node.stereotypes.includes('extension') && node.signature !== node.name && bareName(normaliseName(node.signature));
  // a method declared apart from its type (Go's `func (s *Server) Start` in another file), named by its type as a reader does: `Server.Start`, `(*Server).Start`
  const owned = node.owner !== undefined && bareName(wanted).replace(/^\*/, '') === `${node.owner}.${node.name}`;
  return (
    owned ||
    node.name === wanted ||
    normaliseName(node.signature) === wanted ||
    (receiver && receiver === bareName(wanted)) ||
    path === wanted ||
    path.endsWith(`.${wanted}`) ||
    qualified === wanted ||
    qualified.endsWith(`.${wanted}`) ||
    qualified.endsWith(`/${wanted}`)
  );
}

function pickElement(cst: Cst, file: string, query: HistoryQuery, where: string): CstNode {
  let candidates = cst.nodes.filter((n) => n.kind !== 'file');
  if (query.symbol !== undefined) candidates = candidates.filter((n) => namesMatch(cst, n, query.symbol!));
  if (query.line !== undefined) {
    const line = query.line;
    candidates = candidates.filter((n) => n.location.startLine <= line && line <= n.location.endLine);
    // The innermost element at the line: the one with the smallest span.
    const span = (n: CstNode) => n.location.end - n.location.begin;
    candidates.sort((a, b) => span(a) - span(b));
    candidates = candidates.slice(0, 1);
  }
  const what = [query.symbol && `named ${query.symbol}`, query.line !== undefined && `at line ${query.line}`].filter(Boolean).join(' ');
  if (candidates.length === 0) {
    throw new GitError('bad-argument', `no class, method or function ${what || 'at all'} in ${file} (${where.length === 40 ? where.slice(0, 12) : where})`);
  }
  if (candidates.length > 1) {
    const listed = candidates
      .slice(0, 5)
      .map((n) => `${qualifiedName(cst, n)} (line ${n.location.startLine})`)
      .join(', ');
    throw new GitError('bad-argument', `${query.symbol ?? file} is ambiguous in ${file}: ${listed}${candidates.length > 5 ? ', …' : ''}; give a longer name or a line`);
  }
  return candidates[0];
}

function stepCommit(commit: CommitInfo): StepCommit {
  return { sha: commit.sha, parents: commit.parents, author: commit.author, date: commit.date, subject: commit.subject };
}

async function walkBack(
  session: RepositorySession,
  start: string,
  element: ElementRef,
  options: HistoryOptions,
): Promise<Pick<SymbolHistory, 'steps' | 'end' | 'endDetail' | 'commitsAnalysed'>> {
  const maxCommits = options.maxCommits ?? 500;
  const boundaries = await session.shallowBoundaries();
  const steps: HistoryStep[] = [];
  const quick = new Map<string, Cst | undefined>();
  let current = element;
  let revision: string | undefined = start;
  let analysed = 0;
  // The commits that touched the element's current file, newest first, fetched a batch at a time
  // (one git process, not one a commit) and again from the parent whenever the element changes file.
  let batch: CommitInfo[] = [];
  let batchFile = '';
  while (revision !== undefined) {
    options.signal?.throwIfAborted();
    if (batch.length === 0 || batchFile !== current.file) {
      batch = await logCommits(session.root, { ref: revision, max: LOG_BATCH, paths: [current.file] });
      batchFile = current.file;
    }
    const commit = batch.shift();
    if (!commit) {
      // No commit before `revision` touched the file, yet the element is in it: only a cut history does that.
      return { steps, end: 'shallow', commitsAnalysed: analysed };
    }
    if (analysed >= maxCommits) {
      return { steps, end: 'limit', endDetail: `stopped after ${maxCommits} commits`, commitsAnalysed: analysed };
    }
    // A merge repeats what its branch's own commits did, and those come later in the list (git log
    // walks both sides): they tell who did what, so the merge itself is passed over.
    if (commit.parents.length > 1 || (await unchangedBy(session, commit, current, quick, options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE))) {
      revision = commit.parents[0];
      continue;
    }
    const analysis = await analyzeCommitIn(session, commit.sha, options, commit);
    analysed++;
    if (!analysis.result.after.files.includes(current.file) && !analysis.result.skipped.some((s) => s.path === current.file)) {
      // The file's content did not change (only its mode, say): nothing happened to the element.
      revision = commit.parents[0];
      continue;
    }
    if (analysis.result.timedOut) {
      return { steps, end: 'lost', endDetail: `commit ${commit.sha.slice(0, 12)} ran out of its time budget`, commitsAnalysed: analysed };
    }
    const outcome = stepsOf(analysis, current);
    if (outcome === undefined) {
      const skipped = analysis.result.skipped.find((s) => s.path === current.file && s.side === 'after');
      if (skipped) return { steps, end: 'lost', endDetail: `${current.file} was skipped (${skipped.reason}) at ${commit.sha.slice(0, 12)}`, commitsAnalysed: analysed };
      // Not there under this name: a commit of a parallel branch that saw the element under another
      // name (git log lists both sides of a merge by date). It is not on this element's line.
      revision = commit.parents[0];
      continue;
    }
    if (outcome.predecessor === undefined && boundaries.has(commit.sha)) {
      // A shallow clone's boundary commit shows no parents: it is where the history is cut, not where the element began.
      return { steps: [...steps, ...outcome.steps.filter((s) => s.kind !== 'added')], end: 'shallow', commitsAnalysed: analysed };
    }
    steps.push(...outcome.steps);
    if (outcome.predecessor === undefined) return { steps, end: 'added', commitsAnalysed: analysed };
    current = outcome.predecessor;
    revision = commit.parents[0];
  }
  return { steps, end: 'added', commitsAnalysed: analysed };
}

/**
 * Whether a commit left the element exactly as it was: the same file at the first parent holds an
 * element of the same qualified name with the same tokens. Then no relationship can involve it
 * (it matches itself by identifier), and the commit need not be analysed: most commits that touch
 * a file touch other parts of it. Parses just that file, both versions, cached by content.
 */
async function unchangedBy(session: RepositorySession, commit: CommitInfo, current: ElementRef, quick: Map<string, Cst | undefined>, maxFileSize: number): Promise<boolean> {
  const parent = commit.parents[0];
  if (parent === undefined) return false;
  const [now, then] = await Promise.all([fileCst(session, commit.sha, current.file, quick, maxFileSize), fileCst(session, parent, current.file, quick, maxFileSize)]);
  if (!now || !then) return false;
  const find = (cst: Cst) => cst.nodes.find((n) => n.kind === current.kind && qualifiedName(cst, n) === current.qualifiedName);
  const a = find(now);
  const b = find(then);
  return a !== undefined && b !== undefined && sameTokens(a, b);
}

/** Undefined when the file is missing, too large or unreadable: the caller then analyses the commit in full, which reports why. */
async function fileCst(session: RepositorySession, sha: string, file: string, quick: Map<string, Cst | undefined>, maxFileSize: number): Promise<Cst | undefined> {
  const bytes = await readAt(session, sha, file, maxFileSize).catch(() => undefined);
  if (bytes === undefined) return undefined;
  const key = createHash('sha1').update(bytes).digest('hex');
  if (!quick.has(key)) {
    quick.set(key, await textCst(file, bytes, maxFileSize).catch(() => undefined));
    if (quick.size > 64) quick.delete(quick.keys().next().value!);
  }
  return quick.get(key);
}

const sameTokens = (a: CstNode, b: CstNode) => a.tokens.length === b.tokens.length && a.tokens.every((t, i) => t === b.tokens[i]);

/**
 * What one analysed commit did to `current` (an element of its after-side): the steps, newest
 * first, and the element it came from at the first parent; undefined when it is not there.
 */
export function stepsOf(analysis: CommitAnalysis, current: ElementRef): { steps: HistoryStep[]; predecessor: ElementRef | undefined } | undefined {
  const { before, after, relationships } = analysis.result;
  const node = after.nodes.find((n) => n.location.file === current.file && n.kind === current.kind && qualifiedName(after, n) === current.qualifiedName);
  if (!node) return undefined;
  const commit = stepCommit(analysis.commit);
  const toNode = relationships.filter((r) => r.after.id === node.id);
  const match = toNode.find((r) => RELATIONSHIP_INFO[r.type].matching);
  const origin = match ? undefined : best(toNode.filter((r) => ORIGINS.has(r.type)));
  const source = match ?? origin;
  const afterRef = elementRef(after, node);
  if (!source) {
    return { steps: [{ commit, kind: 'added', type: 'Added', description: `${describeNode(after, node)} added in ${node.location.file}`, after: afterRef }], predecessor: undefined };
  }
  const pred = source.before;
  const beforeRef = elementRef(before, pred);
  const refactoringStep = (r: Relationship, kind: StepKind, other?: ElementRef): HistoryStep => {
    const refactoring = toRefactoring(r, before, after);
    return {
      commit, kind, type: refactoring?.type ?? displayType(r.type, r.before, r.after), relationship: r.type, description: refactoring?.description ?? '', before: beforeRef, after: afterRef,
      ...(other ? { other } : {}), ...(refactoring ? { howFound: howFound(refactoring).text } : {}),
    };
  };
  const steps: HistoryStep[] = [];
  if (source.type !== 'SAME') {
    steps.push(refactoringStep(source, source === match ? 'refactored' : 'extracted-from'));
  } else if (beforeRef.qualifiedName !== afterRef.qualifiedName || beforeRef.file !== afterRef.file) {
    const carrier = containerRefactoring(relationships, after, node);
    if (carrier) {
      const type = displayType(carrier.type, carrier.before, carrier.after);
      const description = toRefactoring(carrier, before, after)?.description ?? type;
      steps.push({ commit, kind: 'moved-with-parent', type, relationship: carrier.type, description: `with its ${carrier.after.noun.toLowerCase()}: ${description}`, before: beforeRef, after: afterRef });
    } else if (beforeRef.file !== afterRef.file) {
      // The file moved and nothing in it counts as a refactoring (a Java class keeps its name and package).
      steps.push({ commit, kind: 'moved-with-parent', type: 'Move File', description: `with its file: ${beforeRef.file} to ${afterRef.file}`, before: beforeRef, after: afterRef });
    } else {
      steps.push({ commit, kind: 'moved-with-parent', type: 'Moved', description: `${beforeRef.qualifiedName} to ${afterRef.qualifiedName}`, before: beforeRef, after: afterRef });
    }
  }
  for (const r of relationships) {
    if (EXTRACTIONS.has(r.type) && r.before.id === pred.id && r.after.id !== node.id) steps.push(refactoringStep(r, 'extracted-into', elementRef(after, r.after)));
    if (r.type === 'INLINE' && r.after.id === node.id) steps.push(refactoringStep(r, 'inlined-into', elementRef(before, r.before)));
  }
  if (steps.length === 0 && !sameTokens(pred, node)) {
    steps.push({ commit, kind: 'modified', type: 'Modified', description: `${describeNode(after, node)} changed`, before: beforeRef, after: afterRef });
  }
  return { steps, predecessor: beforeRef };
}

/** `Method sum(int x, int y)`, `Class shop.Cart`: as the refactorings' descriptions name elements. */
const describeNode = (cst: Cst, node: CstNode) => `${node.noun} ${isCallable(node) ? codeElement(node) : qualifiedName(cst, node)}`;

/** Of several relationships into one element (code extracted from several places), the most similar. */
function best(relationships: Relationship[]): Relationship | undefined {
  return relationships.reduce<Relationship | undefined>((top, r) => (top === undefined || (r.similarity ?? 0) > (top.similarity ?? 0) ? r : top), undefined);
}

/** The refactoring of the nearest enclosing element (class, file) that changed this element's qualified name. */
function containerRefactoring(relationships: Relationship[], after: Cst, node: CstNode): Relationship | undefined {
  const ancestors = ancestry(after, node).slice(0, -1).reverse();
  for (const ancestor of ancestors) {
    const r = relationships.find((x) => x.after.id === ancestor.id && RELATIONSHIP_INFO[x.type].matching && x.type !== 'SAME');
    if (r) return r;
  }
  return undefined;
}
