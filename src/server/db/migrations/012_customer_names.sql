-- One name for the person who has an account (issue 37): the code says customer, and so does the
-- database now. The table `client` becomes `customer`, every `client_id` column `customer_id`, and the
-- indexes, constraints and sequence named after them follow. Renames only: rows, keys, defaults and
-- foreign keys stay as they are (a foreign key and a serial default refer to their table by oid).

alter table client rename to customer;
alter sequence client_id_seq rename to customer_id_seq;
alter table customer rename constraint client_pkey to customer_pkey;
alter index client_username rename to customer_username;
alter index client_email rename to customer_email;

alter table session rename column client_id to customer_id;
alter table session rename constraint session_client_id_fkey to session_customer_id_fkey;
alter index session_client rename to session_customer;

alter table address rename column client_id to customer_id;
alter table address rename constraint address_client_id_fkey to address_customer_id_fkey;
alter index address_client rename to address_customer;

alter table cart_item rename column client_id to customer_id;
alter table cart_item rename constraint cart_item_client_id_fkey to cart_item_customer_id_fkey;

alter table favourite rename column client_id to customer_id;
alter table favourite rename constraint favourite_client_id_fkey to favourite_customer_id_fkey;

alter table saved_article rename column client_id to customer_id;
alter table saved_article rename constraint saved_article_client_id_fkey to saved_article_customer_id_fkey;

alter table customer_order rename column client_id to customer_id;
alter table customer_order rename constraint customer_order_client_id_fkey to customer_order_customer_id_fkey;
alter index customer_order_client rename to customer_order_customer;

alter table inquiry rename column client_id to customer_id;
alter table inquiry rename constraint inquiry_client_id_fkey to inquiry_customer_id_fkey;

-- PostgreSQL 18 (and PGlite) gives each NOT NULL a constraint named after its table and column
-- (`client_email_not_null`, `session_client_id_not_null`); older servers have none to rename.
do $$
declare
  named record;
begin
  for named in
    select conrelid::regclass as owner, conname from pg_constraint
    where contype = 'n' and conname like '%client%'
      and conrelid in ('customer'::regclass, 'session'::regclass, 'address'::regclass, 'cart_item'::regclass,
                       'favourite'::regclass, 'saved_article'::regclass, 'customer_order'::regclass,
                       'inquiry'::regclass)
  loop
    execute format('alter table %s rename constraint %I to %I', named.owner, named.conname,
                   replace(named.conname, 'client', 'customer'));
  end loop;
end $$;
