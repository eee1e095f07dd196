import type { Language } from '#api/common.ts';
import { newToken, sha256 } from '../auth/token.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { queueMail } from '../mail/outbox.ts';
import { newsletterConfirmMail } from '../mail/templates.ts';

/** How long a confirmation link works. */
const CONFIRM_DAYS = 7;

/** The site's page that takes a newsletter link (src/pages/[...locale]/newsletter.astro). */
function newsletterLink(siteUrl: string, language: Language, action: 'confirm' | 'unsubscribe', token: string) {
  return `${siteUrl}${language === 'zh' ? '/zh-CN' : ''}/newsletter?${action}=${encodeURIComponent(token)}`;
}

/**
 * Asks for the newsletter, idempotently per email: a new, pending or unsubscribed address gets a fresh
 * confirmation link by mail (queued in the caller's transaction); a confirmed one stays as it is, and
 * gets no mail. A phone given replaces the one kept.
 */
export async function subscribeNewsletter(
  q: Queryable,
  siteUrl: string,
  { email, phone, language }: { email: string; phone: string; language: Language },
): Promise<void> {
  const token = newToken();
  const [row] = await q.query<{ status: string; unsubscribe_token: string }>(
    `insert into newsletter_subscriber as s
       (email, phone, language, status, confirm_token_hash, confirm_sent_at, unsubscribe_token)
     values ($1, $2, $3, 'pending', $4, now(), $5)
     on conflict (email) do update set
       phone = case when excluded.phone <> '' then excluded.phone else s.phone end,
       language = excluded.language,
       status = case when s.status = 'confirmed' then 'confirmed' else 'pending' end,
       confirm_token_hash = case when s.status = 'confirmed' then null else excluded.confirm_token_hash end,
       confirm_sent_at = case when s.status = 'confirmed' then s.confirm_sent_at else now() end
     returning s.status, s.unsubscribe_token`,
    [email, phone, language, sha256(token), newToken()],
  );
  if (row?.status !== 'pending') return;
  await queueMail(
    q,
    newsletterConfirmMail(language, email, {
      confirmUrl: newsletterLink(siteUrl, language, 'confirm', token),
      unsubscribeUrl: newsletterLink(siteUrl, language, 'unsubscribe', row.unsubscribe_token),
    }),
  );
}

/** Confirms the subscription a confirmation link stands for; 404 for a link unknown, used or expired. */
export async function confirmNewsletter(q: Queryable, token: string): Promise<'confirmed'> {
  const rows = await q.query(
    `update newsletter_subscriber set status = 'confirmed', confirmed_at = now(), confirm_token_hash = null
     where confirm_token_hash = $1 and status = 'pending'
       and confirm_sent_at > now() - make_interval(days => $2)
     returning email`,
    [sha256(token), CONFIRM_DAYS],
  );
  if (rows.length === 0) throw new ApiError(404, 'api.newsletterLinkUnknown');
  return 'confirmed';
}

/** Unsubscribes the address an unsubscribe link stands for; again is harmless; 404 for an unknown link. */
export async function unsubscribeNewsletter(q: Queryable, token: string): Promise<'unsubscribed'> {
  const rows = await q.query(
    `update newsletter_subscriber set status = 'unsubscribed', confirm_token_hash = null,
       unsubscribed_at = coalesce(unsubscribed_at, now())
     where unsubscribe_token = $1
     returning email`,
    [token],
  );
  if (rows.length === 0) throw new ApiError(404, 'api.newsletterLinkUnknown');
  return 'unsubscribed';
}
