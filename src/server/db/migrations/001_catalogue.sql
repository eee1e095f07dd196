-- The catalogue: categories, products and what a product page shows, solutions, articles,
-- site settings and page meta. Every text a visitor reads exists in English and Chinese.

create table category (
  id serial primary key,
  parent_id integer references category (id) on delete restrict,
  sort integer not null default 0,
  key text not null unique,
  slug text not null,
  name_en text not null,
  name_zh text not null,
  description_en text not null default '',
  description_zh text not null default '',
  image text not null default '',
  updated_at timestamptz not null default now()
);
create index category_parent on category (parent_id, sort);

create table product (
  id serial primary key,
  category_id integer not null references category (id) on delete restrict,
  part_number text not null unique,
  slug text not null,
  family text not null,
  name_en text not null,
  name_zh text not null,
  summary_en text not null default '',
  summary_zh text not null default '',
  description_en text not null default '',
  description_zh text not null default '',
  price numeric(12, 2) not null check (price >= 0),
  currency text not null default 'USD',
  lead_time_days integer not null default 14 check (lead_time_days >= 0),
  stock integer not null default 0 check (stock >= 0),
  is_new boolean not null default false,
  is_featured boolean not null default false,
  published boolean not null default true,
  sort integer not null default 0,
  updated_at timestamptz not null default now()
);
create index product_category on product (category_id, sort, id);
create index product_updated on product (updated_at);

create table product_attribute (
  product_id integer not null references product (id) on delete cascade,
  sort integer not null,
  label_en text not null,
  label_zh text not null,
  value_en text not null,
  value_zh text not null,
  unit text not null default '',
  primary key (product_id, sort)
);

create table product_option (
  id serial primary key,
  product_id integer not null references product (id) on delete cascade,
  sort integer not null,
  name_en text not null,
  name_zh text not null
);
create index product_option_product on product_option (product_id, sort);

create table product_option_value (
  id serial primary key,
  option_id integer not null references product_option (id) on delete cascade,
  sort integer not null,
  label_en text not null,
  label_zh text not null,
  price_delta numeric(12, 2) not null default 0
);
create index product_option_value_option on product_option_value (option_id, sort);

create table product_relation (
  product_id integer not null references product (id) on delete cascade,
  related_id integer not null references product (id) on delete cascade,
  kind text not null check (kind in ('alternative', 'related')),
  sort integer not null default 0,
  primary key (product_id, related_id, kind)
);

create table product_resource (
  product_id integer not null references product (id) on delete cascade,
  sort integer not null,
  kind text not null check (kind in ('datasheet', 'manual', 'application-note', 'software')),
  title_en text not null,
  title_zh text not null,
  url text not null,
  primary key (product_id, sort)
);

create table solution_group (
  type integer primary key check (type in (0, 1, 2)),
  key text not null unique,
  title_en text not null,
  title_zh text not null,
  desc_en text not null,
  desc_zh text not null,
  value_en text not null,
  value_zh text not null,
  intro_en text not null,
  intro_zh text not null,
  img text not null
);

create table solution (
  id serial primary key,
  type integer not null references solution_group (type),
  slug text not null,
  title_en text not null,
  title_zh text not null,
  summary_en text not null default '',
  summary_zh text not null default '',
  body_en text not null default '',
  body_zh text not null default '',
  image text not null default '',
  sort integer not null default 0,
  updated_at timestamptz not null default now()
);
create index solution_type on solution (type, sort, id);

create table solution_product (
  solution_id integer not null references solution (id) on delete cascade,
  product_id integer not null references product (id) on delete cascade,
  sort integer not null default 0,
  primary key (solution_id, product_id)
);

create table article (
  id serial primary key,
  kind text not null check (kind in ('knowledge', 'news')),
  content_type text not null,
  product_series_id integer not null references category (id),
  slug text not null,
  author_en text not null,
  author_zh text not null,
  title_en text not null,
  title_zh text not null,
  summary_en text not null default '',
  summary_zh text not null default '',
  body_en text not null default '',
  body_zh text not null default '',
  published_at date not null,
  updated_at timestamptz not null default now()
);
create index article_published on article (published_at desc, id desc);

create table system_config (
  config_name text primary key,
  value_en text not null,
  value_zh text not null
);

create table page_meta (
  page_key text primary key,
  meta_en jsonb not null,
  meta_zh jsonb not null
);
