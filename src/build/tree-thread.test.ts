import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { inProcess, inThread, walkTree } from './tree-thread.ts';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tree-thread-'));
  mkdirSync(join(dir, 'from', 'en', 'product', 'x'), { recursive: true });
  mkdirSync(join(dir, 'from', 'empty'));
  writeFileSync(join(dir, 'from', 'index.html'), 'home');
  writeFileSync(join(dir, 'from', 'release.json'), '{}');
  writeFileSync(join(dir, 'from', 'en', 'product', 'x', 'index.html'), 'a product');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('walkTree lists files and folders relative to the root, each folder before what is in it', () => {
  const { files, folders } = walkTree(join(dir, 'from'));
  expect(files.sort()).toEqual(['en/product/x/index.html', 'index.html', 'release.json']);
  expect(folders.sort()).toEqual(['empty', 'en', 'en/product', 'en/product/x']);
  expect(folders.indexOf('en')).toBeLessThan(folders.indexOf('en/product'));
  expect(folders.indexOf('en/product')).toBeLessThan(folders.indexOf('en/product/x'));
});

test('a thread links a tree but the files it skips, and removes trees; its errors come back', async () => {
  const from = join(dir, 'from');
  const to = join(dir, 'to');
  const linked = await inThread({ kind: 'link', from, to, skip: ['release.json'] });
  expect(linked.sort()).toEqual(['en/product/x/index.html', 'index.html']);
  expect(statSync(join(to, 'index.html')).ino).toBe(statSync(join(from, 'index.html')).ino);
  expect(statSync(join(to, 'empty')).isDirectory()).toBe(true);
  expect(() => statSync(join(to, 'release.json'))).toThrow(/ENOENT/);
  await expect(
    inThread({ kind: 'link', from: join(dir, 'missing'), to: join(dir, 'other'), skip: [] }),
  ).rejects.toThrow(/ENOENT/);
  await inThread({ kind: 'remove', paths: [to] });
  expect(() => statSync(to)).toThrow(/ENOENT/);
  expect(readFileSync(join(from, 'index.html'), 'utf8')).toBe('home');
});

test('a thread copies a tree but the files it skips, each file a file of its own', async () => {
  const from = join(dir, 'from');
  const to = join(dir, 'copy');
  await inThread({ kind: 'copy', from, to, skip: ['release.json'] });
  expect(walkTree(to).files.sort()).toEqual(['en/product/x/index.html', 'index.html']);
  expect(statSync(join(to, 'empty')).isDirectory()).toBe(true);
  expect(statSync(join(to, 'index.html')).ino).not.toBe(statSync(join(from, 'index.html')).ino);
  // A build writing its staging tree in place leaves the release it was copied from as it was.
  writeFileSync(join(to, 'index.html'), 'home, rebuilt');
  expect(readFileSync(join(from, 'index.html'), 'utf8')).toBe('home');
});

test('a process of its own copies a tree and removes trees, and its errors come back', async () => {
  const from = join(dir, 'from');
  const to = join(dir, 'copied');
  await inProcess({ kind: 'copy', from, to, skip: ['release.json'] });
  expect(readFileSync(join(to, 'en', 'product', 'x', 'index.html'), 'utf8')).toBe('a product');
  expect(statSync(join(to, 'index.html')).ino).not.toBe(statSync(join(from, 'index.html')).ino);
  expect(() => statSync(join(to, 'release.json'))).toThrow();
  await inProcess({ kind: 'remove', paths: [to] });
  expect(() => statSync(to)).toThrow();
  await expect(inProcess({ kind: 'copy', from: join(dir, 'missing'), to, skip: [] })).rejects.toThrow(/ENOENT/);
});
