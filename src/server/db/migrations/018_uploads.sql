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
