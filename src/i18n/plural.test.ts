import { describe, expect, it } from 'vitest';
import { checkPair } from './check.ts';
import { pluralForms, t } from './index.ts';
import { chooseForm, pluralKey } from './plural.ts';
import { wt } from './workspace.ts';

describe('plural forms', () => {
  it('says "1 product" and "2 products" in English, one form in Chinese', () => {
    expect(t('en', 'home.productsCount', { count: 1 })).toBe('1 product');
    expect(t('en', 'home.productsCount', { count: 0 })).toBe('0 products');
    expect(t('en', 'home.productsCount', { count: 2 })).toBe('2 products');
    expect(t('zh-CN', 'home.productsCount', { count: 1 })).toBe('1 款产品');
    expect(t('en', 'search.suggestionCount', { count: 1 })).toBe('1 suggestion');
    expect(t('en', 'finder.toResults', { count: 1 })).toBe('Show the 1 matching product');
    expect(wt('en', 'form.rows', { count: 1 })).toBe('(1 row)');
    expect(wt('en', 'form.rows', { count: 3 })).toBe('(3 rows)');
  });

  it('keeps a count given as text, and a message without forms, as they were', () => {
    expect(t('en', 'home.productsCount', { count: '1' })).toBe('1 products');
    expect(t('en', 'product.inStock', { count: 1 })).toBe('In stock: 1');
  });

  it('gives a browser module the forms to choose from', () => {
    const forms = pluralForms('en', 'search.productCount');
    expect(forms).toEqual({ other: '{{count}} products', one: '{{count}} product' });
    expect(chooseForm('en', forms, 1)).toBe('{{count}} product');
    expect(chooseForm('en', forms, 1.5)).toBe('{{count}} products');
    expect(pluralForms('zh-CN', 'search.productCount')).toEqual({ other: '{{count}} 个产品' });
    expect(pluralKey('zh-CN', 'search.productCount', 1)).toBe('search.productCount');
  });

  it('checks that a form is one its language has, beside its other form', () => {
    expect(() => checkPair('', { a: 'x', 'a.one': 'y' }, { a: '甲' })).not.toThrow();
    expect(() => checkPair('', { a: 'x' }, { a: '甲', 'a.one': '乙' })).toThrow(/zh-CN has no "one" form/);
    expect(() => checkPair('', { 'a.one': 'y', a: 'x', 'b.one': 'z' }, { a: '甲' })).toThrow(/b.one has no b/);
    expect(() => checkPair('', { a: 'x', 'a.few': 'y' }, { a: '甲' })).toThrow(/en has no "few" form/);
  });
});
