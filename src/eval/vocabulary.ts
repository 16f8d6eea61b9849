/**
 * Which refactoring types are compared, and which names mean the same thing.
 *
 * Our display types are named with the element noun of each language ("Extract Function" in JS,
 * "Extract Method" in Java); RefactoringMiner says "Method" and "Class" everywhere, RefDiff's
 * oracles say "Function". Both are reduced to one canonical type by the single table below.
 */

/** The agreed equivalences: whole type names first, then nouns. Each line says why. */
export const EQUIVALENCES: ReadonlyArray<{ kind: 'type' | 'noun'; from: string; to: string; why: string }> = [
  { kind: 'type', from: 'Push Down Method Implementation', to: 'Push Down Method', why: 'RefDiff splits off pushing down an implementation; RefactoringMiner calls it Push Down Method' },
  // not here: RefDiff's "Pull Up Method Signature" (an abstract declaration added to a supertype) has
  // no RefactoringMiner counterpart (java-rm: 0 of 56 detections in the oracle); it is not scored.
  { kind: 'noun', from: 'Function', to: 'Method', why: 'JS/Python/C functions are "Method" in RefactoringMiner' },
  { kind: 'noun', from: 'Constructor', to: 'Method', why: 'constructors are methods in both oracles' },
  { kind: 'noun', from: 'Interface', to: 'Class', why: 'RefactoringMiner names every type declaration "Class"' },
  { kind: 'noun', from: 'Enum', to: 'Class', why: 'idem' },
  { kind: 'noun', from: 'Record', to: 'Class', why: 'idem' },
  { kind: 'noun', from: 'Annotation Type', to: 'Class', why: 'idem' },
  { kind: 'noun', from: 'Struct', to: 'Class', why: 'idem' },
  { kind: 'noun', from: 'Trait', to: 'Class', why: 'idem' },
  { kind: 'noun', from: 'Object', to: 'Class', why: 'RefactoringMiner models a JS object literal of functions as a class' },
  { kind: 'noun', from: 'Module', to: 'File', why: 'a module is its file' },
];

/** Type names that are whole refactorings and must not have their noun rewritten. */
const WHOLE_TYPES = new Set(['Extract Superclass', 'Extract Interface']);

/** Canonical element-level types the engine models and that are scored against the oracles. */
export const SCORED_TYPES = new Set([
  'Rename Method',
  'Move Method',
  'Move And Rename Method',
  'Extract Method',
  'Extract And Move Method',
  'Inline Method',
  'Pull Up Method',
  'Push Down Method',
  'Rename Class',
  'Move Class',
  'Move And Rename Class',
  'Extract Superclass',
  'Extract Interface',
  'Rename File',
  'Move File',
  'Move And Rename File',
]);

/** Scored only where the dataset's oracle lists signature changes (RefDiff's vocabulary). */
export const SIGNATURE_TYPE = 'Change Method Signature';

/** Element-level refactorings (class, method, file, package) that the engine does not model. */
const NOT_MODELLED = new Set([
  'Extract Class',
  'Extract Subclass',
  'Extract File',
  'Change Package',
  'Move Package',
  'Rename Package',
  'Split Package',
  'Merge Package',
  'Move Source Folder',
  'Move And Inline Method',
  'Merge Method',
  'Split Method',
  'Merge Class',
  'Split Class',
  'Collapse Hierarchy',
  'Change Type Declaration Kind',
]);

/** Signature-level refactorings of RefactoringMiner: a part of a method's declaration changed. */
const SIGNATURE_LEVEL = /^(Add|Remove|Reorder|Rename|Merge|Split|Change) Parameter|^Change Return Type|^(Add|Remove|Change) Thrown Exception|^Change Method Access Modifier|^(Add|Remove) Method Modifier|^Parameterize|^Localize Parameter/;

export type Scope = 'scored' | 'signature' | 'unlisted-level' | 'not-modelled' | 'signature-level' | 'below-element';

export const SCOPE_LABELS: Record<Exclude<Scope, 'scored'>, string> = {
  signature: 'signature changes (not in this oracle)',
  'unlisted-level': 'element kinds this oracle does not have',
  'not-modelled': 'element-level, not modelled',
  'signature-level': 'parameters, return types, modifiers',
  'below-element': 'variables, attributes, annotations, statements',
};

const equivalences = (kind: 'type' | 'noun') => new Map(EQUIVALENCES.filter((e) => e.kind === kind).map((e) => [e.from, e.to]));
const TYPE_EQUIVALENCES = equivalences('type');
const NOUN_EQUIVALENCES = equivalences('noun');

/** Reduces a display type of either vocabulary to the canonical one ("Extract Function" → "Extract Method"). */
export function canonicalType(type: string): string {
  const whole = TYPE_EQUIVALENCES.get(type);
  if (whole) return whole;
  if (WHOLE_TYPES.has(type)) return type;
  const signature = /^Change (.+) Signature$/.exec(type);
  if (signature) return `Change ${NOUN_EQUIVALENCES.get(signature[1]) ?? signature[1]} Signature`;
  for (const [noun, to] of NOUN_EQUIVALENCES) {
    if (type.endsWith(` ${noun}`)) return `${type.slice(0, -noun.length)}${to}`;
  }
  return type;
}

/** RefactoringMiner describes a Python/JS module as a class named `….__module__`: it is a file. */
export function isModuleName(name: string | undefined): boolean {
  return name !== undefined && /(^|\.)__module__$/.test(name.trim());
}

/** "Move Class x.__module__ …" → "Move File"; other types unchanged. */
export function moduleAsFile(canonical: string, names: Array<string | undefined>): string {
  if (!canonical.endsWith(' Class') || WHOLE_TYPES.has(canonical)) return canonical;
  if (!names.some(isModuleName)) return canonical;
  return `${canonical.slice(0, -' Class'.length)} File`;
}

/** Whether a canonical type is scored in a dataset, and if not, which out-of-scope group it is in. */
export function scopeOf(canonical: string, scoresSignatures: boolean): Scope {
  if (SCORED_TYPES.has(canonical)) return 'scored';
  if (canonical === SIGNATURE_TYPE) return scoresSignatures ? 'scored' : 'signature';
  if (NOT_MODELLED.has(canonical)) return 'not-modelled';
  if (SIGNATURE_LEVEL.test(canonical)) return 'signature-level';
  return 'below-element';
}
