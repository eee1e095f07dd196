-- A product's performance curves (issue 40; decision 0073), in order: what each shows (src/api/curves.ts),
-- its title in both languages, and its axes and series as the editors' calls take them: an axis's name in
-- both languages and its unit (one text, or both languages), each series' name and its x and y values. The
-- numbers are read whole, never queried one by one, so the series are one jsonb value, not a row a point.
create table product_curve (
  product_id integer not null references product (id) on delete cascade,
  sort integer not null,
  kind text not null check (kind in
    ('transmission', 'reflectance', 'spectrum', 'responsivity', 'power-current', 'quantum-efficiency')),
  title_en text not null,
  title_zh text not null,
  x_axis jsonb not null,
  y_axis jsonb not null,
  series jsonb not null,
  primary key (product_id, sort)
);

-- A product's curves are a part of it in the change feed, as its pictures are (migration 018).
create trigger product_curve_change_insert after insert on product_curve referencing new table as new_rows
  for each statement execute function record_content_change('product', 'product_id', 'part');
create trigger product_curve_change_update after update on product_curve
  referencing old table as old_rows new table as new_rows
  for each statement execute function record_content_change('product', 'product_id', 'part');
create trigger product_curve_change_delete after delete on product_curve referencing old table as old_rows
  for each statement execute function record_content_change('product', 'product_id', 'part');
