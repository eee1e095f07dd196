import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';

/** A file sent with an email. */
interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** One email, as the outbox stores it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (the sender of an inquiry), when not to the From address. */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

/** Sends an email, or throws; the outbox retries what throws. */
export interface Mailer {
  /** Where mail goes: an SMTP server, or .eml files for the embedded demo. */
  readonly kind: 'smtp' | 'files';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** e.g. smtp://user:pass@mail.example.com:587; without it messages become .eml files. */
  smtpUrl?: string | undefined;
  /** Where the .eml files go when there is no SMTP server. */
  outboxDir?: string | undefined;
  /** The From header. */
  from?: string | undefined;
}

const DEFAULT_FROM = 'LumenLab Instruments <no-reply@lumenlab-instruments.example>';

/** Control characters and the Unicode line and paragraph separators, in runs. */
const CONTROL_RUN = /[\p{Cc}\u2028\u2029]+/gu;

/**
 * A header value on one line: every run of control characters (CR and LF among them) or Unicode line
 * breaks becomes one space. The API refuses them in names, but a value may have reached the database
 * another way, and a mail reader may break a header at U+2028 or NEL even inside an encoded word.
 */
export function headerValue(value: string): string {
  return value.replace(CONTROL_RUN, ' ').trim();
}

/** The message as nodemailer takes it, every header on one line. */
function safeHeaders({ attachments, headers, replyTo, ...message }: MailMessage) {
  return {
    ...message,
    to: headerValue(message.to),
    subject: headerValue(message.subject),
    ...(replyTo ? { replyTo: headerValue(replyTo) } : {}),
    ...(headers
      ? { headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, headerValue(value)])) }
      : {}),
    ...(attachments
      ? {
          attachments: attachments.map((file) => ({
            filename: headerValue(file.filename),
            contentType: file.contentType,
            content: Buffer.from(file.content),
          })),
        }
      : {}),
  };
}

/** A mailer over SMTP when given a URL, else one that writes each message to `outboxDir` and logs it. */
export function createMailer({ smtpUrl, outboxDir = '.data/outbox', from: fromOption }: MailerOptions = {}): Mailer {
  const from = headerValue(fromOption ?? DEFAULT_FROM);
  if (smtpUrl) {
    // Pooled connections; short timeouts: a send runs in the background and is retried, so failing
    // fast is fine.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...safeHeaders(message) });
      },
      close: () => transport.close(),
    };
  }
  const dir = resolve(outboxDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(unsafe) {
      const message = safeHeaders(unsafe);
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      console.log(`mail to ${message.to}: "${message.subject}" (${file})`);
    },
    close: () => transport.close(),
  };
}
