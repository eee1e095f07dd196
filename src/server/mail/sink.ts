import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for tests: it accepts every message on 127.0.0.1 and keeps it in memory.
// The API tests point the mailer at it, and so can the end-to-end setup:
//
//   const sink = await startSmtpSink();
//   const server = await startServer({ ..., mailer: createMailer({ smtpUrl: sink.url }) });
//   const mail = await sink.waitFor('ada@example.com', (m) => m.code !== undefined);
//   mail.code; // '042917'
//   await sink.close();
//
// The API below is kept stable: url, messages, waitFor(to, predicate?, timeoutMs?), clear(), close().

/** A file attached to a message. */
interface SinkAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A message the sink received, decoded enough to read. */
interface SinkMessage {
  /** Envelope recipients, lower case. */
  to: string[];
  /** Envelope sender. */
  from: string;
  /** The Subject header, encoded words decoded. */
  subject: string;
  /** The text/plain part (or the body of a single-part text message), decoded. */
  text: string;
  /** The text/html part, decoded; '' when there is none. */
  html: string;
  /** The first 6-digit number of the text: the verification code of a code email. */
  code: string | undefined;
  /** The top-level headers, names in lower case, folded lines joined, encoded words decoded. */
  headers: Map<string, string>;
  /** The parts sent as attachments, their bytes decoded. */
  attachments: SinkAttachment[];
  /** The message as it came over the wire. */
  raw: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:{port}, for createMailer({ smtpUrl }). */
  url: string;
  /** Every message received, oldest first. */
  messages: SinkMessage[];
  /**
   * The oldest message to `to` (case-insensitive) that passes `predicate` and that no earlier
   * waitFor answered; waits for one to arrive when there is none yet, rejecting after timeoutMs.
   * Each message is answered once, so successive calls walk through successive messages.
   */
  waitFor(to: string, predicate?: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  /** Forgets every message received so far. */
  clear(): void;
  close(): Promise<void>;
}

/** Starts a sink on 127.0.0.1 on a free port. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const answered = new WeakSet<SinkMessage>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        messages.push({
          ...parseMessage(raw),
          to: envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          raw,
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, predicate: (message: SinkMessage) => boolean) =>
    messages.find((m) => !answered.has(m) && m.to.includes(to.toLowerCase()) && predicate(m));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, predicate = () => true, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const take = () => {
          const message = find(to, predicate);
          if (!message) return false;
          answered.add(message);
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(message);
          return true;
        };
        const wake = () => void take();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (${messages.length} received in all)`));
        }, timeoutMs);
        if (!take()) waiters.add(wake);
      });
    },
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- a minimal MIME reader: enough for what nodemailer writes ----

type Parsed = Pick<SinkMessage, 'subject' | 'text' | 'html' | 'code' | 'headers' | 'attachments'>;
type Parts = { text: string; html: string; attachments: SinkAttachment[] };

function parseMessage(raw: string): Parsed {
  const { headers, body } = splitEntity(raw);
  const parts: Parts = { text: '', html: '', attachments: [] };
  readParts(headers, body, parts);
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    ...parts,
    headers: new Map([...headers].map(([name, value]) => [name, decodeWords(value)])),
    code: parts.text.match(/(?<!\d)\d{6}(?!\d)/)?.[0],
  };
}

function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(entity);
  const head = match ? entity.slice(0, match.index) : entity;
  const body = match ? entity.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function readParts(headers: Map<string, string>, body: string, into: Parts): void {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = splitEntity(section.replace(/^\r?\n/, ''));
      readParts(part.headers, part.body, into);
    }
    return;
  }
  const encoding = headers.get('content-transfer-encoding') ?? '7bit';
  const disposition = headers.get('content-disposition') ?? '';
  if (/^attachment/i.test(disposition)) {
    const name = /filename\*?=(?:"([^"]*)"|([^;\s]*))/i.exec(disposition) ?? /name="?([^";]*)"?/i.exec(type);
    into.attachments.push({
      filename: decodeWords(name?.[1] ?? name?.[2] ?? ''),
      contentType: type.split(';')[0]?.trim() ?? '',
      content: /^base64$/i.test(encoding) ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body),
    });
    return;
  }
  const decoded = decodeBody(body, encoding);
  if (/^text\/html/i.test(type) && !into.html) into.html = decoded;
  else if (/^text\/plain/i.test(type) && !into.text) into.text = decoded;
}

function decodeBody(body: string, encoding: string): string {
  if (/^base64$/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/^quoted-printable$/i.test(encoding)) return decodeQuotedPrintable(body).trimEnd();
  return body.trimEnd();
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), joining adjacent ones. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_whole, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
