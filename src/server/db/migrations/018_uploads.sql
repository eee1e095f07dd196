-- Editors' files (issue 39, item 4; decision 0071): the bytes of each uploaded file, kept once by their
-- SHA-256 whoever uploads them again, and served at /files/uploads/<sha256>/<name>. Only what the content
-- shows to be a PDF, PNG, JPEG or WebP is taken; an image's size in pixels is read from its header.
create table upload (
  sha256 text primary key check (sha256 ~ '^[0-9a-f]{64}$'),
  media_type text not null check (media_type in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')),
  size integer not null check (size > 0),
  -- The name it was first sent with, made safe (no path, no control characters, its true extension).
  name text not null,
  width integer check (width > 0),
  height integer check (height > 0),
  bytes bytea not null,
  created_at timestamptz not null default now(),
  -- The editor who first uploaded it; null for a shell.
  created_by integer references editor (id)
);

-- A product's pictures, in order, each with its alt text in both languages. The size is the upload's when
-- the address is an upload's (so a page reserves the picture's box), else unknown.
create table product_image (
  product_id integer not null references product (id) on delete cascade,
  sort integer not null,
  url text not null,
  alt_en text not null,
  alt_zh text not null,
  width integer,
  height integer,
  primary key (product_id, sort)
);

-- A product's pictures are a part of it in the change feed, as its specifications are (migration 008).
create trigger product_image_change_insert after insert on product_image referencing new table as new_rows
  for each statement execute function record_content_change('product', 'product_id', 'part');
create trigger product_image_change_update after update on product_image
  referencing old table as old_rows new table as new_rows
  for each statement execute function record_content_change('product', 'product_id', 'part');
create trigger product_image_change_delete after delete on product_image referencing old table as old_rows
  for each statement execute function record_content_change('product', 'product_id', 'part');
