/**
 * Steps 1–3 of FindRelationships: matchings by identity, by unique identifier, by code
 * similarity (safe pairs first), and by matching children. They only fill the matching M;
 * the relationship types are resolved afterwards (resolveMatchings), when every parent is known.
 */
import { argumentsTaken, descendants, isCallable, isType, type CstNode } from './cst';
import { codeOfOneType, findMatchRel, has, movedWithFile, parametersChanged, pulledUp, pushedDown, sameLocation, sameName, sameSignature, sameType } from './conditions';
import { bodyOf, isAdded, isRemoved, matchAfter, matchBefore, parentOf, tinyBody, type DiffState, type Side } from './diff-state';
import type { MatchingStep } from './relationship-types';
import { intersectionWeight, similarity, containment, plus, weight } from './similarity';
import { anyStatementKept, bodyStatements, everyStatementAsWritten, everyStatementKept, movedStatements } from './statements';
import { splitIdentifier, WORD } from './tokens';

interface Candidate {
  n1: CstNode;
  n2: CstNode;
  score: number;
  depth: number;
  /** Candidates of a lower tier are taken first, whatever their score (default 0). */
  tier?: number;
}

/** addMatch: records (n1, n2) unless either is matched already, then matches their children by id. */
export function addMatch(d: DiffState, n1: CstNode, n2: CstNode, step: MatchingStep = d.step): boolean {
  if (!isRemoved(d, n1) || !isAdded(d, n2)) return false;
  if (codeOfOtherTypes(n1, n2)) {
    d.monitor.discarded?.({ step, before: n1, after: n2, score: code(d, n1, n2), reason: 'the code of another type (an impl block for another type)' });
    return false;
  }
  d.toAfter.set(n1.id, n2.id);
  d.toBefore.set(n2.id, n1.id);
  d.pairedBy.set(n1.id, step);
  matchChildrenById(d, n1.children, n2.children);
  return true;
}

/**
 * Pairs two leaves in place of the pairs either had, as a later look at a step's pairings overturns
 * one of them (swapLookAlikeRenames, followKeptCallers, followSiblings): no children follow.
 */
function pairInstead(d: DiffState, n1: CstNode, n2: CstNode): void {
  const was2 = d.toAfter.get(n1.id);
  if (was2 !== undefined) d.toBefore.delete(was2);
  const was1 = d.toBefore.get(n2.id);
  if (was1 !== undefined) {
    d.toAfter.delete(was1);
    d.pairedBy.delete(was1);
  }
  d.toAfter.set(n1.id, n2.id);
  d.toBefore.set(n2.id, n1.id);
  d.pairedBy.set(n1.id, d.step);
}

/**
 * The code of a type declared elsewhere (a Rust impl block) is that type's: a block for another
 * type is not it renamed. `impl IntoBuf for ()` deleted is not `impl IntoBuf for Vec<u8>`, new in
 * another file with a body as short (tokio-rs/bytes 4466b75ae4); where the type itself was renamed,
 * its declaration tells it.
 */
const codeOfOtherTypes = (n1: CstNode, n2: CstNode) =>
  isType(n1) && isType(n2) && (has(n1, 'declared-elsewhere') || has(n2, 'declared-elsewhere')) && !codeOfOneType(n1, n2);

const idKey = (n: CstNode) => n.namespace + '\u0000' + n.signature;

/** The siblings of an identity pair that have no counterpart of their identifier: removed (gone) and added (new) ones. */
interface Unpaired {
  gone: CstNode[];
  added: CstNode[];
}

/**
 * A callable that kept its name but not its parameters, while a sibling of a new name on the other
 * side has exactly its parameters and more of its code, was renamed to that sibling (and the name
 * now stands for a new callable: `__init__(*args)` dispatching to the old `__init__` renamed); and
 * likewise the other way round. Where identifiers carry the parameter types the question never arises.
 */
function renamedAway(d: DiffState, n1: CstNode, n2: CstNode, unpaired: Unpaired): boolean {
  if (!isCallable(n1) || !isCallable(n2) || !parametersChanged(n1, n2)) return false;
  const kept = Math.max(code(d, n1, n2), d.thresholds.similarity);
  const better = (a: CstNode, b: CstNode) => isCallable(a) && isCallable(b) && !parametersChanged(a, b) && code(d, a, b) > kept;
  // A same-named callable reduced to a thin call of the other is an Extract (or, the other way, an Inline).
  const wrapper = (n: CstNode, wn: number, r: CstNode, wr: number) => n.calls.some((c) => c.name === r.name) && wn < wr / 2;
  return (
    unpaired.added.some((r2) => better(n1, r2) && !wrapper(n2, d.after.weight[n2.id], r2, d.after.weight[r2.id])) ||
    unpaired.gone.some((r1) => better(r1, n2) && !wrapper(n1, d.before.weight[n1.id], r1, d.before.weight[r1.id]))
  );
}

/**
 * Names that rotated (a.py's content now in b.py, c.py's in a.py; class `Distribution` now
 * `ScalarDistribution`, `JointDistribution` now `Distribution`; a test renamed
 * `test_config_from_file` → `test_config_from_pyfile` while `test_config_from_json` took the freed
 * name): the same identifier pairs the wrong ones. It is not trusted when both a sibling of a new
 * name holds more of n1's code than n2 does and a sibling of a removed name holds more of n2's
 * code than n1 does. A type named after its file whose file moved has no identity left but its
 * code: for it the first condition suffices. A callable, whose code changes more readily than a
 * type's, must also have kept less than half its code (look-alike tests edited in one commit
 * stay paired by name), unless the code came in with its name from a deleted file (movedInNamesake).
 * That namesake also tells where n2's code came from as a sibling of a removed name would: jinja
 * 1932ce3dc4 renamed filters.py's `do_join` to `sync_do_join` (0.966) and moved the deleted
 * asyncfilters.py's `do_join`, a thin async wrapper, in under the freed name (0.746), which kept
 * 0.275 of the old one's code.
 */
function rotated(d: DiffState, n1: CstNode, n2: CstNode, unpaired: Unpaired): boolean {
  const own = code(d, n1, n2);
  if (isCallable(n1) && has(n1, 'constructor')) return false;
  const kept = Math.max(own, d.thresholds.similarity);
  const better = (a: CstNode, b: CstNode) => sameType(d, a, b) && mayReach(d, a, b, kept) && code(d, a, b) > kept;
  if (isCallable(n1) && own >= 0.5) return unpaired.added.some((r2) => better(n1, r2)) && movedInNamesake(d, n2, better);
  const wentElsewhere = unpaired.added.some((r2) => better(n1, r2));
  const cameFromElsewhere = () => unpaired.gone.some((r1) => better(r1, n2));
  // a namesake of another kind that declares no members (TypeScript's `interface Options` renamed
  // `KyOptions` while a new `type Options = WithBody | WithoutBody` took the name, or a deprecated
  // `type PiniaStorePlugin = PiniaPlugin` left behind) has only its name for it: the new type of
  // the old one's kind that holds its code is where it went, the gone one that holds the
  // namesake's code is where that came from. Not so a class that became an interface declaring
  // its methods while a new implementation took their bodies (gradle's `ResolverResults` →
  // `DefaultResolverResults`): that interface is still the type, its methods pushed down. Such a
  // namesake is as often left behind by a type moved to another file (Go's `type Animal =
  // zoo.Animal` where the struct went to package zoo): for it the type holding the code is looked
  // for among the types new, or gone, anywhere.
  const memberless = n1.children.length === 0 || n2.children.length === 0;
  if (!isCallable(n1) && n1.kind !== n2.kind && memberless) {
    return wentElsewhere || cameFromElsewhere() || addedNodes(d).some((r2) => r2 !== n2 && better(n1, r2)) || removedNodes(d).some((r1) => r1 !== n1 && better(r1, n2));
  }
  if (!wentElsewhere) return false;
  return (!isCallable(n1) && movedWithFile(n1, n2)) || cameFromElsewhere() || (isCallable(n1) && movedInNamesake(d, n2, better));
}

/**
 * A callable that kept less than half of its code under its name, while a new sibling named after
 * it (the old name kept whole, a prefix or suffix added: a test disabled as `TTestInit`, `parseLegacy`)
 * holds nearly all of it with the same parameters, was renamed to that sibling, and a new callable
 * took the name (a test rewritten beside the old one kept under another name). Not where one of
 * the two calls the other: a thin wrapper of the old code is an Extract (or, back, an Inline).
 */
function keptUnderDerivedName(d: DiffState, n1: CstNode, n2: CstNode, unpaired: Unpaired): boolean {
  if (!isCallable(n1) || !isCallable(n2) || parametersChanged(n1, n2)) return false;
  const own = code(d, n1, n2);
  if (own >= 0.5) return false;
  const name = n1.name.toLowerCase();
  return unpaired.added.some((r2) =>
    isCallable(r2) && r2.name.length > n1.name.length && r2.name.toLowerCase().includes(name) && !parametersChanged(n1, r2) &&
    !n2.calls.some((c) => c.name === r2.name) && !r2.calls.some((c) => c.name === n2.name) && code(d, n1, r2) >= 0.9);
}

/**
 * A callable of n2's name in a file the commit deleted holds more of n2's code than its namesake
 * here: the code came in with its name from there (asyncfilters.py's `do_map` merged into
 * filters.py, whose own `do_map` became `sync_do_map`).
 */
function movedInNamesake(d: DiffState, n2: CstNode, better: (a: CstNode, b: CstNode) => boolean): boolean {
  const files = new Set(d.after.cst.roots.map((id) => d.after.cst.nodes[id].location.file));
  return d.before.cst.nodes.some((r1) => r1.name === n2.name && isCallable(r1) && !files.has(r1.location.file) && isRemoved(d, r1) && better(r1, n2));
}

/** Nodes by identity key (idKey), in the order given. */
function byIdKey(nodes: CstNode[]): Map<string, CstNode[]> {
  const byKey = new Map<string, CstNode[]>();
  for (const n of nodes) {
    const key = idKey(n);
    const list = byKey.get(key);
    if (list) list.push(n);
    else byKey.set(key, [n]);
  }
  return byKey;
}

/**
 * The pairs of siblings that share an identifier, in the order to try them. Where several share
 * one on a side (partial classes, overloads whose identifiers read alike, two types of one name in
 * two files of one namespace, a function defined twice under #ifdef, a JavaScript variable given a
 * function several times), the pairs of one type go first (a Scala class and its companion object,
 * a C struct and a function of one name, are two elements: a class whose members went into its new
 * companion is not that object), then the most similar, then those within one file, then those
 * with the same parameters, then those at the same place among their namesakes (the third of a
 * test file's look-alike `handlers = { asyncEnd() {…} }` objects with the third: where one of them
 * changed, the unchanged copies pair with themselves and leave it its own), then declaration order:
 * declaration order alone pairs an old overload with a new one declared above it.
 */
function pairsById(d: DiffState, byKey1: Map<string, CstNode[]>, byKey2: Map<string, CstNode[]>): Array<[CstNode, CstNode]> {
  const pairs: Array<[CstNode, CstNode]> = [];
  for (const [key, list1] of byKey1) {
    const list2 = byKey2.get(key);
    if (!list2) continue;
    if (list1.length === 1 && list2.length === 1) {
      pairs.push([list1[0], list2[0]]);
      continue;
    }
    const ofOneType = ([n1, n2]: [CstNode, CstNode]) => (sameType(d, n1, n2) ? 1 : 0);
    // an exported callable and a helper of its name beside it are two elements, whichever took the other's code
    const sameExport = ([n1, n2]: [CstNode, CstNode]) => (n1.stereotypes.includes('exported') === n2.stereotypes.includes('exported') ? 1 : 0);
    const sameFile = ([n1, n2]: [CstNode, CstNode]) => (n1.location.file === n2.location.file ? 1 : 0);
    const sameParameters = ([n1, n2]: [CstNode, CstNode]) => (n1.parameters.join(',') === n2.parameters.join(',') ? 1 : 0);
    // where the identifier is the bare name, namesakes whose written parameter types tell them apart
    // are different callables (Rust's `eq(&Bytes)` and `eq(&Vec<u8>)`, one per `impl PartialEq<…>`):
    // the one with the old parameter types is the old one, whichever took more of its code
    const sameTypes = ([n1, n2]: [CstNode, CstNode]) => (isCallable(n1) && isCallable(n2) && typedParameters(n1) && typedParameters(n2) && !parametersChanged(n1, n2) ? 1 : 0);
    // scores apart by rounding alone (1.0000000000000002 and 1: one body written twice) are one score
    const ranked = list1.flatMap((n1, i1) => list2.map((n2, i2) => ({ pair: [n1, n2] as [CstNode, CstNode], score: Math.round(code(d, n1, n2) * 1e9), apart: Math.abs(i1 - i2) })));
    // a stable sort: pairs of one score and file go by their parameters, then by place, then keep declaration order
    // parts of a type declared in several files (C#'s partial classes) keep their files: code moved
    // from one part to another leaves each part where it was, whichever it now resembles more
    const partsInFiles = ([n1, n2]: [CstNode, CstNode]) => (isType(n1) && isType(n2) ? sameFile([n1, n2]) : 0);
    ranked.sort(
      (a, b) =>
        ofOneType(b.pair) - ofOneType(a.pair) ||
        sameExport(b.pair) - sameExport(a.pair) ||
        partsInFiles(b.pair) - partsInFiles(a.pair) ||
        sameTypes(b.pair) - sameTypes(a.pair) ||
        b.score - a.score ||
        sameFile(b.pair) - sameFile(a.pair) ||
        sameParameters(b.pair) - sameParameters(a.pair) ||
        a.apart - b.apart,
    );
    pairs.push(...ranked.map((r) => r.pair));
  }
  return pairs;
}

/**
 * A type that was made generic, or given more or fewer type parameters (`IPipelineBehavior` →
 * `IPipelineBehavior<TRequest, TResponse>`), changed its identifier but not its name: where it is
 * the only type of its name and namespace gone among the siblings, one alone came, and no other new
 * sibling holds more of its code, it is that one, its signature changed. Not where it was renamed
 * and a new type took its name with other type parameters (`Wrapper<TRequest, TResponse>` →
 * `WrapperImpl<TRequest, TResponse>` next to a new `Wrapper`). Elsewhere a type's identifier is its
 * name, and such pairs never occur.
 */
function typeParametersChanged(d: DiffState, unpaired: Unpaired): Array<[CstNode, CstNode]> {
  const namesakes = (list: CstNode[], n: CstNode) => list.filter((m) => !isCallable(m) && m.name === n.name && m.namespace === n.namespace);
  const pairs: Array<[CstNode, CstNode]> = [];
  for (const n1 of unpaired.gone) {
    if (isCallable(n1)) continue;
    const added = namesakes(unpaired.added, n1);
    if (added.length !== 1 || namesakes(unpaired.gone, n1).length !== 1 || !sameType(d, n1, added[0])) continue;
    const [n2] = added;
    const kept = code(d, n1, n2);
    if (!unpaired.added.some((r2) => r2 !== n2 && sameType(d, n1, r2) && code(d, n1, r2) > kept)) pairs.push([n1, n2]);
  }
  return pairs;
}

/**
 * Pairs nodes with the same identifier (and namespace), each at most once, in the order of
 * pairsById, then the types whose type parameters changed (typeParametersChanged). A callable that
 * an earlier step matched into another container (a look-alike elsewhere) goes to its namesake
 * here instead: a container that still declares the same signature kept it, so it was not moved away.
 */
function matchChildrenById(d: DiffState, children1: number[], children2: number[]): void {
  const ids1 = withMembersWrittenApart(d.before, children1, d.after, children2);
  const ids2 = withMembersWrittenApart(d.after, children2, d.before, children1);
  const byKey = byIdKey(ids2.map((id) => d.after.cst.nodes[id]).filter((n2) => isAdded(d, n2)));
  const siblings1 = ids1.map((id) => d.before.cst.nodes[id]);
  const byKey1 = byIdKey(siblings1);
  const unpaired: Unpaired = {
    gone: siblings1.filter((n1) => isRemoved(d, n1) && !byKey.has(idKey(n1)) && matchable(n1)),
    added: [...byKey.values()].flat().filter((n2) => !byKey1.has(idKey(n2)) && matchable(n2)),
  };
  const tried = new Set<CstNode>();
  for (const [n1, n2] of [...pairsById(d, byKey1, byKey), ...typeParametersChanged(d, unpaired)]) {
    if (tried.has(n1) || !isAdded(d, n2)) continue;
    const elsewhere = d.toAfter.get(n1.id);
    if (elsewhere !== undefined && (!isCallable(n1) || ids2.includes(elsewhere))) continue;
    tried.add(n1);
    if (renamedAway(d, n1, n2, unpaired)) {
      d.monitor.discarded?.({ step: 'identity', before: n1, after: n2, score: code(d, n1, n2), reason: 'a sibling with its parameters is more similar' });
      continue;
    }
    if (rotated(d, n1, n2, unpaired)) {
      d.monitor.discarded?.({ step: 'identity', before: n1, after: n2, score: code(d, n1, n2), reason: 'renamed siblings are more similar on both sides' });
      continue;
    }
    if (keptUnderDerivedName(d, n1, n2, unpaired)) {
      d.monitor.discarded?.({ step: 'identity', before: n1, after: n2, score: code(d, n1, n2), reason: 'a new sibling named after it holds nearly all of its code' });
      continue;
    }
    if (aliasLeftBehind(d, n1, n2)) {
      d.monitor.discarded?.({ step: 'identity', before: n1, after: n2, score: code(d, n1, n2), reason: 'its namesake is the alias its rename left behind' });
      continue;
    }
    if (elsewhere !== undefined) {
      d.toAfter.delete(n1.id);
      d.toBefore.delete(elsewhere);
    }
    addMatch(d, n1, n2, 'identity');
  }
}

/**
 * A type whose namesake of another kind is an alias naming a new type of its own kind: the alias
 * is what its rename left for the code still written with the old name, and the type is the one
 * the alias names (findMatchingsByAliasLeftBehind). A TypeScript `class MemoryStore` renamed
 * `InMemoryStore` beside `export type MemoryStore = InMemoryStore;` is no class made a type
 * alias, nor is a Go struct made `type Old = New` beside the struct `New`, nor a Rust struct the
 * impl block written on the alias of its old name (itertools deb53ba210's `impl<I: Iterator>
 * Combinations<I>` beside `pub type Combinations<I> = CombinationsGeneric<I, Vec<usize>>;`).
 */
function aliasLeftBehind(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  if (!isType(n1) || !isType(n2) || n1.kind === n2.kind) return false;
  return d.after.cst.nodes.some((n3) => n3 !== n2 && n3.aliasNames?.includes(n2.name) === true && n3.location.file === n2.location.file && isAdded(d, n3) && sameType(d, n1, n3));
}

/**
 * The siblings, and the callables of those types among them that the other side declares no type
 * of the name of but writes apart from it (CstNode.owner), as its siblings: a member in its type's
 * body on one side and beside it on the other is the same member (conditions.ts, stayedBesideType),
 * and its name tells it first. nvim-cmp 1a1d7ecb73 added `entry.__index = entry` to the table its
 * entry.lua returns, which made that table a class: `entry.get_offset`, kept as a one-line
 * deprecated getter while its body went to a new `entry._get_offset`, was read as renamed to it.
 * So too a Go type moved out of the file its methods stay in.
 */
function withMembersWrittenApart(side: Side, ids: number[], other: Side, otherIds: number[]): number[] {
  const apart = otherIds.map((id) => other.cst.nodes[id]).filter((n) => n.owner !== undefined && isCallable(n));
  if (apart.length === 0) return ids;
  const container = parentOf(other, apart[0]);
  if (container && isType(container)) return ids;
  const owners = new Set(apart.map((n) => n.owner));
  const keys = new Set(otherIds.map((id) => idKey(other.cst.nodes[id])));
  return ids.flatMap((id) => {
    const t = side.cst.nodes[id];
    if (!isType(t) || !owners.has(t.name) || keys.has(idKey(t))) return [id];
    return [id, ...t.children.filter((c) => isCallable(side.cst.nodes[c]))];
  });
}

/** Step 1: top-level nodes with the same namespace and identifier, recursively. */
export function findMatchingsById(d: DiffState): void {
  matchChildrenById(d, d.before.cst.roots, d.after.cst.roots);
}

const removedNodes = (d: DiffState) => d.before.cst.nodes.filter((n) => isRemoved(d, n));
const addedNodes = (d: DiffState) => d.after.cst.nodes.filter((n) => isAdded(d, n));

function code(d: DiffState, n1: CstNode, n2: CstNode): number {
  return similarity(d.vocabulary, d.before.rep[n1.id], d.after.rep[n2.id], d.before.weight[n1.id], d.after.weight[n2.id]);
}

/** No pair can be more similar than the ratio of the smaller weight to the larger. */
function mayReach(d: DiffState, n1: CstNode, n2: CstNode, threshold: number): boolean {
  const w1 = d.before.weight[n1.id];
  const w2 = d.after.weight[n2.id];
  return Math.min(w1, w2) > threshold * Math.max(w1, w2);
}

/** The folders two files share (`a/web/domain/G.java`, `b/web/domain/G.java`: `web`, `domain`). */
function commonFolders(n1: CstNode, n2: CstNode): number {
  const folders = (file: string) => file.split('/').slice(0, -1);
  const theirs = new Set(folders(n2.location.file));
  return folders(n1.location.file).filter((f) => theirs.has(f)).length;
}

/**
 * 1 where both nodes are members of types whose names differ (a getter of a deleted
 * `ExplosiveMethod` paired with the one of a `TestMethod` moved to another package), or local
 * functions of callables whose names differ (scopt's identical `def heads = …` in `renderUsage` and
 * in `renderHeader`, both moved to another object beside a new `parse` holding one too), else 0
 * (holders of one name, or a node at the top of its file, which has no type to name).
 */
function typesNamedApart(d: DiffState, n1: CstNode, n2: CstNode): number {
  const p1 = parentOf(d.before, n1);
  const p2 = parentOf(d.after, n2);
  return p1 && p2 && holdersOfOneKind(p1, p2) && p1.name !== p2.name ? 1 : 0;
}

/** Two holders both types or both callables. */
const holdersOfOneKind = (p1: CstNode, p2: CstNode) => (isType(p1) && isType(p2)) || (isCallable(p1) && isCallable(p2));

/**
 * How alike the holders of two nested nodes are, for a tie between identical copies: 2 where n1's
 * holder is already paired with n2's, else the code similarity of the two holders where they are of
 * one name and both types or both callables, else 0 (a test class split in two of other names gave
 * its nested class to both: code does not tell which one kept it). A test class moved to a new package while a rewritten copy of it went to
 * another module (Exposed's `ColumnWithTransformTest` into `v1/tests/` and `v1/r2dbc/sql/tests/`)
 * holds the same nested data classes in both: they went with the class that is still most like
 * their old holder, not with the copy.
 */
function holdersAlike(d: DiffState, n1: CstNode, n2: CstNode): number {
  const p1 = parentOf(d.before, n1);
  const p2 = parentOf(d.after, n2);
  if (!p1 || !p2 || p1.name !== p2.name || !holdersOfOneKind(p1, p2)) return 0;
  return d.toAfter.get(p1.id) === p2.id ? 2 : code(d, p1, p2);
}

/**
 * For a tie in code between renames in place, how alike the names of a candidate pair are (0 for a
 * pair in two places): names tell look-alikes apart where code cannot. CsvHelper aa0b66fec5 renamed
 * two empty interfaces of one supertype list in one file, `IIndexedOptionsClass` and
 * `INameIndexedOptionsClass`, to `IHasIndexOptions` and `IHasNameIndexOptions`, and the first by id
 * took `IHasNameIndexOptions`. Not between places: identical generated classes moved to other
 * packages under other names (aws-sdk-java's exception unmarshallers) share words of no meaning.
 */
function namesAlikeInPlace(d: DiffState, c: Candidate): number {
  return sameLocation(d, c.n1, c.n2) ? nameSimilarity(d, c.n1, c.n2) : 0;
}

/**
 * Candidates sorted by tier, then by score (descending), then, between equally similar pairs
 * (identical copies in two places: `getMethod() { return fMethod; }` in a deleted `ExplosiveMethod`
 * and in `TestMethod`, moved), the pair not in types of other names, then the pair whose files
 * share more folders, then the pair whose holders are more alike, then the pair renamed in place
 * whose names are more alike (namesAlikeInPlace), then the shallower first, then by id for stability.
 */
function addMatchesInOrder(d: DiffState, candidates: Candidate[], step: MatchingStep = d.step): Candidate[] {
  candidates.sort(
    (a, b) =>
      (a.tier ?? 0) - (b.tier ?? 0) ||
      b.score - a.score ||
      (a.score === b.score ? typesNamedApart(d, a.n1, a.n2) - typesNamedApart(d, b.n1, b.n2) : 0) ||
      (a.score === b.score ? commonFolders(b.n1, b.n2) - commonFolders(a.n1, a.n2) : 0) ||
      (a.score === b.score ? holdersAlike(d, b.n1, b.n2) - holdersAlike(d, a.n1, a.n2) : 0) ||
      (a.score === b.score ? namesAlikeInPlace(d, b) - namesAlikeInPlace(d, a) : 0) ||
      a.depth - b.depth ||
      a.n1.id - b.n1.id ||
      a.n2.id - b.n2.id,
  );
  const inlined = new Map<CstNode, boolean>();
  const inlinedApart = (c: Candidate) => {
    if (!inlined.has(c.n1)) inlined.set(c.n1, inlinedWhole(d, c.n1));
    if (!inlined.get(c.n1) || keptCallerCalls(d, c.n1, c.n2)) return false;
    d.monitor.discarded?.({ step, before: c.n1, after: c.n2, score: c.score, reason: 'its whole body went into a caller that no longer calls it' });
    return true;
  };
  return candidates.filter((c) => !inlinedApart(c) && addMatch(d, c.n1, c.n2, step));
}

/** Two pairings whose code scores differ by less than this are one as far as code can tell. */
const CODE_TIE = 0.002;

/**
 * Look-alike siblings renamed together (tests rewritten alike, `TestLoadHTMLGlob` →
 * `TestLoadHTMLGlobDebugMode` beside `TestLoadHTMLFiles2` → `TestLoadHTMLFilesDebugMode`): where two
 * renames of leaf callables between the same containers would score as well by code crossed over
 * (within CODE_TIE, each still above the bar) and their names share more words crossed over, the
 * code did not decide the pairing and the names do: the pairs are swapped. Unless another element
 * made one of the renames as paired (a header's prototype is renamed as its definition in the
 * source file is: jq's `gen_op_var_unbound` → `gen_op_unbound` in compile.c and compile.h); where
 * the crossed pairing is so made elsewhere, they are swapped whatever their names say. Renames that
 * moved too are swapped alike: Dapper 9fbba78da0 moved `WrappedReader`'s `IDataRecord.GetBytes`
 * and `IDataRecord.GetChars` into a new `BasicWrappedReader`, their field renamed (`Reader.GetBytes(…)`
 * → `_reader.GetBytes(…)`), and they read as crossed Move And Rename (0.519 each).
 */
function swapLookAlikeRenames(d: DiffState, accepted: Candidate[]): void {
  const leafRename = (c: Candidate) =>
    isCallable(c.n1) && isCallable(c.n2) && c.n1.children.length === 0 && c.n2.children.length === 0 && !sameName(c.n1, c.n2);
  const groups = new Map<string, Candidate[]>();
  for (const c of accepted.filter(leafRename)) {
    const key = `${c.n1.parent}:${c.n2.parent}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const names = (a: CstNode, b: CstNode) => nameSimilarity(d, a, b);
  const renameKey = (a: CstNode, b: CstNode) => `${a.name}\u0000${b.name}`;
  for (const group of groups.values()) {
    // the renames of callables matched outside this group, by old and new name (a header's
    // prototype is renamed as its definition is), read once a tie is found
    let renamed: Set<string> | undefined;
    const othersRenamed = () => {
      const own = new Set(group.map((c) => c.n1.id));
      const found = new Set<string>();
      for (const [id1, id2] of d.toAfter) {
        const n1 = d.before.cst.nodes[id1];
        const n2 = d.after.cst.nodes[id2];
        if (!own.has(id1) && isCallable(n1) && n1.name !== n2.name) found.add(renameKey(n1, n2));
      }
      return found;
    };
    const elsewhere = (c: Candidate, n2: CstNode) => (renamed ??= othersRenamed()).has(renameKey(c.n1, n2));
    for (let passes = 0, swapped = true; swapped && passes < group.length; passes++) {
      swapped = false;
      for (let i = 0; i < group.length; i++) {
        for (let j = i + 1; j < group.length; j++) {
          const a = group[i];
          const b = group[j];
          const ab = code(d, a.n1, b.n2);
          const ba = code(d, b.n1, a.n2);
          if (ab <= d.thresholds.similarity || ba <= d.thresholds.similarity || ab + ba < a.score + b.score - CODE_TIE) continue;
          if (elsewhere(a, a.n2) || elsewhere(b, b.n2)) continue;
          if (names(a.n1, b.n2) + names(b.n1, a.n2) <= names(a.n1, a.n2) + names(b.n1, b.n2) && !elsewhere(a, b.n2) && !elsewhere(b, a.n2)) continue;
          pairInstead(d, a.n1, b.n2);
          pairInstead(d, b.n1, a.n2);
          group[i] = { ...a, n2: b.n2, score: ab };
          group[j] = { ...b, n2: a.n2, score: ba };
          swapped = true;
        }
      }
    }
  }
}

/**
 * Declarations without code of their own (abstract methods) are similar to any declaration with the
 * same signature: their similarity says nothing about where they went, so they only match in place.
 */
const bodiless = (n: CstNode) => has(n, 'abstract');

/** A function declared without a body, and not as a type's abstract member: a C header's `int f(int);`. */
const isPrototype = (n: CstNode) => isCallable(n) && !has(n, 'has-body') && !has(n, 'abstract') && !has(n, 'type-member');

/** No body, or one too small to be code of its own (`{ return true; }`, `{ // empty }`). */
const noCode = (d: DiffState, n: CstNode) => bodiless(n) || tinyBody(d, n);

/**
 * Two callables with no code to compare, whose names share no word and whose signatures differ
 * besides (another return type or other parameters): what is alike is only part of a signature,
 * which says nothing of one having become the other (an abstract API replaced, `boolean
 * isExported(Class, Class)` and its `{ return true; }` override gone, `void openFromTo(Class,
 * Class)` and its empty override new). A lone name change (`as(byte[])` → `bs(byte[])`, both
 * `ByteString`) is still a rename. Where one of them returns a value and the other is `void`, a
 * word of their names in common does not make them one either where the `void` one does nothing:
 * a question asked became a thing to do (`boolean canRead(Class, Class)` and its `{ return true; }`
 * gone, `void readFromTo(Class, Class)` and its empty override new), and no code says otherwise.
 */
const onlyPartOfSignatureShared = (d: DiffState, n1: CstNode, n2: CstNode) =>
  isCallable(n1) &&
  isCallable(n2) &&
  noCode(d, n1) &&
  noCode(d, n2) &&
  (n1.returnType !== n2.returnType || n1.parameterTypes.join(',') !== n2.parameterTypes.join(',')) &&
  (nameSimilarity(d, n1, n2) === 0 || valueBecameVoid(n1, n2));

/**
 * One of the two returns a value (`boolean`) and the other is `void` and does nothing: only
 * declared, or an empty body (a return type not written says nothing). A `void` setter that became
 * a fluent one (`setQuorum(int)` → `requireQuorum(int)` returning the builder) keeps its statement.
 */
function valueBecameVoid(n1: CstNode, n2: CstNode): boolean {
  const returnsValue = (n: CstNode) => n.returnType !== '' && n.returnType !== 'void';
  const doesNothing = (n: CstNode) => n.returnType === 'void' && (bodyStatements(n)?.length ?? 0) === 0;
  return (doesNothing(n1) && returnsValue(n2)) || (doesNothing(n2) && returnsValue(n1));
}

/** How many callables still unpaired bear each name: removed ones (before) and added ones (after). */
export interface UnpairedNames {
  before: Map<string, number>;
  after: Map<string, number>;
}

export function unpairedNames(d: DiffState): UnpairedNames {
  const count = (nodes: CstNode[]) => {
    const counts = new Map<string, number>();
    for (const n of nodes) if (isCallable(n)) counts.set(n.name, (counts.get(n.name) ?? 0) + 1);
    return counts;
  };
  return { before: count(removedNodes(d)), after: count(addedNodes(d)) };
}

/**
 * Namesakes in different places where several gone or new callables bear the name (`equals`,
 * `hashCode`, `toString`, `run`): the name cannot tell which went where, and in a short body the
 * name and the parameters are most of the code. One moved to become the other only where the
 * bodies share a word besides those (`getName() = name` moved with its field); two types' own
 * `equals(other: Any?) = other is Factory` and `= delegate == other`, or `hashCode() =
 * javaClass.hashCode()` and `= delegate.hashCode()`, are each their type's. A name gone once and
 * new once is told by the name (`getValueOrDefault` moved and its test rewritten, `value ===
 * undefined` → `typeof value === 'undefined'`). A body without words (`{}`) is not told apart.
 */
export function namesakesApart(unpaired: UnpairedNames, n1: CstNode, n2: CstNode): boolean {
  if (!isCallable(n1) || !sameName(n1, n2)) return false;
  if ((unpaired.before.get(n1.name) ?? 0) <= 1 && (unpaired.after.get(n2.name) ?? 0) <= 1) return false;
  const words = (n: CstNode) => (n.bodyTokens ?? []).filter((t) => WORD.test(t) && t !== n.name && t !== 'return' && !n.parameters.includes(t));
  const [words1, words2] = [words(n1), words(n2)];
  const theirs = new Set(words2);
  return words1.length > 0 && words2.length > 0 && !words1.some((t) => theirs.has(t));
}

const depthOf = (d: DiffState, n1: CstNode, n2: CstNode) => Math.max(d.before.depth[n1.id], d.after.depth[n2.id]);
/** Whether a node may be matched to another than the one of its own identifier: not an anonymous one, nor a namespace (its types are). */
const matchable = (n: CstNode) => !has(n, 'anonymous') && !has(n, 'namespace');

/**
 * A type gone is the new type that an alias of the new version names after it: the alias is what a
 * rename leaves behind for the code still written with the old name (CLI11's `ConfigINI` renamed
 * `ConfigBase`, with `using ConfigINI = ConfigBase;`), however little of the type's code stayed in
 * it (ConfigINI's inline `from_config` went out of the class, to be defined apart). The alias is
 * declared in the new type's file (CstNode.aliasNames), and it names one new type of the old one's kind.
 */
export function findMatchingsByAliasLeftBehind(d: DiffState): void {
  const named = addedNodes(d).filter((n) => n.aliasNames !== undefined);
  if (named.length === 0) return;
  const candidates: Array<[CstNode, CstNode]> = [];
  for (const n1 of removedNodes(d)) {
    if (!isType(n1) || !matchable(n1)) continue;
    const found = named.filter((n2) => n2.aliasNames!.includes(n1.name) && sameType(d, n1, n2));
    if (found.length === 1) candidates.push([n1, found[0]]);
  }
  // Several gone types a new one's aliases name were merged into it (itertools deb53ba210:
  // `Combinations` and `ArrayCombinations` of another file are both aliases of the new
  // `CombinationsGeneric`): the one renamed is the one whose file it stayed in, if one alone did.
  for (const [n1, n2] of candidates) {
    const rivals = candidates.filter(([, other]) => other === n2);
    if (rivals.length === 1 || (n1.location.file === n2.location.file && rivals.filter(([r1]) => r1.location.file === n2.location.file).length === 1)) addMatch(d, n1, n2);
  }
}

/** Step 2a: a removed and an added node whose identifier is unique on both sides, similar enough. */
export function findMatchingsByUniqueName(d: DiffState): void {
  const count = (nodes: CstNode[]) => {
    const counts = new Map<string, number>();
    for (const n of nodes) counts.set(n.signature, (counts.get(n.signature) ?? 0) + 1);
    return counts;
  };
  const counts1 = count(d.before.cst.nodes);
  const counts2 = count(d.after.cst.nodes);
  const added = new Map(addedNodes(d).filter((n) => counts2.get(n.signature) === 1).map((n) => [n.signature, n]));
  const candidates: Candidate[] = [];
  for (const n1 of removedNodes(d)) {
    if (counts1.get(n1.signature) !== 1 || !matchable(n1)) continue;
    const n2 = added.get(n1.signature);
    if (!n2 || !sameType(d, n1, n2) || has(n1, 'abstract') || has(n2, 'abstract')) continue;
    if (findMatchRel(d, n1, n2) === undefined || (!sameLocation(d, n1, n2) && anotherTypesField(d, n1, n2))) continue;
    const score = code(d, n1, n2);
    // what the identity step refused (the name kept, the parameters not, while a sibling of a new
    // name has the old parameters and more of the code: renamed away) a unique name does not undo
    if (renamedAway(d, n1, n2, unpairedSiblings(d, n1, n2))) {
      d.monitor.discarded?.({ step: 'unique-name', before: n1, after: n2, score, reason: 'a sibling with its parameters is more similar' });
      continue;
    }
    if (keptInPlace(d, n1, n2)) {
      d.monitor.discarded?.({ step: 'unique-name', before: n1, after: n2, score, reason: 'its body stayed in place word for word under another name' });
      continue;
    }
    if (score > d.thresholds.uniqueName || (score > d.thresholds.uniqueNameSameMembers && sameMembers(d, n1, n2) && noneCloser(d, n1, n2, score))) candidates.push({ n1, n2, score, depth: depthOf(d, n1, n2) });
    else d.monitor.discarded?.({ step: 'unique-name', before: n1, after: n2, score, threshold: d.thresholds.uniqueName, reason: 'similarity' });
  }
  addMatchesInOrder(d, candidates);
  addMatchesInOrder(d, namesakesKeepingMembers(d), 'namesake-members');
}

/**
 * Kinds any file opens again under one name (C++'s and TypeScript's namespaces, Ruby's and
 * TypeScript's modules): namesakes of them are one declaration written in several files, not a type
 * split in two, and which of them keeps most members says nothing (leveldb d177a0263c replaced
 * port_posix.h and port_posix.cc by port_stdcxx.h, each opening `namespace port`: pairing the
 * .cc's namespace with the new header's hid the Move Function of `InitOnce`).
 */
const OPENED_AGAIN = new Set(['namespace', 'module']);

/** How many of n1's members (constructors aside) have a member of their identifier, name and parameters, in n2. */
function membersKept(d: DiffState, n1: CstNode, n2: CstNode): number {
  const theirs = new Set(namedMembers(d.after, n2).map((c) => c.signature));
  return namedMembers(d.before, n1).filter((c) => theirs.has(c.signature)).length;
}

/** A type's members but its constructors, whose names only repeat the type's. */
const namedMembers = (side: Side, n: CstNode) => n.children.map((id) => side.cst.nodes[id]).filter((c) => !has(c, 'constructor'));

/**
 * A type whose name several gone or new types bear (scopt b893c82949: `scopt.OptionParser` split
 * into `scopt.mutable.OptionParser`, which keeps every builder method as it was, `opt(shortopt:
 * String, …, action: String => Unit)`, and `scopt.immutable.OptionParser`, a new API written from
 * it whose builders take other parameters): the name cannot tell which is which, and the code may
 * favour the rewrite (its bodies are the old ones with less around them). The one that keeps the
 * most of the gone type's members with their identifiers (name and parameters), more than any
 * other namesake keeps of it and more than any other gone namesake left in it, is the type. As for
 * a unique name, its members must mostly have kept their names (sameMembers). RefactoringMiner
 * pairs classes by their members' signatures in the same way.
 */
function namesakesKeepingMembers(d: DiffState): Candidate[] {
  const byName = (nodes: CstNode[]) => {
    const groups = new Map<string, CstNode[]>();
    for (const n of nodes) if (isType(n) && !OPENED_AGAIN.has(n.kind) && matchable(n) && n.children.length > 0) groups.set(n.signature, [...(groups.get(n.signature) ?? []), n]);
    return groups;
  };
  const gone = byName(removedNodes(d));
  const added = byName(addedNodes(d));
  const candidates: Candidate[] = [];
  for (const [name, ones1] of gone) {
    const ones2 = added.get(name);
    if (!ones2 || ones1.length + ones2.length < 3) continue;
    for (const n1 of ones1) {
      const kept = ones2.map((n2) => membersKept(d, n1, n2));
      const best = Math.max(...kept);
      if (best < 2 || kept.filter((k) => k === best).length > 1) continue;
      const n2 = ones2[kept.indexOf(best)];
      if (ones1.some((r1) => r1 !== n1 && membersKept(d, r1, n2) >= best)) continue;
      if (!sameType(d, n1, n2) || has(n1, 'abstract') || has(n2, 'abstract') || findMatchRel(d, n1, n2) === undefined) continue;
      const score = code(d, n1, n2);
      if (score > d.thresholds.uniqueNameSameMembers && sameMembers(d, n1, n2) && noneCloser(d, n1, n2, score)) candidates.push({ n1, n2, score, depth: depthOf(d, n1, n2) });
      else d.monitor.discarded?.({ step: 'unique-name', before: n1, after: n2, score, threshold: d.thresholds.uniqueNameSameMembers, reason: 'the namesake keeping most of its members: similarity, or members not kept' });
    }
  }
  return candidates;
}

/**
 * A callable whose body stayed where it was word for word under another name, a new sibling there
 * with its parameters, while its namesake elsewhere has the body edited: it was renamed in place, and
 * the namesake is a copy that took the name (ripgrep ca058d7584: search.rs's test `basic_search`
 * kept as `basic_search1`, the new search_buffer.rs's `basic_search` written from it for another
 * searcher). Its own name weighs in the code similarity, so the namesake may score higher.
 */
function keptInPlace(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  if (!isCallable(n1) || sameLocation(d, n1, n2)) return false;
  const p1 = parentOf(d.before, n1);
  const place = p1 && matchAfter(d, p1);
  const body = bodyText(n1);
  if (!place || body === undefined || body === bodyText(n2)) return false;
  return place.children.some((id) => {
    const r2 = d.after.cst.nodes[id];
    return r2 !== n2 && isAdded(d, r2) && isCallable(r2) && !parametersChanged(n1, r2) && bodyText(r2) === body;
  });
}

/** A body's statements as written, one string; undefined where it has none. */
function bodyText(n: CstNode): string | undefined {
  const statements = bodyStatements(n);
  return statements && statements.length > 0 ? statements.map((s) => s.join(' ')).join('\n') : undefined;
}

/** The unmatched siblings of n1 (gone) and of n2 (new), as the identity step reads them (Unpaired). */
function unpairedSiblings(d: DiffState, n1: CstNode, n2: CstNode): Unpaired {
  const siblings = (side: Side, n: CstNode) => {
    const parent = parentOf(side, n);
    return (parent ? parent.children : side.cst.roots).map((id) => side.cst.nodes[id]).filter((m) => m !== n && matchable(m));
  };
  return {
    gone: siblings(d.before, n1).filter((m) => isRemoved(d, m)),
    added: siblings(d.after, n2).filter((m) => isAdded(d, m)),
  };
}

/**
 * No other removed or added node of the same type is more similar to n2 or to n1 (its code went
 * elsewhere: a rotation). For a type (a class, not a callable or a file), a rotation takes both:
 * n1's code went to another new type and n2's came from another gone one. A gone sibling that is
 * closer to n2 alone was folded into it (wildfly's `CacheGroupServiceNameFactory` deleted while
 * `GroupServiceNameFactory` moved to another package and took its constant's shape); n1, with
 * nowhere closer to go and its members' names kept, is still n2.
 */
function noneCloser(d: DiffState, n1: CstNode, n2: CstNode, score: number): boolean {
  const closer = (a: CstNode, b: CstNode) => sameType(d, a, b) && mayReach(d, a, b, score) && code(d, a, b) > score;
  const wentElsewhere = addedNodes(d).some((a) => a !== n2 && matchable(a) && closer(n1, a));
  const cameFromElsewhere = removedNodes(d).some((r) => r !== n1 && matchable(r) && closer(r, n2));
  return isType(n1) ? !(wentElsewhere && cameFromElsewhere) : !wentElsewhere && !cameFromElsewhere;
}

/**
 * A type of the same, unique name on both sides whose members mostly kept their names is the same
 * type although its code changed more than uniqueName allows (a class moved to another package
 * and rewritten, an interface whose methods have no body to compare): at least half of the
 * members of the two, counted on both sides, have a namesake on the other, and there are at
 * least two. RefactoringMiner matches moved classes by their members' names in the same way.
 * So is one that grew: every member of the smaller one, two or more, is still there by name
 * (a logger interface moved to another package that kept its 6 messages and gained 20).
 */
function sameMembers(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  if (isCallable(n1) || n1.children.length === 0 || n2.children.length === 0) return false;
  const names = (ids: number[], nodes: CstNode[]) => ids.map((id) => nodes[id]).filter((c) => !has(c, 'constructor')).map((c) => c.name);
  const members1 = names(n1.children, d.before.cst.nodes);
  const members2 = names(n2.children, d.after.cst.nodes);
  const set1 = new Set(members1);
  const set2 = new Set(members2);
  const common = members1.filter((m) => set2.has(m)).length + members2.filter((m) => set1.has(m)).length;
  const total = members1.length + members2.length;
  const [fewer, more] = members1.length <= members2.length ? [members1, set2] : [members2, set1];
  const grew = fewer.length >= 2 && fewer.every((m) => more.has(m));
  return grew || (common >= 2 && common >= total / 2);
}

/**
 * The added nodes of the same type as n1, so that only such pairs are compared. The answer depends
 * only on n1's kind, language and whether it is a callable other than a constructor: computed once each.
 */
function addedByType(d: DiffState): (n1: CstNode) => CstNode[] {
  const added = addedNodes(d).filter(matchable);
  const groups = new Map<string, CstNode[]>();
  return (n1) => {
    const key = `${n1.kind}\u0000${n1.language}\u0000${isCallable(n1) && !has(n1, 'constructor')}`;
    let group = groups.get(key);
    if (!group) {
      group = added.filter((n2) => sameType(d, n1, n2));
      groups.set(key, group);
    }
    return group;
  };
}

/**
 * A member moved to another type and renamed to a name sharing no word with the old one has only
 * its code to tell it apart from a look-alike (getters, delegations, test methods): it needs more.
 * So does a type without members (a type alias, `type AllKeys<T> = T extends any ? keyof T : never`
 * gone from one file and `type EmptyToNever<T> = keyof T extends never ? never : T` new in another):
 * a few tokens of type syntax, which any other alias of the same generic shape shares. Not so two
 * of the same code but for a name (renamedOnly).
 */
function moveAndRenameThreshold(d: DiffState, n1: CstNode, n2: CstNode): number {
  const members = has(n1, 'type-member') && has(n2, 'type-member');
  const memberless = (n: CstNode) => isType(n) && n.children.length === 0;
  const unrelated = (members || (memberless(n1) && memberless(n2) && !renamedOnly(n1, n2))) && nameSimilarity(d, n1, n2) === 0;
  return unrelated ? d.thresholds.moveAndRenameUnrelated : d.thresholds.moveAndRename;
}

/**
 * Two bodies the same token for token but for one identifier written in place of another (besides
 * their own names): a class of properties moved out of a test into its own file under a new name,
 * the converter it names renamed with it (`typeof(MyConverter)` → `typeof(ItemConverterTestConverter)`).
 */
function renamedOnly(n1: CstNode, n2: CstNode): boolean {
  const t1 = n1.bodyTokens;
  const t2 = n2.bodyTokens;
  if (t1 === undefined || t2 === undefined || t1.length !== t2.length || t1.length === 0) return false;
  const replaced = new Set<string>();
  for (let i = 0; i < t1.length; i++) {
    if (t1[i] === t2[i] || (t1[i] === n1.name && t2[i] === n2.name)) continue;
    replaced.add(`${t1[i]}\u0000${t2[i]}`);
    if (replaced.size > 1) return false;
  }
  return true;
}

/**
 * A method renamed in place to n2, where a new sibling that calls n2 has a name closer to the old
 * one, and similar to it (more than positionName): part of the old method was extracted into n2
 * and the rest is that caller
 * (`unpackUtf8()` → `unpackUTF8()` calling a new `unpackTextHeader()`). The old method went to the caller,
 * and to one of its very name first, though n2's name holds every word of the old one.
 * Likewise a method moved under a new name, where the type it went to has a new method of its old
 * name calling n2: it went to that namesake, and n2 was extracted from it (`start()` pulled up into
 * a new superclass whose `start()` calls a new `doStart()` holding most of the old body). Name
 * similarity cannot tell that namesake from n2 (`start` is within `doStart`): across types only the
 * very name counts. A caller there whose name merely shares a word with the old one is no namesake:
 * `getRegisterPair()` moved into a supertype as `toRegisterPair()`, which a new `register(…, registry)`
 * calls, went to `toRegisterPair()`, which holds its code.
 * And a method that seems moved under a new name, where the type it left is still there and has a
 * new method calling n2, of a name closer to the old one, that kept some of its statements as
 * written while n2 holds the others: it stayed there renamed, and n2 was extracted from it into
 * the other type (a test's `testLookupKey()` became `testLookupKeys()`, which keeps its first two
 * statements and hands its sixteen assertions to a new `assertDefaultKeys(map)` in another test
 * class).
 */
function namesakeCaller(d: DiffState, n1: CstNode, n2: CstNode): CstNode | undefined {
  const parent = parentOf(d.after, n2);
  if (!parent || !isCallable(n1) || !has(n1, 'type-member')) return undefined;
  const moved = !sameLocation(d, n1, n2);
  if (!moved && tookItsPlace(d, n1, n2)) return undefined;
  let best: CstNode | undefined;
  let bestNames = Math.max(nameSimilarity(d, n1, n2), d.thresholds.positionName);
  for (const id of parent.children) {
    const c2 = d.after.cst.nodes[id];
    if (c2 === n2 || !isAdded(d, c2) || !isCallable(c2) || !matchable(c2) || has(c2, 'constructor')) continue;
    if (!c2.calls.some((call) => call.name === n2.name)) continue;
    // in place, a caller of n1's very name that stood in its place goes first too: n2's name may hold
    // every word of n1's, which ties them (`runScenario(index, debug)` → a new `runScenario(index,
    // debug, module)` that kept its opening statements and calls a new `onScenarioRun(…)` holding the rest)
    const namesake = c2.name === n1.name && stoodInItsPlace(n1, c2);
    const score = namesake ? Infinity : moved ? 0 : nameSimilarity(d, n1, c2);
    if (score > bestNames) {
      best = c2;
      bestNames = score;
    }
  }
  if (best || !moved) return best;
  const home = matchAfter(d, parentOf(d.before, n1));
  if (!home || home === parent) return undefined;
  bestNames = nameSimilarity(d, n1, n2);
  for (const id of home.children) {
    const c2 = d.after.cst.nodes[id];
    if (!isAdded(d, c2) || !isCallable(c2) || !matchable(c2) || has(c2, 'constructor')) continue;
    if (!c2.calls.some((call) => call.name === n2.name)) continue;
    const score = nameSimilarity(d, n1, c2);
    if (score > bestNames && splitBetween(n1, c2, n2)) {
      best = c2;
      bestNames = score;
    }
  }
  return best;
}

/**
 * n2, beside where n1 was, holds every statement of n1 as written, and a caller that was there
 * before and called n1 now calls n2: n2 is n1 renamed, whatever new caller of n2 has a name closer
 * to the old one. A stream's `checkClassName(name)` became `checkTypeName(name)` word for word,
 * `resolveClass` calling it as before, while a new `check(Class<?>)` calls it for each interface
 * of a class: `check` is within `checkClassName` by name, but it holds none of its code.
 */
function tookItsPlace(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  const before = bodyStatements(n1);
  const after = bodyStatements(n2);
  if (!before || !after || before.length === 0 || !everyStatementAsWritten(before, after)) return false;
  return d.after.usedBy[n2.id].some((id) => {
    const c1 = matchBefore(d, d.after.cst.nodes[id]);
    return c1 !== undefined && c1 !== n1 && c1.calls.some((call) => call.name === n1.name);
  });
}

/** Whether c2 holds some of n1's statements as written and n2 the rest, each as written or edited: n1 split in two. */
function splitBetween(n1: CstNode, c2: CstNode, n2: CstNode): boolean {
  const before = bodyStatements(n1);
  const caller = bodyStatements(c2);
  const callee = bodyStatements(n2);
  if (!before || !caller || !callee || before.length === 0) return false;
  const kept = new Set(before.map((s) => s.join(' ')));
  return caller.some((s) => kept.has(s.join(' '))) && everyStatementKept(before, [...caller, ...callee]);
}

/**
 * A namesake `c2` stands where n1 stood, around the call of n1's code moved into a helper: it takes
 * n1's parameters (an API kept, its body handed on: `guessCompoundTag(word)` now calling
 * `doGuessCompoundTag(word)`), or it holds one of n1's statements as written (what is left around
 * the call: `synchronized (…) { if (!isRunning()) { this.running = true; doStart(); } }`). One with
 * other parameters that holds none is new code of the old name: werkzeug c741436a06's
 * `Rule.match(path, method)` went whole into a new `TableMatcher.match_rule(regex, rule, path,
 * method)`, which a new `TableMatcher.match(domain, path, method, websocket)` looping over the rules
 * calls. Where either has no statements to compare, it is not told apart.
 */
function stoodInItsPlace(n1: CstNode, c2: CstNode): boolean {
  if (!parametersChanged(n1, c2)) return true;
  const before = bodyStatements(n1);
  const after = bodyStatements(c2);
  if (!before || !after || before.length === 0 || after.length === 0) return true;
  const kept = new Set(before.map((s) => s.join(' ')));
  return after.some((s) => kept.has(s.join(' ')));
}

/**
 * A member of the same signature that left a type for its supertype or subtype (Pull Up, Push Down)
 * is told by its signature as much as by its code, which often changes on the way to fit the other
 * type (fields renamed, a call made abstract): it needs less similarity than a look-alike elsewhere.
 * RefactoringMiner likewise matches pulled-up members by signature first.
 */
const alongHierarchy = (d: DiffState, n1: CstNode, n2: CstNode) =>
  isCallable(n1) && sameSignature(n1, n2) && !bodiless(n1) && !bodiless(n2) && (pulledUp(d, n1, n2) || pushedDown(d, n1, n2));

/**
 * The similarity of n1 to its closest successor candidate in a type above or below the one n1's
 * type became, matched or not; 0 when none: a namesake (the same signature, alongHierarchy), or a
 * callable of any name new there (added, or moved in) that n1 may have been pulled up or pushed
 * down into. Copies of a member in several subtypes, pulled up into one, all went there
 * (findAdditionalPullUpsAndPushDowns tells the other namesakes), though only one of them is its pair.
 */
function closestAlongHierarchy(d: DiffState, n1: CstNode): number {
  const home = matchAfter(d, parentOf(d.before, n1));
  if (!home || !isCallable(n1) || !has(n1, 'type-member')) return 0;
  const seen = new Set<number>([home.id]);
  const up = [...home.subtypeOf];
  const down = [...d.after.subtypes[home.id]];
  let best = 0;
  const newcomer = (c: CstNode) => {
    const m = matchBefore(d, c);
    return m === undefined ? isAdded(d, c) : !sameLocation(d, m, c);
  };
  const visit = (id: number) => {
    for (const c of d.after.cst.nodes[id].children.map((child) => d.after.cst.nodes[child])) {
      const moved = isCallable(c) && !bodiless(c) && newcomer(c) && (pulledUp(d, n1, c) || pushedDown(d, n1, c));
      if (moved || alongHierarchy(d, n1, c)) best = Math.max(best, code(d, n1, c));
    }
  };
  for (const [queue, next] of [[up, (id: number) => d.after.cst.nodes[id].subtypeOf], [down, (id: number) => d.after.subtypes[id]]] as const) {
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      visit(id);
      queue.push(...next(id));
    }
  }
  return best;
}

/**
 * n1 moved to another type under a new name (n2), where that type has a callable of the name of
 * one of n1's old callers and it calls n2: the caller went there too and still calls it
 * (`Handlers.parse()` calling `loadBuilders()` became `PredicatedHandlersParser.parse()` calling
 * `loadHandlerBuilders()`). That pairing goes before a look-alike elsewhere, whatever the scores.
 */
function callerNamesake(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  if (!isCallable(n1) || !has(n1, 'type-member') || !has(n2, 'type-member')) return false;
  const names = new Set(d.before.usedBy[n1.id].map((id) => d.before.cst.nodes[id]).filter((c) => c !== n1 && isCallable(c)).map((c) => c.name));
  return d.after.usedBy[n2.id].some((id) => {
    const c2 = d.after.cst.nodes[id];
    return c2 !== n2 && c2.parent === n2.parent && isCallable(c2) && names.has(c2.name);
  });
}

/**
 * Members that went, keeping their signature, into a type they were not in (a move, a pull up), by
 * signature: where one of several copies of a member went (identical `addAttributes(Class<E>)` in
 * three handlers, merged into one new descriptor), the others went too (findMergedCopies tells them).
 */
function copiesMoved(d: DiffState): Map<string, CstNode[]> {
  const found = new Map<string, CstNode[]>();
  for (const [id1, id2] of d.toAfter) {
    const m1 = d.before.cst.nodes[id1];
    const m2 = d.after.cst.nodes[id2];
    if (!isCallable(m1) || !has(m1, 'type-member') || !has(m2, 'type-member') || !sameSignature(m1, m2)) continue;
    if ((m1.language === m2.language && m1.parent !== undefined && d.toAfter.get(m1.parent) === m2.parent) || sameLocation(d, m1, m2)) continue;
    found.set(m2.signature, [...(found.get(m2.signature) ?? []), m2]);
  }
  return found;
}

/**
 * How much of n1 the closest of its namesakes that took a copy of it from another type holds (0
 * where none did): n1, a copy too, went there with its twin, not to a look-alike of another name
 * (the third handler's `addAttributes(Class<E>)` is not the descriptor's new `addCapabilities(Class<E>)`,
 * which only reads like it).
 */
function twinsNamesake(d: DiffState, copies: Map<string, CstNode[]>, n1: CstNode): number {
  let best = 0;
  for (const m2 of copies.get(n1.signature) ?? []) {
    const m1 = matchBefore(d, m2);
    if (m1 && m1 !== n1 && m1.parent !== n1.parent) best = Math.max(best, code(d, n1, m2));
  }
  return best;
}

/**
 * n2's type keeps a member of n1's signature, there before, that holds at least as much of n1 as n2
 * does, or has its statements word for word (an `@Override` added to the kept one weighs in the
 * code similarity of a `return false;`): n1 was a copy of it, gone with its copy of the type, not
 * moved into a new overload of another signature beside it. slf4j-nop's `NOPLogger`, a copy of
 * slf4j-api's `helpers.NOPLogger`, was deleted as the latter gained `debug(Marker, String, Object)`:
 * the copy's empty `debug(String, Object)` is the twin of the kept `debug(String, Object)`, not that
 * new overload.
 */
function twinKeptThere(d: DiffState, n1: CstNode, n2: CstNode, score: number): boolean {
  const home = parentOf(d.after, n2);
  if (!home || !isCallable(n1) || n2.signature === n1.signature) return false;
  const body = bodyText(n1);
  return home.children.some((id) => {
    const c2 = d.after.cst.nodes[id];
    if (c2 === n2 || c2.signature !== n1.signature) return false;
    const c1 = matchBefore(d, c2);
    return c1 !== undefined && c1 !== n1 && sameLocation(d, c1, c2) && (code(d, n1, c2) >= score || (body !== undefined && bodyText(c2) === body));
  });
}

/**
 * n1's type is still there and holds a new callable of n1's name (its parameters changed), which
 * does not call n2: the name in its place tells more than code elsewhere (a dialect's
 * `forDbFindById(String, String, String)`, rewritten as `forDbFindById(String, String[])`, is not
 * a new dialect's `forModelFindById(Table, String)` that reads like its old self).
 */
function namesakeInPlace(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  const home = matchAfter(d, parentOf(d.before, n1));
  if (!home || !isCallable(n1) || has(n1, 'constructor')) return false;
  return home.children.some((id) => {
    const c = d.after.cst.nodes[id];
    return c !== n2 && c.name === n1.name && isCallable(c) && isAdded(d, c) && !c.calls.some((call) => call.name === n2.name);
  });
}

/**
 * n2 is called by a sibling that was there before (matched in place) and did not call it then,
 * and at least half of n2's statements are among those that sibling lost: n2 was extracted from
 * it in place (findExtracts tells it), not brought in from elsewhere under a new name (drools'
 * `SynchronizedPropagationList.internalAddEntry()`, the synchronized block of its `addEntry()`,
 * is not a deleted queue's `add()` that appended to a list alike).
 */
function extractedBeside(d: DiffState, n2: CstNode): boolean {
  if (!isCallable(n2)) return false;
  return d.after.usedBy[n2.id].some((id) => {
    const c2 = d.after.cst.nodes[id];
    const c1 = matchBefore(d, c2);
    if (!c1 || c2 === n2 || c2.parent !== n2.parent || !isCallable(c1) || !sameLocation(d, c1, c2) || c1.calls.some((call) => call.name === n2.name)) return false;
    const s = movedStatements(n2, c1, c2, c2);
    return !!s && s.total > 0 && 2 * s.moved >= s.total;
  });
}

/**
 * n2 is a type of another name that holds, nested in it, a new type of n1's name and kind: n1 went
 * into that namesake, and what makes the holder read like n1 is what was lifted out of it into the
 * holder. A CSV unescaper nested in a utility class, moved into a new `CsvTranslators` as its nested
 * `CsvUnescaper` while its constants went up into `CsvTranslators` itself, is not `CsvTranslators`,
 * which holds those constants and the unescaper's code besides.
 */
function holdsNamesake(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  if (!isType(n1) || sameName(n1, n2)) return false;
  return descendants(d.after.cst, n2).some((c) => c.kind === n1.kind && c.name === n1.name && isAdded(d, c));
}

/**
 * A member of a type that dropped a supertype, and a namesake new in an unrelated type that took that
 * supertype on: each is the supertype's member as its type writes it (RestSharp 6891792f4e's test
 * classes stopped being `IDisposable`, their `Dispose() => _server.Dispose();` gone, as
 * `UploadFileTests` became one with its own `Dispose()`), so their common name is no sign of code
 * moved, and they pair only on code as alike as members of unrelated names need. Not up or down
 * the hierarchy: a supertype pulled up with the method that implements it is a Pull Up.
 */
function supertypeHandedOver(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  const p1 = parentOf(d.before, n1);
  const p2 = parentOf(d.after, n2);
  if (!p1 || !p2 || !isType(p1) || !isType(p2) || p1.supertypes.length === 0 || p2.supertypes.length === 0) return false;
  const p1After = matchAfter(d, p1);
  if (!p1After || p1After === p2 || alongHierarchy(d, n1, n2)) return false;
  const before2 = matchBefore(d, p2)?.supertypes ?? [];
  return p1.supertypes.some((s) => !p1After.supertypes.includes(s) && p2.supertypes.includes(s) && !before2.includes(s));
}

/**
 * Whether a caller of n1 that is still there no longer calls it and now holds every statement of
 * n1 as written, some of them new to it: n1 was inlined into that caller (findInlines tells it),
 * and no step pairs it with a new callable that no caller of it kept calls (addMatchesInOrder).
 * Dapper's `ReadRowAsyncImpl(type, row)` took the whole body of the `ReadRowAsyncImplViaDbReader(
 * reader, type, row)` it called, while a new `ValidateAndMarkConsumed(type)` took the checks that
 * body began with, as another method did: it read as ReadRowAsyncImplViaDbReader renamed (0.519).
 */
function inlinedWhole(d: DiffState, n1: CstNode): boolean {
  const own = isCallable(n1) ? bodyStatements(n1) : undefined;
  if (!own || own.length < 2) return false;
  return d.before.usedBy[n1.id].some((id) => {
    const c1 = d.before.cst.nodes[id];
    const c2 = matchAfter(d, c1);
    if (c1 === n1 || !c2 || !isCallable(c2) || c2.calls.some((call) => call.name === n1.name)) return false;
    const before = bodyStatements(c1);
    const after = bodyStatements(c2);
    return !!before && !!after && everyStatementAsWritten(own, after) && !everyStatementAsWritten(own, before);
  });
}

/** Whether a caller of n1 that is still there now calls n2. */
const keptCallerCalls = (d: DiffState, n1: CstNode, n2: CstNode) =>
  d.before.usedBy[n1.id].some((id) => matchAfter(d, d.before.cst.nodes[id])?.calls.some((call) => call.name === n2.name));

/** Step 2b: pairs sorted by code similarity; with `onlySafe`, only pairs whose names or parents agree. */
export function findMatchingsBySimilarity(d: DiffState, onlySafe: boolean): void {
  const threshold = d.thresholds.similarity;
  const candidatesOf = addedByType(d);
  const unpaired = unpairedNames(d);
  const candidates: Candidate[] = [];
  const copies = copiesMoved(d);
  for (const n1 of removedNodes(d)) {
    if (!matchable(n1)) continue;
    let along: number | undefined;
    let twin: number | undefined;
    for (const n2 of candidatesOf(n1)) {
      const location = sameLocation(d, n1, n2);
      // a name a supertype gave both, one class dropping it and the other taking it on, says nothing of where code went
      const contract = !location && sameName(n1, n2) && supertypeHandedOver(d, n1, n2);
      const safe = (sameName(n1, n2) && !contract) || location;
      if (onlySafe && !safe) continue;
      // told to a monitor (`--explain`) with the pair's similarity, worked out only then
      const setAside = (reason: string, required?: number) =>
        d.monitor.discarded?.({ step: onlySafe ? 'similarity-safe' : 'similarity', before: n1, after: n2, score: code(d, n1, n2), threshold: required, reason });
      if (!location && (bodiless(n1) || bodiless(n2))) {
        setAside('a declaration without a body, elsewhere');
        continue;
      }
      if (!sameName(n1, n2) && (otherField(d, n1, n2) || onlyPartOfSignatureShared(d, n1, n2))) {
        setAside('another field, or no code and only part of the signature shared');
        continue;
      }
      if (!location && (anotherTypesField(d, n1, n2) || namesakesApart(unpaired, n1, n2))) {
        setAside("another type's field, or namesakes of its own kept apart");
        continue;
      }
      const required = contract ? d.thresholds.moveAndRenameUnrelated : !safe ? moveAndRenameThreshold(d, n1, n2) : alongHierarchy(d, n1, n2) ? d.thresholds.hierarchy : threshold;
      if (!mayReach(d, n1, n2, required)) {
        setAside('sizes too far apart to reach the threshold', required);
        continue;
      }
      if (findMatchRel(d, n1, n2) === undefined) {
        setAside('no relationship between these kinds or places');
        continue;
      }
      const score = code(d, n1, n2);
      if (score <= required || (score <= threshold && !noneCloser(d, n1, n2, score))) {
        d.monitor.discarded?.({ step: onlySafe ? 'similarity-safe' : 'similarity', before: n1, after: n2, score, threshold: required, reason: 'similarity' });
        continue;
      }
      if (holdsNamesake(d, n1, n2)) {
        d.monitor.discarded?.({ step: onlySafe ? 'similarity-safe' : 'similarity', before: n1, after: n2, score, reason: 'a new type of its name nested in it took it' });
        continue;
      }
      if (keptInPlace(d, n1, n2)) {
        d.monitor.discarded?.({ step: onlySafe ? 'similarity-safe' : 'similarity', before: n1, after: n2, score, reason: 'its body stayed in place word for word under another name' });
        continue;
      }
      if (!location && sharedOnlyTheName(d, n1, n2)) {
        d.monitor.discarded?.({ step: onlySafe ? 'similarity-safe' : 'similarity', before: n1, after: n2, score, reason: 'a short body that shares only its name' });
        continue;
      }
      // A copy pulled up beside its twin, which took the pair, falls back on no newcomer of another name that holds less of it,
      // nor on a namesake outside the hierarchy that holds no more of it (four subtypes' identical `onDestroy()` gone, one new
      // in their supertype and one in an unrelated activity: every copy went up, as findAdditionalPullUpsAndPushDowns tells).
      // A namesake in its own place is no outsider: it loses only to one that holds more of it (upickle's identical
      // `visitObject` of `TaggedReader` and of its subtype `TaggedReadWriter`, each given a parameter in place, are no
      // Pull Up and Push Down crossed over).
      const inPlace = location && sameName(n1, n2);
      const outside = sameName(n1, n2) && !inPlace && !pulledUp(d, n1, n2) && !pushedDown(d, n1, n2);
      if ((outside || !sameName(n1, n2) || inPlace) && (outside ? score <= (along ??= closestAlongHierarchy(d, n1)) : score < (along ??= closestAlongHierarchy(d, n1)))) {
        d.monitor.discarded?.({ step: onlySafe ? 'similarity-safe' : 'similarity', before: n1, after: n2, score, reason: 'a successor up or down the hierarchy holds more of it' });
        continue;
      }
      if (!safe && extractedBeside(d, n2)) {
        d.monitor.discarded?.({ step: onlySafe ? 'similarity-safe' : 'similarity', before: n1, after: n2, score, reason: 'it holds code its caller beside it lost' });
        continue;
      }
      if (!safe && namesakeInPlace(d, n1, n2)) {
        d.monitor.discarded?.({ step: onlySafe ? 'similarity-safe' : 'similarity', before: n1, after: n2, score, reason: 'a new callable of its name stands in its place' });
        continue;
      }
      if (!sameName(n1, n2) && score <= (twin ??= twinsNamesake(d, copies, n1))) {
        d.monitor.discarded?.({ step: onlySafe ? 'similarity-safe' : 'similarity', before: n1, after: n2, score, reason: 'a namesake that took a copy of it from another type holds more of it' });
        continue;
      }
      if (!location && twinKeptThere(d, n1, n2, score)) {
        d.monitor.discarded?.({ step: onlySafe ? 'similarity-safe' : 'similarity', before: n1, after: n2, score, reason: 'its type keeps a member of its signature that holds as much of it' });
        continue;
      }
      const caller = !sameName(n1, n2) ? namesakeCaller(d, n1, n2) : undefined;
      if (caller) d.monitor.discarded?.({ step: onlySafe ? 'similarity-safe' : 'similarity', before: n1, after: n2, score, reason: 'a new caller of it has a name closer to the old one' });
      // The same name in the same place with other parameters (where identifiers carry them) is a
      // signature changed in place: it goes before a look-alike elsewhere. Where the identifier is the
      // bare name, the identity step has already weighed that pair (a rotation of names) and let it go.
      // A member moved and renamed into the type its old caller went to, and called there by it, goes before a look-alike elsewhere.
      const tier = (location && sameName(n1, n2) && n1.signature !== n2.signature) || (!safe && callerNamesake(d, n1, n2)) ? 0 : 1;
      candidates.push({ n1, n2: caller ?? n2, score, depth: depthOf(d, n1, n2), tier });
    }
    if (onlySafe) candidates.push(...withInlinedHelpers(d, n1, candidatesOf(n1)));
  }
  const accepted = addMatchesInOrder(d, candidates);
  swapLookAlikeRenames(d, accepted);
  followKeptCallers(d, accepted, groupBy(candidates, (c) => c.n1));
  followSiblings(d, accepted, groupBy(candidates, (c) => c.n2));
}

/** Candidates by one of their elements. */
function groupBy(candidates: Candidate[], key: (c: Candidate) => CstNode): Map<CstNode, Candidate[]> {
  const groups = new Map<CstNode, Candidate[]>();
  for (const c of candidates) {
    const group = groups.get(key(c));
    if (group) group.push(c);
    else groups.set(key(c), [c]);
  }
  return groups;
}

/**
 * Of two gone near-copies (within CODE_TIE) competing for one new element, the one whose siblings
 * went where the new element is takes it: its holder's code went there, the other's did not.
 * zustand e247220ece inlined `newImpl` into `persistImpl` and deleted its old twin `oldImpl`; each
 * held the same local `api.setState = (state, replace) => {…}`, and the one of `oldImpl` took the
 * new local for its lower id, while `newImpl`'s `setItem`, `hydrate` and `getInitialState` had
 * all gone into `persistImpl`. Elements without children only: their pairs take none along.
 */
function followSiblings(d: DiffState, accepted: Candidate[], byN2: Map<CstNode, Candidate[]>): void {
  const went = (n1: CstNode, n2: CstNode) => {
    const p1 = parentOf(d.before, n1);
    const p2 = parentOf(d.after, n2);
    return p1 && p2 ? matchingChildren(d, p1, p2) : 0;
  };
  for (const c of accepted) {
    const n1 = matchBefore(d, c.n2);
    if (!n1 || n1.children.length > 0 || c.n2.children.length > 0 || matchAfter(d, n1) !== c.n2) continue;
    const score = code(d, n1, c.n2);
    const others = (byN2.get(c.n2) ?? []).filter((o) => o.n1 !== n1 && o.n1.children.length === 0 && isRemoved(d, o.n1) && (o.tier ?? 0) === (c.tier ?? 0) && o.score >= score - CODE_TIE);
    if (others.length === 0) continue;
    const own = went(n1, c.n2);
    const better = others.filter((o) => went(o.n1, c.n2) > own);
    if (better.length !== 1) continue;
    pairInstead(d, better[0].n1, c.n2);
  }
}

/** Two pairings whose code scores differ by less than this are near-copies the callers may tell apart. */
const CALLERS_TIE = 0.01;

/**
 * A callable paired with one of two near-copies new in the commit (within CALLERS_TIE), where the
 * callers it had, all kept, now call the other copy and none calls the one paired: code could not
 * choose and the calls do, so it is paired with the copy its callers call. gin 0d50ce8597 made
 * two copies of `createFormPostRequestFail()`, `createFormPostRequestForMap(t)` and
 * `createFormPostRequestForMapFail(t)`, which differ by a string literal; the first read as its
 * rename (0.610 against 0.607), while the test that called the old helper, paired with the new
 * `TestBindingFormPostForMapFail`, calls the second. Leaf callables only: their pairs take no
 * children along.
 */
function followKeptCallers(d: DiffState, accepted: Candidate[], byN1: Map<CstNode, Candidate[]>): void {
  const leaf = (n: CstNode) => isCallable(n) && n.children.length === 0;
  for (const c of accepted) {
    const n2 = matchAfter(d, c.n1);
    if (!n2 || !leaf(c.n1) || !leaf(n2)) continue;
    const score = code(d, c.n1, n2);
    const others = (byN1.get(c.n1) ?? []).filter((o) => o.n2 !== n2 && leaf(o.n2) && isAdded(d, o.n2) && (o.tier ?? 0) === (c.tier ?? 0) && o.score >= score - CALLERS_TIE);
    if (others.length === 0) continue;
    const callers = keptCallers(d, c.n1);
    if (!callers || callers.some(([, c2]) => c2.uses.includes(n2.id))) continue;
    const called = others.filter((o) => redirected(callers, c.n1, o.n2));
    if (called.length !== 1) continue;
    pairInstead(d, c.n1, called[0].n2);
  }
}

/**
 * A callable renamed in place while the helpers it called, gone with it, were folded into it
 * (`test_filter_with_select()` calling `_get_example()` became `test_filter_with_selector()` holding
 * both): the new callable is compared with the old one and those helpers taken as one. It pairs
 * with the old callable when that is similar enough, and more similar than the old callable or any
 * of the helpers alone (a helper would otherwise take its place); findInlines then tells the helpers
 * as inlined into it.
 */
function withInlinedHelpers(d: DiffState, n1: CstNode, added: CstNode[]): Candidate[] {
  if (!isCallable(n1)) return [];
  const helpers = n1.uses.map((id) => d.before.cst.nodes[id]).filter((h) => h !== n1 && h.parent === n1.parent && isRemoved(d, h) && isCallable(h) && matchable(h) && !bodiless(h));
  if (helpers.length === 0) return [];
  const found: Candidate[] = [];
  for (const n2 of added) {
    if (!isCallable(n2) || !sameLocation(d, n1, n2) || sameName(n1, n2)) continue;
    const inlined = helpers.filter((h) => !n2.calls.some((c) => c.name === h.name));
    if (inlined.length === 0 || findMatchRel(d, n1, n2) === undefined) continue;
    let whole = d.before.rep[n1.id];
    for (const h of inlined) whole = plus(whole, d.before.rep[h.id]);
    const score = similarity(d.vocabulary, whole, d.after.rep[n2.id], weight(d.vocabulary, whole), d.after.weight[n2.id]);
    if (score > d.thresholds.similarity && score > code(d, n1, n2) && inlined.every((h) => score > code(d, h, n2))) found.push({ n1, n2, score, depth: depthOf(d, n1, n2), tier: 1 });
    else if (score > code(d, n1, n2)) d.monitor.discarded?.({ step: 'similarity-safe', before: n1, after: n2, score, threshold: d.thresholds.similarity, reason: 'similarity with the helpers it called, gone with it' });
  }
  return found;
}

/** How many children of n1 matched children of n2. */
function matchingChildren(d: DiffState, n1: CstNode, n2: CstNode): number {
  let count = 0;
  for (const c1 of n1.children) {
    const c2 = d.toAfter.get(c1);
    if (c2 !== undefined && d.after.cst.nodes[c2].parent === n2.id) count++;
  }
  return count;
}

/** nsim: similarity of the words of two names, the larger of the two containments. */
export function nameSimilarity(d: DiffState, n1: CstNode, n2: CstNode): number {
  const m1 = d.before.names[n1.id];
  const m2 = d.after.names[n2.id];
  return Math.max(containment(d.nameVocabulary, m1, m2), containment(d.nameVocabulary, m2, m1));
}

/**
 * A container whose children went mostly into one new container went there itself, whatever its
 * new name: at least two children, and at least a share `childrenShare` of those that have a
 * match at all.
 */
function mostChildrenWent(d: DiffState, n1: CstNode, matching: number): boolean {
  const matched = n1.children.filter((c) => d.toAfter.has(c)).length;
  return matching >= 2 && matching >= d.thresholds.childrenShare * matched;
}

/**
 * A container whose members went to two or more new containers of other names, the second of
 * which took at least half as many as the first (`GaugeImplTest` split into `DoubleGaugeImplTest`
 * and `LongGaugeImplTest`): it was split, and no one of them is it under a new name. Its members
 * went with their code (see movedWithItsType), and its nested types moved. Tried on all the new
 * containers that took children enough, not only those named like it: jQuery's `selector-native.js`
 * split into `selector/escapeSelector.js` and `selector/uniqueSort.js` is not the first renamed.
 */
function split(found: Candidate[]): boolean {
  if (found.length < 2 || found.some((c) => sameName(c.n1, c.n2))) return false;
  const counts = found.map((c) => Math.floor(c.score)).sort((a, b) => b - a);
  return 2 * counts[1] >= counts[0];
}

/**
 * The share of the smaller of two containers' code (whole declarations) that is in the other. A
 * container renamed grew into the new one (members added: the old is nearly all in it) or shrank
 * into it (members dropped: the new is nearly all from it); two distinct classes that only
 * exchanged a few members (accessors, look-alike setters: a deleted `SampleEntity`'s `setId` and
 * `setName` beside a new entity `Child`'s; nested builders' getters gone into new top-level
 * builders) each keep much code of their own, and are not one class renamed.
 */
function containedShare(d: DiffState, n1: CstNode, n2: CstNode): number {
  const w = intersectionWeight(d.vocabulary, d.before.rep[n1.id], d.after.rep[n2.id]);
  return w / Math.max(Math.min(d.before.weight[n1.id], d.after.weight[n2.id]), 1e-9);
}

/** Step 3: containers (classes, files) with more than one matching child and similar names. */
export function findMatchingsByChildren(d: DiffState): void {
  const candidates: Candidate[] = [];
  for (const n1 of removedNodes(d)) {
    if (n1.children.length === 0 || !matchable(n1)) continue;
    // Only the parents of n1's matched children can qualify.
    const parents = new Set<number>();
    for (const c1 of n1.children) {
      const c2 = d.toAfter.get(c1);
      const p2 = c2 === undefined ? undefined : d.after.cst.nodes[c2].parent;
      if (p2 !== undefined) parents.add(p2);
    }
    const found: Candidate[] = [];
    // every new container that took children enough to be n1 renamed, whatever its name: where two
    // took about as many, n1 was split, also when one of them has no name like n1's
    const receivers: Candidate[] = [];
    for (const p2 of parents) {
      const n2 = d.after.cst.nodes[p2];
      if (!isAdded(d, n2) || !sameType(d, n1, n2) || !matchable(n2)) continue;
      // A container of the same name needs one matching child; a renamed one more than childrenCount.
      const needed = sameName(n1, n2) ? 1 : d.thresholds.childrenCount + 1;
      const matching = matchingChildren(d, n1, n2);
      if (matching < needed) continue;
      receivers.push({ n1, n2, score: matching, depth: depthOf(d, n1, n2) });
      const names = nameSimilarity(d, n1, n2);
      if (names <= d.thresholds.childrenName && !mostChildrenWent(d, n1, matching)) {
        d.monitor.discarded?.({ step: 'children', before: n1, after: n2, score: names, threshold: d.thresholds.childrenName, reason: 'name similarity' });
        continue;
      }
      if (findMatchRel(d, n1, n2) === undefined) continue;
      const contained = containedShare(d, n1, n2);
      if (!sameName(n1, n2) && contained < d.thresholds.childrenContained) {
        d.monitor.discarded?.({ step: 'children', before: n1, after: n2, score: contained, threshold: d.thresholds.childrenContained, reason: 'too little of the smaller one is in the other: members exchanged, not one container renamed' });
        continue;
      }
      // When several containers went into one (test classes merged), the one that brought the most
      // members is the one that went there; among as many, the one whose code it contains most.
      found.push({ n1, n2, score: matching + Math.min(contained, 0.999), depth: depthOf(d, n1, n2) });
    }
    if (split(found) || split(receivers)) {
      const first = found[0] ?? receivers[0];
      d.monitor.discarded?.({ step: 'children', before: n1, after: first.n2, score: first.score, reason: 'its members went to several new containers: split, no single heir' });
      continue;
    }
    candidates.push(...found);
  }
  addMatchesInOrder(d, candidates);
}


/**
 * n2 has another name than n1, while the type still declares a callable of n1's name (an overload
 * kept, or one added in its place):
 * the name was not given up, so a pair that only the position or a moderate similarity supports
 * is no rename of n1 (`getPathToJSBundleDir()` next to a new static `getPathToJSBundleDir(target)`
 * is not `getJSBundleDir()`).
 */
const nameKept = (d: DiffState, n1: CstNode, n2: CstNode, p2: CstNode) =>
  n2.name !== n1.name && p2.children.some((c) => d.after.cst.nodes[c].name === n1.name && isCallable(d.after.cst.nodes[c]));

/** A name without its case and underscores: how it is said rather than spelled. */
const spelling = (name: string) => name.replace(/_/g, '').toLowerCase();

/**
 * The same name but for one word shortened (`_build_pooling_hparams` → `_build_pool_hparams`,
 * `initConfiguration` → `initConfig`): the same words in the same order, one of them a prefix of
 * three letters or more of the other's, two letters or more shorter. A plural (`addToList` →
 * `addToLists`) is not a shortening: the two are as often two methods, one for many.
 */
function abbreviated(a: string, b: string): boolean {
  const w1 = splitIdentifier(a);
  const w2 = splitIdentifier(b);
  if (w1.length !== w2.length) return false;
  const differ = w1.flatMap((w, i) => (w === w2[i] ? [] : [[w, w2[i]]]));
  if (differ.length !== 1) return false;
  const [x, y] = differ[0][0].length < differ[0][1].length ? differ[0] : [differ[0][1], differ[0][0]];
  return x.length >= 3 && y.length >= x.length + 2 && y.startsWith(x);
}

/** The same name spelled otherwise: case, underscores, or one word shortened. */
const sameWords = (a: string, b: string) => spelling(a) === spelling(b) || abbreviated(a, b);

/**
 * Each matched pair of containers (not callables) with those of their children that no matching
 * has taken yet and that `kind` keeps (and are matchable): what the steps working inside one
 * container compare. Pairs with nothing removed are left out.
 */
function unmatchedChildren(d: DiffState, kind: (n: CstNode) => boolean): Array<{ p2: CstNode; removed: CstNode[]; added: CstNode[] }> {
  const pairs: Array<{ p2: CstNode; removed: CstNode[]; added: CstNode[] }> = [];
  const children = (side: 'before' | 'after', ids: number[]) =>
    ids.map((c) => d[side].cst.nodes[c]).filter((n) => (side === 'before' ? isRemoved(d, n) : isAdded(d, n)) && kind(n) && matchable(n));
  for (const [id1, id2] of d.toAfter) {
    const p1 = d.before.cst.nodes[id1];
    const p2 = d.after.cst.nodes[id2];
    if (isCallable(p1) || isCallable(p2)) continue;
    const removed = children('before', p1.children);
    if (removed.length > 0) pairs.push({ p2, removed, added: children('after', p2.children) });
  }
  return pairs;
}

/** The callables no matching has taken yet in each matched pair of containers, constructors aside. */
const unmatchedCallables = (d: DiffState) => unmatchedChildren(d, (n) => isCallable(n) && !has(n, 'constructor'));

/**
 * Step 3b, for types: the only removed and the only added type of a matched container (a file, a
 * type) were renamed when their code or names are moderately similar (names with a member or most of
 * the code kept, see memberWentOrNamed and codeKept) and no other removed or added type is closer (`PairedDataProvider` →
 * `ParallelDataProvider`, its constructor rewritten for any number of datasets), as for the
 * callables of findMatchingsByPosition.
 */
function typesByPosition(d: DiffState): Candidate[] {
  return lonePairs(d, isType).filter(({ n1, n2, score }) => {
    const similar = score > d.thresholds.positionSimilarity || (nameSimilarity(d, n1, n2) > d.thresholds.positionName && (memberWentOrNamed(d, n1, n2) || codeKept(d, n1, n2)));
    return sameType(d, n1, n2) && similar && noneCloser(d, n1, n2, score);
  });
}

/**
 * A member of n1 is n2's: one of its members went there, or bears the name of one of n2's (a
 * constructor's name says nothing). A type whose code the one in its place does not keep needs this
 * beside a name half alike to be that type renamed: an enumeration of parser events
 * (`class MultiPartMessage(Enum)`) replaced by a record of the part being parsed
 * (`@dataclass class MultipartPart`), the two sharing only the word "part", is one type gone and
 * another new.
 */
function memberWentOrNamed(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  const names2 = new Set(namedMembers(d.after, n2).map((c) => c.name));
  return n1.children.some((id) => {
    const c = d.before.cst.nodes[id];
    const m = matchAfter(d, c);
    return (m !== undefined && m.parent === n2.id) || (!has(c, 'constructor') && names2.has(c.name));
  });
}

/**
 * Most of n1's code is in n2, which grew: a type that kept its fields and gained methods is less
 * similar to what it was than the position bar asks, and keeps no member the CST models (leveldb's
 * `struct Cleanup` → `struct CleanupNode`, its four fields kept and `IsEmpty()`, `Run()` added).
 */
const codeKept = (d: DiffState, n1: CstNode, n2: CstNode) => containment(d.vocabulary, d.before.rep[n1.id], d.after.rep[n2.id]) > d.thresholds.similarity;

/**
 * In each matched pair of containers, the one child of `kind` no matching has taken on each side,
 * as a candidate pair where a matching relationship can hold between them.
 */
function lonePairs(d: DiffState, kind: (n: CstNode) => boolean): Candidate[] {
  return unmatchedChildren(d, kind).flatMap(({ removed, added }) => {
    if (removed.length !== 1 || added.length !== 1) return [];
    const [n1, n2] = [removed[0], added[0]];
    return findMatchRel(d, n1, n2) === undefined ? [] : [{ n1, n2, score: code(d, n1, n2), depth: depthOf(d, n1, n2) }];
  });
}

/**
 * Step 3b, for constructors: a constructor is named after its type and cannot be renamed, so the
 * only constructor a matched type lost and the only one it gained are one constructor whose
 * parameters changed, however little of its code is left (`this.joinRequest = joinRequest` →
 * `this.request = request`).
 */
const constructorsByPosition = (d: DiffState): Candidate[] => lonePairs(d, (n) => has(n, 'constructor')).filter(({ n1, n2 }) => !constructorWentElsewhere(d, n1, n2));

/**
 * A constructor none of whose statements the one in its place keeps, while a new constructor of a
 * class nested in that type keeps them all (as written or edited): the type was turned inside out (a
 * type adapter made the inner class of a new factory that took its file: the old constructor's
 * `this.valueAdapter = valueAdapter; this.constructor = constructor;` is now the inner class's, the
 * factory's own `this.constructorConstructor = constructorConstructor` is new). It went with its
 * code. So did one whose statements a new constructor of another type keeps, a type that other
 * members of its own moved to: a class pulled out of it (a name parser's `Name(String str) {
 * this.str = str; }` went with `getStr()`, `flip(…)` and `norm()` into a new `NameString`, while
 * `Name` became a value class with a six-argument constructor). Code pulled up into a new
 * supertype's constructor (with other members), which the one in place now calls with `super(…)`,
 * leaves the constructor where it was, its parameters changed.
 */
function constructorWentElsewhere(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  const before = bodyStatements(n1);
  if (!before || before.length === 0 || !rewrittenWhole(n1, n2)) return false;
  const nestedInItsType = (a: CstNode) => parentOf(d.after, a)?.parent === n2.parent;
  const home = parentOf(d.after, n2);
  const supertypes = new Set<number>();
  for (const queue = [...(home?.subtypeOf ?? [])]; queue.length > 0; ) {
    const id = queue.pop()!;
    if (!supertypes.has(id)) queue.push(...d.after.cst.nodes[id].subtypeOf);
    supertypes.add(id);
  }
  const tookItsMembers = (a: CstNode) => {
    const type = parentOf(d.after, a);
    if (!type || supertypes.has(type.id)) return false;
    return type.children.some((id) => {
      const m = matchBefore(d, d.after.cst.nodes[id]);
      return m !== undefined && m !== n1 && m.parent === n1.parent;
    });
  };
  return addedNodes(d).some((a) => a !== n2 && has(a, 'constructor') && (nestedInItsType(a) || tookItsMembers(a)) && everyStatementKept(before, bodyStatements(a) ?? []));
}

/**
 * Two bodies of which the second keeps no statement of the first, as written or edited (see
 * anyStatementKept: `_parser = new MessageTemplateParser();` and `_parser.Parse("…");` share one
 * word, a field both use, not a statement). Undefined statements (no body) say nothing.
 */
function rewrittenWhole(n1: CstNode, n2: CstNode): boolean {
  const before = bodyStatements(n1);
  const after = bodyStatements(n2);
  if (!before || !after || before.length === 0 || after.length === 0) return false;
  return !anyStatementKept(before, after);
}

/** No other callable of its container on its side bears its name (no overload, no namesake). */
function soleOfItsName(d: DiffState, side: 'before' | 'after', n: CstNode): boolean {
  const parent = parentOf(d[side], n);
  if (!parent) return false;
  return parent.children.every((c) => c === n.id || d[side].cst.nodes[c].name !== n.name || !isCallable(d[side].cst.nodes[c]));
}

/** A new callable that n2 calls holds more of n1's code than n2 does: n1's body went into it, n2 passes its call on. */
function wentIntoCallee(d: DiffState, n1: CstNode, n2: CstNode, score: number): boolean {
  return n2.uses.some((id) => {
    const a = d.after.cst.nodes[id];
    return a !== n2 && isAdded(d, a) && isCallable(a) && mayReach(d, n1, a, score) && code(d, n1, a) > score;
  });
}

/**
 * Every caller of n1 stayed, none calls it any more, and no callable kept calls n2 (new ones or a
 * file's own code may: a spec's examples): the calls were dropped or n1's body written in their
 * place, so n1 went away rather than taking n2's name. A rename keeps its callers calling it under
 * the new name, or gives it other callers among those kept (a C function moved into another file
 * under a module prefix, its one call moved from the function that used to set things up to the
 * client's and the server's start). Thor's `check_default_type?` (`!!check_default_type`) went
 * while its one caller, kept, came to call `check_default_type` itself; the new
 * `allow_incompatible_default_type!` beside it, called only from a spec, shares only words of the
 * name.
 */
function callsDropped(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  const callers = keptCallers(d, n1);
  return callers !== undefined && callers.every(([, c2]) => !c2.calls.some((c) => c.name === n1.name)) && d.after.usedBy[n2.id].every((id) => {
    const c = d.after.cst.nodes[id];
    return c === n2 || isAdded(d, c) || !isCallable(c);
  });
}

/** A pair whose names share too little and whose bodies share no statement: only words tie them. */
const codeOnlyInWords = (d: DiffState, n1: CstNode, n2: CstNode) => nameSimilarity(d, n1, n2) <= d.thresholds.positionName && rewrittenWhole(n1, n2);

/**
 * Step 3b: within a matched pair of containers, a removed and an added callable that are the only
 * unmatched ones of their arity on each side (or, in a type, the only unmatched ones at all,
 * whatever their parameters) were renamed, when their names or their code are moderately similar (a body
 * rewritten along with its name); code similar with names unlike needs a statement kept (codeOnlyInWords:
 * tiny bodies sharing a field reach the similarity); and names alike with code unlike need one too, unless the two
 * are the only methods their type lost and gained (`setAxolotlSession(session)` → `setAxolotlFingerprint(fingerprint)`
 * beside other new and gone methods, no statement kept, is a method gone and another new). A name only spelled otherwise (case, underscores) was renamed
 * whatever the other members did. The same name, borne once on each side, whose kept callers now call the new one, is a signature
 * changed whatever the body became. Likewise a type (see typesByPosition) and a constructor (constructorsByPosition).
 */
export function findMatchingsByPosition(d: DiffState): void {
  const candidates = [...typesByPosition(d), ...constructorsByPosition(d)];
  for (const { p2, removed, added } of unmatchedCallables(d)) {
    const arity = (list: CstNode[], k: number) => list.filter((n) => n.parameters.length === k);
    // the only method a type lost and the only one it gained; a file's functions are less bound to one another
    const alone = removed.length === 1 && added.length === 1 && has(removed[0], 'type-member') && has(added[0], 'type-member');
    for (const n1 of removed) {
      // The same name spelled otherwise (`teardown` → `tearDown`, `Init` → `init`, `get_name` → `getName`) or with one
      // word shortened (`_build_pooling_hparams` → `_build_pool_hparams`), once on each side: of its arity, else of
      // any where only spelled otherwise, no word shortened (`values(plugin)` → `_values(values, plugin)`, not the
      // `load(plugin)` added beside it; `run(fn, opts)` gone is no `running()` added).
      const respelled = (list: CstNode[], arity: boolean) =>
        list.filter((n) => (arity ? sameWords(n.name, n1.name) && n.parameters.length === n1.parameters.length : spelling(n.name) === spelling(n1.name)));
      // The same name, borne by no other callable of the container on either side (no overload, kept or
      // new), whose callers all stayed and now call the new one, their calls edited to its parameters: one
      // method whose parameters changed, whatever its body became (`floatAdapter(boolean)` → `floatAdapter()`,
      // its anonymous adapter replaced by a constant), as the identity step pairs it where identifiers are
      // bare names; unless a new callable it now calls holds more of its old code: its body went there,
      // and it passes its calls on.
      const namesake = added.filter((n) => n.name === n1.name);
      if (namesake.length === 1 && soleOfItsName(d, 'before', n1) && soleOfItsName(d, 'after', namesake[0]) && has(n1, 'abstract') === has(namesake[0], 'abstract')) {
        const n2 = namesake[0];
        const callers = keptCallers(d, n1);
        const callsWith = (c: CstNode, n: CstNode) => c.calls.some((call) => call.name === n.name && call.args === argumentsTaken(n));
        const score = code(d, n1, n2);
        if (callers && callers.every(([c1, c2]) => callsWith(c1, n1) && callsWith(c2, n2) && c2.uses.includes(n2.id)) && findMatchRel(d, n1, n2) !== undefined && !wentIntoCallee(d, n1, n2, score)) {
          candidates.push({ n1, n2, score, depth: depthOf(d, n1, n2) });
          continue;
        }
      }
      const sameArity = respelled(added, true).length > 0;
      const twins = respelled(added, sameArity);
      if (twins.length === 1 && twins[0].name !== n1.name && respelled(removed, sameArity).length === 1 && has(n1, 'abstract') === has(twins[0], 'abstract')) {
        candidates.push({ n1, n2: twins[0], score: code(d, n1, twins[0]), depth: depthOf(d, n1, twins[0]) });
        continue;
      }
      const others1 = alone ? removed : arity(removed, n1.parameters.length);
      const others2 = alone ? added : arity(added, n1.parameters.length);
      if (others1.length !== 1 || others2.length !== 1) continue;
      const n2 = others2[0];
      if (has(n1, 'abstract') !== has(n2, 'abstract') || nameKept(d, n1, n2, p2)) continue;
      const score = code(d, n1, n2);
      const names = nameSimilarity(d, n1, n2);
      if (score > d.thresholds.positionSimilarity && codeOnlyInWords(d, n1, n2))
        d.monitor.discarded?.({ step: 'position', before: n1, after: n2, score, reason: 'no statement kept, no word of the name' });
      else if (!alone && n1.name !== n2.name && score <= d.thresholds.positionSimilarity && rewrittenWhole(n1, n2))
        d.monitor.discarded?.({ step: 'position', before: n1, after: n2, score, reason: 'names alike, code unlike and no statement kept' });
      else if (score <= d.thresholds.positionSimilarity && callsDropped(d, n1, n2))
        d.monitor.discarded?.({ step: 'position', before: n1, after: n2, score, reason: 'its callers stayed and call neither it nor the new one' });
      else if (score > d.thresholds.positionSimilarity || names > d.thresholds.positionName) candidates.push({ n1, n2, score, depth: depthOf(d, n1, n2) });
      else d.monitor.discarded?.({ step: 'position', before: n1, after: n2, score, threshold: d.thresholds.positionSimilarity, reason: 'similarity and name similarity' });
    }
  }
  addMatchesInOrder(d, candidates);
}

/**
 * Step 3b': within a matched pair of containers, a removed callable whose code now lives in an added
 * one together with the new helpers it calls (`toString()` split into `render()` and fifteen
 * `renderX()`): compared with the added callable and those helpers' code as one, it is similar
 * enough, and more similar than to the callable alone. The helpers are then told as extracted from
 * it (findExtracts).
 */
export function findMatchingsBySplitCode(d: DiffState): void {
  const candidates: Candidate[] = [];
  for (const pair of unmatchedCallables(d)) {
    const [removed, added] = [pair.removed.filter((n) => !bodiless(n)), pair.added.filter((n) => !bodiless(n))];
    if (removed.length === 0) continue;
    const p2 = pair.p2;
    for (const n2 of added) {
      const helpers = n2.uses.filter((u) => u !== n2.id && added.some((a) => a.id === u));
      if (helpers.length === 0) continue;
      let whole = d.after.rep[n2.id];
      for (const h of helpers) whole = plus(whole, d.after.rep[h]);
      const w = weight(d.vocabulary, whole);
      for (const n1 of removed) {
        if (nameKept(d, n1, n2, p2) || findMatchRel(d, n1, n2) === undefined) continue;
        const score = similarity(d.vocabulary, d.before.rep[n1.id], whole, d.before.weight[n1.id], w);
        if (score > d.thresholds.similarity && score > code(d, n1, n2)) candidates.push({ n1, n2, score, depth: depthOf(d, n1, n2) });
        else d.monitor.discarded?.({ step: 'split-code', before: n1, after: n2, score, threshold: d.thresholds.similarity, reason: 'similarity with the new helpers it calls' });
      }
    }
  }
  addMatchesInOrder(d, candidates);
}

const accessor = (n: CstNode) => has(n, 'field-accessor') || has(n, 'field-mutator');
/** A body's code without its string literals (a docstring) and its parameters' names. */
const accessorCode = (n: CstNode) => (n.bodyTokens ?? []).filter((t) => !/^[A-Za-z]{0,3}["'`]/.test(t) && !n.parameters.includes(t));

/** Two accessors (getters or setters) of the same code, less literals and parameter names: they read or write the same field. */
export const accessorsAlike = (n1: CstNode, n2: CstNode) => {
  if (!accessor(n1) || !accessor(n2)) return false;
  const code1 = accessorCode(n1);
  const code2 = accessorCode(n2);
  return code1.length === code2.length && code1.every((t, i) => t === code2[i]);
};

/**
 * Two getters or setters of different fields (`return self._hparams`, `return self._layers`): what
 * they share is the shape every accessor has, no sign that one became the other. One that reads
 * the same field under another name (`vocab_size` → `size`, both `return self._vocab_size`) is
 * still a rename, and so is one whose field was renamed with it (`variables` → `trainable_variables`
 * as `_variables` → `_trainable_variables`: the old field appears nowhere in the new type, the new
 * one nowhere in the old).
 */
function otherField(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  if (!accessor(n1) || !accessor(n2)) return false;
  const code1 = accessorCode(n1);
  const code2 = accessorCode(n2);
  const gone = code1.filter((t) => !code2.includes(t));
  const added = code2.filter((t) => !code1.includes(t));
  if (gone.length === 0 && added.length === 0) return false;
  if (n1.parent === undefined || n2.parent === undefined) return true;
  // each side's type holds its tokens in `rep` (the multiset the similarity reads)
  const holds = (side: Side, type: number, token: string) => side.rep[type].has(d.vocabulary.ids.get(token) ?? -1);
  const renamed = gone.every((t) => !holds(d.after, n2.parent!, t)) && added.every((t) => !holds(d.before, n1.parent!, t));
  return !renamed;
}

/**
 * A getter or setter gone from one type and one of the same shape new in an unrelated type, each
 * reading its own type's field (`InstanceOf.VarArgAware.type()` returning `clazz`, gone with its
 * class; `HamcrestArgumentMatcher.type()` returning its new field `type`): the shape and the name
 * are all they share, and every getter of that name has them. Along the hierarchy a field often
 * changes on the way up or down, and a moved getter that reads the same field is still a move,
 * unless n2's type (kept) held that field before: a getter alike, gone from a class that moved
 * away (`ActionInvocation.getController()` returning `controller`), is not the one a `Validator`
 * that always had a `controller` field now gains for it; the field did not come with it. Nor is
 * a setter that takes another type (or a getter that returns another) about the same field
 * (`EmojiToggle.setOnClickListener(OnClickListener)` gone, `EmojiDrawer.setEmojiEventListener(
 * EmojiEventListener)` new: `this.listener = listener` in both).
 */
function anotherTypesField(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  if (!accessor(n1) || !accessor(n2) || pulledUp(d, n1, n2) || pushedDown(d, n1, n2)) return false;
  // a setter that takes another type, a getter that returns another, is about a field of another type
  if (has(n1, 'field-mutator') && has(n2, 'field-mutator') && parametersChanged(n1, n2)) return true;
  if (has(n1, 'field-accessor') && has(n2, 'field-accessor') && n1.returnType !== n2.returnType) return true;
  if (!accessorsAlike(n1, n2)) return true;
  // the same getter, where n2's type held the field it reads (its last name) before: written for that field, which was there already
  if (!has(n2, 'field-accessor') || n2.parameters.length > 0) return false;
  const home = matchBefore(d, parentOf(d.after, n2));
  const field = accessorCode(n2).filter((t) => /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(t)).pop();
  return !!home && field !== undefined && d.before.rep[home.id].has(d.vocabulary.ids.get(field) ?? -1);
}

/**
 * Two callables in types known apart (one of them kept, or matched elsewhere; neither in the
 * other's place nor up or down its hierarchy), one of them a body of a single statement or none,
 * whose bodies share no token but the two names (brackets, dots and separators aside; an operator
 * counts): what pairs them is the name, which every override of one API has (`hashCode() { return
 * buf.toString().hashCode(); }` gone from a writer, `hashCode() { return mth.hashCode(); }` new in
 * a method wrapper; `isFullscreen()` reading a config, then a display; an empty `shutdown(Config)`
 * and a new `shutdown() { config.save(); }`). In a long body the name weighs little; in a short
 * one it is most of what there is. A literal, a call or an operator kept is code kept
 * (`encrypt("SHA-1", s)` → `hash("SHA-1", s)`; `v === undefined ? d : v` → `typeof v ===
 * 'undefined' ? d : v`); two bodies with no code at all tell nothing either way and are left to
 * the other rules.
 */
function sharedOnlyTheName(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  if (!isCallable(n1) || !isCallable(n2) || n1.bodyTokens === undefined || n2.bodyTokens === undefined) return false;
  const short = (n: CstNode) => tinyBody(d, n) || (bodyStatements(n)?.length ?? 2) <= 1;
  if (!short(n1) && !short(n2)) return false;
  if (pulledUp(d, n1, n2) || pushedDown(d, n1, n2)) return false;
  // two types gone and new may be one renamed (a wrapper renamed with the field it delegates to)
  const p1 = parentOf(d.before, n1);
  const p2 = parentOf(d.after, n2);
  if (!p1 || !p2 || (isRemoved(d, p1) && isAdded(d, p2))) return false;
  // the object a method is called on (`self`, `this`) is in every method: `io::Cursor::new(self)` and
  // `self.as_ref()`, two `into_buf(self)` of `impl IntoBuf` for `&[u8]` and for `&BytesMut`, share nothing else
  const names = new Set([n1.name, n2.name, 'self', 'this']);
  const words = (n: CstNode) => n.bodyTokens!.filter((t) => !/^[(){}[\];,.]+$/.test(t) && !names.has(t));
  const words1 = words(n1);
  const words2 = new Set(words(n2));
  if (words1.length === 0 && words2.size === 0) return false;
  return !words1.some((t) => words2.has(t));
}

/**
 * Step 3b'': among several removed and added methods of a matched type, a removed one and an added
 * one with the same parameters, each the other's most similar (strictly: no tie on either side) and
 * similar above positionSimilarity, were renamed: the body was rewritten with the name
 * (`deny(Requirement)` → `require(Requirement)` next to `grant` → `fulfill`), and no sibling fits
 * either better. Not when a new sibling calling the added one has a name closer to the old one
 * (the added one is a helper extracted from it: see namesakeCaller).
 */
function mutualBest(d: DiffState, n1: CstNode, removed: CstNode[], added: CstNode[]): CstNode | undefined {
  if (!has(n1, 'type-member') || bodiless(n1)) return undefined;
  const scores = new Map<CstNode, number>();
  let best: CstNode | undefined;
  let bestScore = d.thresholds.positionSimilarity;
  let tie = false;
  for (const n2 of added) {
    if (bodiless(n2) || !has(n2, 'type-member') || otherField(d, n1, n2) || onlyPartOfSignatureShared(d, n1, n2)) continue;
    const score = code(d, n1, n2);
    scores.set(n2, score);
    if (score > bestScore) [best, bestScore, tie] = [n2, score, false];
    else if (score === bestScore && best) tie = true;
  }
  if (!best || tie || parametersChanged(n1, best)) return undefined;
  for (const r1 of removed) if (r1 !== n1 && !bodiless(r1) && code(d, r1, best) >= bestScore) return undefined;
  return best;
}

export function findMatchingsByMutualBest(d: DiffState): void {
  const candidates: Candidate[] = [];
  for (const { p2, removed, added } of unmatchedCallables(d)) {
    for (const n1 of removed) {
      const n2 = mutualBest(d, n1, removed, added);
      if (n2 && !nameKept(d, n1, n2, p2) && !namesakeCaller(d, n1, n2) && !codeOnlyInWords(d, n1, n2) && !templateAlike(d, n1, n2))
        candidates.push({ n1, n2, score: code(d, n1, n2), depth: depthOf(d, n1, n2) });
    }
  }
  addMatchesInOrder(d, candidates);
}

/**
 * The added callable as similar to a sibling that stayed as to the removed one it would be paired
 * with: what the two share is what every member of their type shares (tests written on one
 * template, `lint().files(STUB, java("…"), kotlin("…")).run().expectClean()` around other sources),
 * not a history. Among several gone and new members, code similarity is then the only tie of this
 * step, and here it tells nothing. Names alike still tie them (`testSelectById` →
 * `testSelectByIdWithCustomRouting`), unless that sibling's name is as close to the added one's
 * too: the added one is then a copy of the sibling, in its code and its name (okhttp's RequestTest
 * lost `curlPostWithBinaryBody_HexMode` and gained `curlPutWithBody`, written on the kept
 * `curlPostWithBody`, which it is far closer to in both).
 */
function templateAlike(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  const p1 = parentOf(d.before, n1);
  if (!p1) return false;
  const names = nameSimilarity(d, n1, n2);
  const namesAlike = names > d.thresholds.positionName;
  const score = code(d, n1, n2);
  return p1.children.some((c) => {
    const k1 = d.before.cst.nodes[c];
    return k1 !== n1 && isCallable(k1) && !isRemoved(d, k1) && mayReach(d, k1, n2, score) && code(d, k1, n2) >= score && (!namesAlike || nameSimilarity(d, k1, n2) >= names);
  });
}

/**
 * Step 3c: a method without a body (an interface's or abstract class's declaration) has only its
 * signature to compare, too little to tell a rename from a replacement. When a matched method
 * elsewhere was renamed from its name to an added sibling's name with the same parameters (the
 * implementation renamed with its declaration), the declaration was renamed the same way. Likewise
 * a type with no members named as a supertype by a paired type (matchRenamedSupertypes).
 */
export function findMatchingsBySameRename(d: DiffState): void {
  matchRenamedSupertypes(d);
  matchOtherHalvesOfRenames(d);
  const key = (n: CstNode) => `${n.name}\u0000${n.parameterTypes.join(',')}\u0000${n.parameters.length}`;
  const renamedTo = new Map<string, Set<string>>();
  for (const [id1, id2] of d.toAfter) {
    const n1 = d.before.cst.nodes[id1];
    const n2 = d.after.cst.nodes[id2];
    if (!isCallable(n1) || n1.name === n2.name) continue;
    const set = renamedTo.get(key(n1)) ?? new Set<string>();
    set.add(key(n2));
    renamedTo.set(key(n1), set);
  }
  if (renamedTo.size === 0) return;
  for (const [id1, id2] of [...d.toAfter]) {
    const p1 = d.before.cst.nodes[id1];
    const p2 = d.after.cst.nodes[id2];
    if (isCallable(p1) || isCallable(p2)) continue;
    const added = p2.children.map((c) => d.after.cst.nodes[c]).filter((n) => isAdded(d, n) && bodiless(n));
    if (added.length === 0) continue;
    for (const c of p1.children) {
      const n1 = d.before.cst.nodes[c];
      if (!isRemoved(d, n1) || !bodiless(n1)) continue;
      const targets = renamedTo.get(key(n1));
      if (!targets || targets.size !== 1) continue;
      const [target] = targets;
      const found = added.filter((n2) => isAdded(d, n2) && key(n2) === target);
      if (found.length === 1 && sameType(d, n1, found[0])) addMatch(d, n1, found[0]);
    }
  }
}

/**
 * A C function is written twice, its prototype in a header and its definition in a source file,
 * and a rename renames both. Where one half was paired as a rename, the other half, gone under the
 * old name and new under the new one, follows: tmux d29aa12117 renamed the prototype `notify_window`
 * → `events_fire_window` and rewrote the definition round a payload in a new file (similarity
 * 0.40, below the bar). Only a function of external linkage has both halves; each must be the only
 * unpaired one of its form and name on its side, with its half's parameter types (the same function).
 * A prototype follows its definition's pairing whatever its signature; a definition follows its
 * prototype's only where half the usual code similarity is there too.
 */
function matchOtherHalvesOfRenames(d: DiffState): void {
  const definition = (n: CstNode) => isCallable(n) && has(n, 'has-body') && !has(n, 'static') && !has(n, 'type-member');
  const halves = (unpaired: CstNode[], of: CstNode, form: (n: CstNode) => boolean) => unpaired.filter((n) => n.name === of.name && form(n));
  const sameParameters = (a: CstNode, b: CstNode) => a.parameterTypes.join(',') === b.parameterTypes.join(',');
  for (const [id1, id2] of [...d.toAfter]) {
    const n1 = d.before.cst.nodes[id1];
    const n2 = d.after.cst.nodes[id2];
    if (n1.name === n2.name) continue;
    const other = isPrototype(n1) && isPrototype(n2) ? definition : definition(n1) && definition(n2) ? isPrototype : undefined;
    if (!other) continue;
    const gone = halves(removedNodes(d), n1, other);
    const added = halves(addedNodes(d), n2, other);
    if (gone.length !== 1 || added.length !== 1 || !sameParameters(gone[0], n1) || !sameParameters(added[0], n2)) continue;
    // prototypes pair on their signatures alone, which look-alike declarations share; the
    // definitions they would bring along must still share some code (toxcore's `rb_clear` →
    // `rb_size`, 0.19, is a prototype pairing two unrelated functions)
    if (other === definition && code(d, gone[0], added[0]) < d.thresholds.similarity / 2) continue;
    addMatch(d, gone[0], added[0]);
  }
}

/**
 * A type with neither members nor code (a marker interface, Rust's sealed trait `trait Sealed {}`)
 * has only its name to compare. Where a type that kept its pairing names such a type gone as a
 * supertype and now names, at the same place, such a type new of its kind, the supertype was
 * renamed with it: clap's `_ImplsFromStr: private::_ImplsFromStrSealed` renamed
 * `_impls_FromStr: private::_impls_FromStrSealed`, seven look-alike pairs in one commit, which
 * otherwise read as seven Extract Interface of the new sealed traits.
 */
function matchRenamedSupertypes(d: DiffState): void {
  const empty = (side: Side, n: CstNode) => n.children.length === 0 && bodyOf(d, side, n.id) === undefined;
  const typesNamed = (side: Side, name: string) => side.cst.nodes.filter((n) => isType(n) && n.name === name);
  for (const [id1, id2] of [...d.toAfter]) {
    const p1 = d.before.cst.nodes[id1];
    const p2 = d.after.cst.nodes[id2];
    if (!isType(p1) || !isType(p2) || p1.supertypes.length !== p2.supertypes.length) continue;
    p1.supertypes.forEach((s1, i) => {
      const s2 = p2.supertypes[i];
      if (s1 === s2 || typesNamed(d.after, s1).length > 0 || typesNamed(d.before, s2).length > 0) return;
      const gone = typesNamed(d.before, s1);
      const added = typesNamed(d.after, s2);
      if (gone.length !== 1 || added.length !== 1) return;
      const [n1] = gone;
      const [n2] = added;
      if (isRemoved(d, n1) && isAdded(d, n2) && empty(d.before, n1) && empty(d.after, n2) && sameType(d, n1, n2)) addMatch(d, n1, n2, 'renamed-supertype');
    });
  }
}

/** How many type parameters a node's identifier counts (CstNode.typeParameters; 0 where the language counts none). */
const arity = (n: CstNode) => n.typeParameters?.length ?? 0;

/** A type's name with its namespace and the names of the types it is nested in (`Polly.Simmy.MonkeyStrategyOptions`), its arity left out. */
function qualifiedTypeName(side: Side, n: CstNode): string {
  let name = n.name;
  let top = n;
  for (let up = parentOf(side, n); up && isType(up); up = parentOf(side, up)) {
    name = `${up.name}.${name}`;
    top = up;
  }
  return top.namespace + name;
}

/**
 * Step 3c, for types: where a language tells types apart by their number of type parameters (C#),
 * a generic type and a non-generic one of its name are often declared side by side and renamed
 * together (Polly's `MonkeyStrategyOptions<TResult>` and its shortcut `MonkeyStrategyOptions :
 * MonkeyStrategyOptions<object>`, both renamed to `ChaosStrategyOptions`). Once one of them is
 * paired with its new name, a gone type of the old name and a new one of the new name, of one
 * arity other than the pair's, are the same rename: the shortcut has next to no code of its own
 * to compare (0.496 against 0.5), and left unpaired it was reported as a new superclass of every
 * type that extends it.
 */
export function findMatchingsByArityNamesakes(d: DiffState): void {
  const renamedTo = new Map<string, Array<[CstNode, CstNode]>>();
  for (const [id1, id2] of d.toAfter) {
    const n1 = d.before.cst.nodes[id1];
    const n2 = d.after.cst.nodes[id2];
    if (!isType(n1) || !isType(n2) || n1.name === n2.name || arity(n1) !== arity(n2)) continue;
    const key = qualifiedTypeName(d.before, n1);
    renamedTo.set(key, [...(renamedTo.get(key) ?? []), [n1, n2]]);
  }
  if (renamedTo.size === 0) return;
  const gone = new Map<string, CstNode[]>();
  for (const n1 of removedNodes(d)) {
    if (!isType(n1) || !renamedTo.has(qualifiedTypeName(d.before, n1))) continue;
    const key = `${qualifiedTypeName(d.before, n1)}\u0000${arity(n1)}`;
    gone.set(key, [...(gone.get(key) ?? []), n1]);
  }
  if (gone.size === 0) return;
  const added = new Map<string, CstNode[]>();
  for (const n2 of addedNodes(d)) {
    if (!isType(n2)) continue;
    const key = `${qualifiedTypeName(d.after, n2)}\u0000${arity(n2)}`;
    added.set(key, [...(added.get(key) ?? []), n2]);
  }
  for (const [key, list1] of gone) {
    const [name, count] = key.split('\u0000');
    const renames = renamedTo.get(name)!;
    const targets = new Set(renames.map(([, n2]) => qualifiedTypeName(d.after, n2)));
    // one new name for the old one, and no pair of this arity already made (that rename took it)
    if (targets.size !== 1 || list1.length !== 1 || renames.some(([n1]) => String(arity(n1)) === count)) continue;
    const list2 = added.get(`${[...targets][0]}\u0000${count}`);
    if (list2?.length === 1 && sameType(d, list1[0], list2[0])) addMatch(d, list1[0], list2[0]);
  }
}

/**
 * The callers of `n1` that kept their identity (matched), each with its new version: undefined when
 * `n1` had no caller but itself, or a caller that is not matched (its fate is not known yet).
 */
function keptCallers(d: DiffState, n1: CstNode): Array<[CstNode, CstNode]> | undefined {
  const pairs: Array<[CstNode, CstNode]> = [];
  for (const id of d.before.usedBy[n1.id]) {
    if (id === n1.id) continue;
    const c1 = d.before.cst.nodes[id];
    const c2 = matchAfter(d, c1);
    if (!c2) return undefined;
    pairs.push([c1, c2]);
  }
  return pairs.length > 0 ? pairs : undefined;
}

/**
 * Every caller of `n1` now calls `n2` instead: it calls `n2` and no longer calls `n1`'s name, and
 * did not call `n2`'s name before.
 */
const redirected = (callers: Array<[CstNode, CstNode]>, n1: CstNode, n2: CstNode) =>
  callers.every(([c1, c2]) => c2.uses.includes(n2.id) && !c2.calls.some((c) => c.name === n1.name) && !c1.calls.some((c) => c.name === n2.name));

/**
 * Every word of n1's name is in n2's longer name, in the same order (`_make_dataset` in
 * `_make_mono_text_dataset`): the name was extended, not replaced.
 */
function wordsKept(n1: CstNode, n2: CstNode): boolean {
  const words1 = splitIdentifier(n1.name);
  const words2 = splitIdentifier(n2.name);
  if (words1.length === 0 || words2.length <= words1.length) return false;
  let i = 0;
  for (const w of words2) if (i < words1.length && w === words1[i]) i++;
  return i === words1.length;
}

/**
 * One name holds every word of the other, in order: extended (`_make_dataset` →
 * `_make_mono_text_dataset`) or narrowed to fewer words (`uv__read_cgroups_uint64(cgroup, param)` →
 * `uv__read_uint64(filename)`, the path now built by its callers).
 */
const nameNarrowedOrExtended = (n1: CstNode, n2: CstNode) => wordsKept(n1, n2) || wordsKept(n2, n1);

/**
 * Step 2b'': within a matched pair of containers, a removed callable whose every caller (each kept)
 * now calls one added callable of the same container instead, and no other removed one's callers
 * do, was renamed to it even with its body rewritten: the calls were renamed with it
 * (`self.specialized_doctest(…)` → `self.custom_doctest(…)`, most of the old body moved to a new
 * module). Its code must still be somewhat similar (above redirectedSimilarity), and its parameters
 * the same unless one name holds the other (see nameNarrowedOrExtended). Where the callers now call
 * several new callables instead, the one whose name holds the old one or is held in it is it
 * (`_make_dataset()` → `_make_mono_text_dataset(dataset_hparams)` next to a new `_make_length_fn()`).
 */
export function findMatchingsByRedirectedCalls(d: DiffState): void {
  const candidates: Candidate[] = [];
  for (const { p2, removed, added } of unmatchedCallables(d)) {
    const found: Array<[CstNode, CstNode]> = [];
    for (const n1 of removed) {
      const callers = keptCallers(d, n1);
      if (!callers) continue;
      const targets = added.filter((n2) => has(n1, 'abstract') === has(n2, 'abstract') && !nameKept(d, n1, n2, p2) && redirected(callers, n1, n2));
      // Callers that now call several new callables instead: the one whose name still holds the old one is it.
      const named = targets.length > 1 ? targets.filter((n2) => nameNarrowedOrExtended(n1, n2)) : targets;
      for (const n2 of named.length === 1 ? named : targets) found.push([n1, n2]);
    }
    for (const [n1, n2] of found) {
      if (found.filter(([a, b]) => a === n1 || b === n2).length !== 1 || findMatchRel(d, n1, n2) === undefined) continue;
      const score = code(d, n1, n2);
      if (score > d.thresholds.redirectedSimilarity && (!parametersChanged(n1, n2) || nameNarrowedOrExtended(n1, n2))) candidates.push({ n1, n2, score, depth: depthOf(d, n1, n2) });
      else d.monitor.discarded?.({ step: 'redirected-calls', before: n1, after: n2, score, threshold: d.thresholds.redirectedSimilarity, reason: 'similarity, or other parameters' });
    }
  }
  addMatchesInOrder(d, candidates);
}

/**
 * Step 3d: a prototype (a function declared without a body, as in a C header) has only its
 * signature to compare, too little to tell a rename from a replacement: `block block_bind(block,
 * block, int);` gone from a header and `block block_bind_incremental(block, block, int);` added
 * read alike, while `block_bind` itself stayed, made static. A function made static (its file's
 * own) needs its prototype no more, one no longer static needs one: where a definition among the
 * files compared says so of the old name or of the new one, the pair is no rename (unpaired).
 * Other definitions say nothing of the prototypes: a header renames its API before the source
 * follows (toxcore's `tox_get_udp_port` → `tox_self_get_udp_port`), a definition rewritten is
 * too unlike its old self to be paired (darknet's `gemm_ongpu` → `gemm_gpu`).
 */
export function unpairPrototypesAgainstDefinitions(d: DiffState): void {
  const visibilityChanged = (name: string, wasStatic: boolean) =>
    d.before.cst.nodes.some((n) => {
      if (n.name !== name || !isCallable(n) || !has(n, 'has-body') || has(n, 'static') !== wasStatic) return false;
      const after = matchAfter(d, n);
      return after !== undefined && after.name === name && has(after, 'static') !== wasStatic;
    });
  for (const [id1, id2] of [...d.toAfter]) {
    const n1 = d.before.cst.nodes[id1];
    const n2 = d.after.cst.nodes[id2];
    if (n1.name === n2.name || !isPrototype(n1) || !isPrototype(n2)) continue;
    const hidden = visibilityChanged(n1.name, false);
    if (!hidden && !visibilityChanged(n2.name, true)) continue;
    d.monitor.discarded?.({ step: 'prototype', before: n1, after: n2, score: code(d, n1, n2), reason: hidden ? `${n1.name} was made static` : `${n2.name} is no longer static` });
    d.toAfter.delete(id1);
    d.toBefore.delete(id2);
  }
}

/**
 * Unpairs two types local to callables (a class declared in a method's body) whose callables did
 * not end up each other's match, with what was paired inside them. A local type's name is scoped to
 * its callable, and such types are scaffolding of alike callables (each test declaring its own
 * `class Example { @GET("/") Response a() { return null; } }`), so a namesake or look-alike in an
 * unrelated callable is not it: tests rewritten into others paired their local classes crosswise,
 * and their members' renames followed. The pairs stand until every step is done, since local types
 * paired alike are what pairs their callables (a test moved and rewritten, its local class kept).
 * A type moved out of its callable, or into one, is not touched under its own name, nor with
 * members that went with it; renamed on the way and declaring no member, it has only its shape for
 * it (a package's `type CompletionFunc func(…)` made an alias, and a test declaring `type UserHelper
 * func(…)` of that shape inside it), and is unpaired too. Local
 * functions go where their function's code goes (stereotype `local`: extracted with it into a
 * helper), and are unpaired only when renamed into an unrelated callable of another file
 * (localCallableApart).
 */
export function unpairLocalsApart(d: DiffState): void {
  const within = (n: CstNode, root: CstNode) => {
    for (let p: CstNode | undefined = n; p !== undefined; p = parentOf(d.after, p)) if (p === root) return true;
    return false;
  };
  for (const [id1, id2] of [...d.toAfter]) {
    const n1 = d.before.cst.nodes[id1];
    const n2 = d.after.cst.nodes[id2];
    if (d.toAfter.get(id1) !== id2) continue;
    const reason = pairedApart(d, n1, n2);
    if (!reason) continue;
    d.monitor.discarded?.({ step: 'locals', before: n1, after: n2, score: code(d, n1, n2), reason });
    for (const inner1 of [n1, ...descendants(d.before.cst, n1)]) {
      const inner2 = d.toAfter.get(inner1.id);
      if (inner2 === undefined || !within(d.after.cst.nodes[inner2], n2)) continue;
      d.toAfter.delete(inner1.id);
      d.toBefore.delete(inner2);
    }
  }
}

/** Why unpairLocalsApart unpairs n1 and n2 (as `--explain` tells it), or undefined where they stay paired. */
function pairedApart(d: DiffState, n1: CstNode, n2: CstNode): string | undefined {
  const p1 = parentOf(d.before, n1);
  const p2 = parentOf(d.after, n2);
  const apart = p1 !== undefined && p2 !== undefined && matchAfter(d, p1) !== p2;
  if (has(n1, 'unnamed') && has(n2, 'unnamed')) return apart ? "named by the language in holders that are not each other's match" : undefined;
  const local1 = p1 !== undefined && isCallable(p1);
  const local2 = p2 !== undefined && isCallable(p2);
  const inLocals = "declared in callables that are not each other's match";
  if (isCallable(n1) && isCallable(n2)) return local1 && local2 && localCallableApart(d, n1, n2, p1, p2) ? inLocals : undefined;
  if (!isType(n1) || !isType(n2)) return undefined;
  if (local1 && local2) return apart ? inLocals : undefined;
  const memberless = n1.children.length === 0 && n2.children.length === 0;
  return local1 !== local2 && n1.name !== n2.name && memberless ? 'moved into or out of a callable under another name' : undefined;
}

/**
 * A local callable (declared in a callable) paired with one of another name in another file, local
 * to a callable that is not its own callable's match nor a helper that one calls (where its
 * function's code went, extracted with it): look-alike scaffolding of unrelated functions, no code
 * moved. got 286e31e065 deleted `asStream()`, whose `proxy.write = () => { proxy.destroy(); throw
 * … }` paired at 0.542 with a test's `proxy.read = () => { proxy.destroy(…); return null; }`.
 */
function localCallableApart(d: DiffState, n1: CstNode, n2: CstNode, p1: CstNode, p2: CstNode): boolean {
  if (n1.name === n2.name || n1.location.file === n2.location.file) return false;
  const home = matchAfter(d, p1);
  return home !== p2 && !(home !== undefined && d.after.usedBy[p2.id].includes(home.id));
}

/** A callable with a parameter whose type is written (Rust, Java, TypeScript with annotations): its parameter types can tell it from a namesake. */
const typedParameters = (n: CstNode) => n.parameterTypes.some((t) => t !== '');
