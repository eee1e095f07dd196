import { describe, expect, test } from 'vitest';
import type { ArticleRecord } from '#api/news.ts';
import {
  filterArticles,
  filterOptions,
  fromQuery,
  isFiltered,
  type KnowledgeFilter,
  toQuery,
} from './knowledge-filter.ts';

const raman = { id: 4, name: 'Raman spectrometers', slug: 'raman-spectrometers' };
const fiber = { id: 9, name: 'Fiber spectrometers', slug: 'fiber-spectrometers' };
const probe = { id: 12, name: 'Probe stations', slug: 'probe-stations' };

function article(
  id: number,
  fields: Pick<ArticleRecord, 'contentType' | 'title' | 'summary' | 'author' | 'productSeries' | 'publishedAt'>,
): ArticleRecord {
  return { id, kind: 'knowledge', slug: `${id}-article`, updatedAt: `${fields.publishedAt}T08:00:00Z`, ...fields };
}

const fluorescence = article(1, {
  contentType: 'application-note',
  title: 'Beating Fluorescence in Raman Spectroscopy: 785 nm or 1064 nm?',
  summary: 'A side-by-side comparison of 785 nm and 1064 nm excitation on twelve fluorescent samples.',
  author: 'Dr. Yujie Chen',
  productSeries: raman,
  publishedAt: '2025-02-18',
});
const slitWidth = article(2, {
  contentType: 'technical-article',
  title: 'Choosing a Fiber Spectrometer: Resolution, Slit Width and Throughput',
  summary: 'How grating, slit and detector determine resolution and sensitivity.',
  author: 'Haoran Li',
  productSeries: fiber,
  publishedAt: '2025-04-09',
});
const wafer = article(3, {
  contentType: 'case-study',
  title: 'Wafer-Level Leakage Tests at a Power Semiconductor Fab',
  summary: 'Cutting probe time by 40 % with femtoampere measurements on 200 mm wafers.',
  author: 'Anna Kowalski',
  productSeries: probe,
  publishedAt: '2025-06-30',
});
const webinar = article(4, {
  contentType: 'webinar',
  title: 'Raman Microscopy for Polymer Analysis',
  summary: 'A one-hour session on mapping polymer blends, with live Q&A.',
  author: 'Dr. Yujie Chen',
  productSeries: raman,
  publishedAt: '2025-06-30',
});
const articles = [fluorescence, slitWidth, wafer, webinar];

const zhArticles = [
  article(11, {
    contentType: 'application-note',
    title: '如何克服拉曼光谱中的荧光干扰：选 785 nm 还是 1064 nm？',
    summary: '以 12 种荧光样品对比 785 nm 与 1064 nm 激发的测量效果。',
    author: '陈雨洁 博士',
    productSeries: { ...raman, name: '拉曼光谱仪' },
    publishedAt: '2025-02-18',
  }),
  article(12, {
    contentType: 'technical-article',
    title: '光纤光谱仪选型指南：分辨率、狭缝宽度与通光量',
    summary: '光栅、狭缝与探测器如何决定分辨率和灵敏度。',
    author: '李浩然',
    productSeries: { ...fiber, name: '光纤光谱仪' },
    publishedAt: '2025-04-09',
  }),
];

const ids = (list: ArticleRecord[]) => list.map((a) => a.id);

describe('filtering knowledge articles', () => {
  test('keeps every article without a filter', () => {
    expect(filterArticles(articles, {})).toEqual(articles);
    expect(filterArticles(articles, { q: '   ' })).toEqual(articles);
  });

  test('filters by content type, product series and author', () => {
    expect(ids(filterArticles(articles, { type: 'case-study' }))).toEqual([3]);
    expect(ids(filterArticles(articles, { series: raman.id }))).toEqual([1, 4]);
    expect(ids(filterArticles(articles, { author: 'Dr. Yujie Chen', type: 'webinar' }))).toEqual([4]);
  });

  test('needs every keyword in the title, summary or author, ignoring case', () => {
    expect(ids(filterArticles(articles, { q: 'raman' }))).toEqual([1, 4]);
    expect(ids(filterArticles(articles, { q: 'RAMAN polymer' }))).toEqual([4]);
    expect(ids(filterArticles(articles, { q: 'slit chen' }))).toEqual([]);
    expect(ids(filterArticles(articles, { q: 'kowalski' }))).toEqual([3]);
  });

  test('finds Chinese keywords, with or without spaces between them, and full-width letters', () => {
    expect(ids(filterArticles(zhArticles, { q: '荧光' }))).toEqual([11]);
    expect(ids(filterArticles(zhArticles, { q: '狭缝\u3000分辨率' }))).toEqual([12]);
    expect(ids(filterArticles(zhArticles, { q: '李浩然' }))).toEqual([12]);
    expect(ids(filterArticles(zhArticles, { q: 'ＮＭ 拉曼' }))).toEqual([11]);
  });

  test('keeps articles published on the from and to dates', () => {
    expect(ids(filterArticles(articles, { from: '2025-04-09' }))).toEqual([2, 3, 4]);
    expect(ids(filterArticles(articles, { to: '2025-04-09' }))).toEqual([1, 2]);
    expect(ids(filterArticles(articles, { from: '2025-04-10', to: '2025-06-30' }))).toEqual([3, 4]);
  });

  test('tells whether a filter filters anything', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ q: '  ' })).toBe(false);
    expect(isFiltered({ series: 4 })).toBe(true);
  });
});

describe('the knowledge filter in the URL', () => {
  test('writes only the fields that are set, in a fixed order', () => {
    expect(toQuery({ author: 'Haoran Li', q: 'slit width', type: 'technical-article' })).toBe(
      'type=technical-article&q=slit+width&author=Haoran+Li',
    );
    expect(toQuery({ q: '' })).toBe('');
  });

  test('reads back what it wrote, including Chinese text', () => {
    const filter: KnowledgeFilter = {
      type: 'application-note',
      series: 4,
      q: '拉曼 荧光',
      from: '2025-01-01',
      to: '2025-12-31',
      author: '陈雨洁 博士',
    };
    expect(fromQuery(toQuery(filter))).toEqual(filter);
    expect(fromQuery(`?${toQuery(filter)}`)).toEqual(filter);
  });

  test('drops unknown types, bad series ids and dates that are not ISO dates', () => {
    const query = 'type=podcast&series=abc&from=18%2F02%2F2025&to=2025-13-45&q=%20&author=';
    expect(fromQuery(new URLSearchParams(query))).toEqual({});
    expect(fromQuery('series=0')).toEqual({});
    expect(fromQuery('series=2.5')).toEqual({});
  });
});

describe('the choices of the knowledge filter', () => {
  test('lists the content types present in contract order, and series and authors by name', () => {
    expect(filterOptions(articles, 'en')).toEqual({
      contentTypes: ['application-note', 'technical-article', 'case-study', 'webinar'],
      series: [
        { id: 9, name: 'Fiber spectrometers' },
        { id: 12, name: 'Probe stations' },
        { id: 4, name: 'Raman spectrometers' },
      ],
      authors: ['Anna Kowalski', 'Dr. Yujie Chen', 'Haoran Li'],
    });
  });

  test('sorts Chinese names by pinyin', () => {
    const options = filterOptions(zhArticles, 'zh-CN');
    expect(options.series.map((s) => s.name)).toEqual(['光纤光谱仪', '拉曼光谱仪']);
    expect(options.authors).toEqual(['陈雨洁 博士', '李浩然']);
  });
});
