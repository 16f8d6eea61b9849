/**
 * Runs the engine on one oracle case, in-process: the case's files as two in-memory versions.
 */
import { analyzeFileSets, type AnalysisOptions, type FileSetResult, type SkippedFile, type SourceFile } from '../analysis/files';
import { isMatchingStep } from '../core/relationship-types';
import { toRefactorings, type ReportRefactoring } from '../core/report';
import { matchCase, type CaseMatch } from './matcher';
import type { DatasetInfo, OracleCase } from './oracle';
import { matchSignatures, type SignatureMatch } from './signatures';

export interface CaseRun {
  id: string;
  dataset: string;
  /** Wall time of analyzeFileSets, milliseconds. */
  ms: number;
  /** No file of the case was read by a language module: its language is not supported yet. */
  unsupported: boolean;
  /** The engine threw: message. Its oracle entries count as missed. */
  error?: string;
  detections: ReportRefactoring[];
  match: CaseMatch;
  /** Where the dataset's oracle lists parameter changes: our Change Signature detections against them. */
  signatures?: SignatureMatch;
  /** For each detection whose two elements the matching paired (renames, moves, pull-ups, …): the step that paired them (its foundBy). */
  pairedBy: Array<string | undefined>;
}

export const sourceFiles = (files: Record<string, string>): SourceFile[] =>
  Object.entries(files).map(([path, content]) => ({ path, content }));

/** A case is unsupported when nothing parsed and every skipped file was skipped for its language. */
export function isUnsupported(result: FileSetResult): boolean {
  const nodes = result.before.nodes.length + result.after.nodes.length;
  return nodes === 0 && result.skipped.every((s) => s.reason === 'unknown-language');
}

export function caseFiles(c: OracleCase): { before: string[]; after: string[] } {
  return { before: Object.keys(c.files.before), after: Object.keys(c.files.after) };
}

export async function analyzeCase(c: OracleCase, options: AnalysisOptions = {}): Promise<FileSetResult> {
  return analyzeFileSets(sourceFiles(c.files.before), sourceFiles(c.files.after), options);
}

export async function runCase(c: OracleCase, info: DatasetInfo, options: AnalysisOptions = {}): Promise<CaseRun> {
  const started = performance.now();
  let result: FileSetResult | undefined;
  let error: string | undefined;
  try {
    result = await analyzeCase(c, options);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const ms = performance.now() - started;
  const detections = result ? toRefactorings(result.relationships, result.before, result.after) : [];
  const { match, signatures } = matchAll(c, info, detections, result?.skipped);
  const pairedBy = detections.map((d) => (isMatchingStep(d.foundBy) ? d.foundBy : undefined));
  return { id: c.id, dataset: c.dataset, ms, unsupported: result ? isUnsupported(result) : false, error, detections, match, signatures, pairedBy };
}


/** Our detections against the case's oracle: the scored types, and signature changes where the oracle lists parameters. */
export function matchAll(c: OracleCase, info: DatasetInfo, detections: ReportRefactoring[], skipped: SkippedFile[] = []): { match: CaseMatch; signatures?: SignatureMatch } {
  const files = caseFiles(c);
  const copies = { before: new Map<string, string[]>(), after: new Map<string, string[]>() };
  for (const s of skipped) if (s.sources) copies[s.side].set(s.path, s.sources);
  const match = matchCase(c.refactorings, detections, { scoresSignatures: info.scoresSignatures, levels: info.levels, files, copies });
  const signatures = info.signatures && matchSignatures(c.refactorings, detections, match, info.signatures, files.after);
  return { match, signatures };
}
