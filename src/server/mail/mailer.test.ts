import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { createMailer } from './mailer.ts';
import { startSmtpSink } from './sink.ts';

const dir = mkdtempSync(join(tmpdir(), 'mailer-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('writes each message as an .eml file and logs its subject when there is no SMTP server', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const mailer = createMailer({ outboxDir: dir, from: 'Shop <shop@example.com>' });
  try {
    await mailer.send({ to: 'ada@example.com', subject: 'Your code', text: 'Code 123456', html: '<p>Code 123456</p>' });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('"Your code"'));
  } finally {
    log.mockRestore();
    mailer.close();
  }
  const files = readdirSync(dir).filter((file) => file.endsWith('.eml'));
  expect(files).toHaveLength(1);
  const eml = readFileSync(join(dir, files[0] ?? ''), 'utf8');
  expect(eml).toMatch(/^From: Shop <shop@example\.com>$/m);
  expect(eml).toMatch(/^To: ada@example\.com$/m);
  expect(eml).toContain('Code 123456');
});

test('sends over SMTP, and the sink decodes Chinese subjects and bodies', async () => {
  const sink = await startSmtpSink();
  const mailer = createMailer({ smtpUrl: sink.url });
  try {
    const long = '您正在注册账号，验证码为 042917，10 分钟内有效。'.repeat(8);
    await mailer.send({ to: 'Zhang@Example.com', subject: '您的验证码', text: long, html: `<p>${long}</p>` });
    const mail = await sink.waitFor('zhang@example.com');
    expect(mail.subject).toBe('您的验证码');
    expect(mail.text).toBe(long);
    expect(mail.html).toBe(`<p>${long}</p>`);
    expect(mail.code).toBe('042917');
    expect(mail.from).toBe('no-reply@lumenlab-instruments.example');
    await expect(sink.waitFor('zhang@example.com', undefined, 100)).rejects.toThrow(/no mail to zhang@example.com/);
  } finally {
    mailer.close();
    await sink.close();
  }
});
