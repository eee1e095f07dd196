import { describe, expect, test } from 'vitest';
import { zipFiles } from '#lib/zip.ts';
import { attachmentKind } from './file-kind.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const office = (folder: string) =>
  zipFiles([
    { name: '[Content_Types].xml', data: bytes('<Types/>') },
    { name: '_rels/.rels', data: bytes('<Relationships/>') },
    { name: `${folder}/document.xml`, data: bytes('<document/>') },
  ]);

describe('attachmentKind', () => {
  test.each([
    ['pdf', bytes('%PDF-1.7\n%âãÏÓ\n')],
    ['png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ['jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46])],
    ['docx', office('word')],
    ['xlsx', office('xl')],
    ['zip', zipFiles([{ name: 'readme.txt', data: bytes('hello') }])],
    ['txt', bytes('Serial 4471, measured 12.5 nm\r\nsecond line\tand a tab, 中文也可以\n')],
  ])('recognises %s by its bytes', (kind, content) => {
    expect(attachmentKind(content)).toBe(kind);
  });

  test.each([
    ['a Windows program', new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0])],
    ['an ELF program', new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
    ['an empty file', new Uint8Array()],
    ['text with NUL bytes', bytes('abc\u0000def')],
    ['bytes that are not UTF-8', new Uint8Array([0x61, 0xc3, 0x28, 0x62])],
    ['a GIF', bytes('GIF89a\u0001\u0000')],
  ])('refuses %s', (_name, content) => {
    expect(attachmentKind(content)).toBeUndefined();
  });
});
