-- The outbox gives a message up after a bounded number of failed tries (MAX_ATTEMPTS in
-- src/server/mail/outbox.ts) and keeps it here, marked failed, until `npm run outbox -- retry` puts
-- it back. Failed messages are never claimed, so the due index leaves them out.
alter table mail_outbox add column failed_at timestamptz;
drop index mail_outbox_due;
create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null;
create index mail_outbox_failed on mail_outbox (failed_at) where failed_at is not null;
