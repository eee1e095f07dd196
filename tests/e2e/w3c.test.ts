import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, test } from 'vitest';

// The Nu HTML Checker (vnu.jar, the W3C's checker, from the npm package vnu-jar) over every page of the built
// site, both languages, the editors' workspace and the 404 pages among them: any error fails, each listed
// with its file, line and message; warnings do not. One Java process checks them all (the JVM takes seconds
// to start). html.test.ts runs html-validate over the same pages; the W3C's checker is the stricter where
// they differ (a <style> in the body, ARIA roles an element may take, anything after </html>).
//
// Alone: `npx vitest run --config vitest.e2e.config.ts tests/e2e/w3c.test.ts` (the setup builds the site), or
// on any built site: `java -jar node_modules/vnu-jar/build/dist/vnu.jar --errors-only --skip-non-html dist/` (the
// slash matters: dist is a link, which vnu does not follow otherwise).

const siteDir = inject('siteDir');
const VNU_JAR = fileURLToPath(import.meta.resolve('vnu-jar/build/dist/vnu.jar'));
const JAVA = 'java';

/** One message of vnu's JSON output (`--format json`). */
interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  firstLine?: number;
  firstColumn?: number;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** Fails, saying what to install, when there is no Java to run the checker on. */
function expectJava(): void {
  const version = spawnSync(JAVA, ['-version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    expect.fail(
      'The HTML check runs the W3C checker (vnu.jar) on Java, and no `java` was found on the PATH' +
        `${version.error ? ` (${version.error.message})` : ''}. Install a Java runtime, 17 or newer: on Debian, ` +
        '`apt-get install -y default-jre-headless` (.ci/run does so on CI).',
    );
  }
}

/** Runs vnu.jar once over the files (relative to `root`), errors only; answers its messages. */
function vnu(root: string, files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(JAVA, ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout', ...files], {
      cwd: root,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      // It exits with 1 when it found errors: what it printed says which.
      const text = Buffer.concat(out).toString('utf8');
      try {
        resolve((JSON.parse(text) as { messages: VnuMessage[] }).messages);
      } catch {
        reject(new Error(`vnu.jar exited with ${code} and no report:\n${text}${Buffer.concat(err).toString('utf8')}`));
      }
    });
  });
}

describe('the W3C HTML checker (vnu.jar)', () => {
  test('finds no error on any built page, in either language, the workspace and the 404 pages among them', async () => {
    expectJava();
    // The site directory is a link to its release: vnu names files by the path it was given, from there.
    const root = realpathSync(siteDir);
    const files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .sort();
    for (const page of ['index.html', 'zh-CN/index.html', 'editor/index.html', '404.html', 'zh-CN/404/index.html']) {
      expect(files).toContain(page);
    }
    expect(files.filter((file) => file.startsWith('zh-CN/')).length).toBeGreaterThan(50);

    const messages = await vnu(root, files);
    const errors = messages.map((message) => {
      const file = message.url?.startsWith('file:') ? relative(root, fileURLToPath(message.url)) : (message.url ?? '');
      // Where the error begins: vnu leaves out the first line and column when they are the last ones.
      const line = message.firstLine ?? message.lastLine ?? '?';
      const where = `${file}:${line}:${message.firstColumn ?? message.lastColumn ?? '?'}`;
      const extract = message.extract ? `\n    ${JSON.stringify(message.extract)}` : '';
      return `${where} [${message.subType ?? message.type}] ${message.message}${extract}`;
    });
    if (errors.length > 0) {
      expect.fail(`${errors.length} errors from the W3C checker in ${files.length} pages:\n${errors.join('\n')}`);
    }
  }, 180_000);
});
