-- Editors (issue 16): people who change the content, apart from customers. They call /api/editor/…
-- with `Authorization: Bearer <token>`; a token is shown once when made (`npm run editor`) and kept
-- here only as its sha256.

create table editor (
  id serial primary key,
  email text not null unique,
  created_at timestamptz not null default now()
);

create table editor_token (
  id serial primary key,
  editor_id integer not null references editor (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index editor_token_editor on editor_token (editor_id);
