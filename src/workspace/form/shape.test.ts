import { describe, expect, test } from 'vitest';
import { editorArticleSave, editorCategorySave, editorProductSave } from '#api/editor.ts';
import { emptyOf, formFields, getIn, setIn, toFormValue } from './shape.ts';

// The workspace's forms come from the save calls' schemas: a field of the contract is a field of the form.

describe('a form read from a save call’s request', () => {
  const product = new Map(formFields(editorProductSave.request as never));

  test('has every field of the contract but what the workspace sends itself, in the contract’s order', () => {
    const request = (editorProductSave.request as unknown as { entries: Record<string, unknown> }).entries;
    expect([...product.keys()]).toEqual(
      Object.keys(request).filter((name) => !['language', 'version', 'create'].includes(name)),
    );
    expect(product.has('create')).toBe(false);
  });

  test('knows texts in both languages, choices, numbers, flags and tables', () => {
    expect(product.get('name')).toEqual({ optional: false, shape: { kind: 'both', max: 200 } });
    expect(product.get('description')?.shape).toEqual({ kind: 'both', max: 100_000 });
    expect(product.get('family')?.shape).toMatchObject({ kind: 'choice', options: expect.arrayContaining(['laser']) });
    expect(product.get('price')?.shape).toMatchObject({ kind: 'number', min: 0, integer: false });
    expect(product.get('stock')?.shape).toMatchObject({ kind: 'number', integer: true });
    expect(product.get('isNew')).toEqual({ optional: true, shape: { kind: 'boolean' } });
    expect(product.get('partNumber')?.shape).toMatchObject({
      kind: 'text',
      pattern: expect.stringContaining('A-Za-z0-9'),
    });
    const attributes = product.get('attributes')?.shape;
    expect(attributes).toMatchObject({ kind: 'list', max: 200, item: { kind: 'object' } });
    const columns = attributes?.kind === 'list' && attributes.item.kind === 'object' ? attributes.item.entries : [];
    expect(columns.map(([name, field]) => [name, field.shape.kind])).toEqual([
      ['label', 'both'],
      ['value', 'textOrBoth'],
      ['unit', 'text'],
    ]);
    expect(product.get('related')).toMatchObject({ optional: true, shape: { kind: 'list', item: { kind: 'text' } } });
    const options = product.get('options')?.shape;
    expect(options?.kind === 'list' && options.item.kind === 'object' && options.item.entries[1]?.[1].shape.kind).toBe(
      'list',
    );
  });

  test('reads a date, and a category’s optional parent', () => {
    const article = new Map(formFields(editorArticleSave.request as never));
    expect(article.get('publishedAt')?.shape).toMatchObject({ kind: 'text', date: true });
    expect(article.get('body')?.shape).toEqual({ kind: 'both', max: 100_000 });
    const category = new Map(formFields(editorCategorySave.request as never));
    expect(category.get('parent')).toMatchObject({ optional: true, shape: { kind: 'text' } });
  });

  test('a specification’s single value becomes a pair, missing lists empty; new rows are empty records', () => {
    const fields = formFields(editorProductSave.request as never);
    const value = toFormValue(fields, {
      partNumber: 'A-1',
      attributes: [{ label: { en: 'Power', zh: '功率' }, value: '50', unit: 'mW' }],
    });
    expect(getIn(value, ['attributes', 0, 'value'])).toEqual({ en: '50', zh: '50' });
    expect(value.related).toEqual([]);
    const attributes = new Map(fields).get('attributes')?.shape;
    if (attributes?.kind !== 'list') throw new Error('attributes are a list');
    expect(emptyOf(attributes.item)).toEqual({ label: { en: '', zh: '' }, value: { en: '', zh: '' } });
  });

  test('a product’s curves: a table of curves, each with its axes and a table of series, whose values are lists of numbers', () => {
    const curves = product.get('curves');
    expect(curves).toMatchObject({ optional: true, shape: { kind: 'list', max: 6, item: { kind: 'object' } } });
    const curve = curves?.shape.kind === 'list' && curves.shape.item.kind === 'object' ? curves.shape.item.entries : [];
    expect(curve.map(([name, field]) => [name, field.shape.kind])).toEqual([
      ['kind', 'choice'],
      ['title', 'both'],
      ['xAxis', 'object'],
      ['yAxis', 'object'],
      ['series', 'list'],
    ]);
    const series = new Map(curve).get('series')?.shape;
    const columns = series?.kind === 'list' && series.item.kind === 'object' ? series.item.entries : [];
    expect(columns.map(([name, field]) => [name, field.shape])).toEqual([
      ['name', { kind: 'both', max: 100 }],
      ['x', { kind: 'numbers', max: 2000 }],
      ['y', { kind: 'numbers', max: 2000 }],
    ]);
    if (series?.kind !== 'list') throw new Error('series are a list');
    expect(emptyOf(series.item)).toEqual({ name: { en: '', zh: '' }, x: [], y: [] });
  });

  test('setIn copies along the path and leaves the rest shared', () => {
    const before = { name: { en: 'A', zh: '甲' }, attributes: [{ unit: 'nm' }, { unit: 'mW' }] };
    const after = setIn(before, ['attributes', 1, 'unit'], 'W') as typeof before;
    expect(after.attributes[1]?.unit).toBe('W');
    expect(before.attributes[1]?.unit).toBe('mW');
    expect(after.name).toBe(before.name);
    expect(after.attributes[0]).toBe(before.attributes[0]);
  });
});
