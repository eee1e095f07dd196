import { expect, test } from 'vitest';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';

describeApi('saved articles', (api) => {
  test('saves an article once and answers it as an article record in the request language', async () => {
    const { headers, customer } = await loggedInCustomer(api);
    const news = await api.post('/news/page', { language: 'zh', pageSize: 2 }, {});
    const [article] = news.body.data.records;
    const first = await api.post('/news/collect/save', { language: 'zh', newsId: article.id }, headers);
    const { body: _body, ...record } = article;
    expect(first.body.data).toEqual({ newsId: article.id, article: record, createdAt: expect.any(String) });
    const second = await api.post('/news/collect/save', { language: 'zh', newsId: article.id }, headers);
    expect(second.body.data).toEqual(first.body.data);
    expect(await api.db.query('select * from saved_article where customer_id = $1', [customer.id])).toHaveLength(1);
    const page = await api.post('/news/collect/page', { language: 'zh', pageSize: 999 }, headers);
    expect(page.body.data).toMatchObject({ total: 1, records: [first.body.data] });
  });

  test('answers every one of simultaneous saves of an article with the one saved article', async () => {
    const { headers, customer } = await loggedInCustomer(api);
    const [article] = await api.db.query<{ id: number }>('select id from article order by id limit 1');
    const saves = await Promise.all(
      Array.from({ length: 12 }, () => api.post('/news/collect/save', { newsId: article?.id }, headers)),
    );
    expect(saves.map((save) => save.body.code)).toEqual(Array(12).fill(200));
    expect(new Set(saves.map((save) => save.body.data.createdAt)).size).toBe(1);
    expect(await api.db.query('select * from saved_article where customer_id = $1', [customer.id])).toHaveLength(1);
  });

  test('removes a saved article, and refuses an unknown article with 404', async () => {
    const { headers } = await loggedInCustomer(api);
    const news = await api.post('/news/page', { pageSize: 1 }, {});
    const newsId = news.body.data.records[0].id;
    await api.post('/news/collect/save', { newsId }, headers);
    expect((await api.post('/news/collect/delete', { newsId }, headers)).body).toMatchObject({ code: 200, data: null });
    expect((await api.post('/news/collect/page', {}, headers)).body.data).toMatchObject({ total: 0, records: [] });
    const unknown = await api.post('/news/collect/save', { newsId: 777777 }, headers);
    expect(unknown.body).toEqual({ code: 404, msg: 'Not found: no article with id 777777.', data: null });
  });
});
