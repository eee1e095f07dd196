import { t } from '#i18n/index.ts';
import { escapeXml } from '#lib/xml.ts';
import type { MailMessage } from './mailer.ts';

/** A change of where a setting sends mail (db/editing/site.ts, saveConfig). */
export interface MailRoutingChange {
  setting: string;
  /** Who changed it, as the audit trail names them. */
  actor: string;
  /** When, in UTC (`2025-03-01 09:30`). */
  at: string;
  before: string[];
  after: string[];
}

/**
 * The notice of a mail-routing change to one old or new address, in English and Chinese (it goes to
 * mailboxes, not to a person whose language the site knows): who changed what, from which addresses to
 * which, and what to do when it was not expected.
 */
export function mailRoutingChangeMail(to: string, change: MailRoutingChange): MailMessage {
  const parts = (['en', 'zh-CN'] as const).map((locale) => {
    const list = (addresses: string[]) =>
      addresses.length > 0 ? addresses.join(', ') : t(locale, 'api.mail.routing.nowhere');
    return {
      subject: t(locale, 'api.mail.routing.subject', { setting: change.setting }),
      lines: [
        t(locale, 'api.mail.routing.text', {
          actor: change.actor,
          setting: change.setting,
          time: change.at,
          after: list(change.after),
          before: list(change.before),
        }),
        t(locale, 'api.mail.routing.check'),
      ],
    };
  });
  return {
    to,
    subject: parts.map((part) => part.subject).join(' / '),
    text: parts.map((part) => part.lines.join('\n\n')).join('\n\n---\n\n'),
    html: parts.map((part) => part.lines.map((line) => `<p>${escapeXml(line)}</p>`).join('\n')).join('\n<hr>\n'),
  };
}
