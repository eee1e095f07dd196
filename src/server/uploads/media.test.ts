import { describe, expect, test } from 'vitest';
import { renderPdf } from '#lib/pdf.ts';
import { jpegHead, pngBytes, webpHead } from '#tests/support/images.ts';
import { mediaOf } from './media.ts';

describe('what an uploaded file is, from its bytes', () => {
  test('reads a PDF, with no size', () => {
    const pdf = renderPdf({ title: 'Datasheet', blocks: [{ kind: 'paragraph', text: 'Hello' }] });
    expect(mediaOf(pdf)).toEqual({ mediaType: 'application/pdf', width: null, height: null });
  });

  test('reads the width and height of a PNG from its IHDR chunk', () => {
    expect(mediaOf(pngBytes(7, 3))).toEqual({ mediaType: 'image/png', width: 7, height: 3 });
  });

  test('reads a JPEG frame header after the segments before it, baseline or progressive', () => {
    expect(mediaOf(jpegHead(640, 480))).toEqual({ mediaType: 'image/jpeg', width: 640, height: 480 });
    expect(mediaOf(jpegHead(33, 17, undefined, true))).toEqual({ mediaType: 'image/jpeg', width: 33, height: 17 });
  });

  test('turns a JPEG whose Exif orientation shows it a quarter turned, as a browser shows it', () => {
    expect(mediaOf(jpegHead(640, 480, 6))).toMatchObject({ width: 480, height: 640 });
    expect(mediaOf(jpegHead(640, 480, 8))).toMatchObject({ width: 480, height: 640 });
    expect(mediaOf(jpegHead(640, 480, 3))).toMatchObject({ width: 640, height: 480 });
  });

  test('reads the three kinds of WebP: lossy, lossless and extended', () => {
    expect(mediaOf(webpHead('VP8 ', 300, 200))).toEqual({ mediaType: 'image/webp', width: 300, height: 200 });
    expect(mediaOf(webpHead('VP8L', 1024, 16383))).toEqual({ mediaType: 'image/webp', width: 1024, height: 16383 });
    expect(mediaOf(webpHead('VP8X', 5000, 1))).toEqual({ mediaType: 'image/webp', width: 5000, height: 1 });
  });

  test('calls an image damaged when its signature is there and its size is not', () => {
    expect(mediaOf(pngBytes(4, 4).subarray(0, 20))).toBe('damaged');
    expect(mediaOf(jpegHead(640, 480).subarray(0, 24))).toBe('damaged');
    expect(mediaOf(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBe('damaged');
    expect(mediaOf(webpHead('VP8 ', 0, 200))).toBe('damaged');
    expect(mediaOf(Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8Z'), Buffer.alloc(20)]))).toBe('damaged');
  });

  test('takes nothing else, whatever it is called: text, HTML, SVG, GIF, ZIP, an empty file', () => {
    for (const text of [
      'hello',
      '<!doctype html><script>alert(1)</script>',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    ])
      expect(mediaOf(Buffer.from(text))).toBeUndefined();
    expect(mediaOf(Buffer.from('GIF89a\x01\0\x01\0', 'latin1'))).toBeUndefined();
    expect(mediaOf(Buffer.from('PK\x03\x04', 'latin1'))).toBeUndefined();
    expect(mediaOf(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'))).toBeUndefined();
    expect(mediaOf(new Uint8Array(0))).toBeUndefined();
  });
});
