/**
 * FindRelationships (RefDiff 2.0, Algorithm 1): one pipeline of named steps over two CSTs.
 *
 *   findMatchingsById → findMatchingsByUniqueName → findMatchingsByAliasLeftBehind → findMatchingsBySimilarity (safe pairs, then all)
 *   → findMatchingsByChildren → findMatchingsByPosition → findMatchingsBySplitCode → findMatchingsByMutualBest → findMatchingsBySameRename
 *   → findMatchingsByArityNamesakes → unpairLocalsApart → resolveMatchings → findPullUpSignaturesAndPushDownImpls
 *   → findAdditionalPullUpsAndPushDowns → findExtractSupertypes → findExtracts → findInlines
 */
import { ancestors, descendants, isCallable, isType, type Cst, type CstNode } from './cst';
import { apartMemberOf, findMatchRel, has, inEnclosingScope, passableBelow, sameLocation, sameSignature } from './conditions';
import {
  bodyOf,
  createDiffState,
  tinyBody,
  DEFAULT_THRESHOLDS,
  isAdded,
  isRemoved,
  matchAfter,
  matchBefore,
  parentOf,
  readThroughRenames,
  type ComparisonMonitor,
  type DiffState,
  type Side,
  type Thresholds,
} from './diff-state';
import { accessorsAlike, addMatch, findMatchingsByAliasLeftBehind, findMatchingsByChildren, findMatchingsById, findMatchingsByPosition, findMatchingsByRedirectedCalls, findMatchingsBySameRename, findMatchingsByArityNamesakes, findMatchingsByMutualBest, findMatchingsBySplitCode, findMatchingsBySimilarity, findMatchingsByUniqueName, namesakesApart, unpairedNames, unpairLocalsApart, unpairPrototypesAgainstDefinitions } from './matching';
import type { FoundBy, MatchingStep, Relationship, RelationshipType } from './relationship-types';
import { common, containment, minus, plus, similarity, toMultiset, type Multiset } from './similarity';
import { allStatements, isName, movedStatements, wholeBodyStatements, type MovedStatements } from './statements';
import { callTokens, IDENTIFIER, memberOf, WORD } from './tokens';

export interface ComparisonOptions {
  thresholds?: Partial<Thresholds>;
  monitor?: ComparisonMonitor;
}

/** The matching steps in their order (MATCHING_STEPS names them). */
const MATCHING_STEP_FUNCTIONS: Array<[MatchingStep, (d: DiffState) => void]> = [
  ['identity', findMatchingsById],
  ['unique-name', findMatchingsByUniqueName],
  ['alias-left', findMatchingsByAliasLeftBehind],
  ['similarity-safe', (d) => findMatchingsBySimilarity(d, true)],
  ['redirected-calls', findMatchingsByRedirectedCalls],
  ['similarity', (d) => findMatchingsBySimilarity(d, false)],
  ['children', findMatchingsByChildren],
  ['position', findMatchingsByPosition],
  ['split-code', findMatchingsBySplitCode],
  ['mutual-best', findMatchingsByMutualBest],
  ['same-rename', findMatchingsBySameRename],
  ['arity-namesake', findMatchingsByArityNamesakes],
];

export function findRelationships(before: Cst, after: Cst, options: ComparisonOptions = {}): Relationship[] {
  const d = createDiffState(before, after, { ...DEFAULT_THRESHOLDS, ...options.thresholds }, options.monitor ?? {});
  for (const [name, step] of MATCHING_STEP_FUNCTIONS) {
    d.step = name;
    runStep(d, step);
  }
  unpairLocalsApart(d);
  unpairPrototypesAgainstDefinitions(d);
  resolveMatchings(d);
  findPullUpSignaturesAndPushDownImpls(d);
  findAdditionalPullUpsAndPushDowns(d);
  findMergedCopies(d);
  findExtractSupertypes(d);
  findExtracts(d);
  findInlines(d);
  return d.relationships;
}

/**
 * Runs a matching step. Where it paired a type under a new name that code still unpaired names
 * (a test of the class renamed in the same commit), the step runs again from where it started,
 * that code now read with the new name (readThroughRenames), so that its pairs are not made on
 * the old reading; the monitor hears the second run only.
 */
function runStep(d: DiffState, step: (d: DiffState) => void): void {
  const toAfter = new Map(d.toAfter);
  const toBefore = new Map(d.toBefore);
  const pairedBy = new Map(d.pairedBy);
  const monitor = d.monitor;
  const heard: Array<() => void> = [];
  d.monitor = { discarded: monitor.discarded && ((e) => heard.push(() => monitor.discarded!(e))) };
  step(d);
  d.monitor = monitor;
  if (!readThroughRenames(d, (id) => !toAfter.has(id))) {
    for (const tell of heard) tell();
    return;
  }
  d.toAfter = toAfter;
  d.toBefore = toBefore;
  d.pairedBy = pairedBy;
  step(d);
  readThroughRenames(d, () => false);
}

/** Adds a relationship to R unless the same one is there already. */
function add(d: DiffState, type: RelationshipType, before: CstNode, after: CstNode, foundBy: FoundBy, score?: number): void {
  const key = `${type}\u0000${before.id}\u0000${after.id}`;
  if (d.found.has(key)) return;
  d.found.add(key);
  d.relationships.push(score === undefined ? { type, before, after, foundBy } : { type, before, after, similarity: score, foundBy });
}

/** Step 4: the type of every matched pair, now that all parents are matched. */
function resolveMatchings(d: DiffState): void {
  for (const [id1, id2] of d.toAfter) {
    const n1 = d.before.cst.nodes[id1];
    const n2 = d.after.cst.nodes[id2];
    let type = findMatchRel(d, n1, n2);
    if (!type) continue;
    if (recoveryArtefact(d, type, n1, n2)) type = n1.name === n2.name ? 'SAME' : 'RENAME';
    if (movedWithItsType(d, type, n1, n2) || movedWithItsFunction(type, n1, n2) || movedIntoNewFunction(d, type, n1, n2) || toldByItsClasses(d, type, n1, n2)) continue;
    const score = type === 'SAME' ? undefined : similarity(d.vocabulary, d.before.rep[id1], d.after.rep[id2]);
    add(d, type, n1, n2, d.pairedBy.get(id1)!, score);
  }
}

/**
 * A member "moved" to another place in the same file, where that file has syntax errors on one
 * side: tree-sitter's recovery cut the class short and left its methods at the top level (a
 * missing comma is enough). Where the code is is not known: it is not a move (and a move with a
 * new name is a rename).
 */
function recoveryArtefact(d: DiffState, type: RelationshipType, n1: CstNode, n2: CstNode): boolean {
  if (type !== 'MOVE' && type !== 'INTERNAL_MOVE' && type !== 'MOVE_RENAME' && type !== 'INTERNAL_MOVE_RENAME') return false;
  const file = n1.location.file;
  if (file !== n2.location.file) return false;
  return (d.before.cst.damaged ?? []).includes(file) || (d.after.cst.damaged ?? []).includes(file);
}

const moves: RelationshipType[] = ['MOVE', 'MOVE_RENAME', 'INTERNAL_MOVE', 'INTERNAL_MOVE_RENAME'];

/** A type that is itself on the other side under the same identity (in place, or only its kind or signature changed). */
function keptInPlace(d: DiffState, side: 'before' | 'after', type: CstNode | undefined): boolean {
  if (!type) return false;
  const other = side === 'before' ? matchAfter(d, type) : matchBefore(d, type);
  if (!other) return false;
  const [t1, t2] = side === 'before' ? [type, other] : [other, type];
  const rel = findMatchRel(d, t1, t2);
  return rel === 'SAME' || rel === 'CONVERT_TYPE' || rel === 'CHANGE_SIGNATURE';
}

/**
 * A member that left a type which is gone (deleted, moved or renamed) for a type which is new
 * (added, or moved or renamed from another one): the types were reorganised (merged, split,
 * rewritten under new names) and the member went along with its code; the refactoring is the
 * type's, not a Move of the member. Moves out of or into a type that stayed are reported.
 */
function movedWithItsType(d: DiffState, type: RelationshipType, n1: CstNode, n2: CstNode): boolean {
  if (!moves.includes(type) || !isCallable(n1) || !has(n1, 'type-member') || !has(n2, 'type-member')) return false;
  const p1 = parentOf(d.before, n1);
  const p2 = parentOf(d.after, n2);
  return !!p1 && !!p2 && !keptInPlace(d, 'before', p1) && !keptInPlace(d, 'after', p2);
}

/**
 * A local function (declared in another function's body) that is now elsewhere, or a function
 * that became local: it went with the code of the function around it (extracted with it into a
 * helper, or that function's code inlined around it), which is the refactoring; RefactoringMiner
 * reads such a function as part of its enclosing function's body and reports no Move of it.
 */
const movedWithItsFunction = (type: RelationshipType, n1: CstNode, n2: CstNode) => moves.includes(type) && (has(n1, 'local') || has(n2, 'local'));

/**
 * A function declared in a function's body that, under its name, is now declared in the body of a
 * function new in the commit (JavaScript's Proxy handler `get()`/`set()` in the code extracted
 * from `devtoolsPlugin` into a new `patchActionForGrouping`; `response.json = async () => …` in
 * the code of a constructor's callback extracted into a new `_decorateResponse`): it went with the
 * code around it, and that function's extraction is the refactoring. RefactoringMiner reads such
 * a function as part of the body it is written in. One hoisted out of a function (to the top of
 * its file, into an object or a class) is still a Move: its new parent is no function.
 */
function movedIntoNewFunction(d: DiffState, type: RelationshipType, n1: CstNode, n2: CstNode): boolean {
  if (type !== 'MOVE' && type !== 'INTERNAL_MOVE') return false;
  const p1 = parentOf(d.before, n1);
  const p2 = parentOf(d.after, n2);
  return !!p1 && !!p2 && isCallable(n1) && isCallable(p1) && isCallable(p2) && isAdded(d, p2);
}

/**
 * A module renamed or moved that declares classes only, each named after it (module-qualified):
 * their Move Class tells what happened, and the file adds nothing. RefactoringMiner models a
 * module as a class of its own (`x.__module__`) only where it has code outside classes.
 */
function toldByItsClasses(d: DiffState, type: RelationshipType, n1: CstNode, n2: CstNode): boolean {
  if (n1.kind !== 'file' || n2.kind !== 'file' || (type !== 'RENAME' && !moves.includes(type))) return false;
  const members = [...childrenOf(d, 'before', n1), ...childrenOf(d, 'after', n2)];
  return n1.children.length > 0 && n2.children.length > 0 && members.every((c) => has(c, 'module-qualified'));
}

const childrenOf = (d: DiffState, side: 'before' | 'after', node: CstNode) => node.children.map((id) => d[side].cst.nodes[id]);

/**
 * For every matched pair of types: a member that stays but whose abstract signature appears in a new
 * supertype (Pull Up Signature), an implementation that became abstract and reappears in a subtype
 * (Push Down Implementation), and, the other way, an abstract declaration that got the body of a
 * subtype's implementation that is gone (Pull Up Method), or where no subtype had one, of a gone
 * namesake elsewhere (a Move, goneImplementation). Of several subtypes' new getters, where
 * one reads the field the implementation read, one reading a field of its own was written for it
 * (alluxio's `TempBlockMeta.getBlockSize()` returning `mTempBlockSize`, beside `BlockMeta`'s
 * returning the `mBlockSize` the base class's did).
 */
function findPullUpSignaturesAndPushDownImpls(d: DiffState): void {
  const declaredBelow = pulledUpDeclarations(d);
  for (const [id1, id2] of [...d.toAfter]) {
    const p1 = d.before.cst.nodes[id1];
    const p2 = d.after.cst.nodes[id2];
    for (const n1 of childrenOf(d, 'before', p1)) {
      const n1After = matchAfter(d, n1);
      if (!n1After || !has(n1, 'type-member')) continue;
      for (const superId of p2.subtypeOf) {
        if (broughtIn(d, p1, d.after.cst.nodes[superId])) continue;
        const declared = childrenOf(d, 'after', d.after.cst.nodes[superId]).filter((n2) =>
          isAdded(d, n2) && !declaredBelow.has(n2) && sameSignature(n1, n2) && has(n2, 'abstract') && !declaredInGoneSupertype(d, p1, n1) && !redeclared(d, n2));
        const n2 = oneDeclarationOf(n1, declared);
        if (n2) add(d, 'PULL_UP_SIGNATURE', n1, n2, 'hierarchy');
      }
      if (has(n1, 'abstract') && !has(n1After, 'abstract') && !tinyBody(d, n1After)) {
        // An abstract declaration that got a body: the subtype's implementation closest to it, if gone, went up into it.
        let best: CstNode | undefined;
        let bestScore = d.thresholds.similarity;
        for (const subBefore of subtypesBefore(d, p1, p2)) {
          for (const m of childrenOf(d, 'before', subBefore)) {
            if (!sameSignature(m, n1) || has(m, 'abstract')) continue;
            const score = code(d, m, n1After);
            if (score > bestScore || (score === bestScore && !best)) [best, bestScore] = [m, score];
          }
        }
        if (best && isRemoved(d, best)) add(d, 'PULL_UP', best, n1After, 'hierarchy', bestScore);
        else if (!best) {
          const implementation = goneImplementation(d, n1, n1After);
          const type = implementation && findMatchRel(d, implementation.n, n1After);
          if (implementation && type && moves.includes(type)) add(d, type, implementation.n, n1After, 'hierarchy', implementation.score);
        }
      }
      if (has(n1, 'abstract') || !has(n1After, 'abstract')) continue;
      const implementations = d.after.subtypes[p2.id].flatMap((subId) =>
        childrenOf(d, 'after', d.after.cst.nodes[subId]).filter((n2) => isAdded(d, n2) && sameSignature(n1, n2) && !has(n2, 'abstract')),
      );
      // where one subtype's getter reads the field the implementation read, another's reading a field of its own was written for it
      const alike = implementations.some((n2) => accessorsAlike(n1, n2));
      for (const n2 of implementations) if (!alike || accessorsAlike(n1, n2) || !(has(n2, 'field-accessor') || has(n2, 'field-mutator'))) add(d, 'PUSH_DOWN_IMPL', n1, n2, 'hierarchy');
    }
  }
}

/**
 * The implementation an abstract declaration got as its body where no subtype had one: a gone
 * callable of its name elsewhere, not abstract, whose code the new body holds (the closest, above
 * the similarity threshold, and alone at that score). An interface turned into a class takes the
 * bodies of the factory that built its objects: yargs' `interface YargsInstance { exitProcess(enabled:
 * boolean): YargsInstance; … }` beside `function Yargs() { … self.exitProcess = function (enabled =
 * true) { … } }` became `class YargsInstance { exitProcess(enabled = true): YargsInstance { … } }`.
 * The declaration stays paired with the method in place; the code came from the factory, a move.
 */
function goneImplementation(d: DiffState, n1: CstNode, n1After: CstNode): { n: CstNode; score: number } | undefined {
  let best: CstNode | undefined;
  let bestScore = d.thresholds.similarity;
  let tied = false;
  for (const m of d.before.cst.nodes) {
    if (m === n1 || m.name !== n1.name || !isCallable(m) || has(m, 'abstract') || !isRemoved(d, m) || m.parent === n1.parent) continue;
    const score = code(d, m, n1After);
    if (score > bestScore) [best, bestScore, tied] = [m, score, false];
    else if (score === bestScore && best) tied = true;
  }
  return best && !tied ? { n: best, score: bestScore } : undefined;
}

/**
 * The one declaration a member went up as, of a supertype's new declarations of its signature:
 * where a language signs by name, a type's overloads all bear it (TypeScript's `use(route: string,
 * handler: H): H3;`, `use(handler: H): H3;` and `use(details: Route): H3;` in one interface), and one
 * method pulled up is one Pull Up Signature, not three (h3's `H3Router.use` into the interface `H3`).
 * The one taking the member's parameter types, else as many parameters, else the first written.
 */
function oneDeclarationOf(n1: CstNode, declared: CstNode[]): CstNode | undefined {
  if (declared.length < 2) return declared[0];
  const types = n1.parameterTypes.join(',');
  return declared.find((n2) => n2.parameters.length === n1.parameters.length && n2.parameterTypes.join(',') === types)
    ?? declared.find((n2) => n2.parameters.length === n1.parameters.length)
    ?? declared.reduce((first, n2) => (n2.location.startLine < first.location.startLine ? n2 : first));
}

/**
 * A new declaration of a signature that a type its type extends (however far up) already declared
 * and still does (C#'s `new` on an interface member, to mark the inherited one obsolete, say), or
 * that another declaration of its own type in another file does (Kotlin's `expect abstract class
 * FileSystem` and each platform's new `actual abstract class FileSystem`, okio 039d996d8d): it
 * redeclares what was already above the implementations, nothing came up from them.
 */
function redeclared(d: DiffState, n2: CstNode): boolean {
  const owner = parentOf(d.after, n2);
  if (!owner) return false;
  const declares = (type: CstNode) => childrenOf(d, 'after', type).some((m) => m !== n2 && has(m, 'abstract') && sameSignature(m, n2) && !isAdded(d, m));
  return ancestors(d.after.cst, owner).some(declares) || otherParts(d, owner).some(declares);
}

/**
 * The other top-level declarations of a type of one namespace, name and kind, in other files: Kotlin's
 * `expect` class and its `actual` ones, C#'s partial classes. Types in a file node (Python, Rust, …)
 * are each their file's, not parts of one.
 */
function otherParts(d: DiffState, type: CstNode): CstNode[] {
  if (!isType(type) || type.parent !== undefined) return [];
  return d.after.cst.nodes.filter((t) => t !== type && t.parent === undefined && t.kind === type.kind && t.signature === type.signature && t.namespace === type.namespace && t.location.file !== type.location.file);
}

/**
 * A supertype of p1 (however far up) that is gone declared n1's signature: a new supertype declaring
 * it now took the place of that one (wildfly's `CacheComponent` switched from a deleted
 * `CacheServiceNameFactory` to a new `SubGroupServiceNameFactory`, both declaring
 * `getServiceName(String, String)`). So does a supertype still there whose declaration of it is gone
 * (an interface's members moved into a new interface extending it, which the class now implements
 * in its place). The declaration came from that supertype, not from n1: no Pull Up Signature from
 * n1, and so no Extract Interface from p1.
 */
function declaredInGoneSupertype(d: DiffState, p1: CstNode, n1: CstNode): boolean {
  return ancestors(d.before.cst, p1).some((sup) =>
    childrenOf(d, 'before', sup).some((m) => has(m, 'abstract') && sameSignature(m, n1) && (isRemoved(d, sup) || isRemoved(d, m))));
}

/**
 * A new supertype that the subtype, or another type of the commit's code, already named before,
 * when no type of the project had that name: a library's type copied into the project (afero
 * vendored the stiface interfaces its mocks embedded; typer 1829d732ae copied click in, and
 * `BashComplete(click.shell_completion.BashComplete)` became `BashComplete(ShellComplete)` of the
 * copy, a type its `PowerShellComplete` extended before as `click.shell_completion.ShellComplete`).
 * Its declarations were written before, outside; none came up from the subtype.
 */
function broughtIn(d: DiffState, subBefore: CstNode, superAfter: CstNode): boolean {
  if (!isAdded(d, superAfter)) return false;
  const name = superAfter.name;
  const named = (n: CstNode) => n.supertypes.includes(name) && !n.subtypeOf.some((id) => d.before.cst.nodes[id].name === name);
  return named(subBefore) || (d.before.cst.nodes.some((n) => isType(n) && named(n)) && !d.before.cst.nodes.some((n) => isType(n) && n.name === name));
}

/**
 * Abstract declarations that went up as they were: one gone from a matched type and the same
 * signature declared anew, abstract, in a type it extends (`getMockSettings()` moved from the
 * interface `InternalMockHandler` into the `MockHandler` it extends) is a Pull Up Signature from
 * that declaration. The implementations below, which keep theirs, gave the new declaration nothing:
 * the returned declarations are told as pulled up from no implementation. RefactoringMiner lists
 * no Pull Up Method of a declaration, only the Extract Interface a new supertype makes.
 */
function pulledUpDeclarations(d: DiffState): Set<CstNode> {
  const found = new Set<CstNode>();
  for (const [id1, id2] of d.toAfter) {
    const p1 = d.before.cst.nodes[id1];
    const p2 = d.after.cst.nodes[id2];
    if (isCallable(p1)) continue;
    for (const n1 of childrenOf(d, 'before', p1)) {
      if (!isRemoved(d, n1) || !isCallable(n1) || !has(n1, 'type-member') || !has(n1, 'abstract')) continue;
      for (const superId of p2.subtypeOf) {
        for (const n2 of childrenOf(d, 'after', d.after.cst.nodes[superId])) {
          if (!isAdded(d, n2) || !has(n2, 'abstract') || !sameSignature(n1, n2)) continue;
          add(d, 'PULL_UP_SIGNATURE', n1, n2, 'hierarchy');
          found.add(n2);
        }
      }
    }
  }
  return found;
}

/**
 * The types that extend `sup` in the after CST, directly or through the types passableBelow lets
 * through (as `isSubtype` reads the hierarchy): a method pulled up into a grandparent came from
 * grandchildren, whatever was inserted between.
 */
function subtypesOf(d: DiffState, sup: CstNode | undefined): number[] {
  if (!sup) return [];
  const passes = passableBelow(d, sup);
  const found = new Set<number>();
  const queue = [...d.after.subtypes[sup.id]];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (found.has(id) || id === sup.id) continue;
    found.add(id);
    if (passes(d.after.cst.nodes[id])) queue.push(...d.after.subtypes[id]);
  }
  return [...found];
}

/**
 * The types below a matched supertype (p1 before, p2 after), as they were before: the after
 * subtypes' earlier selves, and the subtypes that extended p1 and are gone (an interface's only
 * implementation folded into it when it became a class, as intellij-community's
 * `LightProjectDescriptor.Empty`).
 */
function subtypesBefore(d: DiffState, p1: CstNode, p2: CstNode): CstNode[] {
  const found = new Set<CstNode>();
  for (const id of subtypesOf(d, p2)) {
    const sub = matchBefore(d, d.after.cst.nodes[id]);
    if (sub) found.add(sub);
  }
  for (const id of d.before.subtypes[p1.id]) {
    const sub = d.before.cst.nodes[id];
    if (isRemoved(d, sub)) found.add(sub);
  }
  return [...found];
}

/** Similarity of two whole declarations, before and after. */
const code = (d: DiffState, n1: CstNode, n2: CstNode) => similarity(d.vocabulary, d.before.rep[n1.id], d.after.rep[n2.id], d.before.weight[n1.id], d.after.weight[n2.id]);

/**
 * A member pulled up from one subtype is usually pulled up from its siblings too; likewise for push
 * down. Not when the supertype declared it already (an abstract declaration that got the body of
 * one implementation: the others were dropped, not moved). A member goes up once: where two new
 * levels of a hierarchy each took a namesake (a number type's `convert` into `_NumberBase`, a range
 * type's into `_RangeBase` below it), a range type is a subtype of both, and its `convert` went to
 * the one whose code it resembles most, not to both. Any layered base classes extracted in one
 * commit have that shape, whatever the language.
 */
function findAdditionalPullUpsAndPushDowns(d: DiffState): void {
  const pulled = new Map<number, { n1: CstNode; to: CstNode; score: number }>();
  for (const r of [...d.relationships]) {
    if (r.type === 'PULL_UP') {
      const superAfter = parentOf(d.after, r.after);
      const superBefore = matchBefore(d, superAfter);
      if (superBefore && childrenOf(d, 'before', superBefore).some((m) => sameSignature(m, r.after))) continue;
      for (const subAfterId of subtypesOf(d, superAfter)) {
        const subBefore = matchBefore(d, d.after.cst.nodes[subAfterId]);
        for (const n1 of subBefore ? childrenOf(d, 'before', subBefore) : []) {
          if (n1 === r.before || !isRemoved(d, n1) || !has(n1, 'type-member') || !sameSignature(n1, r.after)) continue;
          const score = code(d, n1, r.after);
          const prior = pulled.get(n1.id);
          if (!prior || score > prior.score) pulled.set(n1.id, { n1, to: r.after, score });
        }
      }
    } else if (r.type === 'PUSH_DOWN') {
      for (const subAfterId of subtypesOf(d, matchAfter(d, parentOf(d.before, r.before)))) {
        for (const n2 of childrenOf(d, 'after', d.after.cst.nodes[subAfterId])) {
          if (n2 !== r.after && isAdded(d, n2) && has(n2, 'type-member') && sameSignature(r.before, n2)) add(d, 'PUSH_DOWN', r.before, n2, 'hierarchy');
        }
      }
    }
  }
  for (const { n1, to } of pulled.values()) add(d, 'PULL_UP', n1, to, 'hierarchy');
}

/**
 * Copies merged into one: a member moved to another type was moved from the other types that had a
 * copy of it too (same signature, similar to where it went), when that copy is gone and went
 * nowhere else (two parsers' identical helpers now in one shared parser). RefactoringMiner maps each
 * copy to the merged member. A matching is one to one, so only the closest copy was paired.
 */
function findMergedCopies(d: DiffState): void {
  const related = new Set(d.relationships.map((r) => r.before.id));
  const unmatched = new Map<string, CstNode[]>();
  for (const n1 of d.before.cst.nodes) {
    if (!isRemoved(d, n1) || related.has(n1.id) || !isCallable(n1) || !has(n1, 'type-member') || has(n1, 'constructor') || has(n1, 'abstract')) continue;
    unmatched.set(n1.signature, [...(unmatched.get(n1.signature) ?? []), n1]);
  }
  const unpaired = unpairedNames(d);
  for (const r of [...d.relationships]) {
    if (r.type !== 'MOVE' || !isCallable(r.before) || !has(r.before, 'type-member') || !sameSignature(r.before, r.after)) continue;
    for (const copy of unmatched.get(r.before.signature) ?? []) {
      if (parentOf(d.before, copy) === parentOf(d.before, r.before) || namesakesApart(unpaired, copy, r.after)) continue;
      const score = code(d, copy, r.after);
      if (score > d.thresholds.similarity) add(d, 'MOVE', copy, r.after, 'copies', score);
    }
  }
}

/** A type whose members are all abstract declarations (an interface): what it extracts is told by Pull Up Signature. */
const onlyDeclarations = (d: DiffState, n2: CstNode) => n2.children.length > 0 && n2.children.every((id) => has(d.after.cst.nodes[id], 'abstract'));

/**
 * Extract Supertype: members pulled up into a new type, or a new type with code of its own (or
 * none at all) that a matched type now extends: what it holds came from its subtypes, as fields
 * or as code rewritten on the way up.
 */
function findExtractSupertypes(d: DiffState): void {
  for (const r of [...d.relationships]) {
    if (r.type !== 'PULL_UP' && r.type !== 'PULL_UP_SIGNATURE') continue;
    const superAfter = parentOf(d.after, r.after);
    const subBefore = parentOf(d.before, r.before);
    if (!superAfter || !subBefore || !isAdded(d, superAfter)) continue;
    const hadIt = subBefore.subtypeOf.some((id) => d.before.cst.nodes[id].name === superAfter.name) || subBefore.supertypes.includes(superAfter.name);
    if (!hadIt) add(d, 'EXTRACT_SUPER', subBefore, superAfter, 'hierarchy');
  }
  for (const n2 of d.after.cst.nodes) {
    // a namespace (a Ruby class reopened to hold types) is no declaration of the type, only a name around the types
    if (!isAdded(d, n2) || isCallable(n2) || n2.kind === 'file' || has(n2, 'namespace') || onlyDeclarations(d, n2)) continue;
    for (const subId of d.after.subtypes[n2.id]) {
      const subAfter = d.after.cst.nodes[subId];
      const subBefore = matchBefore(d, subAfter);
      if (subBefore && !subBefore.supertypes.includes(n2.name) && !replacedSupertype(d, subBefore, subAfter, n2)) add(d, 'EXTRACT_SUPER', subBefore, n2, 'hierarchy');
    }
  }
}

/**
 * A type that now extends a new type in place of one it extended before, which the new type does
 * not extend (a JUnit 4 `TestBase` kept, its JUnit 5 counterpart `TestBase5` new, a test switched
 * from one to the other): the supertype was replaced, nothing was extracted from the type. So too
 * where the old supertype is gone: zap 8e713dc8fb replaced the struct `JSONConfig`, which
 * `jsonEncoder` embedded, by a new `EncoderConfig` of other fields, now embedded in its place; the
 * new type's code came from the old one, if from anywhere, not from `jsonEncoder`. A supertype
 * inserted between (the new type extends the old one, however far up: dit's `SampleSpace(Set)` →
 * `SampleSpace(ScalarSampleSpace)`, which extends a new `BaseSampleSpace(Set)`) is an extraction;
 * so is a new type that members were pulled up into (above).
 */
function replacedSupertype(d: DiffState, subBefore: CstNode, subAfter: CstNode, n2: CstNode): boolean {
  return subBefore.supertypes.some((s, i) =>
    s !== n2.name && !subBefore.rootSupertypes?.includes(s) && !namesSupertype(subAfter, subBefore, i) && !extendsName(d, n2, subBefore, i));
}

/**
 * `n` names supertype `index` of `of` among its own: the same name, and where both are resolved
 * (CstNode.supertypeFullNames), the same type (a test's `TestCase` imported from the project is not
 * a new base's `\PHPUnit\Framework\TestCase`).
 */
function namesSupertype(n: CstNode, of: CstNode, index: number): boolean {
  const full = of.supertypeFullNames?.[index];
  return n.supertypes.some((s, i) => s === of.supertypes[index] && (!full || !n.supertypeFullNames?.[i] || n.supertypeFullNames[i] === full));
}

/** n2 names supertype `index` of `of` among its supertypes, or one of the types it extends (in the after CST) does, however far up. */
function extendsName(d: DiffState, n2: CstNode, of: CstNode, index: number): boolean {
  return [n2, ...ancestors(d.after.cst, n2)].some((n) => namesSupertype(n, of, index));
}

/**
 * A caller and the callable its code went into (Extract) or came from (Inline): of one type, or a
 * constructor and a method of its language (code extracted from or inlined into a constructor).
 */
const callerOf = (caller: CstNode, callee: CstNode) =>
  caller.kind === callee.kind || (caller.language === callee.language && isCallable(caller) && isCallable(callee) && !has(callee, 'constructor'));

/** Tokens of a call to `node`: `name ( , )`. */
const callOf = (d: DiffState, node: CstNode) => toMultiset(d.vocabulary, callTokens(node.name, node.parameters.length), false);

/** Getters and setters: adding one and calling it is no extraction of code by itself. */
const trivial = (n: CstNode) => has(n, 'field-accessor') || has(n, 'field-mutator');

/**
 * A new getter or setter of the caller's own type is extracted from it when the caller now calls it
 * where it wrote the very statement before (`count = n;` became `setCount(n);`), as
 * RefactoringMiner maps the statement into the accessor's body.
 */
const accessorExtracted = (d: DiffState, n1: CstNode, n1After: CstNode, n2: CstNode, s: MovedStatements | undefined) =>
  extractedInPlace(d, n1, n2) && callsTo(n1After, n2.name) > callsTo(n1, n2.name) && statementsMoved(d, s);

/**
 * A callable whose body is one statement calling a namesake: an overload filling in a default
 * (`beginType(t, k) { return beginType(t, k, EnumSet.noneOf(Modifier.class), null); }`) or a wrapper
 * passing the call on (`hasWeirdWrap() { return terminal.hasWeirdWrap(); }`). A caller of another
 * name that made as many calls of that name before, on the same receivers (sameCallSites), only
 * reaches the new one now (it switched to the new overload, or the field it calls on became the
 * wrapper): it wrote none of its code, even where it lost one of those calls (its statement is the
 * call). Not so a caller that now calls it on another receiver (`ctx.queue.peek()` → `ctx.peek()`,
 * the queue hidden behind a new method: RefactoringMiner's Extract And Move), nor a namesake caller
 * that now delegates to it (`get(x)` → `get(x, map)`, its old body in the new overload).
 */
function passesOnToNamesake(n: CstNode): boolean {
  const statements = wholeBodyStatements(n);
  return statements?.length === 1 && n.calls.some((call) => call.name === n.name);
}

/** How many tokens before the call of a method on an expression (`g().f()`) stand for it: `g ( ) .` and one more. */
const EXPRESSION_CONTEXT = 6;

/**
 * What each call of `name` in `n` is written on, as a chain of names (`writer`, `this.terminal`,
 * `Status` for `Status::IOError(…)`, '' for a bare call); for one made on another expression
 * (`((Unix) t).f()`, `w.Sink(a).WriteTo.Sink(b)`), the tokens just before it, prefixed with `?`.
 */
function receiverChains(side: Side, n: CstNode, name: string): string[] {
  const chains: string[] = [];
  const t = n.tokens;
  const joins = memberOf(side.cst, n.language);
  for (let i = 1; i + 1 < t.length; i++) {
    if (t[i] !== name || t[i + 1] !== '(' || t[i - 1] === 'new') continue;
    const parts: string[] = [];
    let j = i;
    while (joins.has(t[j - 1]) && j >= 2 && IDENTIFIER.test(t[j - 2])) {
      parts.unshift(t[j - 2]);
      j -= 2;
    }
    chains.push(joins.has(t[j - 1]) ? `?${t.slice(Math.max(0, i - EXPRESSION_CONTEXT), i).join(' ')}` : parts.join('.'));
  }
  return chains;
}

/**
 * The caller calls `name` on nothing it did not call it on before (`terminal.hasWeirdWrap()` as
 * it was, `writer.beginType(…)` with other arguments, `….WriteTo.Sink(b)` after the same tokens):
 * where the call went changed, not the caller. A call on another receiver (`ctx.queue.peek()` →
 * `ctx.peek()`, `g().f()` → `h().f()`) is the caller's own change.
 */
function sameCallSites(d: DiffState, n1: CstNode, n1After: CstNode, name: string): boolean {
  const before = new Set(receiverChains(d.before, n1, name));
  return receiverChains(d.after, n1After, name).every((chain) => before.has(chain));
}

/** Two bodies of the very same tokens: no code left the one, and none came into the other. */
const sameBody = (n1: CstNode, n2: CstNode) =>
  n1.bodyTokens !== undefined && n2.bodyTokens !== undefined && n1.bodyTokens.length === n2.bodyTokens.length && n1.bodyTokens.every((t, i) => t === n2.bodyTokens![i]);

/** Receivers that are the caller's own object: a call on them reaches its own type's methods. */
const OWN_RECEIVERS = new Set(['this', 'self', 'super']);

/**
 * The caller makes its calls of `name` as before, each on another object (a field, a parameter, a
 * variable: not a bare call nor one on `this`/`self`): as many, each with as many arguments. With
 * the same receivers (sameCallSites), a new callable of that name elsewhere is reached by a call
 * the caller already made (`for v in self.items:iter()` → `local it = self.items:iter()`, a new
 * `Pipe:iter` in another file): the code the caller lost did not go there through it. A bare call
 * may now reach a new overload of the caller's own type that holds its code (`formatCSV(d)` →
 * `formatCSV(true, d)`), which an arity does not tell from the old one.
 */
function sameCallsOnOthers(d: DiffState, n1: CstNode, n1After: CstNode, name: string): boolean {
  const arities = (n: CstNode) => n.calls.filter((call) => call.name === name).map((call) => call.args).sort((a, b) => a - b).join(',');
  const before = arities(n1);
  if (before === '' || before !== arities(n1After)) return false;
  const chains = receiverChains(d.before, n1, name);
  return chains.length > 0 && chains.every((chain) => chain !== '' && !OWN_RECEIVERS.has(chain));
}

const callsTo = (n: CstNode, name: string) => n.calls.reduce((count, call) => count + (call.name === name ? 1 : 0), 0);

/** Code extracted into the caller's own container, or into a scope around it (not moved elsewhere). */
const extractedInPlace = (d: DiffState, n1: CstNode, n2: CstNode) => sameLocation(d, n1, n2) || inEnclosingScope(d, n1, n2);

/**
 * The caller itself went to the container the code was extracted into (pulled up, moved): the
 * code was extracted where the caller now is, an Extract Method there, as RefactoringMiner reads
 * it after the move (`start()` pulled up, `doStart()` extracted from it in the superclass). Only
 * the name of the relationship; what the extraction needs is unchanged. Methods declared apart from
 * their types are in their types, not in the file around them (apartMemberOf).
 */
function besideCaller(d: DiffState, n1: CstNode, n2: CstNode): boolean {
  const n1After = matchAfter(d, n1);
  const p2 = parentOf(d.after, n2);
  return !!n1After && !!p2 && parentOf(d.after, n1After) === p2 && apartMemberOf(d.after, n1After) === apartMemberOf(d.after, n2);
}

/**
 * The extract similarity an extraction needs. Into another container (Extract and Move) it is
 * the strictest, as a small utility called from many places fits many removals. Into the caller's
 * own container a lower one suffices when the caller now calls that name more often than before:
 * the new call is evidence of its own, while a caller that already made the call (`close()`,
 * `isEmpty()`) has only the similarity to go by.
 */
function extractThreshold(d: DiffState, n1: CstNode, n1After: CstNode, n2: CstNode): number {
  if (!extractedInPlace(d, n1, n2)) return d.thresholds.extractMove;
  return callsTo(n1After, n2.name) - callsTo(n1, n2.name) > callsReplaced(d, n1, n2) ? d.thresholds.extractNewCall : d.thresholds.extract;
}

/** callsReplaced: the least share of the new callable's code (weight) a gone helper held, to be one it stands for. */
const REPLACED_SHARE = 0.5;

/**
 * The caller's calls to helpers of its own container that are gone (removed, paired with nothing)
 * and that `n2` resembles (as a redirected call's callee resembles its successor): the new calls
 * to `n2` may stand where those were (a helper written anew under another name, `ReplaceItemInArray`
 * → `cJSON_ReplaceItemViaPointer`, or split, `Read(order)` → `ReadSequential()`, …), no evidence
 * of code the caller lost. A gone helper unlike `n2` (one the caller stopped calling) takes nothing.
 */
function callsReplaced(d: DiffState, n1: CstNode, n2: CstNode): number {
  let count = 0;
  for (const id of new Set(n1.uses)) {
    const gone = d.before.cst.nodes[id];
    if (gone === n1 || gone.parent !== n1.parent || !isCallable(gone) || matchAfter(d, gone)) continue;
    // written anew or split, it held about as much code as n2 or more; a small helper folded into a
    // bigger n2 with code from the callers (gson's getLineNumber() into locationString()) stood for none of it
    if (d.before.weight[gone.id] < d.after.weight[n2.id] * REPLACED_SHARE) continue;
    const score = similarity(d.vocabulary, d.before.rep[gone.id], d.after.rep[n2.id], d.before.weight[gone.id], d.after.weight[n2.id]);
    if (score >= d.thresholds.redirectedSimilarity) count += callsTo(n1, gone.name);
  }
  return count;
}

/** goneCalleeHolding: the most parts a gone callee split into is read as (its weight at most this many times the new callable's). */
const SPLIT_PARTS = 3;

/**
 * A callee the caller called that is gone (removed, paired with nothing, no longer called), in the
 * caller's container, of about the new callable's size (half of it to SPLIT_PARTS times it), whose
 * code holds the new callable's body better than the code the caller lost does: the new
 * callable is that callee written anew or split (immer 4f59b127f1's
 * `testBaseStateTypes(produce)` → `testObjectTypes(produce); testLiteralTypes(produce)`), its code
 * none of the caller's. A gone callee of the new callable's own name may be in any container and
 * still called, where the caller calls that name on nothing it did not call it on before
 * (sameCallSites): its call now reaches the callee's new form (a method whose signature changed
 * as it was split into overrides: `source.outputDir(project, multiple)` →
 * `source.outputDir(project)`, `Source.outputDir`'s two branches now in `JvmSource.outputDir` and
 * `AndroidSource.outputDir`). Not where the caller now calls it on another receiver, its own
 * change (`this.agenda.notifyHalt()` → `notifyHalt()`, a new method of its own class that took
 * the line), nor an abstract declaration, which held no code.
 */
function goneCalleeHolding(d: DiffState, n1: CstNode, n1After: CstNode, n2: CstNode, body: Multiset, score: number): CstNode | undefined {
  for (const id of new Set(n1.uses)) {
    const gone = d.before.cst.nodes[id];
    if (gone === n1 || !isCallable(gone) || matchAfter(d, gone)) continue;
    if (gone.name === n2.name ? has(gone, 'abstract') || !sameCallSites(d, n1, n1After, n2.name) : gone.parent !== n1.parent || callsTo(n1After, gone.name) > 0) continue;
    // written anew or split in a few: about n2's size (callsReplaced), not a big callee that happens to hold a small n2's words
    const ratio = d.before.weight[gone.id] / d.after.weight[n2.id];
    if (ratio < REPLACED_SHARE || ratio > SPLIT_PARTS) continue;
    if (containment(d.vocabulary, body, d.before.rep[gone.id]) > score) return gone;
  }
  return undefined;
}

/**
 * Statements tell an extraction or inlining apart where token similarity cannot: a call that replaced
 * one or more of the callee's statements, and a good share of them, as written (its parameters
 * replaced by the call's arguments) is one even when the tokens around them changed (a delegation
 * `other.setX(x)` in place of `this.x = x` consumes the very tokens the bag compares), as
 * RefactoringMiner maps statements between the callee and its caller. With `near`, statements that
 * moved but for one identifier or argument (MovedStatements.substituted) count too: for code moved
 * to another container, where a field renamed or a receiver turned into `this` is what moving it
 * does; within one container they added more false detections than they found (java-rm: 3 found,
 * 6 false).
 */
const statementsMoved = (d: DiffState, s: MovedStatements | undefined, near = false) => {
  if (s === undefined) return false;
  const moved = s.moved + (near ? s.substituted : 0);
  return moved >= 1 && moved >= s.total * d.thresholds.movedStatementsShare;
};

/**
 * None of the callee's statements moved, as written or but for one identifier or argument: token
 * similarity alone is weak evidence (a getter's `return x;`).
 */
const noStatementMoved = (s: MovedStatements | undefined) => s !== undefined && s.total > 0 && s.moved + s.substituted === 0;

/**
 * A word of a tiny body (tinyBody: a name or literal, Ruby's `@@options` too, not one of its parameters) that the code the
 * caller lost does not hold. Such a body has a few tokens only, and punctuation and `new` fit any
 * code: `Builder builder() { return new Builder(); }` is no code a constructor lost when it now
 * delegates to `this(builder().setX(x)…)`, whereas `isAlpha2Len(str) { return str.length() == 2; }`
 * holds only words its callers lost.
 */
function wordNotLost(d: DiffState, n2: CstNode, removed: Multiset): boolean {
  return (n2.bodyTokens ?? []).some((t) => WORD.test(t) && !n2.parameters.includes(t) && !removed.has(d.vocabulary.ids.get(t) ?? -1));
}

/**
 * Names (isName: keywords too, not literals or `return`) of the callable's body, the names it declares
 * aside: its parameters and its own type parameters (FluentValidation 16109a5657's new
 * `Configurable<T, TCollectionElement>(rule)`, a cast to `ICollectionRule<T, TCollectionElement>`,
 * shares only `T` and `TCollectionElement` with the lambda `OverrideIndexer<T, TCollectionElement>`
 * lost, the type parameters both name by convention).
 */
const bodyNames = (n: CstNode) =>
  (n.bodyTokens ?? []).filter((t) => isName(t) && !OWN_OBJECT.has(t) && !n.parameters.includes(t) && !n.typeParameters?.includes(t));

/**
 * The object itself, which any method of a class may write: symfony/console 082f5d4976's new
 * `InputOption::effectiveName()`, `return $this->getName();`, shares only `$this`, `return` and
 * punctuation with the checks `ArgvInput::addLongOption` lost (`$this->definition->hasOption($name)`).
 */
const OWN_OBJECT = new Set(['this', 'self', '$this']);

/**
 * The body holds names, the caller lost none of them, and no statement of the body holding a name
 * moved (as written or but for one identifier): what it shares with the code the caller lost is
 * literals, `return` and punctuation, which fit any code, however similar that makes them.
 * commons-lang 8089a0c2d3 rewrote `isParsable(str)`'s character checks as calls to a new
 * `accept(consumer, obj)` that tries `consumer.accept(obj)` and returns true, or false when it
 * throws: it shares `return false;` and brackets with those checks, none of their code. Not an
 * overload passing its call on to a namesake (passesOnToNamesake): the code it stands for is the
 * namesake's, and its one name is the call the caller now makes.
 */
function noNameShared(d: DiffState, n2: CstNode, removed: Multiset, s: MovedStatements | undefined): boolean {
  if (s === undefined || s.named + s.substituted > 0 || passesOnToNamesake(n2)) return false;
  const names = bodyNames(n2);
  return names.length > 0 && !names.some((t) => removed.has(d.vocabulary.ids.get(t) ?? -1));
}

/** The extract similarity needed, stricter for an Extract and Move none of whose statements the caller lost. */
const extractNeeded = (d: DiffState, n1: CstNode, n2: CstNode, threshold: number, s: MovedStatements | undefined) =>
  !extractedInPlace(d, n1, n2) && noStatementMoved(s) ? Math.max(threshold, d.thresholds.extractMoveNoStatement) : threshold;

/** Similarity above what is needed, or statements moved as written (see statementsMoved). */
const evidenceEnough = (d: DiffState, score: number, needed: number, s: MovedStatements | undefined, near = false) =>
  score > needed || (score > d.thresholds.movedStatements && statementsMoved(d, s, near));

/** An extraction or inlining found, with how to weigh it again on what other callees of its caller left. */
interface Candidate {
  n1: CstNode;
  n2: CstNode;
  score: number;
  statements: MovedStatements | undefined;
  /** The similarity the extraction needed (Extract only). */
  needed?: number;
  recheck?: (claimed: string[][]) => { score: number; statements: MovedStatements | undefined; accepted: boolean };
  /** The callee's body, its names, and the code its caller lost (Extract) or gained (Inline): see exclusiveEvidence. */
  tokens: { body: Multiset; names: string[]; pool: Multiset };
}

/**
 * A callee at least this share of whose statements another callee of the same caller took as well
 * holds a copy of that code (one block duplicated into two helpers): both are told, as RefactoringMiner
 * maps the block into each (printNotifyInsert and printNotifyBulkInsert, foldExpr's shortcut).
 */
const COPY_SHARE = 0.5;

/**
 * Each statement the caller lost (Extract) or gained (Inline) went into one callee, as RefactoringMiner
 * maps it: where several callees of one caller are found, the one that took most of its statements as
 * written (then the most similar) keeps them, and each next one that took some of them too is weighed
 * again without them (statements not taken, token similarity without their tokens). A helper that
 * shares a few lines with code another one took, and otherwise only resembles it (a second variant of
 * the algorithm, written anew), is no extraction; one that is mostly a copy of it is (COPY_SHARE).
 * So for tokens, where none of its statements is left to tell (none moved as written, or all went
 * to earlier callees): a callee none of whose names is in the code the earlier callees did not take
 * shares with that code only punctuation, keywords the others hold too, and literals. A test split
 * out of `main()` took all of its code; a new test written beside it shares `json_error_t error;`
 * and `fail(…)` with that code, nothing else (jansson's test_load.c, `file_not_found()` beside a new
 * `reject_duplicates()`); jekyll 7558ecb1f7's new `line_highlighter_formatter` beside the extracted
 * `table_formatter`, both `::Rouge::Formatters::….new(formatter, …)`.
 */
function exclusiveEvidence<K>(d: DiffState, entries: [K, Candidate][], callerKey: (c: Candidate) => number, drop: (key: K) => void, step: 'extract' | 'inline'): void {
  const groups = new Map<number, [K, Candidate][]>();
  for (const e of entries) {
    const group = groups.get(callerKey(e[1]));
    if (group) group.push(e);
    else groups.set(callerKey(e[1]), [e]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const moved = (c: Candidate) => c.statements?.moved ?? 0;
    group.sort((a, b) => moved(b[1]) - moved(a[1]) || b[1].score - a[1].score);
    const claimed: string[][] = [];
    let claimedTokens: Multiset = new Map();
    for (const [key, c] of group) {
      let copy = false;
      if (claimed.length > 0 && c.recheck && c.statements && c.statements.moved > 0) {
        const again = c.recheck(claimed);
        copy = c.statements.moved - (again.statements?.moved ?? 0) >= c.statements.total * COPY_SHARE;
        if (!again.accepted && !copy) {
          d.monitor.discarded?.({ step, before: c.n1, after: c.n2, score: again.score, reason: 'its statements went into another callee of the same caller' });
          drop(key);
          continue;
        }
        c.statements = again.statements;
      }
      const { body, names, pool } = c.tokens;
      const rest = minus(pool, claimedTokens);
      if (!copy && claimedTokens.size > 0 && noStatementLeft(c.statements) && names.length > 0 && !names.some((t) => rest.has(d.vocabulary.ids.get(t) ?? -1))) {
        d.monitor.discarded?.({ step, before: c.n1, after: c.n2, score: containment(d.vocabulary, body, rest), reason: 'the code it shares with what the caller lost went into another callee of the same caller: none of its names is left' });
        drop(key);
        continue;
      }
      claimed.push(...(c.statements?.taken ?? []));
      // the tokens of the code it holds, taken from what the next callees are weighed against
      claimedTokens = plus(claimedTokens, common(body, rest));
    }
  }
}

/** None of the callee's statements is the caller's code as written or but for one identifier (`this.station = s` for `request.station = s`), or none can be read. */
const noStatementLeft = (s: MovedStatements | undefined) => s === undefined || s.moved + s.substituted === 0;

/**
 * How to weigh a candidate again once other callees of its caller claimed statements: its statements
 * counted again without them (`recount`), its similarity without the tokens of those it lost to them,
 * and whether that is still enough (`needed`, `near` as in statementsMoved). `pool` is what the caller
 * lost (Extract) or gained (Inline).
 */
function rechecker(
  d: DiffState,
  body: Multiset,
  pool: Multiset,
  first: MovedStatements | undefined,
  recount: (claimed: string[][]) => MovedStatements | undefined,
  needed: (s: MovedStatements | undefined) => number,
  near = false,
): NonNullable<Candidate['recheck']> {
  return (claimed) => {
    const s = recount(claimed);
    const score = containment(d.vocabulary, body, minus(pool, tokensOfLost(d, first?.taken ?? [], s?.taken ?? [])));
    return { score, statements: s, accepted: evidenceEnough(d, score, needed(s), s, near) };
  };
}

/**
 * The statements of `taken` that `left` no longer has (multiset difference), as one multiset of
 * their tokens: what a callee loses when another callee of its caller took them first.
 */
function tokensOfLost(d: DiffState, taken: string[][], left: string[][]): Multiset {
  const kept = new Map<string, number>();
  for (const statement of left) kept.set(statement.join(' '), (kept.get(statement.join(' ')) ?? 0) + 1);
  let tokens: Multiset = new Map();
  for (const statement of taken) {
    const count = kept.get(statement.join(' '));
    if (count) kept.set(statement.join(' '), count - 1);
    else tokens = plus(tokens, toMultiset(d.vocabulary, statement, false));
  }
  return tokens;
}

/**
 * Extract / Extract and Move: an added callable, called by the new version of a matched one, whose
 * body was removed from it. A call resolved by name to several same-named callables (overriding
 * methods in several classes) keeps only the one whose body fits the removed code best. Code
 * extracted in steps (draw() → drawLabels() → labelFont()) comes from the first caller: an added
 * callable called only by extracted ones is compared with the code removed from their origins, and
 * needs one of its statements (its parameters replaced by the arguments of the extracted caller's
 * call) among those its origin lost and the extracted caller does not still write in place: a new
 * helper of the extracted code reuses the origin's words without holding its code, and one that
 * repeats a statement the extracted caller kept (`String q = verbose ? … : …;` kept in
 * `checkThrows(…)`, its copy `return verbose ? … : …;` in a new `describe(…)` for other callers)
 * holds a copy of it. Not when helpers extracted from several callers call it (the same code
 * removed from each is evidence enough), unless its body is one statement: a new accessor that
 * all those helpers call (`Random random() { return random.get(); }`, where each origin called
 * `RandomStringUtils.random()`) fits each origin's removed code by a few tokens only.
 */
function findExtracts(d: DiffState): void {
  const best = new Map<string, Candidate>();
  const candidates = d.after.cst.nodes.filter((n2) => isAdded(d, n2) && isCallable(n2) && !has(n2, 'anonymous'));
  const consider = (n1: CstNode, n1After: CstNode, n2: CstNode, body: Multiset, threshold: number, via?: CstNode, shared = false, sibling = false) => {
    if (!callerOf(n1, n2)) return;
    if (sameBody(n1, n1After)) {
      d.monitor.discarded?.({ step: 'extract', before: n1, after: n2, score: 0, reason: 'the caller\'s body is as it was: it lost no code, and its call reaches a new namesake' });
      return;
    }
    const removed = minus(plus(d.before.rep[n1.id], callOf(d, n2)), d.after.rep[n1After.id]);
    const score = containment(d.vocabulary, body, removed);
    // Through a helper extracted first, the origin's statements that helper still writes in place
    // stayed there: they are not code the origin lost into this one (a copy of them elsewhere).
    const statements = score > d.thresholds.movedStatements || via ? movedStatements(n2, n1, n1After, via ?? n1After, via && allStatements(via)) : undefined;
    const inPlace = extractedInPlace(d, n1, n2);
    if (!inPlace && tinyBody(d, n2)) {
      d.monitor.discarded?.({ step: 'extract', before: n1, after: n2, score, reason: 'a body of one short statement, in another container' });
      return;
    }
    if (trivial(n2) && !accessorExtracted(d, n1, n1After, n2, statements)) {
      d.monitor.discarded?.({ step: 'extract', before: n1, after: n2, score, reason: 'a getter or setter the caller did not write in place' });
      return;
    }
    // cheapest first: the statements of n2 are split, and the callers' tokens read, only where the counts allow it
    if (n1.name !== n2.name && callsTo(n1After, n2.name) <= callsTo(n1, n2.name) && passesOnToNamesake(n2) && sameCallSites(d, n1, n1After, n2.name)) {
      d.monitor.discarded?.({ step: 'extract', before: n1, after: n2, score, reason: `a new ${n2.name} that passes its call on to a namesake, called no more often than before: the caller's call now reaches another ${n2.name}` });
      return;
    }
    if (sameCallsOnOthers(d, n1, n1After, n2.name) && sameCallSites(d, n1, n1After, n2.name)) {
      d.monitor.discarded?.({ step: 'extract', before: n1, after: n2, score, reason: `the caller calls ${n2.name} as it did, as often, with as many arguments, on the same receivers: its call now reaches a new namesake, not code it lost` });
      return;
    }
    // where no statements can be read (a Ruby body), the word alone tells
    if (inPlace && tinyBody(d, n2) && (statements === undefined || noStatementMoved(statements)) && wordNotLost(d, n2, removed)) {
      d.monitor.discarded?.({ step: 'extract', before: n1, after: n2, score, reason: 'a body of one short statement holding a word the caller did not lose' });
      return;
    }
    if (via && (!shared || wholeBodyStatements(n2)?.length === 1) && noStatementMoved(statements)) {
      d.monitor.discarded?.({ step: 'extract', before: n1, after: n2, score, reason: `called from ${via.name}, extracted too, and none of its statements was lost by the caller` });
      return;
    }
    const needed = sibling ? threshold : extractNeeded(d, n1, n2, threshold, statements);
    if (!evidenceEnough(d, score, needed, statements, !inPlace)) {
      d.monitor.discarded?.({ step: 'extract', before: n1, after: n2, score, threshold: needed, reason: sibling ? 'extract similarity (a further caller of a callable extracted from another)' : 'extract similarity' });
      return;
    }
    if (noNameShared(d, n2, removed, statements)) {
      d.monitor.discarded?.({ step: 'extract', before: n1, after: n2, score, reason: 'none of its names is in the code the caller lost, nor any statement holding one: they share literals and punctuation only' });
      return;
    }
    const standIn = goneCalleeHolding(d, n1, n1After, n2, body, score);
    if (standIn && !statementsMoved(d, statements)) {
      d.monitor.discarded?.({ step: 'extract', before: n1, after: n2, score, reason: `${standIn.name}, which the caller called and which is gone, holds its code better than what the caller lost` });
      return;
    }
    const key = `${n1.id}\u0000${n2.name}`;
    const previous = best.get(key);
    if (previous && (score < previous.score || (score === previous.score && !inPlace))) return;
    const recheck = via
      ? undefined
      : rechecker(d, body, removed, statements, (claimed) => movedStatements(n2, n1, n1After, n1After, claimed), (s) => extractNeeded(d, n1, n2, threshold, s), !inPlace);
    best.set(key, { n1, n2, score, statements, needed, recheck, tokens: { body, names: bodyNames(n2), pool: removed } });
  };
  for (const n2 of candidates) {
    const body = bodyOf(d, d.after, n2.id);
    if (!body) continue;
    for (const callerId of d.after.usedBy[n2.id]) {
      const n1After = d.after.cst.nodes[callerId];
      const n1 = matchBefore(d, n1After);
      if (n1) consider(n1, n1After, n2, body, extractThreshold(d, n1, n1After, n2));
    }
  }
  // One helper pulled out of near-duplicate methods of several classes (one method written in each
  // of sibling classes, a namesake of the others): once one of them is known to have given it its
  // code, a namesake caller in another container that lost some of it needs less, as it may have
  // written the code a little differently or lost a little of it (RefactoringMiner maps each
  // caller's statements on their own). Not any other caller: a small utility fits many.
  const seeds = new Map<CstNode, Set<string>>();
  for (const { n1, n2 } of best.values()) seeds.set(n2, (seeds.get(n2) ?? new Set()).add(n1.name));
  for (const [n2, callerNames] of seeds) {
    const body = bodyOf(d, d.after, n2.id)!;
    for (const callerId of d.after.usedBy[n2.id]) {
      const n1After = d.after.cst.nodes[callerId];
      const n1 = matchBefore(d, n1After);
      if (!n1 || !callerNames.has(n1.name) || best.has(`${n1.id}\u0000${n2.name}`) || extractedInPlace(d, n1, n2) || besideCaller(d, n1, n2)) continue;
      consider(n1, n1After, n2, body, d.thresholds.extractMoveSibling, undefined, false, true);
    }
  }
  exclusiveEvidence(d, [...best.entries()], (e) => e.n1.id, (key) => best.delete(key), 'extract');
  for (let step = 0; step < 3; step++) {
    const origins = new Map<number, CstNode[]>();
    for (const { n1, n2 } of best.values()) origins.set(n2.id, [...(origins.get(n2.id) ?? []), n1]);
    const size = best.size;
    for (const n2 of candidates) {
      if (origins.has(n2.id)) continue;
      const body = bodyOf(d, d.after, n2.id);
      if (!body) continue;
      // Called from helpers extracted from several callers: the code it holds was removed from each.
      const shared = new Set(d.after.usedBy[n2.id].flatMap((id) => (isAdded(d, d.after.cst.nodes[id]) ? origins.get(id) ?? [] : []))).size > 1;
      for (const callerId of d.after.usedBy[n2.id]) {
        if (!isAdded(d, d.after.cst.nodes[callerId])) continue;
        for (const n1 of origins.get(callerId) ?? []) {
          const n1After = matchAfter(d, n1);
          if (n1After && extractedInPlace(d, n1, n2)) consider(n1, n1After, n2, body, d.thresholds.extract, d.after.cst.nodes[callerId], shared);
        }
      }
    }
    if (best.size === size) break;
  }
  const hoisted = hoistedLocals(d, [...best.values()]);
  for (const c of best.values()) {
    const { n1, n2, score } = c;
    const local = hoisted.get(c);
    if (local && addMatch(d, local.n, n2, 'hoisted-local')) {
      const type = findMatchRel(d, local.n, n2);
      if (type) add(d, type, local.n, n2, 'hoisted-local', local.score);
      continue;
    }
    add(d, extractedInPlace(d, n1, n2) || besideCaller(d, n1, n2) ? 'EXTRACT' : 'EXTRACT_MOVE', n1, n2, 'call-graph', score);
  }
}

/**
 * The extractions that are local functions moved out (see hoistedLocal), one to one: a local
 * function whose code went into several new callables was split (each one an extraction), and a
 * new callable that holds the code of several local functions (the same helper written in several
 * places) was extracted from each.
 */
function hoistedLocals(d: DiffState, candidates: Candidate[]): Map<Candidate, { n: CstNode; score: number }> {
  const found = new Map<Candidate, { n: CstNode; score: number }>();
  const targets = new Map<number, number>();
  const sources = new Map<number, number>();
  for (const c of candidates) {
    const local = hoistedLocal(d, c);
    if (!local) continue;
    found.set(c, local);
    targets.set(local.n.id, (targets.get(local.n.id) ?? 0) + 1);
    sources.set(c.n2.id, (sources.get(c.n2.id) ?? 0) + 1);
  }
  for (const [c, local] of found) if (targets.get(local.n.id)! > 1 || sources.get(c.n2.id)! > 1) found.delete(c);
  return found;
}

/**
 * The local function's code went into another callable as well, one the caller (`after`: its new
 * version and what it declares) newly calls (`calledBefore`: what it and its locals called before):
 * the local function was split, its parts extracted.
 */
function splitInto(d: DiffState, c: Candidate, localBody: Multiset, after: CstNode[], calledBefore: Set<number>): boolean {
  for (const id of new Set(after.flatMap((n) => n.uses))) {
    const m = d.after.cst.nodes[id];
    if (m === c.n2 || !isCallable(m)) continue;
    const m1 = matchBefore(d, m);
    if (m1 && calledBefore.has(m1.id)) continue;
    const body = bodyOf(d, d.after, m.id);
    if (body && containment(d.vocabulary, body, localBody) >= d.thresholds.extract) return true;
  }
  return false;
}

/**
 * The code "extracted" from a caller into a new callable was a function local to that caller, now
 * gone from it (neither declared nor called there any more), whose body holds the new one's as
 * well as the caller's lost code did: the local function was moved out (hoisted into a module or
 * helper), as RefactoringMiner reads it (Move And Rename lineToPoint → helpers.lineTo), not code
 * extracted from its enclosing function.
 */
function hoistedLocal(d: DiffState, c: Candidate): { n: CstNode; score: number } | undefined {
  const n1After = matchAfter(d, c.n1);
  const body = bodyOf(d, d.after, c.n2.id);
  if (!n1After || !body || c.needed === undefined) return undefined;
  const after = [n1After, ...descendants(d.after.cst, n1After)];
  const inside = descendants(d.before.cst, c.n1);
  const calledBefore = new Set([c.n1, ...inside].flatMap((n) => n.uses));
  let found: { n: CstNode; score: number } | undefined;
  for (const local of inside) {
    if (!isCallable(local) || !isRemoved(d, local)) continue;
    // still declared, or still called: not moved out; but a call by its name that now reaches the
    // new function of that name (a local `triggerSubscriptions` hoisted into its own module) is no
    // sign it stayed
    if (after.some((n) => n.name === local.name || (local.name !== c.n2.name && callsTo(n, local.name) > 0))) continue;
    const localBody = bodyOf(d, d.before, local.id);
    if (!localBody) continue;
    const score = containment(d.vocabulary, body, localBody);
    if (score < c.needed || (found && score <= found.score)) continue;
    if (splitInto(d, c, localBody, after, calledBefore)) continue;
    found = { n: local, score };
  }
  return found;
}

/** The name of the type a member is declared in, undefined at the top level. */
const ownerName = (cst: Cst, n: CstNode) => {
  const parent = n.parent === undefined ? undefined : cst.nodes[n.parent];
  return parent && isType(parent) ? parent.name : undefined;
};

/**
 * The caller called `n1`'s name only on another type that declares that method itself (an
 * interface or a superclass): its calls were dispatched to `n1` among others. Where that type still
 * declares it, the calls stay as they were when `n1`, one implementation, goes; where it dropped an
 * abstract declaration with it (an interface losing a method), the caller rewrote calls of the
 * interface, not `n1`'s code, which it never named (a test calling `context.getHttpStatus()` on a
 * mock of `FilterResponseContext` when the adapter implementing it goes). Either way `n1`'s code
 * was not inlined into this caller; RefactoringMiner maps an inlined body into callers of the
 * operation itself.
 */
function calledThroughDeclaration(d: DiffState, caller: CstNode, n1: CstNode): boolean {
  const cst = d.before.cst;
  const owner = ownerName(cst, n1);
  const sites = caller.calls.filter((call) => call.name === n1.name);
  return sites.length > 0 && sites.every((call) => call.receiver !== undefined && call.receiver !== owner && caller.uses.some((id) => {
    const m = cst.nodes[id];
    return m !== n1 && m.name === n1.name && ownerName(cst, m) === call.receiver && (!isRemoved(d, m) || has(m, 'abstract'));
  }));
}

/**
 * The code of the named callables new in the commit that `n2` declares inside it (a nested
 * `function abort(reason) {…}`, outermost ones only): each is an element of its own, so what it
 * holds was written there, not in `n2`'s own code. A callee whose code went into such a function
 * (`onCanceled = function (cancel) {…}` gone, `function abort(reason) {…}` new beside it) was not
 * inlined into `n2`, however much of `n2` was rewritten around it; an unnamed callback is `n2`'s
 * own code.
 */
function newNestedCode(d: DiffState, n2: CstNode): Multiset {
  let code: Multiset = new Map();
  const queue = [...n2.children];
  while (queue.length > 0) {
    const c = d.after.cst.nodes[queue.pop()!];
    if (isCallable(c) && !has(c, 'anonymous') && isAdded(d, c)) code = plus(code, d.after.rep[c.id]);
    else queue.push(...c.children);
  }
  return code;
}

/**
 * Inline: a removed callable whose body was added to the new version of a matched caller (by token
 * similarity, or by its statements: see statementsMoved).
 */
function findInlines(d: DiffState): void {
  const found = new Map<string, Candidate>();
  // a caller's new nested functions, read once however many removed callees it called
  const nested = new Map<CstNode, Multiset>();
  const nestedCode = (n2: CstNode) => {
    let code = nested.get(n2);
    if (!code) nested.set(n2, (code = newNestedCode(d, n2)));
    return code;
  };
  for (const n1 of d.before.cst.nodes) {
    if (!isRemoved(d, n1) || !isCallable(n1) || has(n1, 'anonymous')) continue;
    const body = bodyOf(d, d.before, n1.id);
    if (!body) continue;
    for (const callerId of d.before.usedBy[n1.id]) {
      const caller = d.before.cst.nodes[callerId];
      const n2 = matchAfter(d, caller);
      if (!n2 || !callerOf(n2, n1) || calledThroughDeclaration(d, caller, n1)) continue;
      const added = minus(minus(minus(d.after.rep[n2.id], callOf(d, n1)), d.before.rep[caller.id]), nestedCode(n2));
      const score = containment(d.vocabulary, body, added);
      if (tinyBody(d, n1) && typeMember(d, n1) && !inlinedInPlace(d, n1, n2)) {
        d.monitor.discarded?.({ step: 'inline', before: n1, after: n2, score, reason: 'a body of one short statement, from another type' });
        continue;
      }
      const statements = movedStatements(n1, n2, caller, caller);
      const threshold = inlineNeeded(d, statements);
      if (!evidenceEnough(d, score, threshold, statements)) {
        d.monitor.discarded?.({ step: 'inline', before: n1, after: n2, score, threshold, reason: 'inline similarity' });
        continue;
      }
      // as for an Extract: the caller gained none of its names (symfony/console 28f93b559c, the
      // commit after 082f5d4976, took `return $this->getName();` out again and gained no getName)
      if (noNameShared(d, n1, added, statements)) {
        d.monitor.discarded?.({ step: 'inline', before: n1, after: n2, score, reason: 'none of its names is in the code the caller gained, nor any statement holding one: they share literals and punctuation only' });
        continue;
      }
      const recheck = rechecker(d, body, added, statements, (claimed) => movedStatements(n1, n2, caller, caller, claimed), (s) => inlineNeeded(d, s));
      found.set(`${n1.id}\u0000${n2.id}`, { n1, n2, score, statements, recheck, tokens: { body, names: bodyNames(n1), pool: added } });
    }
  }
  exclusiveEvidence(d, [...found.entries()], (c) => c.n2.id, (key) => found.delete(key), 'inline');
  for (const { n1, n2, score } of found.values()) add(d, 'INLINE', n1, n2, 'call-graph', score);
}

/**
 * A callee inlined where it was: its container, or one around it (a nested helper class of the
 * caller's type, `SingleHelper.toSingle(o)` becoming `o.toSingle()`), is the caller's or one around
 * the caller's (a nested class calling its outer class's helper). Namespaces aside, which hold
 * unrelated types. A type's member whose body is one short statement reads its own object (a
 * getter, `return body;`): from another type, such a body fits any caller that now reads a
 * namesake of another object (`request.body()` of the library's `Request` that replaced a deleted
 * one), as the same body fits any caller in findExtracts, where such a callee in another container
 * is no extraction either. A free function of another module (`isFunction(x)` of a shared util
 * file, its `typeof x === 'function'` written in place) reads only its arguments, and is left to
 * the similarity bars.
 */
const typeMember = (d: DiffState, n: CstNode) => {
  const parent = parentOf(d.before, n);
  return parent !== undefined && isType(parent);
};

function inlinedInPlace(d: DiffState, callee: CstNode, callerAfter: CstNode): boolean {
  const around = new Set<CstNode>();
  for (let p = parentOf(d.after, callerAfter); p; p = parentOf(d.after, p)) if (!has(p, 'namespace')) around.add(p);
  for (let p = parentOf(d.before, callee); p; p = parentOf(d.before, p)) {
    const after = matchAfter(d, p);
    if (after && around.has(after)) return true;
  }
  return false;
}

/** The inline similarity needed, stricter when none of the callee's statements moved as written. */
const inlineNeeded = (d: DiffState, s: MovedStatements | undefined) =>
  noStatementMoved(s) ? Math.max(d.thresholds.inline, d.thresholds.inlineNoStatement) : d.thresholds.inline;
