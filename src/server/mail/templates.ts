import type { ClientInfo } from '../../api/client.ts';
import type { Language } from '../../api/common.ts';
import type { Order } from '../../api/shop.ts';
import { type Locale, localeOf, t } from '../../i18n/index.ts';
import { formatPrice } from '../../lib/format.ts';
import { escapeXml } from '../../lib/xml.ts';
import type { CodePurpose } from '../auth/codes.ts';
import type { MailMessage } from './mailer.ts';

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeXml(line)}</p>`).join('\n');

/**
 * The email a code request sends, in the request's language: the code, or, where a code would be of
 * no use, why not. A reset asked for an email no account uses says so; a registration asked for an
 * email that has an account says so and where to reset its password. Either way the request's
 * answer is the same, so only the mailbox learns whether the email is registered.
 */
export function codeMail(
  language: Language,
  to: string,
  purpose: CodePurpose,
  { registered, code }: { registered: boolean; code: string },
): MailMessage {
  const locale = localeOf(language);
  const [subject, text] =
    purpose === 'register'
      ? registered
        ? [t(locale, 'api.mail.code.registered.subject'), t(locale, 'api.mail.code.registered.text')]
        : [t(locale, 'api.mail.code.register.subject'), t(locale, 'api.mail.code.register.text', { code })]
      : [
          t(locale, 'api.mail.code.reset.subject'),
          registered ? t(locale, 'api.mail.code.reset.text', { code }) : t(locale, 'api.mail.code.noAccount.text'),
        ];
  return { to, subject, text, html: paragraphs([text]) };
}

function orderBody(locale: Locale, intro: string, order: Order) {
  const money = (amount: number) => formatPrice(amount, order.currency, locale);
  const lines = order.lines.map(
    (line) => `${line.quantity} × ${line.partNumber} ${line.name}: ${money(line.unitPrice)} = ${money(line.total)}`,
  );
  const { address } = order;
  const shipTo = [address.name, address.contactNumber, address.address, address.postalCode, address.country]
    .filter(Boolean)
    .join(', ');
  const text = [
    intro,
    '',
    `${t(locale, 'api.mail.order.lines')}:`,
    ...lines,
    `${t(locale, 'api.mail.order.total')}: ${money(order.total)}`,
    '',
    `${t(locale, 'api.mail.order.shipTo')}: ${shipTo}`,
    ...(order.remark ? [`${t(locale, 'api.mail.order.remark')}: ${order.remark}`] : []),
  ].join('\n');
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td>${line.quantity}</td><td>${escapeXml(line.partNumber)}</td><td>${escapeXml(line.name)}</td>` +
        `<td>${escapeXml(money(line.unitPrice))}</td><td>${escapeXml(money(line.total))}</td></tr>`,
    )
    .join('\n');
  const html = [
    paragraphs([intro]),
    `<h3>${escapeXml(t(locale, 'api.mail.order.lines'))}</h3>`,
    `<table cellpadding="4">\n${rows}\n</table>`,
    paragraphs([
      `${t(locale, 'api.mail.order.total')}: ${money(order.total)}`,
      `${t(locale, 'api.mail.order.shipTo')}: ${shipTo}`,
      ...(order.remark ? [`${t(locale, 'api.mail.order.remark')}: ${order.remark}`] : []),
    ]),
  ].join('\n');
  return { text, html };
}

/** The confirmation to the customer, in the language the order was submitted in. */
export function orderConfirmationMail(language: Language, client: ClientInfo, order: Order): MailMessage {
  const locale = localeOf(language);
  const intro = t(locale, 'api.mail.order.intro', { name: client.name, orderNo: order.orderNo });
  return {
    to: client.email,
    subject: t(locale, 'api.mail.order.subject', { orderNo: order.orderNo }),
    ...orderBody(locale, intro, order),
  };
}

/** The order request for the sales mailbox, in English. */
export function salesOrderMail(salesEmail: string, client: ClientInfo, order: Order): MailMessage {
  const intro = t('en', 'api.mail.sales.intro', {
    name: client.name,
    username: client.username,
    email: client.email,
    contactNumber: client.contactNumber,
    orderNo: order.orderNo,
  });
  return {
    to: salesEmail,
    subject: t('en', 'api.mail.sales.subject', { orderNo: order.orderNo, name: client.name }),
    ...orderBody('en', intro, order),
  };
}
