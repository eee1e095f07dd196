import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_IMAGE_BYTES, MAX_UPLOAD_PDF_BYTES } from '#api/editor-files.ts';
import { renderPdf } from '#lib/pdf.ts';
import { asEditor, both, laser } from '#tests/support/editing.ts';
import { pngBytes } from '#tests/support/images.ts';
import { describeApi } from '#tests/support/testing.ts';

// Issue 39, item 4: editors' files. An upload checked by its content and kept once in the database, served
// at the address it answers with the headers a file of the site needs, and a product's pictures made of
// uploads, with their alt texts in both languages.

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const PNG = pngBytes(40, 30);
const PDF = renderPdf({ title: 'Zephyr datasheet', blocks: [{ kind: 'paragraph', text: 'A laser.' }] });

describeApi('editors’ files', (api) => {
  const { as, headers } = asEditor(api);
  /** A published category that holds products: where the tests' products go. */
  const categoryKey = async () =>
    (
      await api.db.query<{ key: string }>(
        'select c.key from category c join product p on p.category_id = c.id where c.published order by c.id limit 1',
      )
    )[0]?.key;

  /**
   * Posts a file as the workspace does: multipart, the file as `file`, the language as a field; `query`
   * sends it in the address too, for the answers given before the form is read (a body over the limit).
   */
  async function upload(bytes: Uint8Array, name: string, { language = 'en', auth = true, query = false } = {}) {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(bytes)], { type: 'application/octet-stream' }), name);
    form.append('language', language);
    const response = await api.request(`/editor/file/upload${query ? `?language=${language}` : ''}`, {
      method: 'POST',
      body: form,
      headers: auth ? headers() : {},
    });
    return { status: response.status, body: await response.json() };
  }

  test('uploads a PNG: its address, type, size, hash and pixels; the address serves the same bytes for a year', async () => {
    const answer = await upload(PNG, 'front view.png');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const hash = sha256(PNG);
    expect(answer.body.data).toEqual({
      url: `/files/uploads/${hash}/front-view.png`,
      mediaType: 'image/png',
      size: PNG.length,
      sha256: hash,
      name: 'front-view.png',
      width: 40,
      height: 30,
    });
    const served = await api.site(answer.body.data.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(Object.fromEntries(served.headers)).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': `inline; filename="front-view.png"; filename*=UTF-8''front-view.png`,
      etag: `"${hash}"`,
    });
    expect(served.headers.get('content-security-policy')).toBeNull();

    const head = await api.site(answer.body.data.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PNG.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const again = await api.site(answer.body.data.url, { headers: { 'if-none-match': `"${hash}"` } });
    expect(again.status).toBe(304);
  });

  test('uploads a PDF named in Chinese: no pixels, served sandboxed under its name in UTF-8', async () => {
    const answer = await upload(PDF, '数据手册 v2.pdf');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      mediaType: 'application/pdf',
      name: '数据手册-v2.pdf',
      width: null,
      height: null,
    });
    const { url } = answer.body.data;
    expect(url).toBe(`/files/uploads/${sha256(PDF)}/${encodeURIComponent('数据手册-v2.pdf')}`);
    const served = await api.site(url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(served.headers.get('content-disposition')).toBe(
      `inline; filename="____-v2.pdf"; filename*=UTF-8''${encodeURIComponent('数据手册-v2.pdf')}`,
    );

    // The address is what a product's resource may name.
    const saved = await as(
      '/editor/product/save',
      laser('UP-100', 'Uploaded 100', {
        category: await categoryKey(),
        resources: [{ kind: 'datasheet', title: both('Datasheet', '数据手册'), url }],
      }),
    );
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
  });

  test('keeps an identical file once, served under each name it was sent with', async () => {
    const answer = await upload(PNG, 'side.PNG');
    expect(answer.body.data).toMatchObject({ name: 'side.PNG', sha256: sha256(PNG), width: 40 });
    const [rows] = await api.db.query<{ n: number }>('select count(*)::int as n from upload where sha256 = $1', [
      sha256(PNG),
    ]);
    expect(rows?.n).toBe(1);
    for (const name of ['side.PNG', 'front-view.png', 'anything-else.png'])
      expect((await api.site(`/files/uploads/${sha256(PNG)}/${name}`)).status, name).toBe(200);
    // The download is named for what it is, whatever the address says.
    const odd = await api.site(`/files/uploads/${sha256(PNG)}/report.exe`);
    expect(odd.headers.get('content-disposition')).toContain('filename="report.exe.png"');
  });

  test('decides the type by the content: a PNG named .pdf and a text file named .png are refused, in the request’s language', async () => {
    const renamed = await upload(pngBytes(3, 3), 'datasheet.pdf');
    expect(renamed.status).toBe(400);
    expect(renamed.body.msg).toBe(
      "The file's name says PDF, but its content is PNG: check that it is the file you meant, and name it for what it is.",
    );
    const text = await upload(Buffer.from('just some text'), 'photo.png');
    expect(text.status).toBe(400);
    expect(text.body.msg).toBe('This file is not a PDF, PNG, JPEG or WebP image: its content decides, not its name.');
    const zh = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg', { language: 'zh' });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('此文件不是 PDF、PNG、JPEG 或 WebP 图片：以文件内容为准，而非文件名。');
    const cut = await upload(pngBytes(3, 3).subarray(0, 12), 'cut.png');
    expect(cut.status).toBe(400);
    expect(cut.body.msg).toContain('header is damaged');
    const none = await api.request('/editor/file/upload', {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.append('language', 'en');
        return form;
      })(),
      headers: headers(),
    });
    expect(await none.json()).toMatchObject({
      code: 400,
      msg: 'Choose a file to upload: a PDF, or a PNG, JPEG or WebP image.',
    });
    const [count] = await api.db.query<{ n: number }>('select count(*)::int as n from upload');
    expect(count?.n).toBe(2);
  });

  test('refuses an image over 5 MB and a PDF over 20 MB with 413; a PDF over 5 MB is taken', async () => {
    const big = pngBytes(2, 2, MAX_UPLOAD_IMAGE_BYTES);
    const image = await upload(big, 'big.png');
    expect(image.status).toBe(413);
    expect(image.body.msg).toBe(
      'The image is larger than 5 MB. Please upload a smaller one (only PDFs may be up to 20 MB).',
    );

    const pdf = (bytes: number) => Buffer.concat([Buffer.from(PDF), Buffer.alloc(bytes - PDF.length, 0x20)]);
    const taken = await upload(pdf(6 * 1024 * 1024), 'manual.pdf');
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.data.size).toBe(6 * 1024 * 1024);

    // One byte over the file's limit, within the body's: the form's reader stops at it, before the
    // language field, so the address says the language.
    const over = await upload(pdf(MAX_UPLOAD_PDF_BYTES + 1), 'huge.pdf', { language: 'zh', query: true });
    expect(over.status).toBe(413);
    expect(over.body.msg).toBe('文件过大：PDF 不超过 20 MB，图片不超过 5 MB。');
    // A body declared over the call's limit is refused from its length alone.
    const declared = await api.request('/editor/file/upload?language=en', {
      method: 'POST',
      body: new Uint8Array(MAX_UPLOAD_BODY_BYTES + 1),
      headers: { ...headers(), 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(declared.status).toBe(413);
    expect((await declared.json()).msg).toBe('The file is too large: a PDF may be up to 20 MB, an image up to 5 MB.');
  });

  test('refuses an upload without an editor token (401), and serves no unknown file (404)', async () => {
    const answer = await upload(pngBytes(5, 5), 'anonymous.png', { auth: false });
    expect(answer.status).toBe(401);
    expect((await api.site(`/files/uploads/${'0'.repeat(64)}/x.png`)).status).toBe(404);
    expect((await api.site(`/files/uploads/${sha256(PNG).toUpperCase()}/x.png`)).status).toBe(404);
    expect((await api.site(`/files/uploads/${sha256(PNG)}`)).status).toBe(404);
  });

  test('a product’s pictures: uploads first with their sizes, alt text in the page’s language (English where the Chinese is empty), in the record and the trail', async () => {
    const front = (await upload(PNG, 'front.png')).body.data;
    const back = (await upload(pngBytes(20, 20), 'back.png')).body.data;
    const category = await categoryKey();
    const images = [
      { url: front.url, alt: both('Front view', '正面') },
      { url: back.url, alt: both('Back panel', '') },
      { url: 'https://cdn.example.com/zephyr.jpg', alt: both('', '') },
    ];
    const saved = await as('/editor/product/save', laser('UP-200', 'Pictured 200', { category, images }));
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const id: number = saved.body.data.id;

    const en = (await api.post('/product/item', { id })).body.data;
    expect(en.images).toEqual([
      { src: front.url, src2x: front.url, alt: 'Front view', width: 40, height: 30 },
      { src: back.url, src2x: back.url, alt: 'Back panel', width: 20, height: 20 },
      { src: images[2]?.url, src2x: images[2]?.url, alt: 'Pictured 200' },
    ]);
    const zh = (await api.post('/product/item', { id, language: 'zh' })).body.data;
    expect(zh.images.map((image: { alt: string }) => image.alt)).toEqual(['正面', 'Back panel', 'Pictured 200 激光器']);

    const record = (await as('/editor/record/item', { entity: 'product', key: String(id) })).body.data.record;
    expect(record.images).toEqual(images);
    // The workspace's list names the alt texts that lack their Chinese.
    const listed = (await as('/editor/product/list', { keyword: 'UP-200' })).body.data.page.records;
    expect(listed.find((row: { id: number }) => row.id === id)?.missing).toContain('images');

    // A save without them leaves the family's drawing.
    await as('/editor/product/save', laser('UP-200', 'Pictured 200', { category }));
    const plain = (await api.post('/product/item', { id })).body.data;
    expect(plain.images).toEqual([
      { src: '/images/families/laser.svg', src2x: '/images/families/laser.svg', alt: 'Pictured 200' },
    ]);
    const trail = (await as('/editor/history', { entity: 'product', key: String(id), pageSize: 1 })).body.data;
    expect(trail.records[0].before.images).toEqual(images);
  });

  test('refuses a product picture naming an upload that is not stored, or a PDF', async () => {
    const category = await categoryKey();
    const pictured = (url: string) =>
      laser('UP-300', 'Refused 300', { category, images: [{ url, alt: both('A', 'A') }] });
    const unknown = await as('/editor/product/save', pictured(`/files/uploads/${'a'.repeat(64)}/gone.png`));
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('"images.0.url"');
    expect(unknown.body.msg).toContain('no uploaded file has this address');
    const pdf = await as('/editor/product/save', pictured(`/files/uploads/${sha256(PDF)}/datasheet.pdf`));
    expect(pdf.status).toBe(400);
    expect(pdf.body.msg).toContain('a product image must be a PNG, JPEG or WebP image');
    const tooMany = await as(
      '/editor/product/save',
      laser('UP-300', 'Refused 300', { category, images: Array(21).fill({ url: '/a.png', alt: both('', '') }) }),
    );
    expect(tooMany.status).toBe(400);
  });

  test('notes each upload in the audit trail: who, the file’s hash and name, and what it is', async () => {
    const trail = (await as('/editor/history', { entity: 'file', action: 'upload', pageSize: 100 })).body.data;
    const first = trail.records.find((entry: { label: string }) => entry.label === 'front-view.png');
    expect(first).toMatchObject({
      actor: 'editor@example.com',
      entity: 'file',
      action: 'upload',
      key: sha256(PNG),
      detail: { mediaType: 'image/png', size: PNG.length, width: 40, height: 30, stored: true },
    });
    const repeated = trail.records.find((entry: { label: string }) => entry.label === 'side.PNG');
    expect(repeated.detail.stored).toBe(false);
    const [row] = await api.db.query<{ created_by: number; name: string }>(
      'select created_by, name from upload where sha256 = $1',
      [sha256(PNG)],
    );
    const [editor] = await api.db.query<{ id: number }>("select id from editor where email = 'editor@example.com'");
    expect(row).toEqual({ created_by: editor?.id, name: 'front-view.png' });
  });
});
