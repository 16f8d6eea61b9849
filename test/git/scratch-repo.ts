/** Temporary git repositories with scripted commits, for the tests of src/git, src/analysis and src/cli. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, unlinkSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ScratchRepo {
  dir: string;
  git(...args: string[]): string;
  write(file: string, content: string | Uint8Array): void;
  remove(file: string): void;
  move(from: string, to: string): void;
  /** Stages everything and commits; returns the new sha. */
  commit(message: string, options?: { allowEmpty?: boolean }): string;
  dispose(): void;
}

let clock = 1_700_000_000;

/** Identity and dates by environment, so nothing is configured globally. */
function commitEnv(): NodeJS.ProcessEnv {
  const date = `${clock++} +0000`;
  return {
    ...process.env,
    GIT_AUTHOR_NAME: 'Ada Tester',
    GIT_AUTHOR_EMAIL: 'ada@example.com',
    GIT_COMMITTER_NAME: 'Ada Tester',
    GIT_COMMITTER_EMAIL: 'ada@example.com',
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
    GIT_CONFIG_NOSYSTEM: '1',
  };
}

const scratchDirs: string[] = [];
process.on('exit', () => scratchDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A new empty folder under the system's temporary folder, removed when the tests end. */
export function makeScratchDir(prefix = 'rlens-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  scratchDirs.push(dir);
  return dir;
}

export function makeRepo(options: { bare?: boolean } = {}): ScratchRepo {
  const dir = makeScratchDir();
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args], { cwd: dir, env: commitEnv(), encoding: 'utf8' });
  git('init', '-q', ...(options.bare ? ['--bare'] : []));
  return {
    dir,
    git,
    write(file, content) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    },
    remove: (file) => unlinkSync(path.join(dir, file)),
    move(from, to) {
      mkdirSync(path.dirname(path.join(dir, to)), { recursive: true });
      renameSync(path.join(dir, from), path.join(dir, to));
    },
    commit(message, commitOptions = {}) {
      git('add', '-A');
      git('commit', '-q', '-m', message, ...(commitOptions.allowEmpty ? ['--allow-empty'] : []));
      return git('rev-parse', 'HEAD').trim();
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
