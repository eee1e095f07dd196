import { expect, test } from 'vitest';
import { asEditor, both } from '#tests/support/editing.ts';
import { describeApi } from '#tests/support/testing.ts';

// The editors' content calls (issue 16) for the pages' meta and the site settings: saved and deleted
// through the API, and seen (or not) through the public calls a build reads.

describeApi('editor content calls: meta and settings', (api) => {
  // Settings are an admin's.
  const { as, feedMark, feedSince } = asEditor(api, 'admin');

  test('page meta and settings: saved in both languages and deleted; unknown ones are 404', async () => {
    const meta = [
      { name: 'title', content: both('Zephyr page', '泽菲尔页面') },
      { name: 'description', content: both('About Zephyr.', '关于泽菲尔。') },
    ];
    const since = await feedMark();
    expect((await as('/editor/meta/save', { page: 'zephyr', meta })).body.data).toEqual({
      page: 'zephyr',
      created: true,
    });
    const zh = await api.post('/system/config/meta', { pageHome: 'zephyr', language: 'zh' });
    expect(JSON.parse(zh.body.data.metaJson)).toEqual([
      { name: 'title', content: '泽菲尔页面' },
      { name: 'description', content: '关于泽菲尔。' },
    ]);
    expect((await as('/editor/meta/delete', { page: 'zephyr' })).body.data).toEqual({ page: 'zephyr', deleted: true });
    const fallback = await api.post('/system/config/meta', { pageHome: 'zephyr' });
    expect(fallback.body.data.metaJson).not.toContain('Zephyr page');
    const missing = await as('/editor/meta/delete', { page: 'zephyr', language: 'zh' });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('未找到：页面“zephyr”没有自己的元标签。');

    await as('/editor/config/save', { configName: 'zephyrLine', configValue: both('+65 1', '+65 1') });
    expect((await as('/editor/config/delete', { configName: 'zephyrLine' })).body.data).toEqual({
      configName: 'zephyrLine',
      deleted: true,
    });
    const list = await api.post('/system/config/list', {});
    expect(list.body.data.map((item: { configName: string }) => item.configName)).not.toContain('zephyrLine');
    expect((await as('/editor/config/delete', { configName: 'zephyrLine' })).status).toBe(404);
    const badMeta = await as('/editor/meta/save', {
      page: 'zephyr',
      meta: [{ name: 'Bad Name', content: both('', '') }],
    });
    expect(badMeta.body.msg).toBe(
      'Invalid value for "meta.0.name": A meta name is lower-case letters, digits, colons, dots, dashes or underscores, e.g. og:title.',
    );
    expect(await feedSince(since)).toEqual([
      { entity: 'page_meta', id: 'zephyr', kind: 'delete' },
      { entity: 'system_config', id: 'zephyrLine', kind: 'delete' },
    ]);
  });
});
