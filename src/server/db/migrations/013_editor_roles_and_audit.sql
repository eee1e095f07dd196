-- Editors' roles, named tokens that expire, and the audit trail (issue 38, decision 0063).

-- editor: content and rebuilds; admin: that, and site settings (mail routing among them) and editor
-- accounts. Editors made before roles get the narrower one: an operator promotes an admin with
-- `npm run editor -- create --email E --role admin`.
alter table editor add column role text not null default 'editor' check (role in ('editor', 'admin'));

-- A token has a name its editor knows it by (one live token per name), and an end. `kind` tells the API
-- tokens an editor makes for a tool from the sessions a sign-in in the editors' workspace will make
-- (issue 39): both are bearer tokens checked the same way, sessions only shorter.
alter table editor_token add column name text;
alter table editor_token add column expires_at timestamptz;
alter table editor_token add column kind text not null default 'api' check (kind in ('api', 'session'));
update editor_token set name = 'token-' || id,
  expires_at = case when revoked_at is null then now() + interval '90 days' else revoked_at end;
alter table editor_token alter column name set not null;
alter table editor_token alter column expires_at set not null;
create unique index editor_token_live_name on editor_token (editor_id, name) where revoked_at is null;

-- Every editor write (one row per record written), rebuild request, rollback, token and account change:
-- who (an editor and the token used, or a shell), when, what, and the record as it was before, in the
-- shape its save call takes (null for a record that did not exist). Content rows are written in the
-- transaction of the change, so the trail, the content and the change feed commit together.
create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  -- The editor, or null for a shell (a CLI run by whoever can open the database).
  editor_id integer references editor (id),
  token_id integer references editor_token (id),
  -- The editor's email then, or 'shell:<user>@<host>'.
  actor text not null,
  -- 'api', or the command a shell ran ('npm run rollback').
  via text not null,
  -- The caller's address, for calls through the API.
  address text,
  -- save, publish, unpublish, delete, rebuild, rollback, token.create, token.revoke, role.set, …
  action text not null,
  -- product, category, solution, article, meta, config, solution-group, site-page, build, release,
  -- token, editor.
  entity text not null,
  -- The record's id (or key, page, setting, build, release, email): a record's history is one key.
  entity_key text not null,
  -- What a person reads it as: a part number, a key, a title.
  label text not null default '',
  before jsonb,
  -- What was asked: the saved record, the published state, a rollback's releases.
  detail jsonb
);
create index audit_log_at on audit_log (at, id);
create index audit_log_actor on audit_log (actor, at);
create index audit_log_entity on audit_log (entity, entity_key, at);

-- The trail is only ever added to.
create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_append_only();
