// Installs code-server (= VS Code 1.100.3, server + web workbench) into a cache folder under the
// home directory, outside the extension's own dependencies, and returns the path of its binary.
// Recipe: see the project's notes on testing inside VS Code (ripgrep pre-seeded, native modules
// built from source). About 4 minutes the first time, instant afterwards.
import { existsSync, mkdirSync, writeFileSync, copyFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import os from 'node:os';
import path from 'node:path';

export const CODE_SERVER_VERSION = '4.100.3';
/** The @vscode/ripgrep version that code-server 4.100.3 pulls in: names its download cache folder. */
const RIPGREP_PACKAGE_VERSION = '1.15.11';
const RIPGREP_TARBALL = 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz';
const DEBIAN_PACKAGES = ['build-essential', 'python3', 'git', 'ripgrep', 'chromium', 'libkrb5-dev', 'libx11-dev', 'libxkbfile-dev', 'libsecret-1-dev'];

export const cacheRoot = path.join(os.homedir(), '.cache', 'refactoring-lens');
export const installDir = path.join(cacheRoot, `code-server-${CODE_SERVER_VERSION}`);
export const codeServerBin = path.join(installDir, 'node_modules', '.bin', 'code-server');
const doneMarker = path.join(installDir, '.installed');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
}

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

function missingDebianPackages() {
  return DEBIAN_PACKAGES.filter((name) => spawnSync('dpkg', ['-s', name], { stdio: 'ignore' }).status !== 0);
}

function installDebianPackages() {
  if (!has('dpkg') || !has('apt-get')) return;
  const missing = missingDebianPackages();
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`missing Debian packages (install them as root): ${missing.join(' ')}`);
  console.error(`[code-server] apt-get install ${missing.join(' ')}`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** @vscode/ripgrep downloads rg from GitHub; give it Debian's rg in its cache instead. */
function seedRipgrepCache() {
  const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim();
  if (!rg) throw new Error('ripgrep (rg) is needed to install code-server');
  const cacheDir = path.join(os.tmpdir(), `vscode-ripgrep-cache-${RIPGREP_PACKAGE_VERSION}`);
  const tarball = path.join(cacheDir, RIPGREP_TARBALL);
  if (existsSync(tarball)) return;
  const staging = path.join(os.tmpdir(), `refactoring-lens-rg-${process.pid}`);
  mkdirSync(staging, { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
  copyFileSync(rg, path.join(staging, 'rg'));
  run('tar', ['-czf', tarball, '-C', staging, 'rg']);
  rmSync(staging, { recursive: true, force: true });
}

export function ensureCodeServer() {
  if (existsSync(doneMarker) && existsSync(codeServerBin)) return codeServerBin;
  installDebianPackages();
  seedRipgrepCache();
  mkdirSync(installDir, { recursive: true });
  writeFileSync(path.join(installDir, 'package.json'), JSON.stringify({ name: 'code-server-cache', private: true }, null, 2));
  console.error(`[code-server] installing code-server@${CODE_SERVER_VERSION} into ${installDir} (a few minutes, once)`);
  const started = Date.now();
  run('npm', ['install', `code-server@${CODE_SERVER_VERSION}`, '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts=false'], {
    cwd: installDir,
    env: {
      ...process.env,
      npm_config_unsafe_perm: 'true',
      npm_config_yes: 'true',
      npm_config_build_from_source: 'true',
      npm_config_ignore_scripts: 'false',
      // npm 11.x blocks dependency install scripts by default; code-server's post-install (and
      // the nested installs it runs) build its native modules, so they must run.
      npm_config_dangerously_allow_all_scripts: 'true',
    },
  });
  if (!existsSync(codeServerBin)) throw new Error(`code-server binary not found at ${codeServerBin} after npm install`);
  writeFileSync(doneMarker, `${new Date().toISOString()}\n`);
  console.error(`[code-server] installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return codeServerBin;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(ensureCodeServer());
}
