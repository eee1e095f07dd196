import type { Language } from '#api/common.ts';
import type { CustomerInfo } from '#api/customer.ts';
import type { Industry, InquiryType } from '#api/inquiry.ts';
import type { Quote } from '#api/quote.ts';
import type { Order } from '#api/shop.ts';
import { type Locale, localeOf, t } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import { formatDate, formatPrice } from '#lib/format.ts';
import { escapeXml } from '#lib/xml.ts';
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
  purpose: Exclude<CodePurpose, 'editor'>,
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

/** The email with an editor's sign-in code for the workspace, in the language the workspace was shown in. */
export function editorSigninMail(language: Language, to: string, code: string): MailMessage {
  const locale = localeOf(language);
  const text = wt(locale, 'mail.signin.text', { code });
  return { to, subject: wt(locale, 'mail.signin.subject'), text, html: paragraphs([text]) };
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
export function orderConfirmationMail(language: Language, customer: CustomerInfo, order: Order): MailMessage {
  const locale = localeOf(language);
  const intro = t(locale, 'api.mail.order.intro', { name: customer.name, orderNo: order.orderNo });
  return {
    to: customer.email,
    subject: t(locale, 'api.mail.order.subject', { orderNo: order.orderNo }),
    ...orderBody(locale, intro, order),
  };
}

/** The order request for the sales mailbox, in English. */
export function salesOrderMail(salesEmail: string, customer: CustomerInfo, order: Order): MailMessage {
  const intro = t('en', 'api.mail.sales.intro', {
    name: customer.name,
    username: customer.username,
    email: customer.email,
    contactNumber: customer.contactNumber,
    orderNo: order.orderNo,
  });
  return {
    to: salesEmail,
    subject: t('en', 'api.mail.sales.subject', { orderNo: order.orderNo, name: customer.name }),
    ...orderBody('en', intro, order),
  };
}

function quoteBody(locale: Locale, intro: string, quote: Quote) {
  const money = (amount: number) => formatPrice(amount, quote.currency, locale);
  const lines = quote.lines.map(
    (line) =>
      `${line.quantity} × ${line.partNumber} ${line.name}: ${money(line.unitPrice)} = ${money(line.total)} (${t(locale, 'quote.shipDate')}: ${formatDate(line.shipDate, locale)})`,
  );
  const facts = [
    `${t(locale, 'quote.total')}: ${money(quote.total)}`,
    `${t(locale, 'quote.validUntil')}: ${formatDate(quote.validUntil, locale)}`,
  ];
  const text = [intro, '', `${t(locale, 'quote.lines')}:`, ...lines, '', ...facts].join('\n');
  const html = [
    paragraphs([intro]),
    `<h3>${escapeXml(t(locale, 'quote.lines'))}</h3>`,
    `<ul>\n${lines.map((line) => `<li>${escapeXml(line)}</li>`).join('\n')}\n</ul>`,
    paragraphs(facts),
  ].join('\n');
  return { text, html };
}

/** The quote to the customer, in the language it was made in; its PDF goes with it (outbox.ts). */
export function quoteMail(quote: Quote): MailMessage {
  const locale = localeOf(quote.language);
  const intro = t(locale, 'quote.mail.intro', { name: quote.customer.name, quoteNo: quote.quoteNo });
  return {
    to: quote.customer.email,
    subject: t(locale, 'quote.mail.subject', { quoteNo: quote.quoteNo }),
    ...quoteBody(locale, intro, quote),
  };
}

/** The quote for the sales mailbox, in English; its PDF is in the customer's language. */
export function salesQuoteMail(salesEmail: string, quote: Quote): MailMessage {
  const intro = t('en', 'quote.mail.salesIntro', {
    name: quote.customer.name,
    email: quote.customer.email,
    contactNumber: quote.customer.contactNumber,
    quoteNo: quote.quoteNo,
  });
  return {
    to: salesEmail,
    subject: t('en', 'quote.mail.salesSubject', { quoteNo: quote.quoteNo, name: quote.customer.name }),
    ...quoteBody('en', intro, quote),
  };
}

/** An inquiry as the sales mail tells it: what the sender filled in, the interest categories by name. */
export interface InquiryMailData {
  id: number;
  inquiryType: InquiryType;
  fullName: string;
  email: string;
  company: string;
  department: string;
  country: string;
  productModel: string;
  message: string;
  interestProducts: string[];
  applicationIndustry: Industry;
  subscribe: boolean;
  language: Language;
  attachment?: { name: string; type: string; size: number } | undefined;
}

/** The inquiry's fields as label: value lines in a locale. */
function inquiryLines(locale: Locale, inquiry: InquiryMailData): [string, string][] {
  const lines: [string, string][] = [
    [t(locale, 'inquiry.type'), t(locale, `inquiry.type.${inquiry.inquiryType}`)],
    [t(locale, 'inquiry.fullName'), inquiry.fullName],
    [t(locale, 'inquiry.email'), inquiry.email],
    [t(locale, 'inquiry.company'), inquiry.company],
    [t(locale, 'inquiry.department'), inquiry.department],
    [t(locale, 'inquiry.country'), inquiry.country],
    [t(locale, 'inquiry.productModel'), inquiry.productModel],
    [t(locale, 'inquiry.interestProducts'), inquiry.interestProducts.join(', ')],
    [t(locale, 'inquiry.applicationIndustry'), t(locale, `inquiry.industry.${inquiry.applicationIndustry}`)],
  ];
  if (inquiry.attachment) {
    const { name, type, size } = inquiry.attachment;
    lines.push([t(locale, 'inquiry.attachment'), `${name} (${type}, ${(size / 1024).toFixed(0)} KB)`]);
  }
  return lines;
}

function inquiryBody(locale: Locale, intro: string, inquiry: InquiryMailData, extra: string[] = []) {
  const lines = inquiryLines(locale, inquiry);
  const messageLabel = t(locale, 'inquiry.message');
  const text = [
    intro,
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    `${messageLabel}:`,
    inquiry.message,
    ...(extra.length ? ['', ...extra] : []),
  ].join('\n');
  const rows = lines
    .map(([label, value]) => `<tr><th align="left">${escapeXml(label)}</th><td>${escapeXml(value)}</td></tr>`)
    .join('\n');
  const html = [
    paragraphs([intro]),
    `<table cellpadding="4">\n${rows}\n</table>`,
    `<h3>${escapeXml(messageLabel)}</h3>`,
    `<p style="white-space: pre-wrap">${escapeXml(inquiry.message)}</p>`,
    paragraphs(extra),
  ].join('\n');
  return { text, html };
}

/** The inquiry for the sales mailbox, in English, replying to the sender; the attachment goes with it. */
export function salesInquiryMail(salesEmail: string, inquiry: InquiryMailData): MailMessage {
  const params = {
    id: inquiry.id,
    type: t('en', `inquiry.type.${inquiry.inquiryType}`),
    name: inquiry.fullName,
    company: inquiry.company,
  };
  const language = inquiry.language === 'zh' ? 'Chinese' : 'English';
  return {
    to: salesEmail,
    replyTo: inquiry.email,
    subject: t('en', 'api.mail.inquiry.sales.subject', params),
    ...inquiryBody(
      'en',
      t('en', 'api.mail.inquiry.sales.intro', { ...params, language }),
      inquiry,
      [inquiry.subscribe ? t('en', 'api.mail.inquiry.sales.subscribed') : ''].filter(Boolean),
    ),
  };
}

/**
 * What the acknowledgement tells, and all it can: the form names any address it likes, so the mail carries
 * nothing the sender typed (name, company, message), only what the shop knows of the inquiry.
 */
export interface InquiryAcknowledgement {
  id: number;
  /** The address the form named. */
  to: string;
  inquiryType: InquiryType;
  receivedAt: Date;
  /** The interest categories by their catalogue names in the sender's language, from the ids sent. */
  interestProducts: string[];
  language: Language;
}

/**
 * The acknowledgement to the sender, in the language of the form: the inquiry's number, type and date and
 * the catalogue's names of what it is about, and what to do if it was someone else who gave the address.
 */
export function inquiryAcknowledgementMail(inquiry: InquiryAcknowledgement): MailMessage {
  const locale = localeOf(inquiry.language);
  const intro = t(locale, 'api.mail.inquiry.ack.intro');
  const notYou = t(locale, 'api.mail.inquiry.ack.notYou');
  const lines: [string, string][] = [
    [t(locale, 'api.mail.inquiry.ack.number'), `#${inquiry.id}`],
    [t(locale, 'inquiry.type'), t(locale, `inquiry.type.${inquiry.inquiryType}`)],
    [t(locale, 'api.mail.inquiry.ack.received'), formatDate(inquiry.receivedAt.toISOString(), locale)],
    [t(locale, 'inquiry.interestProducts'), inquiry.interestProducts.join(locale === 'zh-CN' ? '、' : ', ')],
  ];
  const rows = lines
    .map(([label, value]) => `<tr><th align="left">${escapeXml(label)}</th><td>${escapeXml(value)}</td></tr>`)
    .join('\n');
  const colon = locale === 'zh-CN' ? '：' : ': ';
  return {
    to: inquiry.to,
    subject: t(locale, 'api.mail.inquiry.ack.subject', { id: inquiry.id }),
    text: [intro, '', ...lines.map(([label, value]) => `${label}${colon}${value}`), '', notYou].join('\n'),
    html: [paragraphs([intro]), `<table cellpadding="4">\n${rows}\n</table>`, paragraphs([notYou])].join('\n'),
  };
}

/** The double opt-in: a link to confirm, and the unsubscribe link every newsletter mail carries. */
export function newsletterConfirmMail(
  language: Language,
  to: string,
  { confirmUrl, unsubscribeUrl }: { confirmUrl: string; unsubscribeUrl: string },
): MailMessage {
  const locale = localeOf(language);
  const text = [
    t(locale, 'api.mail.newsletter.confirm.text'),
    confirmUrl,
    '',
    t(locale, 'api.mail.newsletter.ignore'),
    '',
    `${t(locale, 'api.mail.newsletter.unsubscribe')} ${unsubscribeUrl}`,
  ].join('\n');
  const html = [
    paragraphs([t(locale, 'api.mail.newsletter.confirm.text')]),
    `<p><a href="${escapeXml(confirmUrl)}">${escapeXml(t(locale, 'api.mail.newsletter.confirm.button'))}</a></p>`,
    paragraphs([t(locale, 'api.mail.newsletter.ignore')]),
    `<p><a href="${escapeXml(unsubscribeUrl)}">${escapeXml(t(locale, 'api.mail.newsletter.unsubscribe'))}</a></p>`,
  ].join('\n');
  return {
    to,
    subject: t(locale, 'api.mail.newsletter.confirm.subject'),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
  };
}
