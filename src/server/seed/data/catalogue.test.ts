import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { ProductInput } from '#api/editor-fields.ts';
import type { SitePageKey, Text } from '../types.ts';
import { catalogue } from './index.ts';

const { categories, products, solutionGroups, solutions, articles, config, meta } = catalogue;

const CJK = /[\u4e00-\u9fff]/;
const partNumbers = new Set(products.map((product) => product.partNumber));
const leafKeys = new Set(categories.flatMap((top) => (top.children ?? []).map((child) => child.key)));
const allCategoryKeys = new Set([...categories.map((top) => top.key), ...leafKeys]);

function isText(value: unknown): value is Text {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 2 &&
    'en' in value &&
    'zh' in value
  );
}

/** Every bilingual text in the catalogue, with a path that says where it sits. */
function collectTexts(value: unknown, path: string, found: { path: string; text: Text }[] = []) {
  if (isText(value)) {
    found.push({ path, text: value });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      collectTexts(item, `${path}[${index}]`, found);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) collectTexts(item, `${path}.${key}`, found);
  }
  return found;
}

describe('demo catalogue', () => {
  test('has the four top categories in order, each with three to five leaf categories', () => {
    expect(categories.map((top) => top.key)).toEqual(['photonics', 'spectroscopy', 'microscopy', 'semiconductor']);
    for (const top of categories) {
      expect(top.children?.length).toBeGreaterThanOrEqual(3);
      expect(top.children?.length).toBeLessThanOrEqual(5);
      for (const child of top.children ?? []) expect(child.children).toBeUndefined();
    }
  });

  test('uses every category key only once', () => {
    expect(allCategoryKeys.size).toBe(categories.length + leafKeys.size);
  });

  test('has at least 40 products with unique, well-formed part numbers', () => {
    expect(products.length).toBeGreaterThanOrEqual(40);
    expect(partNumbers.size).toBe(products.length);
    for (const { partNumber } of products) expect(partNumber).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/);
  });

  test('puts every product in an existing leaf category', () => {
    for (const product of products) expect(leafKeys, product.partNumber).toContain(product.category);
  });

  test('gives every leaf category at least two products', () => {
    for (const key of leafKeys) {
      expect(products.filter((product) => product.category === key).length, key).toBeGreaterThanOrEqual(2);
    }
  });

  test('gives every product at least six attributes', () => {
    for (const product of products) {
      expect(product.attributes.length, product.partNumber).toBeGreaterThanOrEqual(6);
    }
  });

  test('keeps the unit of an attribute the same across the products of a category', () => {
    const units = new Map<string, string>();
    for (const product of products) {
      for (const attribute of product.attributes) {
        const key = `${product.category} / ${attribute.label.en}`;
        const unit = attribute.unit ?? '';
        if (!units.has(key)) units.set(key, unit);
        expect(unit, key).toBe(units.get(key));
      }
    }
  });

  test('has sensible prices, lead times and stock levels', () => {
    for (const product of products) {
      expect(product.price, product.partNumber).toBeGreaterThan(0);
      expect(product.leadTimeDays, product.partNumber).toBeGreaterThanOrEqual(3);
      expect(product.leadTimeDays, product.partNumber).toBeLessThanOrEqual(90);
      expect(product.stock, product.partNumber).toBeGreaterThanOrEqual(0);
      expect(product.stock, product.partNumber).toBeLessThanOrEqual(40);
    }
  });

  test('offers a zero-priced base value in every product option', () => {
    for (const product of products) {
      for (const option of product.options ?? []) {
        expect(
          option.values.some((value) => value.priceDelta === 0),
          `${product.partNumber} / ${option.name.en}`,
        ).toBe(true);
      }
    }
  });

  test('refers only to existing products in alternatives and related products', () => {
    for (const product of products) {
      for (const ref of [...(product.alternatives ?? []), ...(product.related ?? [])]) {
        expect(partNumbers, `${product.partNumber} -> ${ref}`).toContain(ref);
        expect(ref, product.partNumber).not.toBe(product.partNumber);
      }
    }
  });

  test('gives curves to the lasers, sources, detectors, filters, objectives and sensors a maker would show them for, each as the editors’ calls take it', () => {
    const curved = products.filter((product) => product.curves?.length);
    for (const family of ['laser', 'light-source', 'detector', 'objective'])
      for (const product of products.filter((p) => p.family === family))
        expect(product.curves?.length, product.partNumber).toBeGreaterThan(0);
    expect(curved.length).toBeGreaterThanOrEqual(20);
    for (const product of curved) {
      const checked = v.safeParse(ProductInput, product);
      expect(
        checked.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) ?? [],
        product.partNumber,
      ).toEqual([]);
      for (const series of (product.curves ?? []).flatMap((curve) => curve.series)) {
        expect(series.x.length, product.partNumber).toBeGreaterThanOrEqual(100);
        expect(series.x.length, product.partNumber).toBeLessThanOrEqual(400);
      }
    }
    // Every category comparison of lasers, detectors and objectives has a kind of curve to overlay.
    for (const key of ['lasers', 'photodetectors', 'objectives', 'fiber-spectrometers'])
      expect(curved.filter((product) => product.category === key).length, key).toBeGreaterThanOrEqual(2);
  });

  test('has exactly three solution groups with the fixed keys', () => {
    expect(solutionGroups.map((group) => [group.type, group.key])).toEqual([
      [0, 'microscopy-techniques'],
      [1, 'spectroscopy-instruments'],
      [2, 'semiconductor-microelectronics'],
    ]);
  });

  test('has at least three solutions per group, each using existing products', () => {
    for (const group of solutionGroups) {
      expect(solutions.filter((solution) => solution.type === group.type).length).toBeGreaterThanOrEqual(3);
    }
    for (const solution of solutions) {
      expect(solution.products.length, solution.title.en).toBeGreaterThanOrEqual(2);
      for (const ref of solution.products) expect(partNumbers, `${solution.title.en} -> ${ref}`).toContain(ref);
    }
  });

  test('ties every article to an existing product series', () => {
    expect(articles.length).toBeGreaterThanOrEqual(14);
    for (const article of articles) expect(allCategoryKeys, article.title.en).toContain(article.productSeries);
  });

  test('writes article and solution bodies with the allowed tags only', () => {
    const bodies = [...articles.map((article) => article.body), ...solutions.map((solution) => solution.body)];
    for (const body of bodies) {
      for (const html of [body.en, body.zh]) {
        for (const tag of html.match(/<[^>]*>/g) ?? []) expect(tag).toMatch(/^<\/?(p|h2|h3|ul|li|strong|em)>$/);
      }
    }
  });

  test('has non-empty English and Chinese for every text', () => {
    for (const { path, text } of collectTexts(catalogue, 'catalogue')) {
      expect(text.en.trim(), path).not.toBe('');
      expect(text.zh.trim(), path).not.toBe('');
    }
  });

  test('writes names and titles in Chinese characters', () => {
    const names = [
      ...categories.flatMap((top) => [top, ...(top.children ?? [])]).map((category) => category.name),
      ...products.map((product) => product.name),
      ...solutionGroups.map((group) => group.title),
      ...solutions.map((solution) => solution.title),
      ...articles.map((article) => article.title),
    ];
    for (const name of names) expect(name.zh, name.en).toMatch(CJK);
  });

  test('has the site configuration with the Singapore postal code', () => {
    expect(config.map((item) => item.configName)).toEqual([
      'companyName',
      'salesEmail',
      'phone',
      'whatsapp',
      'wechat',
      'postalCode',
      'address',
      'businessHours',
      'supportEmail',
    ]);
    const postalCode = config.find((item) => item.configName === 'postalCode');
    expect(postalCode?.configValue).toEqual({ en: '119276', zh: '119276' });
  });

  test('has page metadata for every page in both languages', () => {
    expect(meta.map((page) => page.page)).toEqual([
      'home',
      'category',
      'product',
      'solutions',
      'knowledge',
      'about',
      'search',
      'contact',
    ]);
    for (const page of meta) {
      expect(page.meta.map((item) => item.name)).toEqual([
        'title',
        'description',
        'keywords',
        'og:title',
        'og:description',
        'og:type',
        'twitter:card',
      ]);
    }
  });
});

describe('site pages', () => {
  const { pages } = catalogue;
  /** A record so that the type checker complains when a new SitePageKey is not listed here. */
  const siteKeys: Record<SitePageKey, true> = {
    about: true,
    faq: true,
    data: true,
    terms: true,
    cookie: true,
    privacy: true,
    help: true,
    downloads: true,
  };
  const allowedTags = new Set(['p', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a']);
  const bodies = pages.flatMap((page) =>
    page.sections.flatMap((section) => [
      { path: `${page.key}#${section.id} (en)`, html: section.body.en },
      { path: `${page.key}#${section.id} (zh)`, html: section.body.zh },
    ]),
  );

  test('has every page key exactly once, in order', () => {
    expect(pages.map((page) => page.key)).toEqual(Object.keys(siteKeys));
    expect(new Set(pages.map((page) => page.key)).size).toBe(pages.length);
  });

  test('gives the about page its five fixed sections', () => {
    const about = pages.find((page) => page.key === 'about');
    expect(about?.sections.map((section) => section.id)).toEqual([
      'company-profile',
      'corporate-culture',
      'development-course',
      'contact-information',
      'give-feedback',
    ]);
  });

  test('uses unique, well-formed section ids within each page', () => {
    for (const page of pages) {
      expect(page.sections.length, page.key).toBeGreaterThan(0);
      const ids = page.sections.map((section) => section.id);
      expect(new Set(ids).size, page.key).toBe(ids.length);
      for (const id of ids) expect(id, page.key).toMatch(/^[a-z0-9-]+$/);
    }
  });

  test('has non-empty English and Chinese for every text, and Chinese titles', () => {
    for (const { path, text } of collectTexts(pages, 'pages')) {
      expect(text.en.trim(), path).not.toBe('');
      expect(text.zh.trim(), path).not.toBe('');
    }
    for (const page of pages) {
      expect(page.title.zh, page.key).toMatch(CJK);
      for (const section of page.sections) expect(section.title.zh, `${page.key}#${section.id}`).toMatch(CJK);
    }
  });

  test('writes bodies with the allowed tags only', () => {
    for (const { path, html } of bodies) {
      for (const tag of html.match(/<[^>]*>/g) ?? []) {
        const name = /^<\/?([a-zA-Z0-9]+)/.exec(tag)?.[1] ?? '';
        expect(allowedTags, `${path}: ${tag}`).toContain(name);
        if (name === 'a' && !tag.startsWith('</')) expect(tag, path).toMatch(/^<a href="[^"]*">$/);
        else expect(tag, path).toMatch(/^<\/?[a-z0-9]+>$/);
      }
    }
  });

  test('links only to site-relative addresses or mailto:', () => {
    for (const { path, html } of bodies) {
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
        expect(href, path).toMatch(/^(\/(?!\/)|mailto:[^@\s]+@[^@\s]+$)/);
      }
    }
  });

  test('describes the locale cookie and its 365-day lifetime', () => {
    const cookie = pages.find((page) => page.key === 'cookie');
    for (const language of ['en', 'zh'] as const) {
      const text = (cookie?.sections ?? []).map((section) => section.body[language]).join(' ');
      expect(text, language).toContain('locale');
      expect(text, language).toContain('365');
    }
  });
});
