// A collection entry: the same record in English and in Chinese.

/** One record in both languages, by its id. */
export type Bilingual<T> = { id: string; en: T; zh: T };

/** Pairs the same records in English and Chinese by id: a collection's entries. */
export function pairLanguages<T extends { id: number }>(en: T[], zh: T[]): Bilingual<T>[] {
  const zhById = new Map(zh.map((record) => [record.id, record]));
  return en.map((record) => {
    const other = zhById.get(record.id);
    if (!other) throw new Error(`Build stopped: record ${record.id} has no Chinese version.`);
    return { id: String(record.id), en: record, zh: other };
  });
}
