import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { copyPath } from './copies.mjs';
import { strippedLoading, stripSources } from './stripped.ts';

let dir = '';
let src = '';
let copies = '';
/** The name of a file's copy. */
const copyName = (source: Uint8Array) => basename(copyPath(source, copies));
const MODULE = 'export const answer: number = 6 * 7;\nexport type Unused = { a: string };\n';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stripped-'));
  src = join(dir, 'src');
  copies = join(dir, 'copies');
  mkdirSync(join(src, 'lib'), { recursive: true });
  writeFileSync(join(src, 'lib', 'answer.ts'), MODULE);
  writeFileSync(join(src, 'lib', 'answer.test.ts'), 'export const test: boolean = true;\n');
  writeFileSync(join(src, 'lib', 'types.d.ts'), 'declare const x: number;\n');
  writeFileSync(join(src, 'page.astro'), '---\n---\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a copy for each TypeScript file but tests and declarations, named by its bytes, made once', () => {
  expect(stripSources([src], copies)).toEqual({ made: 1, current: 1 });
  const name = copyName(readFileSync(join(src, 'lib', 'answer.ts')));
  expect(readdirSync(copies)).toEqual([name]);
  // The types are stripped, and the code keeps its place on each line.
  const copy = readFileSync(join(copies, name), 'utf8');
  expect(copy).toContain('export const answer         = 6 * 7;');
  expect(copy).not.toContain('string');
  expect(stripSources([src], copies)).toEqual({ made: 0, current: 1 });
  // Changed: a copy of its own; the old one stays until the stale copies outnumber the current ones.
  writeFileSync(join(src, 'lib', 'answer.ts'), `${MODULE}// changed\n`);
  expect(stripSources([src], copies)).toEqual({ made: 1, current: 1 });
  expect(readdirSync(copies)).toHaveLength(2);
  writeFileSync(join(src, 'lib', 'answer.ts'), `${MODULE}// changed again\n`);
  expect(stripSources([src], copies)).toEqual({ made: 1, current: 1 });
  expect(readdirSync(copies)).toEqual([copyName(readFileSync(join(src, 'lib', 'answer.ts')))]);
});

/**
 * Runs a process as the build starts its own (strippedLoading), which imports the module, then a worker
 * thread that does too; each says what it read and whether Node's type stripper was started in it.
 */
function run(loading = strippedLoading(copies)): { main: string; worker: string } {
  const file = join(src, 'lib', 'answer.ts');
  const script = `
    import { Worker } from 'node:worker_threads';
    const stripper = () => process.moduleLoadList.some((name) => name.includes('amaro'));
    const { answer } = await import(${JSON.stringify(file)});
    const worker = new Worker(\`
      import { parentPort } from 'node:worker_threads';
      const { answer } = await import(${JSON.stringify(file)});
      parentPort.postMessage(answer + ' ' + process.moduleLoadList.some((name) => name.includes('amaro')));
    \`, { eval: true });
    const [fromWorker] = await new Promise((resolve) => worker.once('message', (m) => resolve([m])));
    console.log(JSON.stringify({ main: answer + ' ' + stripper(), worker: fromWorker }));
  `;
  const output = execFileSync(process.execPath, [...loading.execArgv, '--input-type=module', '-e', script], {
    env: { ...process.env, ...loading.env },
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1) as string);
}

test("a process and its threads load the copies, and Node's type stripper never starts in them", () => {
  stripSources([src], copies);
  expect(run()).toEqual({ main: '42 false', worker: '42 false' });
  // What is loaded is the copy: one made to answer otherwise answers otherwise.
  const name = copyName(readFileSync(join(src, 'lib', 'answer.ts')));
  writeFileSync(join(copies, name), 'export const answer = 43;\n');
  expect(run()).toEqual({ main: '43 false', worker: '43 false' });
});

test('without a copy (none made, or the file changed since), the file is loaded as Node loads it', () => {
  expect(existsSync(copies)).toBe(false);
  expect(run()).toEqual({ main: '42 true', worker: '42 true' });
  stripSources([src], copies);
  writeFileSync(join(src, 'lib', 'answer.ts'), MODULE.replace('6 * 7', '6 * 8'));
  expect(run()).toEqual({ main: '48 true', worker: '48 true' });
});
