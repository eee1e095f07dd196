// `npm run quotes -- list|show QUOTE|export --since DATE`: the customers' formal quotes, for the sales team.
// On the embedded database under DATA_DIR (stop the server first: PGlite is one process's), or on DATABASE_URL.

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { csvText } from '#lib/csv.ts';
import { migrate } from '#server/db/migrate.ts';
import { findQuote, listQuotes } from '#server/db/quotes.ts';
import { quoteCompany, quoteFileName, quotePdf } from '#server/quote/document.ts';
import { commandLine, dayStart, openServerDb, wholeNumber } from './cli.ts';

const USAGE = `Usage:
  npm run quotes -- list [--limit N]                 the newest quotes (50 unless --limit)
  npm run quotes -- show QUOTE [--pdf DIR]           one quote in full (by number, Q20261127-000001, or id);
                                                     with --pdf its PDF is written to DIR
  npm run quotes -- export --since YYYY-MM-DD [--file F]
                                                     every quote line since that day (UTC) as CSV, to F or the terminal
On the embedded database (DATA_DIR) while the server is stopped, or on DATABASE_URL.`;

const { values, command, rest, usage } = commandLine(USAGE, {
  limit: { type: 'string' },
  pdf: { type: 'string' },
  since: { type: 'string' },
  file: { type: 'string' },
});
let since: string | undefined;
let limit = 50;
if (command === 'list') {
  if (rest.length > 0) usage('list takes no argument but --limit.');
  if (values.limit !== undefined) limit = wholeNumber(values.limit) ?? usage('--limit takes a whole number.');
} else if (command === 'show') {
  if (rest.length !== 1 || !/^(Q\d{8}-\d{6}|[1-9]\d{0,9})$/i.test(rest[0] ?? ''))
    usage('show takes one quote number (Q20261127-000001) or id, as list shows it.');
} else if (command === 'export') {
  const day = dayStart(values.since);
  if (rest.length > 0 || !day) usage('export takes --since YYYY-MM-DD.');
  since = day?.toISOString();
} else {
  usage(command === undefined ? 'Say what to do: list, show or export.' : `Unknown command "${command}".`);
}

const db = await openServerDb();

const time = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;

try {
  await migrate(db);
  if (command === 'list') {
    const quotes = await listQuotes(db, { limit });
    console.log(quotes.length === 0 ? 'No quotes.' : `The newest ${quotes.length} quotes:`);
    for (const q of quotes)
      console.log(
        `${q.quoteNo}  #${q.id}  ${time(q.createdAt)}  valid until ${q.validUntil}  ${q.customer.name} <${q.customer.email}>  ` +
          `${q.lines.length} lines  ${money(q.total, q.currency)}`,
      );
  } else if (command === 'show') {
    const key = rest[0] as string;
    const quote = await findQuote(db, wholeNumber(key) ?? key.toUpperCase());
    if (!quote) {
      console.error(`No quote ${key}.`);
      process.exitCode = 1;
    } else {
      console.log(`Quote ${quote.quoteNo} (#${quote.id})`);
      console.log(`  Made: ${time(quote.createdAt)}, valid until ${quote.validUntil}, in ${quote.language}`);
      console.log(`  Customer: ${quote.customer.name} <${quote.customer.email}>, ${quote.customer.contactNumber}`);
      for (const [index, line] of quote.lines.entries())
        console.log(
          `  ${index + 1}. ${line.partNumber}  ${line.name}  ${line.quantity} × ${money(line.unitPrice, quote.currency)}` +
            ` = ${money(line.total, quote.currency)}  ships ${line.shipDate}`,
        );
      console.log(`  Total: ${money(quote.total, quote.currency)}`);
      if (values.pdf !== undefined) {
        const target = resolve(values.pdf, quoteFileName(quote));
        writeFileSync(target, quotePdf(quote, await quoteCompany(db, quote.language)));
        console.log(`  PDF written to ${target}`);
      }
    }
  } else if (since) {
    const quotes = await listQuotes(db, { since, limit: 100_000 });
    const header = ['quote', 'made', 'valid until', 'customer', 'email', 'line', 'part number', 'name'];
    const rows = quotes.flatMap((q) =>
      q.lines.map((line, index) => [
        q.quoteNo,
        q.createdAt,
        q.validUntil,
        q.customer.name,
        q.customer.email,
        index + 1,
        line.partNumber,
        line.name,
        line.quantity,
        line.unitPrice,
        line.total,
        q.currency,
        line.shipDate,
      ]),
    );
    const csv = csvText([[...header, 'quantity', 'unit price', 'line total', 'currency', 'ship date'], ...rows]);
    if (values.file) {
      writeFileSync(values.file, csv);
      console.error(`${quotes.length} quotes (${rows.length} lines) since ${values.since} written to ${values.file}`);
    } else {
      process.stdout.write(csv);
    }
  }
} finally {
  await db.close();
}
