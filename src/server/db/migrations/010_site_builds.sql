-- Site builds (issue 16): the rebuild queue and its history. An editor's or the CLI's trigger adds a
-- queued build; an API process that builds takes it (building), and it ends published or failed.
-- The two partial unique indexes are the lock across every API process on the database: at most one
-- build waits (a trigger that finds one waiting joins it) and at most one runs.

create table site_build (
  id text primary key,
  status text not null check (status in ('queued', 'building', 'published', 'failed')),
  requested_by text not null,
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  -- A building build's process says it is alive; one silent for a minute has stopped.
  heartbeat_at timestamptz,
  pages_total integer,
  pages_rendered integer not null default 0,
  pages_reused integer not null default 0,
  eta_ms integer,
  -- The change feed's sequence number the build read up to (content_change.seq).
  change_seq bigint,
  changes integer,
  release text,
  error text
);
create unique index site_build_one_queued on site_build ((true)) where status = 'queued';
create unique index site_build_one_building on site_build ((true)) where status = 'building';
create index site_build_requested on site_build (requested_at);
