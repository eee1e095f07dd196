-- Quick order and quotes (issue 42; decision 0081).

-- A product no longer sold keeps its page (its datasheet and manual are still read) but no longer goes
-- into a cart from a list of part numbers, and a reorder says so.
alter table product add column discontinued boolean not null default false;

-- A part number as a list of them matches it: its search key (lower-case letters and digits) with the
-- letters people type for digits read as those digits, o as 0, i and l as 1.
create index product_search_part_folded on product_search (translate(part_key, 'oil', '011'));

-- A quote: the cart as it was, frozen. Its number comes from a sequence, so two quotes made at the same
-- moment on two processes never share one; lines, prices and ship dates are copied, not referred to.
create sequence quote_no_seq;

create table quote (
  id serial primary key,
  quote_no text not null unique,
  customer_id integer not null references customer (id) on delete restrict,
  language text not null check (language in ('en', 'zh')),
  -- The customer as they were at quote time.
  customer_name text not null,
  customer_email text not null,
  customer_contact_number text not null,
  total numeric(14, 2) not null check (total >= 0),
  currency text not null,
  created_at timestamptz not null default now(),
  valid_until date not null
);
create index quote_customer on quote (customer_id, created_at desc, id desc);

create table quote_line (
  quote_id integer not null references quote (id) on delete cascade,
  line_no integer not null,
  -- No foreign key: the line is a record of what was quoted, whatever happens to the product.
  product_id integer not null,
  part_number text not null,
  name_en text not null,
  name_zh text not null,
  quantity integer not null check (quantity between 1 and 999),
  unit_price numeric(12, 2) not null check (unit_price >= 0),
  total numeric(14, 2) not null check (total >= 0),
  ship_date date not null,
  primary key (quote_id, line_no)
);

-- A quote's mail carries its PDF, made when the mail is sent (as an inquiry's carries its attachment).
alter table mail_outbox add column quote_id integer references quote (id) on delete set null;
