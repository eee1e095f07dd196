import { describe, expect, test } from 'vitest';
import type { Attribute } from '#api/product.ts';
import { buildFacets, type FinderProduct, filterProducts, fromQuery, parseSpecValue, toQuery } from './finder.ts';

let nextId = 1;
function product(partNumber: string, attributes: [string, string, string?][]): FinderProduct {
  const id = nextId++;
  return {
    id,
    name: `Spectrometer ${partNumber}`,
    slug: `${id}-spectrometer-${partNumber.toLowerCase()}`,
    partNumber,
    summary: 'A compact fibre spectrometer.',
    smallImage: { src: `/images/${partNumber}.webp`, src2x: `/images/${partNumber}@2x.webp`, alt: '' },
    price: 4200,
    currency: 'USD',
    leadTimeDays: 21,
    stock: 3,
    isNew: false,
    isFeatured: false,
    categoryId: 7,
    attributes: attributes.map(([label, value, unit = '']): Attribute => ({ label, value, unit })),
  };
}

const uvVis = product('SP-UV-VIS-25', [
  ['Spectral range', '200-1100', 'nm'],
  ['Optical resolution', '1.5', 'nm'],
  ['Detector', 'Sony ILX511B CCD'],
  ['Interface', 'USB 2.0'],
  ['Fiber connector', 'SMA905'],
]);
const vis = product('SP-VIS-10', [
  ['Spectral range', '380-780', 'nm'],
  ['Optical resolution', '0.5', 'nm'],
  ['Detector', 'Hamamatsu S11639 CMOS'],
  ['Interface', 'USB 3.0'],
  ['Fiber connector', 'SMA905'],
]);
const nir = product('SP-NIR-17', [
  ['Spectral range', '900-1700', 'nm'],
  ['Optical resolution', '3.2', 'nm'],
  ['Detector', 'InGaAs array'],
  ['Interface', 'USB 3.0'],
  ['Cooling', 'TE-cooled to -10 °C'],
]);
const products = [uvVis, vis, nir];

describe('parsing a specification value', () => {
  test('reads a single number as a point', () => {
    expect(parseSpecValue('532')).toEqual({ min: 532, max: 532 });
    expect(parseSpecValue(' 0.17 ')).toEqual({ min: 0.17, max: 0.17 });
    expect(parseSpecValue('1,064')).toEqual({ min: 1064, max: 1064 });
  });

  test('reads ranges written with a hyphen, a dash or a tilde', () => {
    expect(parseSpecValue('200-1100')).toEqual({ min: 200, max: 1100 });
    expect(parseSpecValue('200 – 1100')).toEqual({ min: 200, max: 1100 });
    expect(parseSpecValue('200~1100')).toEqual({ min: 200, max: 1100 });
    expect(parseSpecValue('200～1100')).toEqual({ min: 200, max: 1100 });
  });

  test('reads ranges that start below zero', () => {
    expect(parseSpecValue('-268.7-126.9')).toEqual({ min: -268.7, max: 126.9 });
    expect(parseSpecValue('−40 – −10')).toEqual({ min: -40, max: -10 });
  });

  test('leaves tolerances, bounds, sizes, lists and text unparsed', () => {
    for (const value of ['±0.5', '45 ± 5', '< 1', '> 98', '120 × 80', '405 / 488 / 561', 'USB 3.0', '100:1', '']) {
      expect(parseSpecValue(value), value).toBeUndefined();
    }
  });
});

describe('building facets', () => {
  test('makes numeric facets with the overall range and choice facets with their values, in order of appearance', () => {
    expect(buildFacets(products)).toEqual([
      { kind: 'numeric', key: 'spectral-range', label: 'Spectral range', unit: 'nm', min: 200, max: 1700 },
      { kind: 'numeric', key: 'optical-resolution', label: 'Optical resolution', unit: 'nm', min: 0.5, max: 3.2 },
      {
        kind: 'choice',
        key: 'detector',
        label: 'Detector',
        unit: '',
        values: [
          { value: 'Hamamatsu S11639 CMOS', count: 1 },
          { value: 'InGaAs array', count: 1 },
          { value: 'Sony ILX511B CCD', count: 1 },
        ],
      },
      {
        kind: 'choice',
        key: 'interface',
        label: 'Interface',
        unit: '',
        values: [
          { value: 'USB 2.0', count: 1 },
          { value: 'USB 3.0', count: 2 },
        ],
      },
    ]);
  });

  test('leaves out attributes of one product, with one value, or with more than eight values', () => {
    const many = Array.from({ length: 9 }, (_, index) => product(`LS-${index}`, [['Colour', `Colour ${index}`]]));
    const same = [product('A', [['Mount', 'SM1']]), product('B', [['Mount', 'SM1']])];
    expect(buildFacets(many)).toEqual([]);
    expect(buildFacets(same)).toEqual([]);
    expect(buildFacets([nir]).map((facet) => facet.key)).toEqual([]);
  });

  test('treats a label with a value that does not parse as a choice', () => {
    const stability = [product('L1', [['Stability', '< 0.5', '%']]), product('L2', [['Stability', '2', '%']])];
    expect(buildFacets(stability)).toMatchObject([{ kind: 'choice', key: 'stability', unit: '%' }]);
  });

  test('keeps the same label with different units apart and gives each a distinct query name', () => {
    const weights = [
      product('W1', [
        ['Weight', '5', 'kg'],
        ['Weight', '11', 'lb'],
      ]),
      product('W2', [
        ['Weight', '8', 'kg'],
        ['Weight', '17.6', 'lb'],
      ]),
    ];
    expect(buildFacets(weights).map((facet) => [facet.key, facet.unit])).toEqual([
      ['weight', 'kg'],
      ['weight-lb', 'lb'],
    ]);
  });

  test('names Chinese facets in Chinese and never takes the view parameter', () => {
    const zh = [
      product('Z1', [
        ['光谱范围', '200-1100', 'nm'],
        ['View', 'Top'],
      ]),
      product('Z2', [
        ['光谱范围', '380-780', 'nm'],
        ['View', 'Side'],
      ]),
    ];
    expect(buildFacets(zh).map((facet) => facet.key)).toEqual(['光谱范围', 'view-2']);
  });
});

describe('filtering products', () => {
  const names = (list: FinderProduct[]) => list.map((p) => p.partNumber);

  test('keeps every product when nothing is selected', () => {
    expect(filterProducts(products, {})).toEqual(products);
    expect(filterProducts(products, { 'spectral-range': {}, detector: [] })).toEqual(products);
  });

  test('keeps a range that covers the asked interval and drops one that only overlaps it', () => {
    expect(names(filterProducts(products, { 'spectral-range': { min: 400, max: 700 } }))).toEqual([
      'SP-UV-VIS-25',
      'SP-VIS-10',
    ]);
    expect(names(filterProducts(products, { 'spectral-range': { min: 350, max: 1000 } }))).toEqual(['SP-UV-VIS-25']);
  });

  test('reads one bound on a range facet as a value the range must contain', () => {
    expect(names(filterProducts(products, { 'spectral-range': { min: 1200 } }))).toEqual(['SP-NIR-17']);
    expect(names(filterProducts(products, { 'spectral-range': { max: 300 } }))).toEqual(['SP-UV-VIS-25']);
  });

  test('keeps single numbers within the bounds, inclusive, with either bound open', () => {
    expect(names(filterProducts(products, { 'optical-resolution': { max: 1.5 } }))).toEqual([
      'SP-UV-VIS-25',
      'SP-VIS-10',
    ]);
    expect(names(filterProducts(products, { 'optical-resolution': { min: 1.5, max: 3 } }))).toEqual(['SP-UV-VIS-25']);
    expect(names(filterProducts(products, { 'optical-resolution': { min: 3, max: 1 } }))).toEqual(['SP-UV-VIS-25']);
  });

  test('keeps products whose value is one of the chosen values', () => {
    expect(names(filterProducts(products, { interface: ['USB 3.0'] }))).toEqual(['SP-VIS-10', 'SP-NIR-17']);
    expect(names(filterProducts(products, { detector: ['InGaAs array', 'Sony ILX511B CCD'] }))).toEqual([
      'SP-UV-VIS-25',
      'SP-NIR-17',
    ]);
  });

  test('drops a product without the attribute of a selected facet', () => {
    const withoutRange = product('SP-MINI', [['Optical resolution', '2', 'nm']]);
    const list = [...products, withoutRange];
    expect(names(filterProducts(list, { 'spectral-range': { min: 1000 } }))).toEqual(['SP-UV-VIS-25', 'SP-NIR-17']);
  });

  test('combines facets so a product must meet all of them', () => {
    const selection = { 'spectral-range': { min: 500, max: 600 }, interface: ['USB 3.0'] };
    expect(names(filterProducts(products, selection))).toEqual(['SP-VIS-10']);
  });
});

describe('the finder in the URL', () => {
  const facets = buildFacets(products);

  test('writes ranges with open sides and repeats a choice per value', () => {
    const query = toQuery({
      'spectral-range': { min: 400, max: 700 },
      'optical-resolution': { max: 1.5 },
      interface: ['USB 2.0', 'USB 3.0'],
      detector: [],
    });
    expect(query).toBe('spectral-range=400..700&optical-resolution=..1.5&interface=USB+2.0&interface=USB+3.0');
  });

  test('reads back what it wrote', () => {
    const selection = { 'spectral-range': { min: -20.5 }, detector: ['InGaAs array'] };
    expect(fromQuery(toQuery(selection), facets)).toEqual(selection);
    expect(fromQuery(`?view=finder&${toQuery(selection)}`, facets)).toEqual(selection);
  });

  test('ignores unknown facets, values that are not numbers and choices that do not exist', () => {
    const query =
      'view=finder&colour=red&spectral-range=abc..&optical-resolution=..2&interface=USB+9&interface=USB+3.0';
    expect(fromQuery(new URLSearchParams(query), facets)).toEqual({
      'optical-resolution': { max: 2 },
      interface: ['USB 3.0'],
    });
  });
});
