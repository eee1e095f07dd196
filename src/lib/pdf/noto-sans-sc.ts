import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SharedFont } from './fonts.ts';
import { readTrueType } from './truetype.ts';

// Noto Sans SC Regular (SIL Open Font License), from the npm package @expo-google-fonts/noto-sans-sc:
// Google Fonts' TrueType build, whose glyf outlines are subset by copying (truetype.ts). Read once a thread
// (a download worker makes hundreds of documents with it) on the first Chinese document.

let shared: SharedFont | undefined;

/**
 * The font file's path, from this module; in a bundle written outside the project (a build into a temporary
 * directory), from the working directory.
 */
function fontPath(): string {
  for (const base of [import.meta.url, join(process.cwd(), 'package.json')]) {
    const require = createRequire(base);
    try {
      return require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
    } catch {
      // the next
    }
  }
  throw new Error('Chinese documents need the font package @expo-google-fonts/noto-sans-sc: run npm install.');
}

/** Noto Sans SC, opened once a thread. */
export function notoSansSc(): SharedFont {
  shared ??= new SharedFont(readTrueType(readFileSync(fontPath())));
  return shared;
}
