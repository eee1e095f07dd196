import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** pdftotext from poppler-utils: CI installs it (.ci/run); on a machine without it this test says so and fails. */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'file.pdf');
    writeFileSync(file, bytes);
    try {
      return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error(
          'pdftotext is missing: install poppler-utils (apt-get install -y poppler-utils) to run this test',
        );
      }
      throw error;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
