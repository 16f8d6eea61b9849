/**
 * The oracle datasets (`../shared/oracles`, format in its FORMAT.md): one gzipped JSON per commit.
 * Read at run time only; nothing of them is ever written into the project.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { languageName } from '../languages/registry';
import type { SignatureScoring } from './signatures';

/** One side of an oracle refactoring, in the oracle's own shape (names are normalised in elements.ts). */
export interface OracleElement {
  file?: string;
  kind?: string;
  /** Qualified (`org.a.B.foo`), with modifiers and parameters (`public foo(x, y)`), or simple. */
  name?: string;
  /** The enclosing class, qualified (`org.a.B`, `distribution.BaseDistribution`, `x.__module__`). */
  class?: string;
  /** `public foo(x X, y Y) : int` (java-rm). */
  signature?: string;
  /** The method a parameter or variable belongs to, as it is after the commit: `public foo(x X) : int` (java-rm). */
  method?: string;
  startLine?: number;
  endLine?: number;
}

export interface OracleRefactoring {
  type: string;
  description: string;
  before?: OracleElement;
  after?: OracleElement;
  validation?: string;
  /** Fields of before/after that the dataset inferred rather than took from the oracle (`before.file`). */
  derived?: string[];
}

export interface OracleCase {
  id: string;
  dataset: string;
  language: string;
  files: { before: Record<string, string>; after: Record<string, string> };
  refactorings: OracleRefactoring[];
}

/** What each dataset measures (its README): full precision/recall, recall only, or agreement. */
export interface DatasetInfo {
  name: string;
  language: string;
  measure: 'precision-recall' | 'recall-only' | 'agreement';
  /** Its oracle lists Change Signature relationships (RefDiff's vocabulary), so ours are scored. */
  scoresSignatures: boolean;
  /** The element levels its oracle lists; our detections at other levels are not scored. All when absent. */
  levels?: Array<'method' | 'class' | 'file'>;
  /** Its oracle lists parameter changes one by one (RefactoringMiner's): ours Change Signature are scored against them, grouped per method (signatures.ts). */
  signatures?: SignatureScoring;
}

export const DATASETS: DatasetInfo[] = [
  // java-rm's oracle (2019) lists no parameters added or removed: its signature changes give recall only
  { name: 'java-rm', language: 'Java', measure: 'precision-recall', scoresSignatures: false, signatures: { typed: true, precision: false } },
  { name: 'js-refdiff', language: 'JavaScript', measure: 'recall-only', scoresSignatures: false },
  { name: 'js-rm', language: 'JavaScript', measure: 'precision-recall', scoresSignatures: false, signatures: { typed: false, precision: true } },
  { name: 'python-rm', language: 'Python', measure: 'precision-recall', scoresSignatures: false, signatures: { typed: false, precision: true } },
  // RefDiff's C plugin has file and function nodes only: our struct/union/enum detections have no counterpart
  { name: 'c-refdiff', language: 'C', measure: 'agreement', scoresSignatures: true, levels: ['method', 'file'] },
];

/**
 * What a dataset measures: as DATASETS says for the known ones; for another, as its first case
 * tells. Its language from the case's; agreement only where no entry was validated (all `UKN`,
 * RefDiff's raw output, as c-refdiff), precision and recall otherwise; its Change Signature
 * entries scored where it lists them (RefDiff's vocabulary).
 */
export function datasetInfo(name: string, sample?: Pick<OracleCase, 'language' | 'refactorings'>): DatasetInfo {
  const known = DATASETS.find((d) => d.name === name);
  if (known) return known;
  const entries = sample?.refactorings ?? [];
  const unvalidated = entries.length > 0 && entries.every((r) => r.validation === 'UKN');
  return {
    name,
    language: sample?.language ? languageName(sample.language) : '?',
    measure: unvalidated ? 'agreement' : 'precision-recall',
    scoresSignatures: entries.some((r) => /^Change \w+ Signature$/.test(r.type)),
  };
}

export class OracleError extends Error {}

/** The ids of a dataset's cases, sorted, without reading them. */
export function listCases(oraclesDir: string, dataset: string): string[] {
  const dir = path.join(oraclesDir, dataset, 'cases');
  if (!existsSync(dir)) throw new OracleError(`no dataset "${dataset}" in ${oraclesDir} (expected ${dir})`);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json.gz'))
    .map((f) => f.slice(0, -'.json.gz'.length))
    .sort();
}

/** The datasets present in the oracles folder, in the order of DATASETS, then any others. */
export function listDatasets(oraclesDir: string): string[] {
  if (!existsSync(oraclesDir) || !statSync(oraclesDir).isDirectory()) {
    throw new OracleError(`oracles folder not found: ${oraclesDir} (pass --oracles DIR)`);
  }
  const present = readdirSync(oraclesDir).filter((d) => existsSync(path.join(oraclesDir, d, 'cases')));
  const order = (d: string) => {
    const i = DATASETS.findIndex((k) => k.name === d);
    return i < 0 ? DATASETS.length : i;
  };
  return present.sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

export function readCase(oraclesDir: string, dataset: string, id: string): OracleCase {
  const file = path.join(oraclesDir, dataset, 'cases', `${id}.json.gz`);
  let data: Partial<OracleCase>;
  try {
    data = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8'));
  } catch (error) {
    throw new OracleError(`cannot read case ${file}: ${(error as Error).message}`);
  }
  return {
    id: data.id ?? id,
    dataset,
    language: data.language ?? '',
    files: { before: data.files?.before ?? {}, after: data.files?.after ?? {} },
    refactorings: data.refactorings ?? [],
  };
}
