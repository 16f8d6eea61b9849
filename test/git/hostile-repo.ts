/**
 * A repository that tries to make git run programs and write: its `.git/config` names a marker
 * program for every setting that can run one (fsmonitor, pager, external diff, textconv, filters,
 * hooks, signature verification, credentials, ssh), `.git/info/attributes` applies the drivers to
 * every file, and HEAD is a commit with a (fake) signature so that `log.showSignature` would call
 * `gpg.program`. A program that runs leaves a file named after its setting in `markersDir`.
 *
 * Every entry point of the analysis is checked with `expectReadOnly`: nothing runs, and every
 * file under `.git` has the same bytes afterwards.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildHistory, calc, util } from '../analysis/history';
import { makeScratchDir, type ScratchRepo } from './scratch-repo';

export interface HostileRepo {
  repo: ScratchRepo;
  dir: string;
  /** Commits of the history (test/analysis/history.ts) plus `signed`, the signed HEAD of main. */
  shas: Record<string, string>;
  markersDir: string;
  /** Names of the programs that ran so far. */
  markers(): string[];
  dispose(): void;
}

/** Settings whose value is a program git may run; each gets its own marker program. */
const PROGRAM_SETTINGS: Record<string, string> = {
  'core.fsmonitor': 'fsmonitor',
  'core.pager': 'pager',
  'pager.log': 'pager-log',
  'pager.diff': 'pager-diff',
  'diff.external': 'diff-external',
  'diff.hostile.textconv': 'textconv',
  'diff.hostile.command': 'diff-command',
  'filter.hostile.clean': 'filter-clean',
  'filter.hostile.smudge': 'filter-smudge',
  'filter.hostile.process': 'filter-process',
  'gpg.program': 'gpg',
  'gpg.ssh.program': 'gpg-ssh',
  'gpg.x509.program': 'gpg-x509',
  'core.sshCommand': 'ssh',
  'core.askPass': 'askpass',
  'core.editor': 'editor',
  'sequence.editor': 'sequence-editor',
  'core.alternateRefsCommand': 'alternate-refs',
  'credential.helper': 'credential',
};

/** Other settings that invite work or writes: signature checks, auto gc, caches written back to the index. */
const INVITING_SETTINGS: Array<[string, string]> = [
  ['log.showSignature', 'true'],
  ['gc.auto', '1'],
  ['gc.autoDetach', 'false'],
  ['maintenance.auto', 'true'],
  ['core.untrackedCache', 'true'],
  ['core.splitIndex', 'true'],
  ['fetch.writeCommitGraph', 'true'],
  ['core.commitGraph', 'true'],
  ['protocol.allow', 'always'],
];

const HOOKS = ['pre-commit', 'post-checkout', 'post-merge', 'post-rewrite', 'reference-transaction', 'pre-auto-gc', 'post-index-change', 'fsmonitor-watchman', 'pre-push'];

function markerProgram(binDir: string, markersDir: string, name: string): string {
  const file = path.join(binDir, name);
  writeFileSync(file, `#!/bin/sh\ntouch '${path.join(markersDir, name)}'\nexit 1\n`);
  chmodSync(file, 0o755);
  return file;
}

/** HEAD again, with a gpgsig header: `log.showSignature` would hand it to gpg.program. */
function signHead(repo: ScratchRepo): string {
  const body = repo.git('cat-file', 'commit', 'HEAD');
  const signature = 'gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEEhostile\n -----END PGP SIGNATURE-----\n';
  const signed = body.replace(/^(committer .*\n)/m, `$1${signature}`);
  const file = path.join(makeScratchDir(), 'signed-commit');
  writeFileSync(file, signed);
  const sha = repo.git('hash-object', '-t', 'commit', '-w', file).trim();
  repo.git('update-ref', 'refs/heads/main', sha);
  return sha;
}

export function makeHostileRepo(): HostileRepo {
  const { repo, shas } = buildHistory();
  repo.write('src/a/Calc.java', calc('addAll'));
  shas.beforeSigned = repo.commit('rename add to addAll');
  shas.signed = signHead(repo);
  // Uncommitted work of every kind: staged, unstaged, untracked, and a stat-dirty file.
  repo.write('src/a/Calc.java', calc('addEvery'));
  repo.git('add', 'src/a/Calc.java');
  repo.write('web/util.js', util('groupEntries'));
  repo.write('web/extra.js', util('extraGroups'));
  utimesSync(path.join(repo.dir, 'src/b/Report.java'), new Date(), new Date(Date.now() + 5000));

  const scratch = makeScratchDir('rlens-hostile-');
  const markersDir = path.join(scratch, 'markers');
  const binDir = path.join(scratch, 'bin');
  const hooksDir = path.join(scratch, 'hooks');
  for (const dir of [markersDir, binDir, hooksDir]) mkdirSync(dir);
  for (const [key, name] of Object.entries(PROGRAM_SETTINGS)) {
    const program = markerProgram(binDir, markersDir, name);
    repo.git('config', key, key === 'credential.helper' ? `!${program}` : program);
  }
  for (const [key, value] of INVITING_SETTINGS) repo.git('config', key, value);
  for (const hook of HOOKS) markerProgram(hooksDir, markersDir, `hook-${hook}`);
  repo.git('config', 'core.hooksPath', hooksDir);
  repo.git('config', 'remote.origin.url', `ext::${markerProgram(binDir, markersDir, 'remote-ext')}`);
  mkdirSync(path.join(repo.dir, '.git', 'info'), { recursive: true });
  writeFileSync(path.join(repo.dir, '.git', 'info', 'attributes'), '* diff=hostile filter=hostile merge=hostile\n');

  return {
    repo,
    dir: repo.dir,
    shas,
    markersDir,
    markers: () => (existsSync(markersDir) ? readdirSync(markersDir).sort() : []),
    dispose: () => repo.dispose(),
  };
}

/** Every file under a folder with a hash of its bytes, by relative path. */
export function snapshotFiles(dir: string, prefix = ''): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(path.join(dir, prefix)).sort()) {
    const relative = path.join(prefix, name);
    const full = path.join(dir, relative);
    if (statSync(full).isDirectory()) for (const [k, v] of snapshotFiles(dir, relative)) files.set(k, v);
    else files.set(relative, createHash('sha1').update(readFileSync(full)).digest('hex'));
  }
  return files;
}

/**
 * Runs one entry point of the analysis on a hostile repository and asserts that no program the
 * repository configures ran and that `.git` is byte-identical afterwards (no file added, removed
 * or changed). Resolves with what the entry point returned.
 */
export async function expectReadOnly<T>(hostile: HostileRepo, label: string, entryPoint: () => Promise<T>): Promise<T> {
  const gitDir = path.join(hostile.dir, '.git');
  const before = snapshotFiles(gitDir);
  const result = await entryPoint();
  assert.deepEqual(hostile.markers(), [], `${label}: the repository made git run a program`);
  assert.deepEqual(snapshotFiles(gitDir), before, `${label}: .git changed`);
  return result;
}
