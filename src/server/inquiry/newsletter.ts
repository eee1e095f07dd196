import type { Language } from '#api/common.ts';
import { newToken, sha256 } from '../auth/token.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { queueMail } from '../mail/outbox.ts';
import { newsletterConfirmMail } from '../mail/templates.ts';

// Anyone may ask for the newsletter for any address, so a request changes nothing of an address but what
// its mailbox then confirms: the phone and language it gives wait with its link (`newsletter_confirmation`)
// and become the subscriber's when the link is followed; links mailed before keep working. Both links'
// tokens are kept only as their SHA-256 (decision 0066).

/** How long a confirmation link works. */
const CONFIRM_DAYS = 7;

/** The site's page that takes a newsletter link (src/pages/[...locale]/newsletter.astro). */
function newsletterLink(siteUrl: string, language: Language, action: 'confirm' | 'unsubscribe', token: string) {
  return `${siteUrl}${language === 'zh' ? '/zh-CN' : ''}/newsletter?${action}=${encodeURIComponent(token)}`;
}

/**
 * Asks for the newsletter, in the caller's transaction. An address not yet confirmed gets a confirmation
 * link by mail that carries this request's phone and language (an address new to the list is kept as
 * pending with them); a confirmed one stays as it is and gets no mail. Nothing of a subscriber changes
 * until a link of theirs is followed.
 */
export async function subscribeNewsletter(
  q: Queryable,
  siteUrl: string,
  { email, phone, language }: { email: string; phone: string; language: Language },
): Promise<void> {
  await q.query(
    `insert into newsletter_subscriber (email, phone, language, status) values ($1, $2, $3, 'pending')
     on conflict (email) do nothing`,
    [email, phone, language],
  );
  const [row] = await q.query<{ status: string }>(
    'select status from newsletter_subscriber where email = $1 for update',
    [email],
  );
  if (row?.status === 'confirmed') return;
  const confirm = newToken();
  const unsubscribe = newToken();
  // Expired links of the address go with the new one; the rate limits keep the rest to a few.
  await q.query(
    `delete from newsletter_confirmation where email = $1 and sent_at <= now() - make_interval(days => $2)`,
    [email, CONFIRM_DAYS],
  );
  await q.query('insert into newsletter_confirmation (token_hash, email, phone, language) values ($1, $2, $3, $4)', [
    sha256(confirm),
    email,
    phone,
    language,
  ]);
  await q.query('insert into newsletter_unsubscribe (token_hash, email) values ($1, $2)', [sha256(unsubscribe), email]);
  await queueMail(
    q,
    newsletterConfirmMail(language, email, {
      confirmUrl: newsletterLink(siteUrl, language, 'confirm', confirm),
      unsubscribeUrl: newsletterLink(siteUrl, language, 'unsubscribe', unsubscribe),
    }),
  );
}

/**
 * Confirms the subscription a confirmation link stands for, with the phone (when given) and language of
 * the request that mailed it; the address's other links are used up with it. 404 for a link unknown, used
 * or expired.
 */
export async function confirmNewsletter(q: Queryable, token: string): Promise<'confirmed'> {
  const rows = await q.query(
    `with link as (
       select email, phone, language from newsletter_confirmation
       where token_hash = $1 and sent_at > now() - make_interval(days => $2)
     ), used as (
       delete from newsletter_confirmation where email in (select email from link)
     )
     update newsletter_subscriber s set status = 'confirmed', confirmed_at = now(),
       phone = case when link.phone <> '' then link.phone else s.phone end,
       language = link.language
     from link where s.email = link.email
     returning s.email`,
    [sha256(token), CONFIRM_DAYS],
  );
  if (rows.length === 0) throw new ApiError(404, 'api.newsletterLinkUnknown');
  return 'confirmed';
}

/**
 * Unsubscribes the address an unsubscribe link stands for, and voids its confirmation links; again is
 * harmless; 404 for an unknown link.
 */
export async function unsubscribeNewsletter(q: Queryable, token: string): Promise<'unsubscribed'> {
  const rows = await q.query(
    `with link as (
       select email from newsletter_unsubscribe where token_hash = $1
     ), voided as (
       delete from newsletter_confirmation where email in (select email from link)
     )
     update newsletter_subscriber s set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now())
     from link where s.email = link.email
     returning s.email`,
    [sha256(token)],
  );
  if (rows.length === 0) throw new ApiError(404, 'api.newsletterLinkUnknown');
  return 'unsubscribed';
}
