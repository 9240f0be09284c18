-- Up Migration

-- Each orders day's mark keeps what the Orders report's filter bar and currency decision read of
-- its rows (choices: a JSON text written with the day's rows, lib/store/postgres/order-day-choices.ts's
-- choicesTextOf): the rows grouped by every filter's column, own currency and offer currency with
-- their count, and each offer code's greatest name mark; beside it the first and last of their
-- instants and how many have none (choices_lo, choices_hi, choices_none); named by the fetch they
-- describe (choices_at, the mark's fetched_at). A day an instance older than this migration writes
-- again keeps a text naming the older fetch, which a reader takes for none and reads that range from
-- its rows. The days held are kept here once, as a write keeps its day.

ALTER TABLE salesdash_order_fact_days ADD COLUMN choices_at BIGINT, ADD COLUMN choices_lo BIGINT, ADD COLUMN choices_hi BIGINT, ADD COLUMN choices_none INTEGER, ADD COLUMN choices TEXT;

UPDATE salesdash_order_fact_days d SET choices_at = d.fetched_at, (choices_lo, choices_hi, choices_none) = (SELECT MIN(f.created_at), MAX(f.created_at), COUNT(*) - COUNT(f.created_at) FROM salesdash_order_facts f WHERE f.account = d.account AND f.day = d.day),
  choices = (SELECT json_build_object(
      'groups', COALESCE((SELECT json_agg(json_build_array(g.product, g.offer, g.payment_method, g.psp, g.card_brand, g.country, g.own, g.currency_offer, g.orders) ORDER BY g.product, g.offer, g.payment_method, g.psp, g.card_brand, g.country, g.own, g.currency_offer) FROM (SELECT f.product, f.offer, f.payment_method, f.psp, f.card_brand, f.country, f.currency AS own, f.currency_offer, COUNT(*) AS orders FROM salesdash_order_facts f WHERE f.account = d.account AND f.day = d.day GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) g), '[]'::json),
      'labels', COALESCE((SELECT json_agg(json_build_array(l.code, l.m) ORDER BY l.code) FROM (SELECT CASE WHEN COALESCE(f.offer, '') = '' THEN 'none' ELSE f.offer END AS code, MAX(f.day || lpad((2147483647 - f.seq)::text, 10, '0') || COALESCE('1' || f.offer_name, '0') COLLATE "C") AS m FROM salesdash_order_facts f WHERE f.account = d.account AND f.day = d.day GROUP BY 1) l), '[]'::json))::text);

-- Down Migration

ALTER TABLE salesdash_order_fact_days DROP COLUMN choices_at, DROP COLUMN choices_lo, DROP COLUMN choices_hi, DROP COLUMN choices_none, DROP COLUMN choices;
