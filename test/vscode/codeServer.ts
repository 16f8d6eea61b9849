/**
 * code-server (VS Code 1.100.3 server + web workbench) for tests: isolated config, user data and
 * extensions in a temporary folder, started in its own process group and stopped as one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const projectRoot = path.resolve(__dirname, '..', '..');
export const outputDir = path.join(projectRoot, '.test-output');

export interface Sandbox {
  dir: string;
  userDataDir: string;
  extensionsDir: string;
  env: NodeJS.ProcessEnv;
  dispose(): void;
}

/** A temporary home for one code-server: settings that keep the Welcome page and tips away. */
export function createSandbox(name: string): Sandbox {
  const dir = mkdtempSync(path.join(os.tmpdir(), `refactoring-lens-${name}-`));
  const userDataDir = path.join(dir, 'user-data');
  const extensionsDir = path.join(dir, 'extensions');
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'security.workspace.trust.enabled': false,
        'extensions.ignoreRecommendations': true,
        'telemetry.telemetryLevel': 'off',
        'git.openRepositoryInParentFolders': 'always',
        'window.dialogStyle': 'custom',
      },
      null,
      2,
    ),
  );
  const env = { ...process.env, XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_DATA_HOME: path.join(dir, 'data'), XDG_CACHE_HOME: path.join(dir, 'cache') };
  return { dir, userDataDir, extensionsDir, env, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

export function codeServerBin(): string {
  const bin = process.env.CODE_SERVER_BIN;
  if (!bin) throw new Error('CODE_SERVER_BIN is not set: run the tests through `npm run test:vscode`');
  return bin;
}

export function installExtension(sandbox: Sandbox, vsix: string): void {
  const result = spawnSync(codeServerBin(), ['--extensions-dir', sandbox.extensionsDir, '--user-data-dir', sandbox.userDataDir, '--install-extension', vsix], {
    env: sandbox.env,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`installing ${vsix} failed:\n${result.stdout}\n${result.stderr}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningServer {
  port: number;
  origin: string;
  /** The workbench URL for a folder, with optional `payload` entries (extension development/tests). */
  url(folder: string, payload?: [string, string][]): string;
  stop(): Promise<void>;
}

export async function startCodeServer(sandbox: Sandbox, folder: string): Promise<RunningServer> {
  const port = await freePort();
  const args = [
    '--bind-addr', `127.0.0.1:${port}`,
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--config', path.join(sandbox.dir, 'config.yaml'),
    '--user-data-dir', sandbox.userDataDir,
    '--extensions-dir', sandbox.extensionsDir,
    folder,
  ];
  const child: ChildProcess = spawn(codeServerBin(), args, { env: sandbox.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`code-server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const remote = (p: string) => `vscode-remote://127.0.0.1:${port}${p}`;
  return {
    port,
    origin,
    url(folderPath, payload) {
      const params = new URLSearchParams({ folder: remote(folderPath) });
      if (payload) params.set('payload', JSON.stringify(payload.map(([k, v]) => [k, k.endsWith('Path') ? remote(v) : v])));
      return `${origin}/?${params.toString()}`;
    },
    async stop() {
      if (child.pid === undefined || child.exitCode !== null) return;
      const group = -child.pid;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(group, 'SIGTERM');
      } catch {
        return; // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(group, 'SIGKILL');
        } catch {
          // gone in the meantime
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
