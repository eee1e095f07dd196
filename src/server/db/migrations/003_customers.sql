-- Customers: accounts, sessions, verification codes, rate-limit counters, addresses, cart,
-- favourites, saved articles, orders, and the email outbox. Everything several API processes
-- must share lives here, not in process memory.

create table client (
  id serial primary key,
  username text not null,
  email text not null,
  name text not null,
  contact_number text not null,
  -- scrypt$N$r$p$salt$hash: the parameters travel with the hash so they can be raised later.
  password_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index client_username on client (lower(username));
create unique index client_email on client (lower(email));

-- Only the SHA-256 of a token is stored: a copy of this table logs nobody in.
create table session (
  token_hash text primary key,
  client_id integer not null references client (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index session_client on session (client_id) where revoked_at is null;
create index session_expires on session (expires_at);

-- One live code per email and purpose; sending again replaces it. Rows exist for unregistered
-- emails too (reset), so their answers and limits match those of registered ones.
create table verification_code (
  email text not null,
  purpose text not null check (purpose in ('register', 'reset')),
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  last_sent_at timestamptz not null default now(),
  consumed_at timestamptz,
  primary key (email, purpose)
);
create index verification_code_expires on verification_code (expires_at);

-- A counter per key (e.g. failed logins of one address) for the window that began at window_start.
create table rate_limit (
  key text primary key,
  window_start timestamptz not null default now(),
  count integer not null default 0
);
create index rate_limit_window on rate_limit (window_start);

create table address (
  id serial primary key,
  client_id integer not null references client (id) on delete cascade,
  name text not null,
  contact_number text not null,
  address text not null,
  postal_code text not null default '',
  country text not null,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index address_client on address (client_id, is_default desc, id desc);
create unique index address_one_default on address (client_id) where is_default;

create table cart_item (
  client_id integer not null references client (id) on delete cascade,
  product_id integer not null references product (id) on delete cascade,
  quantity integer not null check (quantity between 1 and 999),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (client_id, product_id)
);
create index cart_item_newest on cart_item (client_id, created_at desc, product_id desc);

create table favourite (
  client_id integer not null references client (id) on delete cascade,
  product_id integer not null references product (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (client_id, product_id)
);
create index favourite_newest on favourite (client_id, created_at desc, product_id desc);

create table saved_article (
  client_id integer not null references client (id) on delete cascade,
  article_id integer not null references article (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (client_id, article_id)
);
create index saved_article_newest on saved_article (client_id, created_at desc, article_id desc);

create table customer_order (
  id serial primary key,
  order_no text not null unique,
  client_id integer not null references client (id) on delete restrict,
  status text not null default 'submitted'
    check (status in ('submitted', 'quoted', 'confirmed', 'shipped', 'completed', 'cancelled')),
  remark text not null default '',
  language text not null check (language in ('en', 'zh')),
  -- The address as it was at submit time; the saved address may change or go later.
  ship_name text not null,
  ship_contact_number text not null,
  ship_address text not null,
  ship_postal_code text not null,
  ship_country text not null,
  total numeric(14, 2) not null check (total >= 0),
  currency text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index customer_order_client on customer_order (client_id, created_at desc, id desc);

create table order_line (
  order_id integer not null references customer_order (id) on delete cascade,
  line_no integer not null,
  -- No foreign key: the line is a record of what was ordered, whatever happens to the product.
  product_id integer not null,
  part_number text not null,
  name_en text not null,
  name_zh text not null,
  quantity integer not null check (quantity between 1 and 999),
  unit_price numeric(12, 2) not null check (unit_price >= 0),
  total numeric(14, 2) not null check (total >= 0),
  primary key (order_id, line_no)
);

-- Mail is written here first (in the transaction of the write it belongs to), then sent; a failed
-- send stays here and is retried with backoff until it goes.
create table mail_outbox (
  id serial primary key,
  to_address text not null,
  subject text not null,
  text text not null,
  html text not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  last_error text
);
create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null;
