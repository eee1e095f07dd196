import type { Hono } from 'hono';
import { inquirySubmit, newsletterConfirm, newsletterSubscribe, newsletterUnsubscribe } from '#api/inquiry.ts';
import { type Counter, giveBack, LIMITS, takeSlots } from '../auth/rate-limit.ts';
import type { Db, Queryable } from '../db/index.ts';
import { salesEmail } from '../db/site.ts';
import { ApiError } from '../errors.ts';
import { checkedAttachment } from '../inquiry/attachment.ts';
import { confirmNewsletter, subscribeNewsletter, unsubscribeNewsletter } from '../inquiry/newsletter.ts';
import { type Outbox, queueMail } from '../mail/outbox.ts';
import { type InquiryMailData, inquiryAcknowledgementMail, salesInquiryMail } from '../mail/templates.ts';
import { handle } from '../router.ts';

export interface InquiryServices {
  db: Db;
  outbox: Outbox;
  /** The site's origin, for the newsletter links. */
  siteUrl: string;
}

/** The interest categories by name in the sender's language; 400 when an id is no published category. */
async function interestNames(
  q: Queryable,
  ids: number[],
  language: 'en' | 'zh',
): Promise<{ id: number; name: string }[]> {
  const unique = [...new Set(ids)];
  const rows = await q.query<{ id: number; name: string }>(
    `select id, ${language === 'zh' ? 'name_zh' : 'name_en'} as name from category where id = any($1::int[]) and published`,
    [unique],
  );
  if (rows.length !== unique.length) throw new ApiError(400, 'validation.interestProductsUnknown');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => byId.get(id) as { id: number; name: string });
}

export function inquiryRoutes(app: Hono, { db, outbox, siteUrl }: InquiryServices): void {
  // Stored first (inquiry, file and both mails in one transaction), sent after: an SMTP outage delays
  // the mails and loses nothing. A second submit of the same form answers the first inquiry.
  handle(app, db, inquirySubmit, async (input, { language, address }) => {
    const file = input.attachment ? checkedAttachment(input.attachment) : undefined;
    const [known] = await db.query<{ id: number }>('select id from inquiry where submission_id = $1', [
      input.submissionId,
    ]);
    if (known) return { inquiryId: known.id, created: false };
    const counters: Counter[] = [
      [LIMITS.inquiryPerAddress, address],
      [LIMITS.inquiryPerEmail, input.email],
    ];
    await takeSlots(db, counters);
    const result = await db.transaction(async (tx) => {
      const interests = await interestNames(tx, input.interestProducts, language);
      const [row] = await tx.query<{ id: number; created_at: Date | string }>(
        `insert into inquiry (submission_id, inquiry_type, full_name, email, company, department, country,
           product_model, message, interest_products, application_industry, agreed_to_terms, subscribe,
           language, address)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         on conflict (submission_id) do nothing
         returning id, created_at`,
        [
          input.submissionId,
          input.inquiryType,
          input.fullName,
          input.email,
          input.company,
          input.department,
          input.country,
          input.productModel,
          input.message,
          JSON.stringify(interests),
          input.applicationIndustry,
          input.agreeToTerms,
          input.subscribe,
          language,
          address,
        ],
      );
      if (!row) {
        // The same form sent twice at once: the other request stored it.
        const [first] = await tx.query<{ id: number }>('select id from inquiry where submission_id = $1', [
          input.submissionId,
        ]);
        return { inquiryId: first?.id ?? 0, created: false };
      }
      let attachmentId: number | undefined;
      if (file) {
        const [stored] = await tx.query<{ id: number }>(
          `insert into inquiry_attachment (inquiry_id, file_name, content_type, size, data)
           values ($1, $2, $3, $4, $5) returning id`,
          [row.id, file.name, file.type, file.bytes.length, file.bytes],
        );
        attachmentId = stored?.id;
      }
      const mail: InquiryMailData = {
        id: row.id,
        inquiryType: input.inquiryType,
        fullName: input.fullName,
        email: input.email,
        company: input.company,
        department: input.department,
        country: input.country,
        productModel: input.productModel,
        message: input.message,
        interestProducts: interests.map((interest) => interest.name),
        applicationIndustry: input.applicationIndustry,
        subscribe: input.subscribe,
        language,
        attachment: file && { name: file.name, type: file.type, size: file.bytes.length },
      };
      const sales = await salesEmail(tx);
      if (sales) await queueMail(tx, salesInquiryMail(sales, mail), { attachmentId });
      // The acknowledgement names what the shop knows, none of the sender's words (decision 0066).
      await queueMail(
        tx,
        inquiryAcknowledgementMail({
          id: row.id,
          to: input.email,
          inquiryType: input.inquiryType,
          receivedAt: new Date(row.created_at),
          interestProducts: mail.interestProducts,
          language,
        }),
      );
      if (input.subscribe) await subscribeNewsletter(tx, siteUrl, { email: input.email, phone: input.phone, language });
      return { inquiryId: row.id, created: true };
    });
    if (result.created) outbox.kick();
    else await giveBack(db, counters);
    return result;
  });

  handle(app, db, newsletterSubscribe, async ({ email, phone }, { language, address }) => {
    await takeSlots(db, [
      [LIMITS.newsletterPerAddress, address],
      [LIMITS.newsletterPerEmail, email],
    ]);
    await db.transaction((tx) => subscribeNewsletter(tx, siteUrl, { email, phone, language }));
    outbox.kick();
    // The same answer for a new, pending or confirmed address: the call tells nobody who subscribes.
    return { status: 'pending' as const };
  });

  handle(app, db, newsletterConfirm, async ({ token }) => ({ status: await confirmNewsletter(db, token) }));
  handle(app, db, newsletterUnsubscribe, async ({ token }) => ({ status: await unsubscribeNewsletter(db, token) }));
}
