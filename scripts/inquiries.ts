// `npm run inquiries -- list|show ID|export --since DATE`: the inquiries of the contact form, for the
// sales team. On the embedded database under DATA_DIR (stop the server first: PGlite is one process's),
// or on DATABASE_URL.

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { migrate } from '#server/db/migrate.ts';
import {
  getInquiry,
  type InquiryRecord,
  inquiriesCsv,
  inquiriesSince,
  listInquiries,
} from '#server/inquiry/records.ts';
import { commandLine, dayStart, openServerDb, wholeNumber } from './cli.ts';

const USAGE = `Usage:
  npm run inquiries -- list [--limit N]              the newest inquiries (50 unless --limit)
  npm run inquiries -- show ID [--out DIR]           one inquiry in full; its attachment is written to DIR (default .)
  npm run inquiries -- export --since YYYY-MM-DD [--file F]
                                                     every inquiry since that day (UTC) as CSV, to F or the terminal
On the embedded database (DATA_DIR) while the server is stopped, or on DATABASE_URL.`;

const { values, command, rest, usage } = commandLine(USAGE, {
  limit: { type: 'string' },
  out: { type: 'string' },
  since: { type: 'string' },
  file: { type: 'string' },
});
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
  since = dayStart(values.since);
  if (rest.length > 0 || !since) usage('export takes --since YYYY-MM-DD.');
} else {
  usage(command === undefined ? 'Say what to do: list, show or export.' : `Unknown command "${command}".`);
}

const db = await openServerDb();

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
