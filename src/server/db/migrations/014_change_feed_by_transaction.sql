-- The change feed read by transaction, without a lock, and pruned (issue 38, decision 0064).
--
-- Until now a reader took advisory lock 724312 exclusive, so that no write still open could commit a
-- sequence number below the position it answered, and every writer held the lock shared until it
-- committed: a flood of readers queued every editor write behind it. Now each change row carries the
-- writer's top-level transaction id (`xid`), and a position is a transaction horizon: the oldest
-- transaction still running when the reader looked (pg_snapshot_xmin). Every transaction below it has
-- ended, so no row with a smaller xid can appear later; nobody waits for anybody.
--
-- Positions of sequence numbers mean nothing in the new order, so the rows recorded under the old one go:
-- every reader loads everything once more (the products loader's format changed with this migration), and
-- a build's recorded position (site_build) is dropped.

create or replace function record_content_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    execute format(
      'insert into content_change (entity, entity_id, kind) select distinct %L, (to_jsonb(r) ->> %L), %L from new_rows r',
      tg_argv[0], tg_argv[1], case when tg_argv[2] = 'part' then 'update' else 'insert' end);
  elsif tg_op = 'DELETE' then
    execute format(
      'insert into content_change (entity, entity_id, kind) select distinct %L, (to_jsonb(r) ->> %L), %L from old_rows r',
      tg_argv[0], tg_argv[1], case when tg_argv[2] = 'part' then 'update' else 'delete' end);
  else
    -- An update that moves a row (a relation to another product) changes both.
    execute format(
      'insert into content_change (entity, entity_id, kind)
       select %L, id, %L from (select to_jsonb(r) ->> %L as id from new_rows r
                               union select to_jsonb(r) ->> %L from old_rows r) ids',
      tg_argv[0], 'update', tg_argv[1], tg_argv[1]);
  end if;
  return null;
end;
$$;

create or replace function record_option_value_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    insert into content_change (entity, entity_id, kind)
      select distinct 'product', o.product_id::text, 'update' from old_rows r join product_option o on o.id = r.option_id;
  else
    insert into content_change (entity, entity_id, kind)
      select distinct 'product', o.product_id::text, 'update' from new_rows r join product_option o on o.id = r.option_id;
  end if;
  return null;
end;
$$;

delete from content_change;
-- The writer's top-level transaction (a savepoint's rows carry it too), as a number: xid8 never wraps.
alter table content_change add column xid bigint not null default (pg_current_xact_id()::text::bigint);
-- A page of the feed is a range of this index: (xid, seq) from a position on.
create index content_change_xid on content_change (xid, seq);
-- Nothing looks changes up by entity.
drop index content_change_entity;

-- Rows with an xid below `below` may be gone (pruned): a reader asking from further back is told to load
-- everything. One row.
create table content_change_pruned (
  only_row boolean primary key default true check (only_row),
  below bigint not null
);
insert into content_change_pruned (below) values (pg_snapshot_xmin(pg_current_snapshot())::text::bigint);

-- The feed position a build read from (a transaction horizon), kept for pruning: see changes.ts.
alter table site_build rename column change_seq to feed_position;
update site_build set feed_position = null;
