import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { zipFiles } from './zip.ts';

interface CentralEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** The end record and central directory of an archive, read back. */
function readZip(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  const centralSize = view.getUint32(end + 12, true);
  const centralStart = view.getUint32(end + 16, true);
  expect(centralStart + centralSize).toBe(end);
  const entries: CentralEntry[] = [];
  let at = centralStart;
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const nameLength = view.getUint16(at + 28, true);
    entries.push({
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  expect(at).toBe(end);
  return { view, count: view.getUint16(end + 8, true), entries };
}

/** An entry's data, from its local header. */
function entryData(bytes: Uint8Array, view: DataView, entry: CentralEntry): Uint8Array {
  expect(view.getUint32(entry.offset, true)).toBe(0x04034b50);
  expect(view.getUint32(entry.offset + 14, true)).toBe(entry.crc);
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  const body = bytes.subarray(start, start + entry.compressedSize);
  return entry.method === 8 ? new Uint8Array(inflateRawSync(body)) : body;
}

const readme = `LumenLab Spectra SDK 1.0.0\n${'Supports the SP-2048 spectrometer.\n'.repeat(20)}`;
const binary = new Uint8Array([0, 1, 2, 250, 255]);
const files = [
  { name: 'README.txt', data: readme },
  { name: 'bin/data.bin', data: binary },
  { name: '说明.txt', data: '中文说明' },
];

describe('zipFiles', () => {
  test('writes a local header per file, a central directory and an end record that count them', () => {
    const bytes = zipFiles(files);
    const { count, entries } = readZip(bytes);
    expect(count).toBe(3);
    expect(entries.map((entry) => entry.name)).toEqual(['README.txt', 'bin/data.bin', '说明.txt']);
    expect(new DataView(bytes.buffer).getUint32(0, true)).toBe(0x04034b50);
  });

  test('flags names as UTF-8', () => {
    const { entries } = readZip(zipFiles(files));
    for (const entry of entries) expect(entry.flags & 0x0800).toBe(0x0800);
  });

  test('records the CRC-32 and size of each file and gives its bytes back', () => {
    const bytes = zipFiles(files);
    const { view, entries } = readZip(bytes);
    const originals = [new TextEncoder().encode(readme), binary, new TextEncoder().encode('中文说明')];
    entries.forEach((entry, index) => {
      const original = originals[index] as Uint8Array;
      expect(entry.crc).toBe(crc32(original));
      expect(entry.size).toBe(original.length);
      expect(entryData(bytes, view, entry)).toEqual(original);
    });
  });

  test('deflates text that compresses and stores data that does not', () => {
    const { entries } = readZip(zipFiles(files));
    expect(entries[0]?.method).toBe(8);
    expect(entries[0]?.compressedSize).toBeLessThan(readme.length);
    expect(entries[1]?.method).toBe(0);
  });

  test('writes an empty archive as a bare end record', () => {
    const bytes = zipFiles([]);
    expect(bytes).toHaveLength(22);
    expect(readZip(bytes).count).toBe(0);
  });

  test('dates entries with the given time', () => {
    const bytes = zipFiles([{ name: 'a.txt', data: 'a' }], new Date(Date.UTC(2026, 2, 14, 9, 30, 10)));
    const view = new DataView(bytes.buffer);
    expect(view.getUint16(10, true)).toBe((9 << 11) | (30 << 5) | 5);
    expect(view.getUint16(12, true)).toBe(((2026 - 1980) << 9) | (3 << 5) | 14);
  });
});

// Only where Info-ZIP's unzip is installed: it tests the archive as a whole.
const unzip = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v unzip'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
})();

test('unzip -t accepts the archive when unzip is on the machine', () => {
  if (!unzip) return;
  const dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
  try {
    const file = join(dir, 'test.zip');
    writeFileSync(file, zipFiles(files));
    const output = execFileSync(unzip, ['-t', file], { encoding: 'utf8' });
    expect(output).toContain('No errors detected');
    expect(output).toContain('README.txt');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
