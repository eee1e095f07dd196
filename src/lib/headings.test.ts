import { describe, expect, test } from 'vitest';
import { fitHeadings } from './headings.ts';

describe('fitHeadings', () => {
  test('makes the highest heading the given level and closes gaps below it', () => {
    expect(fitHeadings('<h3>A</h3><p>x</p><h4>B</h4><h3>C</h3>', 2)).toBe('<h2>A</h2><p>x</p><h3>B</h3><h2>C</h2>');
    expect(fitHeadings('<h2>A</h2><h4>B</h4>', 3)).toBe('<h3>A</h3><h4>B</h4>');
  });
  test('leaves a body without headings as it is, and never goes past h6', () => {
    expect(fitHeadings('<p>No <strong>headings</strong></p>', 2)).toBe('<p>No <strong>headings</strong></p>');
    expect(fitHeadings('<h2>A</h2><h3>B</h3><h4>C</h4>', 5)).toBe('<h5>A</h5><h6>B</h6><h6>C</h6>');
  });
});
