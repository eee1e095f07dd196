-- Fixed site pages (about, FAQ, policies, help, downloads) and the history of slugs, so a renamed
-- product, category, solution or article keeps its old links working through redirect rules.

create table site_page (
  key text primary key,
  title_en text not null,
  title_zh text not null,
  summary_en text not null default '',
  summary_zh text not null default '',
  sections jsonb not null default '[]',
  updated_at timestamptz not null default now()
);

create table slug_history (
  kind text not null check (kind in ('product', 'category', 'solution', 'article')),
  entity_id integer not null,
  slug text not null,
  replaced_at timestamptz not null default now(),
  primary key (kind, entity_id, slug)
);

create function remember_old_slug() returns trigger language plpgsql as $$
begin
  if new.slug is distinct from old.slug then
    insert into slug_history (kind, entity_id, slug) values (tg_argv[0], old.id, old.slug)
    on conflict (kind, entity_id, slug) do update set replaced_at = now();
    -- A slug that comes back into use is no longer an old one.
    delete from slug_history where kind = tg_argv[0] and entity_id = new.id and slug = new.slug;
  end if;
  return new;
end;
$$;

create trigger product_slug_history before update of slug on product
  for each row execute function remember_old_slug('product');
create trigger category_slug_history before update of slug on category
  for each row execute function remember_old_slug('category');
create trigger solution_slug_history before update of slug on solution
  for each row execute function remember_old_slug('solution');
create trigger article_slug_history before update of slug on article
  for each row execute function remember_old_slug('article');
