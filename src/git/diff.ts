/**
 * Changed paths between two trees (or a tree and the index / the working tree), with renames and
 * blob ids, from git's `--raw -z` output.
 */
import { GitError } from './errors';
import { runGit, runGitRaw } from './run';

export type ChangeStatus = 'A' | 'D' | 'M' | 'R' | 'C' | 'T' | 'U' | 'X';

export interface FileChange {
  status: ChangeStatus;
  /** Path before (undefined when added). */
  oldPath: string | undefined;
  /** Path after (undefined when deleted). */
  newPath: string | undefined;
  /** Blob ids; undefined on the side where the file does not exist, or (worktree) is not hashed. */
  oldBlob: string | undefined;
  newBlob: string | undefined;
  /** Only regular files are analysed: not symlinks, not submodules. */
  oldRegular: boolean;
  newRegular: boolean;
}

/** Options for every raw diff: rename detection, and nothing that runs user programs. */
export const RAW_DIFF_ARGS = ['-r', '-M', '--raw', '-z', '--no-ext-diff', '--no-textconv', '--no-color', '--abbrev=40', '--full-index'];

const NULL_OID = /^0+$/;

/** Parses `:<mode> <mode> <oid> <oid> <status>\0<path>\0[<path>\0]` records. */
export function parseRawDiff(output: Buffer | string): FileChange[] {
  return parseRawDiffGroups(output, false)[0] ?? [];
}

/**
 * Parses the output of `diff-tree --stdin --always`: each commit's id, then its records. With
 * `grouped` false there are no ids and everything is one group.
 */
export function parseRawDiffGroups(output: Buffer | string, grouped = true): FileChange[][] {
  const fields = output.toString('utf8').split('\0');
  const groups: FileChange[][] = grouped ? [] : [[]];
  for (let i = 0; i < fields.length; ) {
    const header = fields[i++];
    if (!header.startsWith(':')) {
      if (grouped && header.length > 0) groups.push([]);
      continue;
    }
    const [oldMode, newMode, oldOid, newOid, statusField] = header.slice(1).split(' ');
    const status = statusField[0] as ChangeStatus;
    const first = fields[i++];
    const second = status === 'R' || status === 'C' ? fields[i++] : undefined;
    const added = status === 'A';
    const deleted = status === 'D';
    groups.at(-1)?.push({
      status,
      oldPath: added ? undefined : first,
      newPath: deleted ? undefined : (second ?? first),
      oldBlob: added || NULL_OID.test(oldOid) ? undefined : oldOid,
      newBlob: deleted || NULL_OID.test(newOid) ? undefined : newOid,
      oldRegular: isRegular(oldMode),
      newRegular: isRegular(newMode),
    });
  }
  return groups;
}

function isRegular(mode: string): boolean {
  return mode === '100644' || mode === '100755';
}

/** Changes from tree `base` (undefined: the empty tree) to `head` (both already-verified commit ids). */
export async function diffTrees(repoDir: string, base: string | undefined, head: string, signal?: AbortSignal): Promise<FileChange[]> {
  const trees = base === undefined ? ['--root', head] : [base, head];
  return parseRawDiff(await runGit(repoDir, ['diff-tree', ...RAW_DIFF_ARGS, '--no-commit-id', ...trees, '--'], signal));
}

/**
 * Changes of many commits in one git process: each head against its base (undefined: the empty
 * tree). One list of changes per pair, in the order given.
 */
export async function diffTreesBatch(repoDir: string, pairs: Array<{ base: string | undefined; head: string }>, signal?: AbortSignal): Promise<FileChange[][]> {
  if (pairs.length === 0) return [];
  const input = pairs.map(({ base, head }) => (base === undefined ? `${head}\n` : `${head} ${base}\n`)).join('');
  const output = await runGit(repoDir, ['diff-tree', '--stdin', '--always', '--root', ...RAW_DIFF_ARGS], signal, input);
  const groups = parseRawDiffGroups(output);
  if (groups.length !== pairs.length) throw new GitError('git-failed', `git diff-tree answered for ${groups.length} of ${pairs.length} commits`);
  return groups;
}

/**
 * Changes from a commit to the index (`staged`) or to the working tree. Plumbing: never refreshes
 * the index. A stat-dirty file makes git read it through the clean filter of its attributes, so
 * every filter driver the repository configures is switched off first; submodules are not
 * entered (git would run status inside them, under their own configuration).
 */
export async function diffIndex(repoDir: string, base: string, staged: boolean, signal?: AbortSignal): Promise<FileChange[]> {
  const overrides = staged ? [] : await filterDriverOverrides(repoDir, signal);
  const args = [...overrides, 'diff-index', ...RAW_DIFF_ARGS, '--ignore-submodules=all', ...(staged ? ['--cached'] : []), base, '--'];
  return parseRawDiff(await runGit(repoDir, args, signal));
}

/**
 * `-c` options that empty the programs of every filter driver named in the repository's config
 * (`filter.<driver>.clean`, `.smudge`, `.process`) and make none required, so that git reads
 * work-tree files as they are instead of running a program the repository chose.
 */
export async function filterDriverOverrides(repoDir: string, signal?: AbortSignal): Promise<string[]> {
  const output = await runGitRaw(repoDir, ['config', '-z', '--name-only', '--get-regexp', '^filter\\.'], signal);
  if (output.code !== 0) return []; // exit 1: no filter configured
  const drivers = new Set<string>();
  for (const key of output.stdout.toString('utf8').split('\0')) {
    const match = /^filter\.(.+)\.[^.]+$/s.exec(key);
    if (match) drivers.add(match[1]);
  }
  return [...drivers].flatMap((driver) => ['clean=', 'smudge=', 'process=', 'required=false'].flatMap((setting) => ['-c', `filter.${driver}.${setting}`]));
}

/** Untracked, not ignored files of the working tree (they are additions to it). */
export async function untrackedFiles(repoDir: string, signal?: AbortSignal): Promise<string[]> {
  const output = await runGit(repoDir, ['ls-files', '--others', '--exclude-standard', '-z', '--'], signal);
  return output.toString('utf8').split('\0').filter((path) => path.length > 0);
}
