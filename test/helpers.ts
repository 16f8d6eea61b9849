/** Shared test helpers: run the engine on two in-memory versions and describe what a user sees. */
import { analyzeFileSets, type FileSetResult, type SourceFile } from '../src/analysis/files';
import { qualifiedName, toRefactorings } from '../src/core/report';

export type Files = Record<string, string>;

export const sources = (files: Files): SourceFile[] => Object.entries(files).map(([path, content]) => ({ path, content }));

export async function compare(before: Files, after: Files): Promise<FileSetResult> {
  return analyzeFileSets(sources(before), sources(after));
}

/** The relationships other than SAME, as `TYPE before → after` with qualified names, sorted. */
export async function relationships(before: Files, after: Files): Promise<string[]> {
  const result = await compare(before, after);
  return result.relationships
    .filter((r) => r.type !== 'SAME')
    .map((r) => `${r.type} ${qualifiedName(result.before, r.before)} → ${qualifiedName(result.after, r.after)}`)
    .sort();
}

/** The refactorings as a user reads them: display type and the two element names. */
export async function refactorings(before: Files, after: Files): Promise<string[]> {
  const result = await compare(before, after);
  return toRefactorings(result.relationships, result.before, result.after)
    .map((r) => `${r.type}: ${r.before.qualifiedName} → ${r.after.qualifiedName}`)
    .sort();
}

/** The refactorings as `refactorings` gives them, each followed by the matching step that paired it (Relationship.foundBy). */
export async function refactoringsFoundBy(before: Files, after: Files): Promise<string[]> {
  const result = await compare(before, after);
  return toRefactorings(result.relationships, result.before, result.after)
    .map((r) => `${r.type}: ${r.before.qualifiedName} → ${r.after.qualifiedName} (${r.foundBy})`)
    .sort();
}
