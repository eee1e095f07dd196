import { expect, test } from 'vitest';
import { asEditor, both, laser } from '#tests/support/editing.ts';
import { describeApi } from '#tests/support/testing.ts';

// Issue 40, item 2: a product's performance curves, saved by the editors' call with the product, answered
// by the product calls in the request's language, kept in its record and the change feed; the limits of
// what a save may hold, refused with the field's path and a message in the caller's language.

/** x values from `from` in steps of `step`, `count` of them. */
const steps = (from: number, step: number, count: number) => Array.from({ length: count }, (_, i) => from + i * step);

/** A transmission curve of one series of `count` points. */
const transmission = (count = 5, extra: Record<string, unknown> = {}) => ({
  kind: 'transmission',
  title: both('Transmission at 0°', '透射率（0°）'),
  xAxis: { name: both('Wavelength', '波长'), unit: 'nm' },
  yAxis: { name: both('Transmission', '透射率'), unit: '%' },
  series: [{ name: both('', ''), x: steps(400, 1, count), y: steps(10, 0.5, count) }],
  ...extra,
});

describeApi('editor content calls: performance curves', (api) => {
  const { as, feedMark, feedSince } = asEditor(api);
  const categoryKey = async () =>
    (
      await api.db.query<{ key: string }>(
        'select c.key from category c join product p on p.category_id = c.id where c.published order by c.id limit 1',
      )
    )[0]?.key;
  const save = async (partNumber: string, curves: unknown, language = 'en') =>
    as('/editor/product/save', {
      ...laser(partNumber, `Curved ${partNumber}`, { category: await categoryKey(), curves }),
      language,
    });

  test('a product’s curves: answered in the request’s language, in its record, its trail and the change feed; a save without them has none', async () => {
    const spectrum = {
      kind: 'spectrum',
      title: both('Emission spectrum', '发射光谱'),
      xAxis: { name: both('Wavelength', '波长'), unit: 'nm' },
      yAxis: { name: both('Relative intensity', '相对强度'), unit: both('a.u.', '任意单位') },
      series: [
        { name: both('25 °C', '25 °C'), x: [531.9, 532, 532.1], y: [3, 100, 2.5] },
        { name: both('Warm', ''), x: [531.8, 532.05, 532.3], y: [0, 80, 1e-3] },
      ],
    };
    const curves = [transmission(), spectrum];
    const since = await feedMark();
    const saved = await save('CV-100', curves);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const id: number = saved.body.data.id;
    expect(await feedSince(since)).toContainEqual({ entity: 'product', id: String(id), kind: 'insert' });

    const en = (await api.post('/product/item', { id })).body.data;
    expect(en.curves).toEqual([
      {
        kind: 'transmission',
        title: 'Transmission at 0°',
        xAxis: { name: 'Wavelength', unit: 'nm' },
        yAxis: { name: 'Transmission', unit: '%' },
        series: [{ name: '', x: [400, 401, 402, 403, 404], y: [10, 10.5, 11, 11.5, 12] }],
      },
      {
        kind: 'spectrum',
        title: 'Emission spectrum',
        xAxis: { name: 'Wavelength', unit: 'nm' },
        yAxis: { name: 'Relative intensity', unit: 'a.u.' },
        series: [
          { name: '25 °C', x: [531.9, 532, 532.1], y: [3, 100, 2.5] },
          { name: 'Warm', x: [531.8, 532.05, 532.3], y: [0, 80, 0.001] },
        ],
      },
    ]);
    // Chinese, the English where a Chinese text is empty; the page of products answers the same.
    const zh = (await api.post('/product/item', { id, language: 'zh' })).body.data;
    expect(zh.curves[1]).toMatchObject({
      title: '发射光谱',
      yAxis: { name: '相对强度', unit: '任意单位' },
      series: [{ name: '25 °C' }, { name: 'Warm' }],
    });
    const paged = (await api.post('/product/page', { ids: [id], language: 'zh' })).body.data.records[0];
    expect(paged.curves).toEqual(zh.curves);

    // The record reads as the save takes it; the list names the curves among the texts that lack Chinese.
    const record = (await as('/editor/record/item', { entity: 'product', key: String(id) })).body.data.record;
    expect(record.curves).toEqual(curves);
    const listed = (await as('/editor/product/list', { keyword: 'CV-100' })).body.data.page.records;
    expect(listed.find((row: { id: number }) => row.id === id)?.missing).toEqual(['curves']);

    // Saved again without curves: none, and the trail keeps the ones before.
    const again = await feedMark();
    expect((await save('CV-100', undefined)).body.code).toBe(200);
    expect((await api.post('/product/item', { id })).body.data.curves).toEqual([]);
    expect(await feedSince(again)).toEqual([{ entity: 'product', id: String(id), kind: 'update' }]);
    const trail = (await as('/editor/history', { entity: 'product', key: String(id), pageSize: 1 })).body.data;
    expect(trail.records[0].before.curves).toEqual(curves);
  });

  test.each([
    {
      what: 'more than 2,000 points in a series',
      curves: [transmission(2001)],
      en: 'Invalid value for "curves.0.series.0.x": A series has from 2 to 2,000 points: from 2 to 2,000 x values, and as many y values.',
      zh: '字段“curves.0.series.0.x”的值无效：每个数据系列有 2 至 2,000 个点：x 值 2 至 2,000 个，y 值与之一样多。',
    },
    {
      what: 'a series of one point',
      curves: [transmission(1)],
      en: 'Invalid value for "curves.0.series.0.x": A series has from 2 to 2,000 points: from 2 to 2,000 x values, and as many y values.',
      zh: '字段“curves.0.series.0.x”的值无效：每个数据系列有 2 至 2,000 个点：x 值 2 至 2,000 个，y 值与之一样多。',
    },
    {
      what: 'more y values than x values',
      curves: [transmission(3, { series: [{ name: both('', ''), x: [1, 2, 3], y: [1, 2, 3, 4] }] })],
      en: 'Invalid value for "curves.0.series.0.y": A series has as many y values as x values: one of each for every point.',
      zh: '字段“curves.0.series.0.y”的值无效：数据系列的 y 值须与 x 值一样多：每个点各有一个 x 值和一个 y 值。',
    },
    {
      what: 'x values that do not increase',
      curves: [transmission(3, { series: [{ name: both('', ''), x: [400, 401, 401, 402], y: [1, 2, 3, 4] }] })],
      en: 'Invalid value for "curves.0.series.0.x.2": The x values of a series increase from each point to the next: this one is not greater than the one before it.',
      zh: '字段“curves.0.series.0.x.2”的值无效：数据系列的 x 值须逐点递增：此值不大于前一个值。',
    },
    {
      what: 'a value that is not a number',
      curves: [transmission(3, { series: [{ name: both('', ''), x: [1, 2, 3], y: [1, '2', 3] }] })],
      en: 'Invalid value for "curves.0.series.0.y.1": Each value of a curve is a number from -1e15 to 1e15, such as 532, 0.85 or 2.5e-3.',
      zh: '字段“curves.0.series.0.y.1”的值无效：曲线的每个值都须是介于 -1e15 与 1e15 之间的数字，例如 532、0.85 或 2.5e-3。',
    },
    {
      what: 'a value out of range',
      curves: [transmission(3, { series: [{ name: both('', ''), x: [1, 2, 3], y: [1, -2e15, 3] }] })],
      en: 'Invalid value for "curves.0.series.0.y.1": Each value of a curve is a number from -1e15 to 1e15, such as 532, 0.85 or 2.5e-3.',
      zh: '字段“curves.0.series.0.y.1”的值无效：曲线的每个值都须是介于 -1e15 与 1e15 之间的数字，例如 532、0.85 或 2.5e-3。',
    },
    {
      what: 'more than 8 series',
      curves: [
        transmission(3, {
          series: Array.from({ length: 9 }, (_, n) => ({ name: both(`S${n}`, ''), x: [1, 2], y: [1, 2] })),
        }),
      ],
      en: 'Invalid value for "curves.0.series": A curve has from 1 to 8 series.',
      zh: '字段“curves.0.series”的值无效：每条曲线有 1 至 8 个数据系列。',
    },
    {
      what: 'a second series without a name',
      curves: [
        transmission(3, {
          series: [
            { name: both('s-polarized', 's 偏振'), x: [1, 2], y: [1, 2] },
            { name: both(' ', 'p 偏振'), x: [1, 2], y: [1, 2] },
          ],
        }),
      ],
      en: 'Invalid value for "curves.0.series.1.name": Name each series of a curve that has more than one (in English at least): the legend shows the names.',
      zh: '字段“curves.0.series.1.name”的值无效：曲线有多个数据系列时，须为每个系列命名（至少填写英文）：图例会显示这些名称。',
    },
    {
      what: 'more than 6 curves',
      curves: Array.from({ length: 7 }, () => transmission()),
      // A field at the top of the request: its message alone, as a form shows it beside the field.
      en: 'A product has at most 6 curves.',
      zh: '每个产品最多有 6 条曲线。',
    },
    {
      what: 'more than 20,000 points in all',
      curves: Array.from({ length: 6 }, () =>
        transmission(2, {
          series: Array.from({ length: 2 }, (_, n) => ({
            name: both(`S${n}`, ''),
            x: steps(1, 1, 1700),
            y: steps(1, 0, 1700),
          })),
        }),
      ),
      en: "A product's curves hold at most 20,000 points in all: thin the series, or leave a curve out.",
      zh: '一个产品的所有曲线合计最多 20,000 个点：请精简数据系列，或去掉一条曲线。',
    },
    {
      what: 'an unknown kind',
      curves: [transmission(3, { kind: 'attenuation' })],
      en: 'Invalid value for "curves.0.kind": expected one of ("transmission" | "reflectance" | "spectrum" | "responsivity" | "power-current" | "quantum-efficiency"), got "attenuation"',
      zh: '字段“curves.0.kind”的值无效：应为 ("transmission" | "reflectance" | "spectrum" | "responsivity" | "power-current" | "quantum-efficiency") 之一，实际为 "attenuation"',
    },
  ])('refuses $what, naming the field, in English and in Chinese; nothing is saved', async ({ curves, en, zh }) => {
    const english = await save('CV-400', curves);
    expect(english.status).toBe(400);
    expect(english.body.msg).toBe(en);
    const chinese = await save('CV-400', curves, 'zh');
    expect(chinese.body.msg).toBe(zh);
    expect(await api.db.query("select 1 from product where part_number = 'CV-400'")).toEqual([]);
  });

  test('refuses a value JSON can only write as infinity (1e999)', async () => {
    const body = JSON.stringify({
      ...laser('CV-500', 'Curved CV-500', { category: await categoryKey(), curves: [transmission(2)] }),
    }).replace('"y":[10,10.5]', '"y":[10,1e999]');
    const answer = await as('/editor/product/save', body as unknown as Record<string, unknown>);
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(
      'Invalid value for "curves.0.series.0.y.1": Each value of a curve is a number from -1e15 to 1e15, such as 532, 0.85 or 2.5e-3.',
    );
  });
});
