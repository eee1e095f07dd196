import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

// Shared by the end-to-end tests and `npm run bench:weight`; free of Vitest so a plain script can import it.

/** Chromium from CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install Debian's Chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return path;
}

/** The flags every Chromium this project starts needs in a container or on CI. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts headless Chromium with the flags a container or CI run needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}
