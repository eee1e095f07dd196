import { describe, expect, test } from 'vitest';
import { renderedOnce } from './once.ts';

describe('renderedOnce', () => {
  test('renders once for the same data and key, also when pages ask at the same time', async () => {
    const site = {};
    let renders = 0;
    const render = async () => `<nav>${++renders}</nav>`;
    const first = await Promise.all([1, 2, 3].map(() => renderedOnce(site, 'header:en', render)));
    expect(first).toEqual(['<nav>1</nav>', '<nav>1</nav>', '<nav>1</nav>']);
    expect(await renderedOnce(site, 'header:en', render)).toBe('<nav>1</nav>');
    // Another key, or new data (a reload), renders again.
    expect(await renderedOnce(site, 'header:zh-CN', render)).toBe('<nav>2</nav>');
    expect(await renderedOnce({}, 'header:en', render)).toBe('<nav>3</nav>');
    expect(renders).toBe(3);
  });

  test('keeps no render that failed', async () => {
    const site = {};
    await expect(renderedOnce(site, 'footer:en', async () => Promise.reject(new Error('no data')))).rejects.toThrow(
      'no data',
    );
    expect(await renderedOnce(site, 'footer:en', async () => '<footer></footer>')).toBe('<footer></footer>');
  });
});
