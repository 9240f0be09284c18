-- Up Migration

-- What the purchases CSV writes that the rows did not hold (lib/store/purchase-fact-store.ts,
-- PurchaseFactRow's csv): the record's own psp, card brand, affiliate name, incomingAvailableAt
-- as written and its money fields as given (null when absent), so that the file is read from the
-- rows, byte for byte the one the records give. The customer's masked name and e-mail and the
-- card's last digits are never columns: the mirror seals each day's list of them with its key
-- (the account's, which the database never holds) and the day's mark keeps it (customers).
-- Rows written before keep serving every other report; their days have no sealed cells
-- (customers is null), so the purchases CSV reads those days' records (its preamble counts them)
-- until the mirror writes the day again. Nothing is deleted: the tables stay readable while the
-- columns are added, and no instance falls back to the records for every report at once.

ALTER TABLE salesdash_purchase_facts
  ADD COLUMN raw_psp TEXT COLLATE "C",
  ADD COLUMN raw_card_brand TEXT COLLATE "C",
  ADD COLUMN raw_affiliate_name TEXT COLLATE "C",
  ADD COLUMN incoming_available_at TEXT COLLATE "C",
  ADD COLUMN amount_refunded DOUBLE PRECISION,
  ADD COLUMN amount_affiliation DOUBLE PRECISION,
  ADD COLUMN amount_affiliation_net DOUBLE PRECISION,
  ADD COLUMN amount_items_gross DOUBLE PRECISION,
  ADD COLUMN amount_items_net DOUBLE PRECISION,
  ADD COLUMN amount_shipping_net DOUBLE PRECISION,
  ADD COLUMN amount_taxes DOUBLE PRECISION,
  ADD COLUMN amount_creator_platform_fee DOUBLE PRECISION,
  ADD COLUMN amount_creator_tax DOUBLE PRECISION,
  ADD COLUMN amount_creator_net DOUBLE PRECISION;

ALTER TABLE salesdash_purchase_fact_days ADD COLUMN customers BYTEA;

-- Down Migration

ALTER TABLE salesdash_purchase_fact_days DROP COLUMN customers;

ALTER TABLE salesdash_purchase_facts
  DROP COLUMN raw_psp,
  DROP COLUMN raw_card_brand,
  DROP COLUMN raw_affiliate_name,
  DROP COLUMN incoming_available_at,
  DROP COLUMN amount_refunded,
  DROP COLUMN amount_affiliation,
  DROP COLUMN amount_affiliation_net,
  DROP COLUMN amount_items_gross,
  DROP COLUMN amount_items_net,
  DROP COLUMN amount_shipping_net,
  DROP COLUMN amount_taxes,
  DROP COLUMN amount_creator_platform_fee,
  DROP COLUMN amount_creator_tax,
  DROP COLUMN amount_creator_net;
