/** Debian's chromium through playwright-core (no browser download), with its files in the sandbox. */
import { chromium, type Browser } from 'playwright-core';
import type { Sandbox } from './codeServer';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(sandbox: Sandbox): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'], env: sandbox.env as Record<string, string> });
}
