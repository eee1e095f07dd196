import { describe, expect, test } from 'vitest';
import { digestInTurns, digestOf, entryDigest, listedDigest } from './entry-digest.ts';

const product = (name: string, related: string[]) => ({
  id: 1,
  name,
  price: 10,
  related: related.map((card) => ({ id: 2, name: card })),
  alternatives: [],
});
const entry = (name: string, related: string[]) => ({
  id: '1',
  en: product(name, related),
  zh: product(`${name} (zh)`, related),
});

describe('entry digests: what a page keys on', () => {
  test("a product's related cards change its whole digest, not what lists show of it", () => {
    const before = entry('Laser', ['Mount']);
    const renamedRelation = entry('Laser', ['Mount (edited)']);
    const renamed = entry('Laser (edited)', ['Mount']);
    expect(entryDigest(renamedRelation, 'en')).not.toBe(entryDigest(before, 'en'));
    expect(listedDigest(renamedRelation, 'en')).toBe(listedDigest(before, 'en'));
    expect(listedDigest(renamed, 'en')).not.toBe(listedDigest(before, 'en'));
    expect(entryDigest(renamed, 'en')).not.toBe(entryDigest(before, 'en'));
    // Each locale its own record.
    expect(listedDigest(before, 'zh-CN')).not.toBe(listedDigest(before, 'en'));
  });

  test('a record without related cards (an article) lists as it is', () => {
    const article = { id: '3', en: { id: 3, title: 'Raman' }, zh: { id: 3, title: '拉曼' } };
    expect(listedDigest(article, 'en')).toBe(entryDigest(article, 'en'));
    expect(entryDigest(article, 'zh-CN')).toBe(digestOf({ id: 3, title: '拉曼' }));
  });

  test('digests made in turns are those asked for later, and the event loop runs between the turns', async () => {
    const entries = Array.from({ length: 2000 }, (_, n) => entry(`P${n}`, [`R${n}`]));
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    await digestInTurns(entries);
    clearInterval(ticking);
    const fresh = entries.map((one) => ({ ...one }));
    expect(entries.map((one) => entryDigest(one, 'zh-CN'))).toEqual(fresh.map((one) => entryDigest(one, 'zh-CN')));
    expect(entries.map((one) => listedDigest(one, 'en'))).toEqual(fresh.map((one) => listedDigest(one, 'en')));
    expect(turns).toBeGreaterThan(0);
  });
});
