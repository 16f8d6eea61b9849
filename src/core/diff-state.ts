/**
 * The state FindRelationships works on: both CSTs, their token multisets under one TF-IDF
 * vocabulary, the matching M (both directions), and the relationships R found so far.
 */
import { descendants, isType, type Cst, type CstNode } from './cst';
import type { MatchingStep, Relationship } from './relationship-types';
import { createVocabulary, freeze, substituteTokens, toMultiset, weight, type Multiset, type Vocabulary } from './similarity';
import { IDENTIFIER, splitIdentifier } from './tokens';

/** Thresholds of the comparison, passed in as one object (RefDiff 2.0 uses 0.5 throughout). */
export interface Thresholds {
  /** findMatchingsBySim: minimum code similarity of a matched pair whose names or parents agree. */
  similarity: number;
  /** findMatchingsBySim: minimum code similarity of a pair whose names and parents both differ (Move And Rename). */
  moveAndRename: number;
  /** The same for type members whose names share no word. */
  moveAndRenameUnrelated: number;
  /** findMatchingsByUniqueName: minimum code similarity of a pair whose identifiers are unique on both sides. */
  uniqueName: number;
  /** findMatchingsByUniqueName: the same for a type whose members mostly kept their names. */
  uniqueNameSameMembers: number;
  /** findMatchingsByChildren: minimum name similarity. */
  childrenName: number;
  /** findMatchingsByChildren: a pair needs more than this many matching children. */
  childrenCount: number;
  /**
   * findMatchingsByChildren: names need not be similar when at least this share of the matched
   * children of a container (and two or more) went into the other.
   */
  childrenShare: number;
  /**
   * findMatchingsByChildren: a container paired with one of another name needs at least this share
   * of the smaller one's code (its whole declaration) found in the other.
   */
  childrenContained: number;
  /**
   * findMatchingsByPosition: the only unmatched callables of one arity in a matched pair of
   * containers pair up when their code is more similar than this...
   */
  positionSimilarity: number;
  /** ...or their names more similar than this. */
  positionName: number;
  /** findMatchingsByRedirectedCalls: a callable whose callers now call another one of its container instead, renamed to it, needs this similarity. */
  redirectedSimilarity: number;
  /** Extract: minimum extract similarity of a callable extracted into the caller's own container. */
  extract: number;
  /** Extract: the same when the caller now calls the extracted name more often than before (a new call). */
  extractNewCall: number;
  /** Extract and Move: minimum extract similarity of a callable extracted into another container. */
  extractMove: number;
  /** Inline: minimum inline similarity. */
  inline: number;
  /**
   * Extract and Inline: the minimum similarity of a callable one or more of whose statements, and
   * at least `movedStatementsShare` of them, moved as written between it and its caller.
   */
  movedStatements: number;
  movedStatementsShare: number;
  /** Inline: the minimum similarity of a callable none of whose statements reappears in the caller. */
  inlineNoStatement: number;
  /** Extract and Move: the minimum similarity of a callable none of whose statements the caller lost. */
  extractMoveNoStatement: number;
  /**
   * Extract and Move: the extract similarity a caller in another container needs where the callable
   * is known to be extracted from a namesake of that caller (near-duplicate methods: see findExtracts).
   */
  extractMoveSibling: number;
  /** Extract and Move: the fewest tokens (braces and semicolons aside) in the body of a callable extracted into another container. */
  bodyTokens: number;
  /** A member that kept its signature and went up or down its type hierarchy (Pull Up / Push Down): the similarity it needs. */
  hierarchy: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  similarity: 0.5,
  moveAndRename: 0.5,
  moveAndRenameUnrelated: 0.8,
  uniqueName: 0.75,
  uniqueNameSameMembers: 0.3,
  childrenName: 0.5,
  childrenCount: 1,
  childrenShare: 0.5,
  childrenContained: 0.66,
  positionSimilarity: 0.35,
  positionName: 0.5,
  redirectedSimilarity: 0.15,
  extract: 0.5,
  extractNewCall: 0.29,
  extractMove: 0.6,
  inline: 0.5,
  movedStatements: 0.13,
  movedStatementsShare: 0.25,
  inlineNoStatement: 0.6,
  extractMoveNoStatement: 0.7,
  extractMoveSibling: 0.3,
  bodyTokens: 5,
  hierarchy: 0.3,
};

/** Told about candidates that were considered and dropped: for tests, `--explain` and "why not?" views. */
/** A candidate pair a matching step considered and set aside: its similarity, the threshold it missed if any, and why. */
export interface DiscardedPair {
  step: string;
  before: CstNode;
  after: CstNode;
  score: number;
  threshold?: number;
  reason: string;
}

/** How a pair was taken is not told here: the relationship says it (Relationship.foundBy). */
export interface ComparisonMonitor {
  discarded?(event: DiscardedPair): void;
}

export interface Side {
  cst: Cst;
  /** Token multiset of each node (its whole declaration) and its weight. */
  rep: Multiset[];
  weight: number[];
  /** Body multisets, built on demand. */
  body: Array<Multiset | undefined | null>;
  names: Multiset[];
  depth: number[];
  /** Reverse edges: who uses / who extends each node. */
  usedBy: number[][];
  subtypes: number[][];
}

export interface DiffState {
  before: Side;
  after: Side;
  vocabulary: Vocabulary;
  nameVocabulary: Vocabulary;
  /** The matching M: before id → after id and back. */
  toAfter: Map<number, number>;
  toBefore: Map<number, number>;
  /**
   * The step that took each pair of M, by its before id: the relationship resolved from the pair
   * says it (Relationship.foundBy). Two look-alike renames swapped after their step took them
   * (swapLookAlikeRenames) keep that step.
   */
  pairedBy: Map<number, MatchingStep>;
  relationships: Relationship[];
  /** Keys of the relationships in R (type, before id, after id): R holds each once. */
  found: Set<string>;
  thresholds: Thresholds;
  monitor: ComparisonMonitor;
  /** The matching step running. */
  step: MatchingStep;
  /** Types paired under a new name, old name → new: the before side's code is read with them (readThroughRenames). */
  renamed: Map<string, string>;
  /** How many types bear each name on each side, counted when first needed. */
  typeNames?: { before: Map<string, number>; after: Map<string, number> };
}

function reverse(cst: Cst, edges: (n: CstNode) => number[]): number[][] {
  const result: number[][] = cst.nodes.map(() => []);
  for (const node of cst.nodes) for (const target of edges(node)) result[target].push(node.id);
  return result;
}

function buildSide(cst: Cst, vocabulary: Vocabulary, nameVocabulary: Vocabulary): Side {
  const depth = cst.nodes.map(() => 0);
  for (const node of cst.nodes) depth[node.id] = node.parent === undefined ? 0 : depth[node.parent] + 1;
  return {
    cst,
    rep: cst.nodes.map((n) => toMultiset(vocabulary, n.tokens, true)),
    weight: [],
    body: cst.nodes.map(() => null),
    names: cst.nodes.map((n) => toMultiset(nameVocabulary, splitIdentifier(n.name), true)),
    depth,
    usedBy: reverse(cst, (n) => n.uses),
    subtypes: reverse(cst, (n) => n.subtypeOf),
  };
}

export function createDiffState(before: Cst, after: Cst, thresholds: Thresholds, monitor: ComparisonMonitor): DiffState {
  const vocabulary = createVocabulary();
  const nameVocabulary = createVocabulary();
  const b = buildSide(before, vocabulary, nameVocabulary);
  const a = buildSide(after, vocabulary, nameVocabulary);
  freeze(vocabulary);
  freeze(nameVocabulary);
  b.weight = b.rep.map((m) => weight(vocabulary, m));
  a.weight = a.rep.map((m) => weight(vocabulary, m));
  return { before: b, after: a, vocabulary, nameVocabulary, toAfter: new Map(), toBefore: new Map(), pairedBy: new Map(), relationships: [], found: new Set(), thresholds, monitor, step: 'identity', renamed: new Map() };
}

/** The multiset of a node's body (without parameters and `return`), or undefined when it has none. */
/** A body token that is code, not a brace or a statement's end. */
export const isCode = (token: string) => token !== '{' && token !== '}' && token !== ';';

/**
 * A body of a single short statement, fewer than Thresholds.bodyTokens code tokens (`return x;`,
 * `this.x = x;`, `return 0;`, `{ // empty }`): such a callable in another container fits any code
 * that reads or writes the same names, so it is not taken as code extracted and moved there
 * (extracted in place, its new call still tells), and two of them share no code to be paired by.
 * A call on another object (`other.run();`, five tokens) is not tiny: moving a call to where its
 * object is (drools's `peek()`, `poll()`, `remove()` of a new window context) is an Extract And
 * Move; counting it tiny lost 19 of java-rm's true positives for 2 false ones gone.
 */
export function tinyBody(d: DiffState, n: CstNode): boolean {
  if (n.bodyTokens === undefined) return false;
  let code = 0;
  for (const token of n.bodyTokens) if (isCode(token) && ++code >= d.thresholds.bodyTokens) return false;
  return true;
}

export function bodyOf(d: DiffState, side: Side, id: number): Multiset | undefined {
  let body = side.body[id];
  if (body === null) {
    const { bodyTokens: tokens, stereotypes } = side.cst.nodes[id];
    // No code of its own: a body that only stands for code elsewhere (Python's `...` under
    // @abstractmethod or @overload), or braces alone (`{ }`, `{ return args; }` without its
    // parameters and `return`), which would fit any block a caller gained or lost.
    const none = tokens === undefined || stereotypes.includes('abstract') || stereotypes.includes('stub') || !tokens.some(isCode);
    body = none ? undefined : toMultiset(d.vocabulary, side === d.before && d.renamed.size > 0 ? tokens.map((t) => d.renamed.get(t) ?? t) : tokens, false);
    side.body[id] = body;
  }
  return body;
}

export const isRemoved = (d: DiffState, n1: CstNode) => !d.toAfter.has(n1.id);
export const isAdded = (d: DiffState, n2: CstNode) => !d.toBefore.has(n2.id);

/** n' for a before node: its match in the after CST. */
export function matchAfter(d: DiffState, n1: CstNode | undefined): CstNode | undefined {
  if (!n1) return undefined;
  const id = d.toAfter.get(n1.id);
  return id === undefined ? undefined : d.after.cst.nodes[id];
}

/** n' for an after node: its match in the before CST. */
export function matchBefore(d: DiffState, n2: CstNode | undefined): CstNode | undefined {
  if (!n2) return undefined;
  const id = d.toBefore.get(n2.id);
  return id === undefined ? undefined : d.before.cst.nodes[id];
}

export function parentOf(side: Side, node: CstNode): CstNode | undefined {
  return node.parent === undefined ? undefined : side.cst.nodes[node.parent];
}

/** The topmost ancestor of a node, itself excluded (undefined for roots). */
export function rootOf(side: Side, node: CstNode): CstNode | undefined {
  let root: CstNode | undefined;
  for (let p = parentOf(side, node); p; p = parentOf(side, p)) root = p;
  return root;
}

/**
 * Code that names a type renamed in the commit reads, on the before side, as if written with the
 * new name: a test that calls `UnableToCheckFileExistence::forLocation(…)` is the one now calling
 * `UnableToCheckExistence::forLocation(…)` (the class renamed), not a look-alike new test calling
 * `UnableToCheckDirectoryExistence::forLocation(…)` (flysystem's exceptions consolidated). Otherwise
 * the new name, rare, weighs against the very pair the rename made. Only names that tell one type
 * are read so: the old name declared by that type alone before and by none after, the new one by
 * that type alone after and by none before (a name that moved on to another type would read
 * the code of both as one). Applies the renames of M not yet applied; returns whether the code of
 * a before node `affected` accepts (outside the renamed types) now reads otherwise.
 */
export function readThroughRenames(d: DiffState, affected: (id: number) => boolean): boolean {
  const added = new Map<string, string>();
  for (const [id1, id2] of d.toAfter) {
    const n1 = d.before.cst.nodes[id1];
    const n2 = d.after.cst.nodes[id2];
    if (n1.name === n2.name || !isType(n1) || !isType(n2) || d.renamed.has(n1.name)) continue;
    if (!IDENTIFIER.test(n1.name) || !IDENTIFIER.test(n2.name)) continue;
    const names = typeNames(d);
    if (names.before.get(n1.name) !== 1 || names.after.has(n1.name) || names.after.get(n2.name) !== 1 || names.before.has(n2.name)) continue;
    added.set(n1.name, n2.name);
  }
  if (added.size === 0) return false;
  const substitutions = new Map<number, number>();
  for (const [old, name] of added) {
    const from = d.vocabulary.ids.get(old);
    const to = d.vocabulary.ids.get(name);
    if (from === undefined || to === undefined) continue;
    d.renamed.set(old, name);
    substitutions.set(from, to);
  }
  if (substitutions.size === 0) return false;
  const changed = substituteTokens(d.vocabulary, d.before.rep, substitutions);
  if (changed.length === 0) return false;
  // weights follow the idf of the tokens replaced, on both sides
  const touched = [...substitutions.keys(), ...substitutions.values()];
  for (const side of [d.before, d.after]) {
    side.rep.forEach((m, i) => {
      if (touched.some((t) => m.has(t))) side.weight[i] = weight(d.vocabulary, m);
    });
  }
  for (const i of changed) d.before.body[i] = null;
  const inRenamed = new Set<number>();
  for (const [id1] of d.toAfter) {
    const n1 = d.before.cst.nodes[id1];
    if (!added.has(n1.name) || !isType(n1)) continue;
    inRenamed.add(id1);
    for (const c of descendants(d.before.cst, n1)) inRenamed.add(c.id);
  }
  return changed.some((i) => !inRenamed.has(i) && affected(i));
}

/** How many types bear each name, on each side (built once). */
function typeNames(d: DiffState): { before: Map<string, number>; after: Map<string, number> } {
  const count = (side: Side) => {
    const names = new Map<string, number>();
    for (const n of side.cst.nodes) if (isType(n)) names.set(n.name, (names.get(n.name) ?? 0) + 1);
    return names;
  };
  return (d.typeNames ??= { before: count(d.before), after: count(d.after) });
}
