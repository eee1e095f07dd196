import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'gathered-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const module = new URL('./gathered-output.ts', import.meta.url).href;

/** Runs `body` in a node process that gathers its output, stdout and stderr into one file, as a build's. */
function run(name: string, body: string): { text: string; status: number | null } {
  const file = join(dir, `${name}.log`);
  const fd = openSync(file, 'w');
  const { status } = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `import { gatherOutput } from ${JSON.stringify(module)};\ngatherOutput();\n${body}`],
    { stdio: ['ignore', fd, fd] },
  );
  closeSync(fd);
  return { text: readFileSync(file, 'utf8'), status };
}

describe('gatherOutput', () => {
  test('writes every line, in the order written to either stream, when the process exits at once', () => {
    const { text, status } = run(
      'exit',
      `for (let i = 0; i < 5000; i++) (i % 1000 === 0 ? process.stderr : process.stdout).write('line ' + i + ' 光谱\\n');
       process.stdout.write(Buffer.from('bytes\\n'));
       process.exit(3);`,
    );
    expect(status).toBe(3);
    const expected = [...Array.from({ length: 5000 }, (_, i) => `line ${i} 光谱`), 'bytes', ''].join('\n');
    expect(text).toBe(expected);
  });

  test('writes what waits while the process goes on, before it ends', () => {
    const { text } = run(
      'timer',
      `process.stdout.write('first\\n');
       const { readFileSync } = await import('node:fs');
       await new Promise((resolve) => setTimeout(resolve, 300));
       // What the file holds by now, read through the descriptor the output goes to.
       process.stdout.write('seen: ' + JSON.stringify(readFileSync('/proc/self/fd/1', 'utf8')) + '\\n');`,
    );
    expect(text).toBe('first\nseen: "first\\n"\n');
  });
});
