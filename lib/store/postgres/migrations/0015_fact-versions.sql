-- Up Migration

-- A mark per account that every write of its fact tables moves in its own transaction (a day
-- replaced, the account forgotten): an instance keeps a report's aggregates while the mark it
-- read them at is still the account's (lib/store/kept-answers.ts), and any instance's write ends
-- that. Each mark is a new value of one sequence, never given twice, so a mark deleted with the
-- account (its row goes with "Forget my data") and written again later cannot match one kept.

CREATE SEQUENCE salesdash_fact_version_seq;

CREATE TABLE salesdash_fact_versions (
  account TEXT COLLATE "C" PRIMARY KEY,
  version BIGINT NOT NULL
);

-- Down Migration

DROP TABLE salesdash_fact_versions;
DROP SEQUENCE salesdash_fact_version_seq;
