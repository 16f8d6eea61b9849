/**
 * Both sides of a refactoring, the oracle's and ours, reduced to one comparable shape:
 * file, simple name, enclosing type, parameters, lines. The oracles name elements in many
 * shapes (`org.a.B.foo`, `public foo(x X) : int`, `my_timegm(my_tm)`, `x.__module__`, or only
 * inside a description); this is where they are normalised.
 */
import type { ElementRef } from '../core/report';
import type { OracleElement } from './oracle';
import { isModuleName } from './vocabulary';

export type ElementLevel = 'method' | 'class' | 'file';

export interface ElementKey {
  level: ElementLevel;
  file?: string;
  /** A class hint of a description-only oracle (`core.controller`) that names the file (`core.controller.js`). */
  fileHint?: string;
  /** Simple name: `foo`, `Calculator`. */
  name?: string;
  /** Dotted qualified name without parameters (`org.a.B.foo`), where the naming is package-based. */
  qualified?: string;
  /** Simple name of the enclosing type or function; null at top level; undefined when unknown. */
  container?: string | null;
  /** Number of parameters, when known. */
  params?: number;
  /** Normalised parameter types (`int`, `List`), when known. */
  paramTypes?: string[];
  startLine?: number;
  endLine?: number;
}

/** The element level a canonical type speaks of: "Extract Method" → method, "Move File" → file. */
export function levelOf(canonical: string): ElementLevel {
  if (canonical.endsWith(' File')) return 'file';
  if (canonical.endsWith(' Method') || canonical.endsWith(' Method Signature')) return 'method';
  return 'class';
}

export const lastSegment = (name: string): string => name.slice(name.lastIndexOf('.') + 1);
const basename = (file: string): string => file.slice(file.lastIndexOf('/') + 1);
const withoutExtension = (name: string): string => name.replace(/\.[^.]*$/, '');
/** A file's name without folder and extension: `src/core/core.controller.js` → `core.controller`. */
export const fileStem = (file: string): string => withoutExtension(basename(file));

/** Splits at top-level commas: `a, Map<K, V>, b` → three parts. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if ('<([{'.includes(ch)) depth++;
    if ('>)]}'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '') parts.push(current.trim());
  return parts;
}

/** `java.util.List<String>` → `List`; `int[]` stays; spaces dropped. */
export function normaliseType(type: string): string {
  let t = type.replace(/\s+/g, '');
  while (/<[^<>]*>/.test(t)) t = t.replace(/<[^<>]*>/g, '');
  t = t.replace(/^final(?=[A-Z])/, '');
  const simple = t.replace(/^[\w$.]*\./, '');
  return simple.replace(/\.\.\.$/, '[]');
}

/** `public static foo(a int, b X) : int` → name `foo`, parameter texts. */
export function parseMethodText(text: string): { name: string; params: string[] } {
  const open = text.indexOf('(');
  if (open < 0) return { name: lastSegment(text.trim().split(/\s+/).pop() ?? ''), params: [] };
  let depth = 0;
  let close = text.length;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    if (text[i] === ')' && --depth === 0) {
      close = i;
      break;
    }
  }
  const head = text.slice(0, open).trim().split(/\s+/).pop() ?? '';
  return { name: lastSegment(head), params: splitTopLevel(text.slice(open + 1, close)) };
}

/** The enclosing type's simple name from a qualified class (`x.__module__` is the top level). */
function containerOfClass(cls: string | undefined): string | null | undefined {
  if (cls === undefined) return undefined;
  return isModuleName(cls) ? null : lastSegment(cls);
}

/** One side of an oracle entry given as data (java-rm, python-rm, js-refdiff, c-refdiff). */
export function oracleElementKey(element: OracleElement, level: ElementLevel): ElementKey {
  const key: ElementKey = { level, file: element.file, startLine: element.startLine, endLine: element.endLine };
  if (level === 'file' || isModuleName(element.name)) return { ...key, level: 'file' };
  const name = element.name ?? '';
  if (level === 'class') return { ...key, name: lastSegment(name), qualified: name.includes('.') ? name : undefined };
  const text = element.signature ?? name;
  const method = parseMethodText(text);
  key.name = method.name;
  key.container = containerOfClass(element.class);
  if (text.includes('(')) key.params = method.params.length;
  if (element.signature !== undefined) {
    // java-rm: `public foo(x X, y List<Y>) : int`, parameters written as `name Type`
    key.paramTypes = method.params.map((p) => normaliseType(p.replace(/^\S+\s+/, '')));
    if (name.includes('.') && !name.includes('(')) key.qualified = name;
  }
  return key;
}

/** One side of our detection. */
export function detectionElementKey(ref: ElementRef, level: ElementLevel): ElementKey {
  const key: ElementKey = { level, file: ref.file, name: lastSegment(ref.name), startLine: ref.startLine, endLine: ref.endLine };
  if (level === 'file') return key;
  const open = ref.qualifiedName.indexOf('(', ref.qualifiedName.lastIndexOf('/') + 1);
  const path = open < 0 ? ref.qualifiedName : ref.qualifiedName.slice(0, open);
  const fileRooted = path.startsWith(`${ref.file}/`);
  const chain = fileRooted ? path.slice(ref.file.length + 1).split('/') : path.split('.');
  if (!fileRooted) key.qualified = path;
  if (level === 'method') {
    key.container = chain.length >= 2 ? lastSegment(chain[chain.length - 2]) : null;
    if (open >= 0) {
      const params = parseMethodText(`f${ref.qualifiedName.slice(open)}`).params;
      key.params = params.length;
      key.paramTypes = params.map(normaliseType);
    }
  }
  return key;
}

/**
 * Whether a class hint names this file: the hint is the file's dotted path, or its tail, down to
 * the file's name and possibly further, to a class in it (`core.controller`,
 * `core.layoutService.tests`, `utils.average_recorder._SingleAverageRecorder` for
 * `texar/utils/average_recorder.py`).
 */
export function hintNamesFile(hint: string, file: string): boolean {
  const stem = fileStem(file);
  const dotted = withoutExtension(file).replace(/\//g, '.');
  if (dotted.endsWith(`.${hint}`) || dotted === hint) return true;
  // past the file, to a class in it: the hint up to one of its dots names the file, down to its name
  for (let end = hint.indexOf('.'); end >= 0; end = hint.indexOf('.', end + 1)) {
    const prefix = hint.slice(0, end);
    if (prefix === stem || (prefix.endsWith(`.${stem}`) && (dotted === prefix || dotted.endsWith(`.${prefix}`)))) return true;
  }
  return false;
}

/** 0 when the two sides cannot be the same element; otherwise higher is a closer match. */
export function sideScore(oracle: ElementKey, ours: ElementKey): number {
  if (oracle.level !== ours.level) return 0;
  if (oracle.file !== undefined && oracle.file !== ours.file) return 0;
  if (oracle.fileHint !== undefined && (ours.file === undefined || !hintNamesFile(oracle.fileHint, ours.file))) return 0;
  if (!linesOverlap(oracle, ours)) return 0;
  if (oracle.level !== 'file' && oracle.name !== undefined && oracle.name !== ours.name) return 0;
  if (oracle.container !== undefined && ours.container !== undefined && oracle.container !== ours.container) return 0;
  let score = 1;
  if (oracle.qualified !== undefined && oracle.qualified === ours.qualified) score += 2;
  if (oracle.params !== undefined && oracle.params === ours.params) score += 0.5;
  if (oracle.paramTypes !== undefined && ours.paramTypes !== undefined && oracle.paramTypes.join(',') === ours.paramTypes.join(',')) score += 1;
  return score;
}

function linesOverlap(a: ElementKey, b: ElementKey): boolean {
  if (a.startLine === undefined || a.endLine === undefined || b.startLine === undefined || b.endLine === undefined) return true;
  return a.startLine <= b.endLine && b.startLine <= a.endLine;
}
