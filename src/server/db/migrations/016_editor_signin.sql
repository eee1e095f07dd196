-- Issue 39: editors sign in to the workspace with a code mailed to them (purpose 'editor').
alter table verification_code drop constraint verification_code_purpose_check;
alter table verification_code add constraint verification_code_purpose_check
  check (purpose in ('register', 'reset', 'editor'));
