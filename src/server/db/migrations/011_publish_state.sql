-- Editors publish and unpublish categories, solutions and articles as they already do products
-- (issue 16, decision 0023). Every public read leaves unpublished rows out; an unpublished category
-- has no search row (indexSearch skips it). Rules the editor calls keep (src/server/db/editing.ts):
-- nothing published sits in an unpublished category, and a published category's parent is published.

alter table category add column published boolean not null default true;
alter table solution add column published boolean not null default true;
alter table article add column published boolean not null default true;
