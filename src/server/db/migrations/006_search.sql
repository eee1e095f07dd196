-- Search: the product families with their names in both languages, and the search index of
-- products, categories and families. The index rows are computed in TypeScript (word segmentation,
-- stems, pinyin: src/server/search/terms.ts) and written by indexSearch (src/server/search/index.ts)
-- in the same transaction as the content. Plain tables, btree and GIN only: the same SQL runs on
-- PGlite and on a PostgreSQL server, with no extension.

create table product_family (
  key text primary key,
  sort integer not null,
  name_en text not null,
  name_zh text not null
);

insert into product_family (key, sort, name_en, name_zh) values
  ('laser', 1, 'Lasers', '激光器'),
  ('light-source', 2, 'Light Sources', '光源'),
  ('detector', 3, 'Detectors', '探测器'),
  ('optic', 4, 'Optics', '光学元件'),
  ('fiber', 5, 'Fiber Optics', '光纤器件'),
  ('spectrometer', 6, 'Spectrometers', '光谱仪'),
  ('microscope', 7, 'Microscopes', '显微镜'),
  ('objective', 8, 'Objectives', '物镜'),
  ('stage', 9, 'Stages', '位移台'),
  ('probe-station', 10, 'Probe Stations', '探针台'),
  ('metrology', 11, 'Metrology Systems', '计量检测系统'),
  ('analyzer', 12, 'Analyzers', '分析仪');

alter table product add constraint product_family_key foreign key (family) references product_family (key);

-- `terms` holds every search term of a row (without positions: it only finds rows); `head` those
-- of the name (weight A: both languages, with pinyin) and of the category and family names (B), to
-- rank what `terms` found without reading descriptions. `part_key` is the part number in lower case
-- without dashes, slashes or spaces, `part_variants` that key less one character each, for typos.
-- published, featured, fresh (new) and sort mirror the product's, so a search ranks and pages
-- without reading the product rows it does not show.
create table product_search (
  product_id integer primary key references product (id) on delete cascade,
  part_key text collate "C" not null,
  part_variants text[] not null,
  terms tsvector not null,
  head tsvector not null,
  published boolean not null,
  featured boolean not null,
  fresh boolean not null,
  sort integer not null
)
-- A row's terms stay in the row, uncompressed, up to a page: a search that reads thousands of rows
-- (a common word) then does not fetch and reassemble each one's terms from the TOAST table.
with (toast_tuple_target = 8160);

create function mirror_product_rank() returns trigger language plpgsql as $$
begin
  update product_search
  set published = new.published, featured = new.is_featured, fresh = new.is_new, sort = new.sort
  where product_id = new.id;
  return null;
end;
$$;
create trigger product_search_rank after update of published, is_featured, is_new, sort on product
  for each row execute function mirror_product_rank();
-- Collation C: the prefix range (key up to key || '{') holds in byte order whatever the server's locale.
create index product_search_part on product_search (part_key);
create index product_search_part_variants on product_search using gin (part_variants);
create index product_search_terms on product_search using gin (terms);

create table category_search (
  category_id integer primary key references category (id) on delete cascade,
  terms tsvector not null
);
create index category_search_terms on category_search using gin (terms);

create table family_search (
  family_key text primary key references product_family (key) on delete cascade,
  terms tsvector not null
);
create index family_search_terms on family_search using gin (terms);

-- The words of five letters or more the index holds (English stems and pinyin), each under itself
-- and under every form of it less one letter: a query word finds the words one typo away.
-- Words are added, never removed: a word no row holds any more only widens a query to nothing.
create table search_word (
  variant text not null,
  word text not null,
  primary key (variant, word)
);

-- A counter every write of searchable content moves, in the writer's transaction: an API process
-- keeps suggestions it has answered for as long as the counter it read before answering is current.
create table search_version (
  id integer primary key check (id = 1),
  version bigint not null
);
insert into search_version (id, version) values (1, 0);

create function bump_search_version() returns trigger language plpgsql as $$
begin
  update search_version set version = version + 1 where id = 1;
  return null;
end;
$$;

-- The content and the index both: a writer that forgets the index still moves the counter.
create trigger product_search_version after insert or update or delete or truncate on product
  for each statement execute function bump_search_version();
create trigger category_search_version after insert or update or delete or truncate on category
  for each statement execute function bump_search_version();
create trigger product_family_search_version after insert or update or delete or truncate on product_family
  for each statement execute function bump_search_version();
create trigger product_search_index_version after insert or update or delete or truncate on product_search
  for each statement execute function bump_search_version();
create trigger category_search_index_version after insert or update or delete or truncate on category_search
  for each statement execute function bump_search_version();
create trigger family_search_index_version after insert or update or delete or truncate on family_search
  for each statement execute function bump_search_version();
