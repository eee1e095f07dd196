-- Issue 38 (decision 0066): attachment names without format characters.

-- Attachment names stored before: without the format characters (bidirectional controls, invisible
-- ones) that make `report<U+202E>fdp.zip` show as "reportpiz.pdf". The code drops them since.
update inquiry_attachment
set file_name = regexp_replace(
  file_name,
  '[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]',
  '',
  'g'
)
where file_name ~ '[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]';
