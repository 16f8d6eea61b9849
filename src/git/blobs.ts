/**
 * Blob contents in bulk: one long-lived `git cat-file --batch` process per repository, fed
 * object names on stdin and answering in order. Requests are queued; each resolves with the
 * object's bytes, or undefined when git says it is missing. Sizes come from a second process,
 * `--batch-check`, so a blob too large to analyse is never read.
 */
import type { ChildProcess } from 'node:child_process';
import { GitError } from './errors';
import { spawnGit } from './run';

export interface BlobReader {
  /** Bytes of an object (a blob id, or `<commit>:<path>`); undefined when it does not exist. */
  read(name: string): Promise<Uint8Array | undefined>;
  /** Size in bytes of an object, without reading it; undefined when it does not exist. */
  size(name: string): Promise<number | undefined>;
  close(): void;
}

interface Pending {
  resolve(answer: Uint8Array | number | undefined): void;
  reject(error: Error): void;
}

/** Incremental parser of cat-file's answers: `<oid> <type> <size>\n<bytes>\n` or `<name> missing\n`. */
interface ParserState {
  chunks: Buffer[];
  length: number;
  /** Size of the body being read (+1 for its trailing newline), or -1 while reading a header. */
  bodySize: number;
  /** `--batch-check`: headers only, each answered with the size. */
  headersOnly: boolean;
}

type Mode = '--batch' | '--batch-check';

export function openBlobReader(repoDir: string): BlobReader {
  const contents = catFile(repoDir, '--batch');
  const sizes = catFile(repoDir, '--batch-check');
  return {
    read: (name) => contents.ask(name) as Promise<Uint8Array | undefined>,
    size: (name) => sizes.ask(name) as Promise<number | undefined>,
    close() {
      contents.close();
      sizes.close();
    },
  };
}

/** One cat-file process, started on the first question and again after it exits. */
function catFile(repoDir: string, mode: Mode) {
  let child: { proc: ChildProcess; queue: Pending[] } | undefined;

  /** One cat-file process and the requests it has not answered yet. */
  const start = () => {
    const proc = spawnGit(repoDir, ['cat-file', mode], { stdio: ['pipe', 'pipe', 'pipe'] });
    const current = { proc, queue: [] as Pending[] };
    const state: ParserState = { chunks: [], length: 0, bodySize: -1, headersOnly: mode === '--batch-check' };
    let stderr = '';
    proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    proc.stdout!.on('data', (chunk: Buffer) => consume(state, chunk, current.queue));
    proc.stdin!.on('error', () => undefined); // reported through 'close' below
    const fail = (message: string) => {
      const error = new GitError('git-failed', message);
      for (const pending of current.queue.splice(0)) pending.reject(error);
      if (child === current) child = undefined;
    };
    proc.on('error', (error) => fail(`cannot run git cat-file: ${error.message}`));
    proc.on('close', (code) => fail(`git cat-file exited (${code}): ${stderr.trim().split('\n', 1)[0]}`));
    return current;
  };

  return {
    ask(name: string): Promise<Uint8Array | number | undefined> {
      if (name.includes('\n')) return Promise.reject(new GitError('bad-argument', `object name contains a newline: ${JSON.stringify(name)}`));
      child ??= start();
      const { proc, queue } = child;
      return new Promise((resolve, reject) => {
        queue.push({ resolve, reject });
        proc.stdin!.write(`${name}\n`);
      });
    },
    close() {
      child?.proc.stdin?.end();
      child = undefined;
    },
  };
}

function consume(state: ParserState, chunk: Buffer, queue: Pending[]): void {
  state.chunks.push(chunk);
  state.length += chunk.length;
  for (;;) {
    if (state.bodySize < 0) {
      const header = takeLine(state);
      if (header === undefined) return;
      const size = parseHeader(header);
      if (size === undefined || state.headersOnly) queue.shift()?.resolve(size);
      else state.bodySize = size + 1;
    } else {
      if (state.length < state.bodySize) return;
      const body = take(state, state.bodySize);
      state.bodySize = -1;
      queue.shift()?.resolve(body.subarray(0, body.length - 1));
    }
  }
}

/** Size from `<oid> <type> <size>`; undefined for `<name> missing` / `ambiguous`. */
function parseHeader(line: string): number | undefined {
  const match = /^[0-9a-f]+ \S+ (\d+)$/.exec(line);
  return match ? Number(match[1]) : undefined;
}

function takeLine(state: ParserState): string | undefined {
  let offset = 0;
  for (const chunk of state.chunks) {
    const index = chunk.indexOf(10);
    if (index >= 0) {
      const line = take(state, offset + index + 1);
      return line.toString('utf8', 0, line.length - 1);
    }
    offset += chunk.length;
  }
  return undefined;
}

/** Removes and returns the first `count` bytes (count <= state.length). */
function take(state: ParserState, count: number): Buffer {
  const all = state.chunks.length === 1 ? state.chunks[0] : Buffer.concat(state.chunks, state.length);
  const head = all.subarray(0, count);
  const rest = all.subarray(count);
  state.chunks = rest.length > 0 ? [rest] : [];
  state.length = rest.length;
  return head;
}
