/**
 * The sixteen relationship types of RefDiff 2.0 as one table of flags
 * (Table 3 of the paper; SAME is a match but not a refactoring).
 */
import type { CstNode } from './cst';

export const RELATIONSHIP_TYPES = [
  'SAME',
  'CONVERT_TYPE',
  'CHANGE_SIGNATURE',
  'PULL_UP',
  'PUSH_DOWN',
  'PULL_UP_SIGNATURE',
  'PUSH_DOWN_IMPL',
  'RENAME',
  'INTERNAL_MOVE',
  'MOVE',
  'INTERNAL_MOVE_RENAME',
  'MOVE_RENAME',
  'EXTRACT_SUPER',
  'EXTRACT',
  'EXTRACT_MOVE',
  'INLINE',
] as const;

export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

export interface RelationshipTypeInfo {
  /** The pair is a matching (n1 corresponds to n2) rather than a decomposition/incorporation. */
  matching: boolean;
  /** Shown to users as a refactoring (everything but SAME). */
  refactoring: boolean;
  /** The element's parent changed. */
  moves: boolean;
  /** The element's name changed. */
  renames: boolean;
}

const info = (matching: boolean, moves = false, renames = false, refactoring = true): RelationshipTypeInfo => ({
  matching,
  refactoring,
  moves,
  renames,
});

export const RELATIONSHIP_INFO: Record<RelationshipType, RelationshipTypeInfo> = {
  SAME: info(true, false, false, false),
  CONVERT_TYPE: info(true),
  CHANGE_SIGNATURE: info(true),
  PULL_UP: info(true, true),
  PUSH_DOWN: info(true, true),
  PULL_UP_SIGNATURE: info(false, true),
  PUSH_DOWN_IMPL: info(false, true),
  RENAME: info(true, false, true),
  INTERNAL_MOVE: info(true, true),
  MOVE: info(true, true),
  INTERNAL_MOVE_RENAME: info(true, true, true),
  MOVE_RENAME: info(true, true, true),
  EXTRACT_SUPER: info(false),
  EXTRACT: info(false),
  EXTRACT_MOVE: info(false, true),
  INLINE: info(false),
};

/**
 * The matching steps of FindRelationships (src/core/relationships.ts), in their order, under the
 * names `--explain` and the eval give them: the step that took a pair says how sure the pair is
 * (an unchanged name in place is sure; a pair left to position among look-alike siblings is a guess).
 */
export const MATCHING_STEPS = [
  'identity',
  'unique-name',
  /** A type gone whose name an alias of the new version gives a new type (findMatchingsByAliasLeftBehind). */
  'alias-left',
  'similarity-safe',
  'redirected-calls',
  'similarity',
  'children',
  'position',
  'split-code',
  'mutual-best',
  'same-rename',
  /** A type renamed as its namesake of another arity was (C#'s `Options` beside `Options<T>`). */
  'arity-namesake',
  /** Among types of one name gone and new, the one keeping most of a gone one's member signatures (unique-name's step, findMatchingsByUniqueName). */
  'namesake-members',
  /** A memberless supertype renamed where its subtype names it (same-rename's step, matchRenamedSupertypes). */
  'renamed-supertype',
  /** A local function moved out of its function, paired while its extraction was looked for (findExtracts). */
  'hoisted-local',
] as const;

export type MatchingStep = (typeof MATCHING_STEPS)[number];

/**
 * How a relationship was found, as plain data that crosses worker threads and goes into the
 * report: for a pair of the matching (rename, move, change signature, …) the step that took it;
 * `call-graph` for an Extract or Inline (a callable new or gone, called where the code was, with
 * that code); `hierarchy` for what the type hierarchy tells of matched types (a Pull Up Signature,
 * a Push Down Implementation, the further pull-ups of one pulled up from a sibling, an Extract
 * Superclass); `copies` for a copy of a moved member merged into it (findMergedCopies).
 */
export type FoundBy = MatchingStep | 'call-graph' | 'hierarchy' | 'copies';

export const isMatchingStep = (foundBy: string | undefined): foundBy is MatchingStep => (MATCHING_STEPS as readonly string[]).includes(foundBy as string);

/** One relationship between a node of the before CST and a node of the after CST. */
export interface Relationship {
  type: RelationshipType;
  before: CstNode;
  after: CstNode;
  /** The similarity that justified the relationship (code, extract or inline similarity), when one did. */
  similarity?: number;
  foundBy: FoundBy;
}
