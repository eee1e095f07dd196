-- Inquiries (the contact form), their attachments, and newsletter subscribers
-- (docs/decisions/0020-inquiries.md).

create table inquiry (
  id serial primary key,
  -- Made by the form when it opens: a second submit of the same form finds the first inquiry.
  submission_id uuid not null unique,
  inquiry_type text not null check (inquiry_type in ('quote', 'support', 'general')),
  full_name text not null,
  email text not null,
  company text not null,
  department text not null,
  country text not null,
  product_model text not null,
  message text not null,
  -- Category ids and their names in the sender's language when sent, for the sales mail and export.
  interest_products jsonb not null default '[]',
  application_industry text not null,
  agreed_to_terms boolean not null,
  subscribe boolean not null default false,
  language text not null check (language in ('en', 'zh')),
  client_id integer references client (id) on delete set null,
  address text not null,
  created_at timestamptz not null default now()
);
create index inquiry_created on inquiry (created_at);

-- Never served: only the sales mail and `npm run inquiries -- show` read it.
create table inquiry_attachment (
  id serial primary key,
  inquiry_id integer not null unique references inquiry (id) on delete cascade,
  file_name text not null,
  -- What the bytes are (checked by content), not what the name or the browser said.
  content_type text not null,
  size integer not null check (size > 0),
  data bytea not null
);

-- A message may carry the attachment of an inquiry (the sales mail), read when it is sent, and a
-- Reply-To (the sender of an inquiry) and extra headers (List-Unsubscribe).
alter table mail_outbox add column attachment_id integer references inquiry_attachment (id) on delete set null;
alter table mail_outbox add column reply_to text;
alter table mail_outbox add column headers jsonb;

create table newsletter_subscriber (
  email text primary key,
  phone text not null default '',
  language text not null check (language in ('en', 'zh')),
  status text not null check (status in ('pending', 'confirmed', 'unsubscribed')),
  -- sha256 of the token in the confirmation link; cleared once confirmed.
  confirm_token_hash text unique,
  confirm_sent_at timestamptz,
  -- The token of the unsubscribe link of every newsletter mail: it only ever unsubscribes.
  unsubscribe_token text not null unique,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);
