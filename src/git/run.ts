/**
 * Runs git read-only: arguments as an array (never a shell), no pager, no optional locks (so
 * nothing takes the index lock), no fsmonitor, no external diff or textconv, no prompts.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { GitError } from './errors';

/**
 * Options every git invocation gets before its subcommand. `log.showSignature` would make `git
 * log` hand signed commits to the repository's `gpg.program`.
 */
const GLOBAL_ARGS = ['--no-pager', '-c', 'core.fsmonitor=false', '-c', 'core.quotepath=false', '-c', 'color.ui=false', '-c', 'log.showSignature=false'];

/** Variables that would redirect git away from the directory we name with -C. */
const REDIRECTING_VARS = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_NAMESPACE', 'GIT_CEILING_DIRECTORIES'];

export function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_OPTIONAL_LOCKS: '0', // no index refresh, so no index.lock
    GIT_NO_LAZY_FETCH: '1', // a partial clone does not fetch missing blobs (git >= 2.45; ignored before)
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    LC_ALL: 'C',
  };
  for (const name of REDIRECTING_VARS) delete env[name];
  return env;
}

export function spawnGit(cwd: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawn('git', [...GLOBAL_ARGS, ...args], { cwd, env: gitEnv(), windowsHide: true, ...options });
}

export interface GitOutput {
  stdout: Buffer;
  stderr: string;
  code: number;
}

/** Runs git to completion; resolves whatever the exit code (callers decide what a failure means). */
export function runGitRaw(cwd: string, args: string[], signal?: AbortSignal, input?: string): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(cwd, args, { stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], signal });
    if (input !== undefined) {
      child.stdin!.on('error', () => undefined); // a git that fails early closes its stdin: reported by its exit code
      child.stdin!.end(input);
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.name === 'AbortError') reject(error);
      else reject(new GitError('git-failed', `cannot run git: ${error.message}`));
    });
    child.on('close', (code) => resolve({ stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8').trim(), code: code ?? -1 }));
  });
}

/** Runs git and returns stdout; a non-zero exit becomes a GitError naming the command. */
export async function runGit(cwd: string, args: string[], signal?: AbortSignal, input?: string): Promise<Buffer> {
  const output = await runGitRaw(cwd, args, signal, input);
  if (output.code !== 0) {
    const missing = MISSING_OBJECT.exec(output.stderr);
    if (missing) throw new GitError('missing-object', `object ${missing[1]} is missing from the repository (an incomplete or damaged copy)`);
    throw new GitError('git-failed', `git ${subcommand(args)} failed: ${firstLine(output.stderr) || `exit ${output.code}`}`);
  }
  return output.stdout;
}

/** What git says when an object it needs is not in the object store ("fatal: unable to read <id>", "bad object <id>"). */
const MISSING_OBJECT = /(?:unable to read(?: tree| blob| commit)?|bad object|missing (?:tree|blob|commit)(?: object)?) ([0-9a-f]{40}|[0-9a-f]{64})\b/;

export async function runGitText(cwd: string, args: string[], signal?: AbortSignal): Promise<string> {
  return (await runGit(cwd, args, signal)).toString('utf8');
}

/** The subcommand of an argument list that may start with `-c name=value` options. */
function subcommand(args: string[]): string {
  return args.find((arg, i) => !arg.startsWith('-') && args[i - 1] !== '-c') ?? args[0];
}

export function firstLine(text: string): string {
  return text.split('\n', 1)[0].trim();
}
