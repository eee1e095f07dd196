-- Issue 38 (decision 0066): newsletter links kept only as hashes, a request for the newsletter that
-- changes nothing its mailbox did not confirm, and attachment names without format characters.

-- Each confirmation link mailed, by the SHA-256 of its token, with what its request asked for: the phone
-- and language are the subscriber's only once the link is followed, and a later request voids no link.
create table newsletter_confirmation (
  token_hash text primary key,
  email text not null references newsletter_subscriber (email) on delete cascade,
  phone text not null default '',
  language text not null check (language in ('en', 'zh')),
  sent_at timestamptz not null default now()
);
create index newsletter_confirmation_email on newsletter_confirmation (email);
insert into newsletter_confirmation (token_hash, email, phone, language, sent_at)
  select confirm_token_hash, email, phone, language, coalesce(confirm_sent_at, now())
  from newsletter_subscriber
  where confirm_token_hash is not null and status = 'pending';

-- Each unsubscribe link mailed, by the SHA-256 of its token (a mail's link only ever unsubscribes). The
-- tokens kept in plain text until now are hashed, so the links already sent keep working.
create table newsletter_unsubscribe (
  token_hash text primary key,
  email text not null references newsletter_subscriber (email) on delete cascade,
  created_at timestamptz not null default now()
);
create index newsletter_unsubscribe_email on newsletter_unsubscribe (email);
insert into newsletter_unsubscribe (token_hash, email, created_at)
  select encode(sha256(convert_to(unsubscribe_token, 'UTF8')), 'hex'), email, created_at
  from newsletter_subscriber;

alter table newsletter_subscriber
  drop column confirm_token_hash,
  drop column confirm_sent_at,
  drop column unsubscribe_token;

-- Attachment names stored before: without the format characters (bidirectional controls, invisible
-- ones) that make `report<U+202E>fdp.zip` show as "reportpiz.pdf". The code drops them since.
update inquiry_attachment
set file_name = regexp_replace(
  file_name,
  '[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]',
  '',
  'g'
)
where file_name ~ '[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]';
