import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { expect, test, vi } from 'vitest';
import { t } from '#i18n/index.ts';
import { formatDate } from '#lib/format.ts';
import { type ApiClient, describeApi, FROM_LOCAL_PROXY } from '#tests/support/testing.ts';
import { createApp } from '../app.ts';
import { createMailer } from '../mail/mailer.ts';
import { createOutbox } from '../mail/outbox.ts';

const SALES = 'sales@lumenlab-instruments.example';
// A small but real PDF: what the content check looks at is its first bytes.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// What Windows programs start with: "MZ", then binary.
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64, 0)]);

let addresses = 0;
/** A client address of its own, so one test's rate limits do not touch another's. */
const from = (address = `198.51.100.${++addresses}`) => ({ 'x-forwarded-for': address });

/** The fields of a complete inquiry, for one sender. */
async function fields(api: ApiClient, email = `buyer${++addresses}@example.com`) {
  const categories = await api.db.query<{ id: number }>('select id from category order by id limit 2');
  return {
    inquiryType: 'quote',
    fullName: 'Ada Lovelace',
    email,
    company: 'Analytical Engines Ltd',
    department: 'Optics lab, head of research',
    country: 'Singapore',
    productModel: 'CCS200/M',
    message: 'Please quote two units with calibration.\nDelivery to Singapore.',
    interestProducts: categories.map((row) => row.id),
    applicationIndustry: 'physics',
    agreeToTerms: true,
    subscribe: false,
    submissionId: randomUUID(),
  };
}

/** The inquiry as the browser sends it: multipart, repeated interestProducts, the file as `attachment`. */
function multipart(values: Record<string, unknown>, file?: { name: string; type: string; bytes: Uint8Array }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
  }
  if (file) form.append('attachment', new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name);
  return form;
}

async function submit(
  api: ApiClient,
  values: Record<string, unknown>,
  file?: { name: string; type: string; bytes: Uint8Array },
  headers: Record<string, string> = from(),
) {
  const response = await api.request('/inquiry/submit', { method: 'POST', body: multipart(values, file), headers });
  return { status: response.status, body: await response.json() };
}

const count = async (api: ApiClient, table: string) =>
  (await api.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? 0;

/** An SMTP URL on which nothing listens: every send fails to connect. */
async function deadSmtpUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `smtp://127.0.0.1:${port}`;
}

describeApi(
  'inquiries',
  (api) => {
    test('stores an inquiry with its PDF and mails sales (with the same bytes) and the sender', async () => {
      const values = await fields(api);
      const sent = await submit(api, values, { name: 'spec sheet.pdf', type: 'application/pdf', bytes: PDF });
      expect(sent.status).toBe(200);
      expect(sent.body.data).toEqual({ inquiryId: expect.any(Number), created: true });
      const id = sent.body.data.inquiryId;

      const [stored] = await api.db.query<Record<string, unknown>>('select * from inquiry where id = $1', [id]);
      expect(stored).toMatchObject({ full_name: 'Ada Lovelace', email: values.email, product_model: 'CCS200/M' });
      const [file] = await api.db.query<{ file_name: string; content_type: string; size: number; data: Uint8Array }>(
        'select file_name, content_type, size, data from inquiry_attachment where inquiry_id = $1',
        [id],
      );
      expect(file).toMatchObject({ file_name: 'spec sheet.pdf', content_type: 'application/pdf', size: PDF.length });
      expect(Buffer.from(file?.data ?? []).equals(PDF)).toBe(true);

      const sales = await api.mail.waitFor(SALES, (m) => m.subject.includes(`#${id}`));
      expect(sales.subject).toBe(`Inquiry #${id}: Request for quotation from Ada Lovelace (Analytical Engines Ltd)`);
      expect(sales.headers.get('reply-to')).toContain(values.email);
      expect(sales.text).toContain('Please quote two units with calibration.');
      expect(sales.attachments).toHaveLength(1);
      expect(sales.attachments[0]?.filename).toBe('spec sheet.pdf');
      expect(sales.attachments[0]?.contentType).toBe('application/pdf');
      expect(sales.attachments[0]?.content.equals(PDF)).toBe(true);

      const ack = await api.mail.waitFor(values.email);
      expect(ack.subject).toBe(`We have received your inquiry #${id}`);
      expect(ack.text).toContain('within 24 business hours');
      expect(ack.attachments).toHaveLength(0);
    });

    test('acknowledges with what the shop knows and none of the words sent: number, type, date, category names', async () => {
      // Whoever fills in the form names the address the acknowledgement goes to: the text is theirs to choose.
      const bait = 'Your account is locked: sign in again at http://evil.example/login';
      const values = {
        ...(await fields(api)),
        fullName: `Dear customer, ${bait}`,
        company: bait,
        department: bait,
        country: bait,
        productModel: bait,
        message: `${bait}\nCall +1 555 0100 now.`,
      };
      const sent = await submit(api, values);
      expect(sent.status).toBe(200);
      const id = sent.body.data.inquiryId;
      const ack = await api.mail.waitFor(values.email);
      for (const part of [ack.subject, ack.text, ack.html]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('Dear customer');
        expect(part).not.toContain('555 0100');
      }
      const [row] = await api.db.query<{ created_at: Date }>('select created_at from inquiry where id = $1', [id]);
      const day = formatDate(new Date(row?.created_at ?? 0).toISOString(), 'en');
      const names = await api.db.query<{ name_en: string }>(
        'select name_en from category where id = any($1) order by id',
        [values.interestProducts],
      );
      expect(ack.text).toContain(`Inquiry number: #${id}`);
      expect(ack.text).toContain('Inquiry type: Request for quotation');
      expect(ack.text).toContain(`Received: ${day}`);
      expect(ack.text).toContain(`Interest products: ${names.map((c) => c.name_en).join(', ')}`);
      expect(ack.text).toContain('If you did not send this inquiry');
      // Sales still gets all of it, to judge for themselves.
      const sales = await api.mail.waitFor(SALES, (m) => m.subject.includes(`#${id}`));
      expect(sales.text).toContain(bait);
    });

    test('acknowledges a Chinese inquiry in Chinese, promising a reply within 24 working hours', async () => {
      const values = { ...(await fields(api)), language: 'zh' };
      const sent = await submit(api, values);
      expect(sent.status).toBe(200);
      const ack = await api.mail.waitFor(values.email);
      expect(ack.subject).toBe(`我们已收到您的咨询 #${sent.body.data.inquiryId}`);
      expect(ack.text).toContain('24 个工作小时内');
      expect(ack.text).toContain('咨询类型：询价');
      const names = await api.db.query<{ name_zh: string }>(
        'select name_zh from category where id = any($1) order by id',
        [values.interestProducts],
      );
      expect(ack.text).toContain(`感兴趣的产品：${names.map((c) => c.name_zh).join('、')}`);
      expect(ack.text).toMatch(/提交日期：\d{4}年\d{1,2}月\d{1,2}日/);
    });

    test('takes an inquiry as JSON too, without a file', async () => {
      const sent = await api.post('/inquiry/submit', await fields(api), from());
      expect(sent.status).toBe(200);
      expect(sent.body.data.created).toBe(true);
    });

    const required: [string, string][] = [
      ['inquiryType', 'validation.required.inquiryType'],
      ['fullName', 'validation.required.fullName'],
      ['email', 'validation.required.email'],
      ['company', 'validation.required.company'],
      ['department', 'validation.required.department'],
      ['country', 'validation.required.country'],
      ['productModel', 'validation.required.productModel'],
      ['message', 'validation.required.message'],
      ['interestProducts', 'validation.required.interestProducts'],
      ['applicationIndustry', 'validation.required.applicationIndustry'],
      ['agreeToTerms', 'validation.terms'],
    ];
    test.each(required)('refuses an inquiry without %s, saying so in both languages', async (field, key) => {
      const values: Record<string, unknown> = await fields(api);
      delete values[field];
      const before = await count(api, 'inquiry');
      const english = await submit(api, values);
      expect(english.status).toBe(400);
      expect(english.body.msg).toBe(t('en', key as Parameters<typeof t>[1]));
      const chinese = await submit(api, { ...values, language: 'zh' });
      expect(chinese.status).toBe(400);
      expect(chinese.body.msg).toBe(t('zh-CN', key as Parameters<typeof t>[1]));
      expect(await count(api, 'inquiry')).toBe(before);
    });

    test('refuses a blank required field and an unticked terms box like a missing one', async () => {
      const values = await fields(api);
      expect((await submit(api, { ...values, fullName: '   ' })).body.msg).toBe('Please enter your full name');
      expect((await submit(api, { ...values, agreeToTerms: 'false' })).body.msg).toBe(
        'Please check the terms and privacy policy',
      );
    });

    test('refuses a bad email with the words of the spec', async () => {
      const sent = await submit(api, { ...(await fields(api)), email: 'ada@' });
      expect(sent.status).toBe(400);
      expect(sent.body.msg).toBe('Please enter a valid email address.');
    });

    test('refuses an 11 MB file with a clear message and stores nothing', async () => {
      const before = await count(api, 'inquiry');
      const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 0x20)]);
      const sent = await submit(api, await fields(api), { name: 'big.pdf', type: 'application/pdf', bytes: big });
      expect(sent.status).toBe(413);
      expect(sent.body.msg).toBe('The attachment is larger than 10 MB. Please send a smaller file.');
      expect(await count(api, 'inquiry')).toBe(before);
    });

    test('refuses a program renamed .pdf, whatever name and type it is sent with', async () => {
      const before = await count(api, 'inquiry');
      const files = await count(api, 'inquiry_attachment');
      const sent = await submit(api, await fields(api), { name: 'datasheet.pdf', type: 'application/pdf', bytes: EXE });
      expect(sent.status).toBe(400);
      expect(sent.body.msg).toBe(
        'The attachment must be a PDF, PNG, JPEG, Word (DOCX), Excel (XLSX), text or ZIP file.',
      );
      expect(await count(api, 'inquiry')).toBe(before);
      expect(await count(api, 'inquiry_attachment')).toBe(files);
    });

    test('names a file by what it is: a PDF sent as .exe is kept as .exe.pdf', async () => {
      const sent = await submit(api, await fields(api), {
        name: '../../setup.exe',
        type: 'application/x-msdownload',
        bytes: PDF,
      });
      expect(sent.status).toBe(200);
      const [file] = await api.db.query<{ file_name: string; content_type: string }>(
        'select file_name, content_type from inquiry_attachment where inquiry_id = $1',
        [sent.body.data.inquiryId],
      );
      expect(file).toEqual({ file_name: 'setup.exe.pdf', content_type: 'application/pdf' });
    });

    test('drops bidirectional controls from a file name, in storage and in the sales mail', async () => {
      // An empty ZIP archive, named so that U+202E shows it as "reportpiz.pdf".
      const zip = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
      const sent = await submit(api, await fields(api), {
        name: 'report\u202Efdp.zip',
        type: 'application/zip',
        bytes: zip,
      });
      expect(sent.status).toBe(200);
      const id = sent.body.data.inquiryId;
      const [file] = await api.db.query<{ file_name: string }>(
        'select file_name from inquiry_attachment where inquiry_id = $1',
        [id],
      );
      expect(file?.file_name).toBe('reportfdp.zip');
      const sales = await api.mail.waitFor(SALES, (m) => m.subject.includes(`#${id}`));
      expect(sales.attachments[0]?.filename).toBe('reportfdp.zip');
      expect(sales.text).toContain('reportfdp.zip');
      expect(sales.text + sales.html).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
    });

    test('sends sales a CSV file with its formulas made text, as the export does, and its numbers as they were', async () => {
      const csv =
        'part,quantity,note\r\nCCS200,-2,"=HYPERLINK(""http://evil.example"",""Open"")"\r\n@SUM(1+1),+3,ok\r\n';
      const sent = await submit(api, await fields(api), {
        name: 'order.csv',
        type: 'text/csv',
        bytes: Buffer.from(csv),
      });
      expect(sent.status).toBe(200);
      const id = sent.body.data.inquiryId;
      const guarded =
        'part,quantity,note\r\nCCS200,-2,"\'=HYPERLINK(""http://evil.example"",""Open"")"\r\n\'@SUM(1+1),+3,ok\r\n';
      const sales = await api.mail.waitFor(SALES, (m) => m.subject.includes(`#${id}`));
      expect(sales.attachments[0]?.filename).toBe('order.csv');
      expect(sales.attachments[0]?.content.toString('utf8')).toBe(guarded);
      const [file] = await api.db.query<{ data: Uint8Array; size: number }>(
        'select data, size from inquiry_attachment where inquiry_id = $1',
        [id],
      );
      expect(Buffer.from(file?.data ?? []).toString('utf8')).toBe(guarded);
      expect(file?.size).toBe(Buffer.byteLength(guarded));

      // The same text named .txt opens in a text editor, not a spreadsheet: sent as it is.
      const plain = await submit(api, await fields(api), {
        name: 'notes.txt',
        type: 'text/plain',
        bytes: Buffer.from(csv),
      });
      const [text] = await api.db.query<{ data: Uint8Array }>(
        'select data from inquiry_attachment where inquiry_id = $1',
        [plain.body.data.inquiryId],
      );
      expect(Buffer.from(text?.data ?? []).toString('utf8')).toBe(csv);
    });

    test('stores one inquiry (and sends one pair of mails) for a form sent twice, one after the other or at once', async () => {
      const values = await fields(api);
      const first = await submit(api, values);
      const again = await submit(api, values);
      expect(again.body.data).toEqual({ inquiryId: first.body.data.inquiryId, created: false });

      const racing = await fields(api);
      const both = await Promise.all([submit(api, racing), submit(api, racing), submit(api, racing)]);
      expect(both.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(both.map((r) => r.body.data.inquiryId)).size).toBe(1);
      expect(both.filter((r) => r.body.data.created)).toHaveLength(1);
      const rows = await api.db.query('select id from inquiry where email = any($1)', [[values.email, racing.email]]);
      expect(rows).toHaveLength(2);
      await api.outbox.idle();
      const mails = await api.db.query('select id from mail_outbox where to_address = any($1)', [
        [values.email, racing.email],
      ]);
      expect(mails).toHaveLength(2);
    });

    test('keeps an inquiry when the mail server is down and delivers its mails once it is back', async () => {
      const broken = createMailer({ smtpUrl: await deadSmtpUrl() });
      const failing = createOutbox(api.db, broken);
      const app = createApp({ db: api.db, outbox: failing, trustedProxies: ['loopback'] });
      const values = await fields(api);
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      let id: number;
      try {
        const response = await app.request(
          '/api/inquiry/submit',
          {
            method: 'POST',
            body: multipart(values, { name: 'spec.pdf', type: 'application/pdf', bytes: PDF }),
            headers: from(),
          },
          FROM_LOCAL_PROXY,
        );
        expect(response.status).toBe(200);
        id = (await response.json()).data.inquiryId;
        await failing.idle();
        expect(logged).toHaveBeenCalled();
      } finally {
        logged.mockRestore();
        broken.close();
      }
      expect(await count(api, `inquiry where id = ${id}`)).toBe(1);
      const waiting = await api.db.query<{ attempts: number; sent_at: unknown }>(
        'select attempts, sent_at from mail_outbox where subject like $1',
        [`%#${id}%`],
      );
      expect(waiting.length).toBe(2);
      for (const row of waiting) expect(row).toMatchObject({ attempts: 1, sent_at: null });

      // The mail server is back: the next delivery round sends both, the file included.
      await api.db.query('update mail_outbox set next_attempt_at = now() where sent_at is null');
      await api.outbox.deliverDue();
      const sales = await api.mail.waitFor(SALES, (m) => m.subject.includes(`#${id}`));
      expect(sales.attachments[0]?.content.equals(PDF)).toBe(true);
      expect((await api.mail.waitFor(values.email)).subject).toContain(`#${id}`);
    });

    test('limits inquiries per email and per address, even when they arrive at once', async () => {
      const email = `flood${++addresses}@example.com`;
      const perEmail = await Promise.all(Array.from({ length: 8 }, async () => submit(api, await fields(api, email))));
      expect(perEmail.filter((r) => r.status === 200)).toHaveLength(5);
      expect(perEmail.filter((r) => r.status === 429)).toHaveLength(3);
      expect(perEmail.find((r) => r.status === 429)?.body.msg).toMatch(/several inquiries in a short time/);

      const address = from();
      const perAddress = await Promise.all(
        Array.from({ length: 13 }, async () => submit(api, await fields(api), undefined, address)),
      );
      expect(perAddress.filter((r) => r.status === 200)).toHaveLength(10);
      expect(perAddress.filter((r) => r.status === 429)).toHaveLength(3);
    });

    test('refuses a category that does not exist and a line break in a one-line field', async () => {
      const values = await fields(api);
      expect((await submit(api, { ...values, interestProducts: [999999] })).body.msg).toBe(
        'One of the chosen product categories no longer exists. Please choose again.',
      );
      const broken = await submit(api, { ...values, fullName: 'Ada\r\nBcc: x@example.com' });
      expect(broken.status).toBe(400);
    });

    test('asks for the newsletter when the tick is set: a confirmation mail, not a subscription yet', async () => {
      const values = { ...(await fields(api)), subscribe: true, phone: '+65 6123 4567' };
      expect((await submit(api, values)).status).toBe(200);
      const [row] = await api.db.query<{ status: string; phone: string }>(
        'select status, phone from newsletter_subscriber where email = $1',
        [values.email],
      );
      expect(row).toEqual({ status: 'pending', phone: '+65 6123 4567' });
      const confirm = await api.mail.waitFor(values.email, (m) => m.subject.includes('confirm'));
      expect(confirm.text).toMatch(/\/newsletter\?confirm=/);
    });
  },
  { behindProxy: true },
);

describeApi(
  'the newsletter',
  (api) => {
    const linkToken = (text: string, action: string) =>
      decodeURIComponent(new RegExp(`/newsletter\\?${action}=([^\\s>]+)`).exec(text)?.[1] ?? '');

    test('subscribes by double opt-in and unsubscribes by the link of the mail, without logging in', async () => {
      const email = `reader${++addresses}@example.com`;
      const asked = await api.post('/newsletter/subscribe', { email, phone: '' }, from());
      expect(asked.body.data).toEqual({ status: 'pending' });
      const mail = await api.mail.waitFor(email);
      expect(mail.subject).toBe('Please confirm your newsletter subscription');
      const confirmToken = linkToken(mail.text, 'confirm');
      const unsubscribeToken = linkToken(mail.text, 'unsubscribe');
      expect(mail.headers.get('list-unsubscribe')).toContain(`unsubscribe=${unsubscribeToken}`);

      expect((await api.post('/newsletter/confirm', { token: confirmToken })).body.data).toEqual({
        status: 'confirmed',
      });
      const used = await api.post('/newsletter/confirm', { token: confirmToken });
      expect(used.status).toBe(404);
      expect(used.body.msg).toMatch(/not valid any more/);

      // Asking again changes nothing and sends nothing: the answer is the same as for a new address.
      expect((await api.post('/newsletter/subscribe', { email }, from())).body.data).toEqual({ status: 'pending' });
      await api.outbox.idle();
      expect(await api.db.query('select 1 from mail_outbox where to_address = $1', [email])).toHaveLength(1);

      expect((await api.post('/newsletter/unsubscribe', { token: unsubscribeToken })).body.data).toEqual({
        status: 'unsubscribed',
      });
      expect((await api.post('/newsletter/unsubscribe', { token: unsubscribeToken })).status).toBe(200);
      const [row] = await api.db.query<{ status: string }>(
        'select status from newsletter_subscriber where email = $1',
        [email],
      );
      expect(row?.status).toBe('unsubscribed');
    });

    const subscriber = async (email: string) =>
      (
        await api.db.query<{ status: string; phone: string; language: string }>(
          'select status, phone, language from newsletter_subscriber where email = $1',
          [email],
        )
      )[0];

    test("a stranger's request changes nothing of an address: not its phone or language, and voids no link", async () => {
      const email = `owner${++addresses}@example.com`;
      await api.post('/newsletter/subscribe', { email, phone: '+65 6123 4567' }, from());
      const own = await api.mail.waitFor(email);
      // Someone else names the same address, with a phone and language of their own.
      await api.post('/newsletter/subscribe', { email, phone: '+1 555 0100', language: 'zh' }, from());
      const strangers = await api.mail.waitFor(email, (m) => m.subject === '请确认订阅我们的新闻通讯');
      expect(await subscriber(email)).toEqual({ status: 'pending', phone: '+65 6123 4567', language: 'en' });

      // The owner's link still works, and confirms what the owner asked for; the stranger's is used up with it.
      expect((await api.post('/newsletter/confirm', { token: linkToken(own.text, 'confirm') })).status).toBe(200);
      expect(await subscriber(email)).toEqual({ status: 'confirmed', phone: '+65 6123 4567', language: 'en' });
      expect((await api.post('/newsletter/confirm', { token: linkToken(strangers.text, 'confirm') })).status).toBe(404);

      // Once confirmed, a request changes nothing either, and mails nothing.
      await api.post('/newsletter/subscribe', { email, phone: '+1 555 0199', language: 'zh' }, from());
      expect(await subscriber(email)).toEqual({ status: 'confirmed', phone: '+65 6123 4567', language: 'en' });
      await api.outbox.idle();
      expect(await api.db.query('select 1 from mail_outbox where to_address = $1', [email])).toHaveLength(2);
    });

    test('a confirmation takes the phone and language of the request whose link is followed', async () => {
      const email = `later${++addresses}@example.com`;
      await api.post('/newsletter/subscribe', { email }, from());
      await api.post('/newsletter/subscribe', { email, phone: '+65 6999 0000', language: 'zh' }, from());
      const chinese = await api.mail.waitFor(email, (m) => m.subject === '请确认订阅我们的新闻通讯');
      expect(await subscriber(email)).toEqual({ status: 'pending', phone: '', language: 'en' });
      expect((await api.post('/newsletter/confirm', { token: linkToken(chinese.text, 'confirm') })).status).toBe(200);
      expect(await subscriber(email)).toEqual({ status: 'confirmed', phone: '+65 6999 0000', language: 'zh' });
    });

    test('keeps the tokens of its links only as hashes: no table holds a token a mail carries', async () => {
      const email = `hashed${++addresses}@example.com`;
      await api.post('/newsletter/subscribe', { email, phone: '+65 6123 0000' }, from());
      const mail = await api.mail.waitFor(email);
      const tokens = [linkToken(mail.text, 'confirm'), linkToken(mail.text, 'unsubscribe')];
      expect(tokens.every((token) => token.length >= 40)).toBe(true);
      const tables = await api.db.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_name like 'newsletter%'",
      );
      for (const { table_name } of tables) {
        const rows = await api.db.query<{ row: string }>(`select to_jsonb(t)::text as row from ${table_name} t`);
        for (const { row } of rows) for (const token of tokens) expect(row).not.toContain(token);
      }
      // Both links still do what they say.
      expect((await api.post('/newsletter/confirm', { token: tokens[0] })).status).toBe(200);
      expect((await api.post('/newsletter/unsubscribe', { token: tokens[1] })).status).toBe(200);
      expect((await subscriber(email))?.status).toBe('unsubscribed');
    });

    test('confirms in Chinese for a Chinese request, and refuses unknown and malformed links', async () => {
      const email = `duzhe${++addresses}@example.com`;
      await api.post('/newsletter/subscribe', { email, language: 'zh' }, from());
      const mail = await api.mail.waitFor(email);
      expect(mail.subject).toBe('请确认订阅我们的新闻通讯');
      expect(mail.text).toContain('/zh-CN/newsletter?confirm=');
      const unknown = await api.post('/newsletter/unsubscribe', { token: 'x'.repeat(43), language: 'zh' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toBe('此链接已失效，可能已被使用或已过期。');
      expect((await api.post('/newsletter/confirm', { token: '<script>' })).status).toBe(400);
    });

    test('limits confirmation mails per email', async () => {
      const email = `again${++addresses}@example.com`;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => api.post('/newsletter/subscribe', { email }, from())),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(2);
    });

    test('limits confirmation mails per address, whatever the emails, even when they arrive at once', async () => {
      const sameAddress = from();
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          api.post('/newsletter/subscribe', { email: `many${i}-${Date.now()}@example.com` }, sameAddress),
        ),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(20);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(5);
      expect(refused[0]?.body.msg).toMatch(/too many/i);
    });
  },
  { behindProxy: true },
);
