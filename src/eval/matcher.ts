/**
 * Detections ↔ oracle entries of one case. Pure: no I/O.
 *
 * A detection matches an oracle entry when their canonical types agree (vocabulary.ts) and both
 * sides designate the same element (elements.ts: same file, overlapping lines where the oracle
 * gives lines, same names where it gives names). Each entry matches at most one detection and
 * each detection at most one entry: the closest pairs are taken first.
 */
import type { ElementRef } from '../core/report';
import { parseDescription } from './descriptions';
import { detectionElementKey, fileStem, hintNamesFile, levelOf, oracleElementKey, sideScore, type ElementKey, type ElementLevel } from './elements';
import type { OracleRefactoring } from './oracle';
import { canonicalType, moduleAsFile, scopeOf, type Scope } from './vocabulary';

/** What the matcher needs of a detection (a ReportRefactoring has it). */
export interface Detection {
  type: string;
  before: ElementRef;
  after: ElementRef;
  similarity?: number;
}

export interface MatchOptions {
  /** The dataset's oracle lists Change Signature (c-refdiff): ours are scored there. */
  scoresSignatures: boolean;
  /** Paths of the case's files: a description's class hint is resolved to the one file it names. */
  files?: { before: string[]; after: string[] };
  /** The element levels the oracle lists (c-refdiff: functions and files); ours at others are not scored. */
  levels?: ElementLevel[];
  /**
   * Files we left out as copies of other files of the case (a bundle, a mirrored tree), by side:
   * their sources. An oracle side in such a file is matched in its sources.
   */
  copies?: { before: Map<string, string[]>; after: Map<string, string[]> };
}

export interface OracleOutcome {
  index: number;
  type: string;
  canonical: string;
  scope: Scope;
  before?: ElementKey;
  after?: ElementKey;
  /** Index of the matched detection. */
  detection?: number;
}

export interface DetectionOutcome {
  index: number;
  type: string;
  canonical: string;
  scope: Scope;
  before: ElementKey;
  after: ElementKey;
  /** Index of the matched oracle entry. */
  oracle?: number;
  /**
   * Index of a matched detection this one repeats in another file (findRepeats): the oracle's
   * entry, naming no file on one side, names the refactoring once. Neither true nor false: not counted.
   */
  repeats?: number;
}

export interface CaseMatch {
  oracle: OracleOutcome[];
  detections: DetectionOutcome[];
}

/** The canonical type of an oracle entry (modules named `x.__module__` are files). */
export function oracleCanonical(entry: OracleRefactoring): string {
  const names =
    entry.before || entry.after
      ? [entry.before?.name, entry.after?.name]
      : [/(\S+\.__module__) (?:moved|renamed)/.exec(entry.description)?.[1]];
  return moduleAsFile(canonicalType(entry.type), names);
}

/** A description's class hint → the one file of that side it names; dropped when it names none. */
export function resolveHint(key: ElementKey | undefined, files: string[] | undefined): ElementKey | undefined {
  if (!key || key.fileHint === undefined || !files) return key;
  const hint = key.fileHint;
  const loose = files.filter((f) => hintNamesFile(hint, f));
  const exact = loose.filter((f) => fileStem(f) === hint);
  const named = exact.length > 0 ? exact : loose;
  if (named.length === 0) return { ...key, fileHint: undefined };
  return named.length === 1 ? { ...key, file: named[0], fileHint: undefined } : key;
}

/** RefactoringMiner's "Move Class x.__module__" may be a rename: for files the paths say which. */
function fileTypeFromPaths(before: string, after: string): string {
  const dir = (f: string) => f.slice(0, f.lastIndexOf('/') + 1);
  if (dir(before) === dir(after)) return 'Rename File';
  return before.slice(dir(before).length) === after.slice(dir(after).length) ? 'Move File' : 'Move And Rename File';
}

function describeOracle(entry: OracleRefactoring, index: number, options: MatchOptions): OracleOutcome {
  const canonical = oracleCanonical(entry);
  const outcome: OracleOutcome = { index, type: entry.type, canonical, scope: scopeOf(canonical, options.scoresSignatures) };
  if (outcome.scope !== 'scored') return outcome;
  const level = levelOf(canonical);
  if (entry.before || entry.after) {
    outcome.before = entry.before && oracleElementKey(entry.before, level);
    outcome.after = entry.after && oracleElementKey(entry.after, level);
    // "Rename Method a renamed to b in class C" names one class for both sides: when the two sides
    // are in different files (the class was renamed or moved too), C is one side's name only
    if (outcome.before && outcome.after && entry.before?.class !== undefined && entry.before.class === entry.after?.class) {
      if (entry.before.file !== entry.after.file) {
        outcome.before.container = undefined;
        outcome.after.container = undefined;
      } else {
        // In one file, C is the class after the commit: the method may have been in C under its old
        // name (a nested class renamed with it), so the before side is the method in that file
        outcome.before.container = undefined;
      }
    }
  } else {
    const sides = parseDescription(entry.type, canonical, entry.description);
    outcome.before = resolveHint(sides.before, options.files?.before);
    outcome.after = resolveHint(sides.after, options.files?.after);
  }
  // "Inline Method f inlined to g in class C" names only g's class: f's class and file, when not
  // given but inferred from that text, are unknown (f may have come from another class).
  if (canonical === 'Inline Method' && outcome.before && (!entry.before || entry.derived?.includes('before.file'))) {
    outcome.before = { ...outcome.before, file: undefined, fileHint: undefined, container: undefined, qualified: undefined };
  }
  // "Extract Interface S from class C" names C as it is after the commit (RefactoringMiner's set of
  // subclasses is of the new version): where the dataset found C's file before the commit, that
  // file tells the class, which may have had another name there (renamed in the same commit).
  if ((canonical === 'Extract Superclass' || canonical === 'Extract Interface') && outcome.before && entry.derived?.includes('before.file') && entry.before?.file) {
    outcome.before = { ...outcome.before, name: undefined, qualified: undefined };
  }
  // "Move And Rename Method helpers.each → each", "Rename Method helpers.drawPoint → helpers.canvas.drawPoint":
  // only the qualifier (the object the function is a property of) changed, the element was moved
  const sameName = level !== 'file' && outcome.before?.name !== undefined && outcome.before.name === outcome.after?.name;
  if (sameName && outcome.canonical.startsWith('Move And Rename ')) outcome.canonical = outcome.canonical.replace('Move And Rename ', 'Move ');
  if (sameName && outcome.canonical.startsWith('Rename ')) outcome.canonical = outcome.canonical.replace('Rename ', 'Move ');
  const [from, to] = [outcome.before?.file, outcome.after?.file];
  if (level === 'file' && !entry.type.endsWith(' File') && from !== undefined && to !== undefined) {
    outcome.canonical = fileTypeFromPaths(from, to);
  }
  return outcome;
}

function describeDetection(d: Detection, index: number, options: MatchOptions): DetectionOutcome {
  const canonical = canonicalType(d.type);
  const level = levelOf(canonical);
  const listed = options.levels === undefined || options.levels.includes(level);
  return {
    index,
    type: d.type,
    canonical,
    scope: listed ? scopeOf(canonical, options.scoresSignatures) : 'unlisted-level',
    before: detectionElementKey(d.before, level),
    after: detectionElementKey(d.after, level),
  };
}

/** How closely a detection's two sides fit an oracle entry's (0: they do not). */
export function pairScore(o: Pick<OracleOutcome, 'before' | 'after'>, d: Pick<DetectionOutcome, 'before' | 'after'>): number {
  const before = o.before ? sideScore(o.before, d.before) : 1;
  const after = o.after ? sideScore(o.after, d.after) : 1;
  return before > 0 && after > 0 ? before + after : 0;
}

/**
 * One to one, the closest pairs first: each candidate `[a, b, score]` (score above 0) pairs a with
 * b unless either was paired already; ties go to the lower indexes. Calls `pair` for each pair kept.
 */
export function pairClosest(candidates: Array<[number, number, number]>, pair: (a: number, b: number) => void): void {
  const takenA = new Set<number>();
  const takenB = new Set<number>();
  candidates.sort((x, y) => y[2] - x[2] || x[0] - y[0] || x[1] - y[1]);
  for (const [a, b] of candidates) {
    if (takenA.has(a) || takenB.has(b)) continue;
    takenA.add(a);
    takenB.add(b);
    pair(a, b);
  }
}

/**
 * An oracle entry's sides as they are in the sources of the files we left out as copies: the
 * oracle of d3's commits lists its refactorings in `d3.js`, a bundle of `src/**` we read in
 * `src/scale/linear.js`. The copy's lines say nothing of the source's: the names must agree.
 */
function viaSources(o: OracleOutcome, copies: MatchOptions['copies']): Array<Pick<OracleOutcome, 'before' | 'after'>> {
  const sides = (key: ElementKey | undefined, copied: Map<string, string[]> | undefined): Array<ElementKey | undefined> => {
    const sources = key?.file === undefined ? undefined : copied?.get(key.file);
    if (!key || !sources) return [key];
    return [key, ...sources.map((file) => ({ ...key, file, startLine: undefined, endLine: undefined }))];
  };
  return sides(o.before, copies?.before).flatMap((before) => sides(o.after, copies?.after).map((after) => ({ before, after })));
}

export function matchCase(entries: OracleRefactoring[], detections: Detection[], options: MatchOptions): CaseMatch {
  const oracle = entries.map((e, i) => describeOracle(e, i, options));
  const ours = detections.map((d, i) => describeDetection(d, i, options));
  const candidates: Array<[number, number, number]> = [];
  for (const o of oracle) {
    if (o.scope !== 'scored') continue;
    const alternatives = viaSources(o, options.copies);
    for (const d of ours) {
      if (d.scope !== 'scored' || d.canonical !== o.canonical) continue;
      const score = Math.max(...alternatives.map((a) => pairScore(a, d)));
      if (score > 0) candidates.push([o.index, d.index, score]);
    }
  }
  pairClosest(candidates, (o, d) => {
    oracle[o].detection = d;
    ours[d].oracle = o;
  });
  findRepeats(entries, oracle, ours);
  return { oracle, detections: ours };
}

/** The same element on one side, file and lines aside: same names, container and parameters. */
const sameElement = (a: ElementKey, b: ElementKey) =>
  a.level === b.level && a.name === b.name && a.qualified === b.qualified && a.container === b.container &&
  a.params === b.params && a.paramTypes?.join(',') === b.paramTypes?.join(',');

/**
 * A refactoring made twice, in two files that declare the same class (hazelcast-76d7f5e extracts
 * `startSelectors()` in `ClientConnectionManagerImpl` of both `hazelcast-client` and
 * `hazelcast-client-new`), is one entry where the oracle names no file (its description, and the
 * names taken from it): it cannot list the two. So is one made from two such files into one
 * (guava-31fc192 moves `digit()` out of `Ints` of both `guava` and `guava-gwt` into one `Longs`):
 * the side whose file the entry names is the same for both, the other it cannot tell apart. An
 * unmatched detection that equals a matched one in all but its files and lines, and fits that
 * match's entry (on the side it names a file, in that file), repeats it.
 */
function findRepeats(entries: OracleRefactoring[], oracle: OracleOutcome[], ours: DetectionOutcome[]): void {
  for (const d of ours) {
    if (d.scope !== 'scored' || d.oracle !== undefined) continue;
    const twin = ours.find((m) => {
      if (m.oracle === undefined || m.canonical !== d.canonical) return false;
      const entry = entries[m.oracle];
      return (entry.before?.file === undefined || entry.after?.file === undefined) && sameElement(m.before, d.before) && sameElement(m.after, d.after) && pairScore(oracle[m.oracle], d) > 0;
    });
    if (twin) d.repeats = twin.index;
  }
}
