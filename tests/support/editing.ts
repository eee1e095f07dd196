import { beforeAll } from 'vitest';
import type { EditorRole } from '#api/editor-accounts.ts';
import { createEditorToken } from '#server/auth/editors.ts';
import { changesSince, feedPosition } from '#server/db/changes.ts';
import type { ApiClient } from './testing.ts';

// What the tests of the editors' content calls (src/server/routes/editor-*.test.ts) share: an editor
// of their suite, the change feed, and the texts and products they save.

/** A text in both languages. */
export const both = (en: string, zh: string) => ({ en, zh });

/** A laser in the category zephyr-sources, as an editor saves it; `extra` adds or replaces fields. */
export const laser = (partNumber: string, name: string, extra: Record<string, unknown> = {}) => ({
  partNumber,
  category: 'zephyr-sources',
  family: 'laser',
  name: both(name, `${name} 激光器`),
  summary: both('A test laser.', '测试激光器。'),
  description: both('For the editor tests.', '用于编辑测试。'),
  price: 1200,
  leadTimeDays: 10,
  stock: 3,
  attributes: [{ label: both('Wavelength', '波长'), value: '532', unit: 'nm' }],
  ...extra,
});

/** The ids of a page's records. */
export const ids = (answer: { body: { data: { records: { id: number }[] } } }) =>
  answer.body.data.records.map((record) => record.id);

/**
 * An editor of `role` for the suite of `api` (its token made before the suite's tests): `as` posts a call
 * with its token, `headers` are those that carry it (for a form); `feedMark` is the change feed's position
 * now, `feedSince` the changes after a position.
 */
export function asEditor(api: ApiClient, role: EditorRole = 'editor') {
  let headers: Record<string, string> = {};
  beforeAll(async () => {
    const { token } = await createEditorToken(api.db, `${role}@example.com`, { role });
    headers = { authorization: `Bearer ${token}` };
  });
  return {
    as: async (path: string, body: Record<string, unknown>) => api.post(path, body, headers),
    headers: () => headers,
    feedMark: () => feedPosition(api.db),
    feedSince: async (since: number) => (await changesSince(api.db, since)).changes,
  };
}
