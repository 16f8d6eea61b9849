/**
 * Change Method Signature against RefactoringMiner's oracles. They do not list "Change Method
 * Signature" but its parts, one entry per parameter ("Add Parameter x in method f(a, x) from class
 * C", "Change Parameter Type", "Reorder Parameter", ...). Grouped per method, the entries that
 * change what our signature is made of give the methods whose signature changed: the units ours
 * are scored against. Pure: no I/O.
 *
 * What a signature is made of follows the language: in a typed one (Java) the parameter types,
 * so a renamed parameter changes nothing and a changed type does; where parameters are names only
 * (Python, JavaScript) their names, which callers may pass by keyword. A return type is not part
 * of a signature in either (Java's own definition), so "Change Return Type" makes no unit.
 */
import type { ReportRefactoring } from '../core/report';
import { parameterType } from '../languages/java';
import { methodKeyInClass } from './descriptions';
import { detectionElementKey, fileStem, oracleElementKey, parseMethodText, sideScore, type ElementKey } from './elements';
import { pairClosest, resolveHint, type CaseMatch } from './matcher';
import type { OracleRefactoring } from './oracle';
import { canonicalType, SIGNATURE_TYPE } from './vocabulary';

/** How a dataset's parameter entries are read: which language kind, and whether precision can be measured. */
export interface SignatureScoring {
  /** Parameters carry types: a renamed parameter is no signature change. */
  typed: boolean;
  /**
   * The oracle lists parameters added and removed, so a signature change of ours that matches no
   * unit is a false one. Without those entries (java-rm's 2019 oracle) only recall is measured.
   */
  precision: boolean;
}

/** Entry types that change the parameter list, in every language. */
const LIST_CHANGES = new Set(['Add Parameter', 'Remove Parameter', 'Reorder Parameter', 'Merge Parameter', 'Split Parameter', 'Parameterize Variable', 'Parameterize Attribute', 'Localize Parameter']);

/**
 * Whether an oracle entry changes a method's signature as the language defines it. A parameter
 * type only written qualified or unqualified ("ClientConfiguration to com.amazonaws.ClientConfiguration")
 * is the same type: the oracle lists the change of text, the signature is the same. Both are read
 * as our Java parameters are (`parameterType`), so what counts as a change here is what we compare.
 */
export function changesSignature(entry: Pick<OracleRefactoring, 'type' | 'description'>, typed: boolean): boolean {
  if (LIST_CHANGES.has(entry.type)) return true;
  if (!typed) return entry.type === 'Rename Parameter';
  if (entry.type !== 'Change Parameter Type') return false;
  const types = /^Change Parameter Type \S+ : (.+?) to \S+ : (.+?) in method /.exec(entry.description);
  return !types || parameterType(types[1]) !== parameterType(types[2]);
}

export interface SignatureUnit {
  /** The method after the commit. */
  key: ElementKey;
  /** Indexes of the oracle entries grouped in it. */
  entries: number[];
  /** Index of the matched detection (among all the case's detections). */
  detection?: number;
}

export interface SignatureMatch {
  units: SignatureUnit[];
  /** Indexes of our Change Signature detections, and the unit each matched. */
  detections: Array<{ index: number; unit?: number }>;
}

/** The method an entry speaks of, after the commit: from its data (java-rm) or its description ("in method f(a) from class C"). */
function methodOf(entry: OracleRefactoring, files: string[] | undefined): ElementKey | undefined {
  const side = entry.after ?? entry.before;
  if (side?.method !== undefined) {
    const name = `${side.class ?? ''}.${parseMethodText(side.method).name}`;
    return oracleElementKey({ file: side.file, class: side.class, name, signature: side.method }, 'method');
  }
  const m = / in method (.+\)(?: : .+?)?) (?:from|in) class (\S+)$/.exec(entry.description);
  if (!m) return undefined;
  const key = resolveHint(methodKeyInClass(m[1], m[2]), files);
  return key && { ...key, container: containerAfterFile(m[2], key.file) };
}

/**
 * The class a description names past its file (`utils.average_recorder._SingleAverageRecorder` in
 * `utils/average_recorder.py` → `_SingleAverageRecorder`): null for a module's own functions
 * (`x.__module__`); unknown when the description names the file only, or more than one name past
 * it (js-rm's `core.module.exports` is no class of ours).
 */
function containerAfterFile(cls: string, file: string | undefined): string | null | undefined {
  if (cls.endsWith('.__module__')) return null;
  if (file === undefined) return undefined;
  const stem = fileStem(file);
  const at = cls.lastIndexOf(`${stem}.`);
  if (at < 0 || (at > 0 && cls[at - 1] !== '.')) return undefined;
  const rest = cls.slice(at + stem.length + 1);
  return rest === '' || rest.includes('.') ? undefined : rest;
}

/**
 * One method, one unit: by file, class and name, and where methods overload (typed languages) by
 * the parameter types after the commit. Not by the number of parameters where names are the whole
 * identity: RefactoringMiner writes the method of a "Remove Parameter" with its parameters before
 * the commit, and of an "Add Parameter" with those after.
 */
const unitId = (k: ElementKey, typed: boolean) =>
  [k.file ?? k.fileHint ?? '', k.container ?? '', k.name ?? '', typed ? (k.paramTypes ?? []).join(',') : ''].join('|');

/**
 * The units of one case and which of our Change Signature detections match them. A method that
 * the oracle says was renamed, moved, pulled up, pushed down or extracted is no unit: its
 * parameters changed as part of that refactoring, which is what we report for it. Nor is one it
 * says was renamed, moved or inlined away, named as it was before (RefactoringMiner writes the
 * method of a "Remove Parameter" as it was: `add(x, y)` of a class it left).
 */
export function matchSignatures(entries: OracleRefactoring[], detections: ReportRefactoring[], match: CaseMatch, scoring: SignatureScoring, files?: string[]): SignatureMatch {
  const methods = match.oracle.filter((o) => o.scope === 'scored' && o.after?.level === 'method');
  const extracted = (o: (typeof methods)[number]) => o.canonical === 'Extract Method' || o.canonical === 'Extract And Move Method';
  const elsewhere = [
    ...methods.filter((o) => o.canonical !== 'Inline Method').map((o) => o.after as ElementKey),
    ...methods.filter((o) => !extracted(o) && o.before).map((o) => o.before as ElementKey),
  ];
  const byId = new Map<string, SignatureUnit>();
  for (const [i, entry] of entries.entries()) {
    if (!changesSignature(entry, scoring.typed)) continue;
    const key = methodOf(entry, files);
    if (!key || elsewhere.some((e) => sideScore(e, key) > 0)) continue;
    const id = unitId(key, scoring.typed);
    const unit = byId.get(id);
    if (unit) unit.entries.push(i);
    else byId.set(id, { key, entries: [i] });
  }
  const units = [...byId.values()];
  const ours = detections.flatMap((d, index) => (canonicalType(d.type) === SIGNATURE_TYPE ? [{ index, key: detectionElementKey(d.after, 'method'), unit: undefined as number | undefined }] : []));
  const candidates: Array<[number, number, number]> = [];
  for (const [u, unit] of units.entries()) {
    for (const [d, det] of ours.entries()) {
      const score = sideScore(unit.key, det.key);
      if (score > 0) candidates.push([u, d, score]);
    }
  }
  pairClosest(candidates, (u, d) => {
    units[u].detection = ours[d].index;
    ours[d].unit = u;
  });
  return { units, detections: ours.map(({ index, unit }) => ({ index, unit })) };
}
