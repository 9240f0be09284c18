-- Up Migration

-- A mirror day's notes (lib/store/mirror-store.ts): how many of its records were invalid or came
-- in an odd shape, a count in clear beside `count`, so that a report needing only to know the day
-- is held opens nothing when it is 0; and the fetch it was counted for. An older instance writing
-- the day again leaves both as they were beside its new fetched_at: the readers compare the two,
-- and take the notes as unknown. Days written before this migration have none (NULL): they are
-- counted when a report first opens their digests. Nullable columns without a default: no
-- rewrite of the table.

ALTER TABLE salesdash_mirror_days ADD COLUMN notes INTEGER, ADD COLUMN notes_at BIGINT;

-- Down Migration

ALTER TABLE salesdash_mirror_days DROP COLUMN notes, DROP COLUMN notes_at;
