-- When a counter last let an attempt through: a spaced limit (one try every so many seconds once its
-- ceiling is reached) admits the next attempt only after that.
alter table rate_limit add column last_at timestamptz not null default now();
