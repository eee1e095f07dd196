// `npm run inquiries -- list|show ID|export --since DATE`: the inquiries of the contact form, for the
// sales team. On the embedded database under DATA_DIR (stop the server first: PGlite is one process's),
// or on DATABASE_URL.

import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serverConfig } from '#server/config.ts';
import { openDb } from '#server/db/index.ts';
import { migrate } from '#server/db/migrate.ts';
import {
  getInquiry,
  type InquiryRecord,
  inquiriesCsv,
  inquiriesSince,
  listInquiries,
} from '#server/inquiry/records.ts';

const USAGE = `Usage:
  npm run inquiries -- list [--limit N]              the newest inquiries (50 unless --limit)
  npm run inquiries -- show ID [--out DIR]           one inquiry in full; its attachment is written to DIR (default .)
  npm run inquiries -- export --since YYYY-MM-DD [--file F]
                                                     every inquiry since that day (UTC) as CSV, to F or the terminal
On the embedded database (DATA_DIR) while the server is stopped, or on DATABASE_URL.`;

function usage(problem: string): never {
  console.error(`${problem}\n\n${USAGE}`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        limit: { type: 'string' },
        out: { type: 'string' },
        since: { type: 'string' },
        file: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
}

const { values, positionals } = parse();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [command, ...rest] = positionals;
const wholeNumber = (text: string | undefined) => (/^[1-9]\d{0,9}$/.test(text ?? '') ? Number(text) : undefined);
let since: Date | undefined;
let id: number | undefined;
let limit = 50;
if (command === 'list') {
  if (rest.length > 0) usage('list takes no argument but --limit.');
  if (values.limit !== undefined) limit = wholeNumber(values.limit) ?? usage('--limit takes a whole number.');
} else if (command === 'show') {
  id = wholeNumber(rest[0]);
  if (rest.length !== 1 || id === undefined) usage('show takes one inquiry id (a whole number, as list shows it).');
} else if (command === 'export') {
  const day = values.since ?? '';
  since = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : undefined;
  if (rest.length > 0 || !since || Number.isNaN(since.getTime())) usage('export takes --since YYYY-MM-DD.');
} else {
  usage(command === undefined ? 'Say what to do: list, show or export.' : `Unknown command "${command}".`);
}

const config = serverConfig();
const dataDir = join(config.dataDir, 'pglite');
if (!config.databaseUrl && !existsSync(dataDir)) {
  console.error(`No embedded database under ${dataDir}: set DATA_DIR (or DATABASE_URL) to the server's.`);
  process.exit(1);
}
const db = await openDb({ url: config.databaseUrl, dataDir });

const time = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(0)} KB`);
const summary = (r: InquiryRecord) =>
  `#${r.id}  ${time(r.createdAt)}  ${r.inquiryType}  ${r.fullName} <${r.email}>, ${r.company}: ${r.productModel}` +
  (r.attachment ? `  [${r.attachment.name}, ${size(r.attachment.size)}]` : '');

try {
  await migrate(db);
  if (command === 'list') {
    const { records, total } = await listInquiries(db, limit);
    console.log(
      `${total} inquir${total === 1 ? 'y' : 'ies'}${total > records.length ? `, the newest ${records.length}` : ''}${total > 0 ? ':' : '.'}`,
    );
    for (const record of records) console.log(summary(record));
  } else if (command === 'show' && id !== undefined) {
    const found = await getInquiry(db, id);
    if (!found) {
      console.error(`No inquiry #${id}.`);
      process.exitCode = 1;
    } else {
      const { record: r, file } = found;
      const lines: [string, string][] = [
        ['Received', time(r.createdAt)],
        ['Type', r.inquiryType],
        ['Full name', r.fullName],
        ['Email', r.email],
        ['Company', r.company],
        ['Department and position', r.department],
        ['Country or region', r.country],
        ['Product or model', r.productModel],
        ['Interest products', r.interestProducts.join('; ')],
        ['Application industry', r.applicationIndustry],
        ['Newsletter', r.subscribe ? 'asked for' : 'no'],
        ['Language', r.language],
        ['Client address', r.address],
      ];
      console.log(`Inquiry #${r.id}`);
      for (const [label, value] of lines) console.log(`  ${label}: ${value}`);
      console.log(`  Message:\n${r.message.replace(/^/gm, '    ')}`);
      if (r.attachment && file) {
        // The name was made safe when the inquiry was stored (no path, true extension); the id keeps it apart.
        const target = resolve(values.out ?? '.', `inquiry-${r.id}-${r.attachment.name}`);
        writeFileSync(target, file);
        console.log(
          `  Attachment: ${r.attachment.name} (${r.attachment.type}, ${size(r.attachment.size)}) written to ${target}`,
        );
      } else {
        console.log('  Attachment: none');
      }
    }
  } else if (since) {
    const csv = inquiriesCsv(await inquiriesSince(db, since));
    if (values.file) {
      writeFileSync(values.file, csv);
      console.error(`${csv.split('\r\n').length - 2} inquiries since ${values.since} written to ${values.file}`);
    } else {
      process.stdout.write(csv);
    }
  }
} finally {
  await db.close();
}
