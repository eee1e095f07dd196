-- Issue 39: when each language of a record was last changed, for the workspace's "missing or stale
-- translation" filter. A record is stale when its Chinese was last changed before its English. Set by the
-- editors' saves (db/editing/translations.ts), which compare the record's text in each language before
-- and after; records written before this migration count as translated together.
alter table product add column en_changed_at timestamptz, add column zh_changed_at timestamptz;
alter table category add column en_changed_at timestamptz, add column zh_changed_at timestamptz;
alter table solution add column en_changed_at timestamptz, add column zh_changed_at timestamptz;
alter table article add column en_changed_at timestamptz, add column zh_changed_at timestamptz;
update product set en_changed_at = updated_at, zh_changed_at = updated_at;
update category set en_changed_at = updated_at, zh_changed_at = updated_at;
update solution set en_changed_at = updated_at, zh_changed_at = updated_at;
update article set en_changed_at = updated_at, zh_changed_at = updated_at;
alter table product alter column en_changed_at set default now(), alter column en_changed_at set not null,
  alter column zh_changed_at set default now(), alter column zh_changed_at set not null;
alter table category alter column en_changed_at set default now(), alter column en_changed_at set not null,
  alter column zh_changed_at set default now(), alter column zh_changed_at set not null;
alter table solution alter column en_changed_at set default now(), alter column en_changed_at set not null,
  alter column zh_changed_at set default now(), alter column zh_changed_at set not null;
alter table article alter column en_changed_at set default now(), alter column en_changed_at set not null,
  alter column zh_changed_at set default now(), alter column zh_changed_at set not null;
