-- The change feed (issue 16): every write to content, through the API, the seed or SQL typed straight
-- into the database, records which entity changed and how, in the writer's transaction. A build
-- remembers the last sequence number it saw and asks for what came after (src/server/db/changes.ts).
-- Statement triggers with transition tables: one insert per statement, however many rows it touched.
-- Writers hold advisory lock 724312 shared until they commit; a reader of the feed takes it exclusive,
-- so it waits for the writes under way, and never reads past a sequence number that a transaction
-- still open holds (which would commit later and be missed).

create table content_change (
  seq bigserial primary key,
  entity text not null,
  entity_id text not null,
  kind text not null check (kind in ('insert', 'update', 'delete')),
  changed_at timestamptz not null default now()
);
create index content_change_entity on content_change (entity, entity_id);

-- tg_argv: the entity's name, and the column (of the changed rows) that names the entity's id. A row
-- of a part of a product (an attribute, option, relation, resource) is a change of that product.
create function record_content_change() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(724312);
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

-- A value of an option belongs to the option's product.
create function record_option_value_change() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(724312);
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

do $$
declare
  t record;
begin
  for t in select * from (values
      ('category', 'category', 'id', 'own'),
      ('product', 'product', 'id', 'own'),
      ('product_attribute', 'product', 'product_id', 'part'),
      ('product_option', 'product', 'product_id', 'part'),
      ('product_relation', 'product', 'product_id', 'part'),
      ('product_resource', 'product', 'product_id', 'part'),
      ('product_family', 'product_family', 'key', 'own'),
      ('solution_group', 'solution_group', 'type', 'own'),
      ('solution', 'solution', 'id', 'own'),
      ('solution_product', 'solution', 'solution_id', 'part'),
      ('article', 'article', 'id', 'own'),
      ('system_config', 'system_config', 'config_name', 'own'),
      ('page_meta', 'page_meta', 'page_key', 'own'),
      ('site_page', 'site_page', 'key', 'own')
    ) as v(tab, entity, id_column, role)
  loop
    execute format('create trigger %I after insert on %I referencing new table as new_rows
      for each statement execute function record_content_change(%L, %L, %L)',
      t.tab || '_change_insert', t.tab, t.entity, t.id_column, t.role);
    execute format('create trigger %I after update on %I referencing old table as old_rows new table as new_rows
      for each statement execute function record_content_change(%L, %L, %L)',
      t.tab || '_change_update', t.tab, t.entity, t.id_column, t.role);
    execute format('create trigger %I after delete on %I referencing old table as old_rows
      for each statement execute function record_content_change(%L, %L, %L)',
      t.tab || '_change_delete', t.tab, t.entity, t.id_column, t.role);
  end loop;
end;
$$;

create trigger product_option_value_change_insert after insert on product_option_value
  referencing new table as new_rows for each statement execute function record_option_value_change();
create trigger product_option_value_change_update after update on product_option_value
  referencing new table as new_rows for each statement execute function record_option_value_change();
create trigger product_option_value_change_delete after delete on product_option_value
  referencing old table as old_rows for each statement execute function record_option_value_change();
