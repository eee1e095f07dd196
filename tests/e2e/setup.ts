import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { siteBuilder } from '#build/builder.ts';
import { releasesTidied } from '#build/publish/releases.ts';
import { buildSite } from '#build/site-build.ts';
import { createEditorToken } from '#server/auth/editors.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { type SmtpSink, startSmtpSink } from '#server/mail/sink.ts';
import { prepareDb, startServer } from '#server/server.ts';
import { startUncleanedApi } from './uncleaned-api.ts';

/** Names that close an inline script and open one of their own; the site must show them as text. */
const HOSTILE_NAMES = {
  en: '</script><script>window.pwned=1</script>',
  // With Chinese words, as Chinese pages hold Chinese text (the knowledge centre's keyword test uses them).
  'zh-CN': '</script><script>window.pwned=1</script>拉曼光谱',
};
/** Body HTML that runs script unless it is cleaned. */
const HOSTILE_BODY = '<p>Setup</p><img src=x onerror="window.pwned=2"><script>window.pwned=3</script>';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The directory of the built site that baseUrl serves. */
    siteDir: string;
    /** The same site served like a plain static host: no server-side redirect rules. */
    plainBaseUrl: string;
    /** A product renamed before the build: its old and its current path. */
    renamed: { oldPath: string; newPath: string };
    /** A product and an article given names that inject script, and their paths (the article's body does too). */
    hostile: { names: Record<'en' | 'zh-CN', string>; productPath: string; articlePath: string };
    /** The mailbox endpoint: GET {mailUrl}?to=EMAIL answers the next verification code sent there (see mailbox()). */
    mailUrl: string;
    /** Editors for the workspace's tests: an admin and an editor, each with a token made for a tool. */
    editors: { admin: { email: string; token: string }; editor: { email: string; token: string } };
    /**
     * A server on the same database that builds and publishes what editors ask for (as `npm start` does)
     * into a site of its own, empty until its first build: the workspace's publish tests use it, so the
     * site the other tests read stays as it was built.
     */
    publishUrl: string;
  }
}

/**
 * The site's mail goes over SMTP to an in-memory sink here, in the setup process; tests run in worker
 * processes, so they cannot read the sink's memory. This tiny loopback HTTP endpoint lets them:
 * GET /code?to=ada@example.com waits (up to 15 s) for the next code email to that address that no
 * earlier request was given, and answers `{ code, subject }`, or 404 when none comes; GET
 * /mail?to=…&subject=… the next mail to that address with that text in its subject, with its text and
 * attachments (base64).
 */
async function mailbox(sink: SmtpSink): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to');
    if (url.pathname === '/mail' && to) {
      // GET /mail?to=…&subject=… : the next mail to that address whose subject holds the text, whole.
      const subject = url.searchParams.get('subject') ?? '';
      sink
        .waitFor(to, (message) => message.subject.includes(subject), 15_000)
        .then(
          (message) => {
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(
              JSON.stringify({
                subject: message.subject,
                text: message.text,
                replyTo: message.headers.get('reply-to') ?? '',
                attachments: message.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  base64: file.content.toString('base64'),
                })),
              }),
            );
          },
          (error: Error) => response.writeHead(404, { 'content-type': 'text/plain' }).end(error.message),
        );
      return;
    }
    if (url.pathname !== '/code' || !to) {
      response.writeHead(400).end();
      return;
    }
    sink
      .waitFor(to, (message) => message.code !== undefined, 15_000)
      .then(
        (message) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ code: message.code, subject: message.subject }));
        },
        (error: Error) => response.writeHead(404, { 'content-type': 'text/plain' }).end(error.message),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/code`, server };
}

/** Builds the site from a fresh seeded API and serves both, as `npm start` does, on a free port. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  const siteDir = join(dir, 'dist');
  const db = await prepareDb({ url: process.env.E2E_DATABASE_URL });
  // An editor renamed a product before this build: its old link must still land.
  const [before] = await db.query<{ id: number; slug: string }>('select id, slug from product where id = 3');
  if (!before) throw new Error('The demo catalogue has no product 3.');
  await db.query(
    "update product set slug = slug || '-mk2', name_en = name_en || ' Mk2', name_zh = name_zh || ' Mk2' where id = 3",
  );
  // An editor (or an intruder at the database) named a product and an article to inject script, and the
  // article's body holds an event handler: the build is read through an API that does not clean bodies.
  const [product] = await db.query<{ id: number; slug: string }>(
    'update product set name_en = $1, name_zh = $2 where id = (select max(id) from product) returning id, slug',
    [HOSTILE_NAMES.en, HOSTILE_NAMES['zh-CN']],
  );
  const [article] = await db.query<{ id: number; slug: string }>(
    `update article set title_en = $1, title_zh = $2, body_en = $3, body_zh = $3
     where id = (select id from article order by published_at, id limit 1) returning id, slug`,
    [HOSTILE_NAMES.en, HOSTILE_NAMES['zh-CN'], HOSTILE_BODY],
  );
  if (!product || !article) throw new Error('The demo catalogue has no products or no articles.');
  const admin = await createEditorToken(db, 'e2e-admin@example.com', { role: 'admin', name: 'e2e' });
  const editor = await createEditorToken(db, 'e2e-editor@example.com', { role: 'editor', name: 'e2e' });
  const sink = await startSmtpSink();
  const mailer = createMailer({ smtpUrl: sink.url });
  const mail = await mailbox(sink);
  const server = await startServer({ db, port: 0, host: '127.0.0.1', siteDir, mailer });
  const plain = await startServer({ db, port: 0, host: '127.0.0.1', siteDir, followRouteRules: false, mailer });
  const publishDir = join(dir, 'published');
  const publishing = await startServer({
    db,
    port: 0,
    host: '127.0.0.1',
    siteDir: publishDir,
    mailer,
    builder: siteBuilder({ db, outDir: publishDir, cacheDir: join(dir, 'publish-cache') }),
  });
  const uncleaned = await startUncleanedApi(`http://127.0.0.1:${server.port}/api`, {
    id: article.id,
    body: HOSTILE_BODY,
  });
  const { ms } = await buildSite({
    apiBaseUrl: uncleaned.url,
    outDir: siteDir,
    verbose: false,
    // Its own cache: another build (a benchmark, a second test run) may be running beside it.
    cacheDir: join(dir, 'astro-cache'),
  });
  await uncleaned.close();
  console.log(`e2e: site built in ${(ms / 1000).toFixed(1)} s, served at ${server.url}`);
  project.provide('baseUrl', `http://127.0.0.1:${server.port}`);
  project.provide('siteDir', siteDir);
  project.provide('plainBaseUrl', `http://127.0.0.1:${plain.port}`);
  project.provide('mailUrl', mail.url);
  project.provide('publishUrl', `http://127.0.0.1:${publishing.port}`);
  project.provide('editors', {
    admin: { email: admin.editor.email, token: admin.token },
    editor: { email: editor.editor.email, token: editor.token },
  });
  project.provide('hostile', {
    names: HOSTILE_NAMES,
    productPath: `/product/${product.id}-${product.slug}`,
    articlePath: `/knowledge/${article.id}-${article.slug}`,
  });
  project.provide('renamed', { oldPath: `/product/3-${before.slug}`, newPath: `/product/3-${before.slug}-mk2` });
  return async () => {
    await publishing.close();
    await plain.close();
    await server.close();
    mailer.close();
    await new Promise((resolve) => mail.server.close(resolve));
    await sink.close();
    await db.close();
    // A first build's staging tree is copied back after its publish (decision 0031).
    await releasesTidied();
    rmSync(dir, { recursive: true, force: true });
  };
}
