import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseKinds, freshDb } from '#tests/support/testing.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { type SmtpSink, startSmtpSink } from './mail/sink.ts';
import { type RunningServer, startServer } from './server.ts';

// The API as an integrator meets it (issue 43): a TypeScript client generated with openapi-typescript from
// the document the running server serves, a small program type-checked against it with tsc, then run with
// an openapi-fetch client against that server on a loopback port.
//
// How drift is caught: the document is generated from the contract's schemas at each start, so it cannot
// lag behind them; what a schema change breaks is the code written against the document. The program below
// uses the answers' fields by name (`children`, `partNumber`, `productDTOS`, `quantity`, the login's string
// token…) and sends the requests' fields by name, so renaming, removing or retyping one of them in
// src/api makes tsc fail here, naming the field; a schema the generator cannot follow (a `$ref` that does not
// resolve, as `#/$defs/0` once did) makes openapi-typescript fail. The last test shows it: the same program
// against a document whose cart line calls `quantity` `qty` does not compile.

const execute = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** The program: what a distributor's purchasing tool would do first, against the generated `paths`. */
const PROGRAM = `import type { Client } from 'openapi-fetch';
import type { paths } from './api.ts';

export async function run(api: Client<paths>, readCode: (email: string) => Promise<string>) {
  // The category tree, in Chinese.
  const tree = await api.POST('/category/list', { body: { language: 'zh' } });
  if (!tree.data) throw new Error(\`category list: \${tree.error?.msg}\`);
  const categories = tree.data.data.flatMap((top) => [top.name, ...top.children.map((child) => child.name)]);

  // A part number searched.
  const found = await api.POST('/product/select/product', {
    body: { language: 'en', keyWord: 'LS-405-50', selectType: 'keyword' },
  });
  const hit = found.data?.data.productDTOS?.records[0];
  if (!hit) throw new Error(\`search: \${found.error?.msg ?? 'no product'}\`);

  // Registered with the code emailed, then logged in.
  const email = 'purchasing@distributor.example';
  const password = 'correct horse battery';
  const sent = await api.POST('/client/send/email', { body: { language: 'en', email, purpose: 'register' } });
  if (sent.error) throw new Error(\`send code: \${sent.error.msg}\`);
  const registered = await api.POST('/client/register', {
    body: {
      language: 'en',
      username: 'purchasing',
      name: 'Ada Purchaser',
      email,
      password,
      confirmPassword: password,
      contactNumber: '+65 6123 4567',
      code: await readCode(email),
      agree: true,
    },
  });
  if (!registered.data) throw new Error(\`register: \${registered.error?.msg}\`);
  const login = await api.POST('/client/login', { body: { account: 'purchasing', password } });
  if (!login.data) throw new Error(\`login: \${login.error?.msg}\`);
  const token: string = login.data.data;
  const headers = { Satoken: token };

  // Two of the product into the cart, and the cart read back in Chinese.
  const added = await api.POST('/shop/cart/save', { body: { productId: hit.id, quantity: 2 }, headers });
  if (!added.data) throw new Error(\`add to cart: \${added.error?.msg}\`);
  const cart = await api.POST('/shop/cart/page', { body: { language: 'zh', pageNum: 1, pageSize: 10 }, headers });
  if (!cart.data) throw new Error(\`cart: \${cart.error?.msg}\`);
  const lines = cart.data.data.records.map((line) => ({
    partNumber: line.partNumber,
    quantity: line.quantity,
    name: line.product.name,
  }));

  // Without the token the cart is refused with the error envelope the document describes.
  const refused = await api.POST('/shop/cart/page', { body: { language: 'zh' } });
  return {
    categories,
    partNumber: hit.partNumber,
    username: registered.data.data.username,
    lines,
    refused: { status: refused.response.status, code: refused.error?.code, msg: refused.error?.msg },
  };
}
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'es2023',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  files: ['program.ts'],
};

/** A folder in the checkout (so that the program finds openapi-fetch in its node_modules), removed after. */
function workFolder(): string {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  return mkdtempSync(join(root, '.tmp', 'openapi-client-'));
}

/** Generates the client's types from a document (its URL, or a file) with openapi-typescript. */
async function generate(source: URL, folder: string): Promise<void> {
  writeFileSync(join(folder, 'api.ts'), astToString(await openapiTS(source)));
}

/** Type-checks the program against the generated types: tsc's report, empty when it compiles. */
async function typecheck(folder: string): Promise<string> {
  writeFileSync(join(folder, 'program.ts'), PROGRAM);
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  try {
    await execute(process.execPath, [tsc, '--project', join(folder, 'tsconfig.json')], { cwd: folder });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

interface Served {
  server: RunningServer;
  sink: SmtpSink;
  mailer: Mailer;
  drop(): Promise<void>;
}

/** The real API on a loopback port over a fresh seeded database, its mail to a sink. */
async function serve(kind: string): Promise<Served> {
  const handle = await freshDb(kind);
  const sink = await startSmtpSink();
  const mailer = createMailer({ smtpUrl: sink.url });
  const server = await startServer({ db: handle.db, port: 0, host: '127.0.0.1', mailer });
  return { server, sink, mailer, drop: handle.drop };
}

async function stop(served: Served | undefined): Promise<void> {
  if (!served) return;
  await served.server.close();
  served.mailer.close();
  await served.sink.close();
  await served.drop();
}

describe.each(databaseKinds)('a client generated from the served OpenAPI document (%s)', (kind) => {
  let served: Served | undefined;
  let folder = '';
  beforeAll(async () => {
    folder = workFolder();
    served = await serve(kind);
  });
  afterAll(async () => {
    await stop(served);
    rmSync(folder, { recursive: true, force: true });
  });

  test('generates, type-checks, and runs against the API: categories, a part number, an account, a cart', async () => {
    if (!served) throw new Error('no server');
    await generate(new URL(`${served.server.url}/api/openapi.json`), folder);
    expect(readFileSync(join(folder, 'api.ts'), 'utf8')).toContain('cartSave: {');
    expect(await typecheck(folder)).toBe('');
    const { sink } = served;
    const program = await import(/* @vite-ignore */ pathToFileURL(join(folder, 'program.ts')).href);
    // The client an integrator's code makes; the program, typed against the generated paths, uses it.
    const api = createClient({ baseUrl: `${served.server.url}/api` });
    const result = await program.run(api, async (email: string) => (await sink.waitFor(email)).code);
    expect(result.categories.length).toBeGreaterThan(5);
    for (const name of result.categories) expect(name).toMatch(/[\u4e00-\u9fff]/);
    expect(result.partNumber).toBe('LS-405-50');
    expect(result.username).toBe('purchasing');
    expect(result.lines).toEqual([
      { partNumber: 'LS-405-50', quantity: 2, name: expect.stringMatching(/[\u4e00-\u9fff]/) },
    ]);
    expect(result.refused).toEqual({ status: 401, code: 401, msg: '请先登录。' });
  }, 120_000);
});

describe('a contract change the program was not written for', () => {
  let folder = '';
  beforeAll(() => {
    folder = workFolder();
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('fails to type-check, naming the field', async () => {
    const served = await serve('pglite');
    try {
      const document = await (await fetch(`${served.server.url}/api/openapi.json`)).json();
      // As if CartLine's `quantity` were renamed in src/api/shop.ts: the document follows, the program does not.
      const line = document.components.schemas.CartLine;
      line.properties.qty = line.properties.quantity;
      delete line.properties.quantity;
      line.required = line.required.map((field: string) => (field === 'quantity' ? 'qty' : field));
      writeFileSync(join(folder, 'openapi.json'), JSON.stringify(document));
    } finally {
      await stop(served);
    }
    await generate(pathToFileURL(join(folder, 'openapi.json')), folder);
    const report = await typecheck(folder);
    expect(report).toMatch(/program\.ts\(\d+,\d+\): error TS2339: Property 'quantity' does not exist/);
  }, 120_000);
});
