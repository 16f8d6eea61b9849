/** What every suite needs: the workspace's fixture repository, its commits, the extension's API. */
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';
import type { RefactoringLensApi } from '../../../src/extension/extension';
import type { ViewModel } from '../../../src/extension/protocol';
import { SUBJECTS } from '../fixtures';

export const EXTENSION_ID = 'refactoring-lens.refactoring-lens';

export function repositoryRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the tests need the fixture repository open as the workspace folder');
  return folder.uri.fsPath;
}

export function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repositoryRoot(), encoding: 'utf8' }).trim();
}

/** Full sha of each scripted commit, found by its subject. */
export function shas(): Record<keyof typeof SUBJECTS, string> {
  const bySubject = new Map(
    git('log', '--format=%H %s')
      .split('\n')
      .map((line) => [line.slice(41), line.slice(0, 40)] as const),
  );
  return Object.fromEntries(Object.entries(SUBJECTS).map(([key, subject]) => [key, bySubject.get(subject) ?? ''])) as Record<keyof typeof SUBJECTS, string>;
}

export async function api(): Promise<RefactoringLensApi> {
  const extension = vscode.extensions.getExtension<RefactoringLensApi>(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not installed`);
  return extension.activate();
}

export async function show(command: string, args?: object): Promise<ViewModel> {
  const model = (await vscode.commands.executeCommand(command, args)) as ViewModel | undefined;
  if (!model) throw new Error(`${command} showed nothing`);
  return model;
}

export const annotationText = (model: ViewModel, index = 0) => model.refactorings[index].annotation.map((s) => s.text).join('');

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
