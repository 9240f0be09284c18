-- Up Migration

-- A mark per account that every write of its fact tables moves (lib/store/kept-answers.ts): an
-- instance keeps a report's aggregates while the mark it read before and after them is still the
-- account's. The mark is moved by the database itself, from the days' marks each write sets (a
-- day replaced writes its row of the days table; forgetting an account, and a migration that
-- empties a table, delete those rows): so a write by an instance of an older version, or by hand,
-- ends what was kept as well. Each mark is a new value of one sequence, never given twice; an
-- account without a row (forgotten, or not written since this migration) has no mark, and
-- nothing is kept for it.

CREATE SEQUENCE salesdash_fact_version_seq;

CREATE TABLE salesdash_fact_versions (
  account TEXT COLLATE "C" PRIMARY KEY,
  version BIGINT NOT NULL
);

CREATE FUNCTION salesdash_move_fact_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM salesdash_fact_versions WHERE account = OLD.account;
    RETURN OLD;
  END IF;
  INSERT INTO salesdash_fact_versions (account, version) VALUES (NEW.account, nextval('salesdash_fact_version_seq'))
    ON CONFLICT (account) DO UPDATE SET version = EXCLUDED.version;
  RETURN NEW;
END
$$;

CREATE FUNCTION salesdash_drop_fact_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM salesdash_fact_versions;
  RETURN NULL;
END
$$;

CREATE TRIGGER salesdash_purchase_fact_days_version AFTER INSERT OR UPDATE OR DELETE ON salesdash_purchase_fact_days FOR EACH ROW EXECUTE FUNCTION salesdash_move_fact_version();
CREATE TRIGGER salesdash_order_fact_days_version AFTER INSERT OR UPDATE OR DELETE ON salesdash_order_fact_days FOR EACH ROW EXECUTE FUNCTION salesdash_move_fact_version();
CREATE TRIGGER salesdash_cart_fact_days_version AFTER INSERT OR UPDATE OR DELETE ON salesdash_cart_fact_days FOR EACH ROW EXECUTE FUNCTION salesdash_move_fact_version();
CREATE TRIGGER salesdash_refund_fact_days_version AFTER INSERT OR UPDATE OR DELETE ON salesdash_refund_fact_days FOR EACH ROW EXECUTE FUNCTION salesdash_move_fact_version();
CREATE TRIGGER salesdash_chargeback_fact_days_version AFTER INSERT OR UPDATE OR DELETE ON salesdash_chargeback_fact_days FOR EACH ROW EXECUTE FUNCTION salesdash_move_fact_version();

CREATE TRIGGER salesdash_purchase_fact_days_emptied AFTER TRUNCATE ON salesdash_purchase_fact_days FOR EACH STATEMENT EXECUTE FUNCTION salesdash_drop_fact_versions();
CREATE TRIGGER salesdash_order_fact_days_emptied AFTER TRUNCATE ON salesdash_order_fact_days FOR EACH STATEMENT EXECUTE FUNCTION salesdash_drop_fact_versions();
CREATE TRIGGER salesdash_cart_fact_days_emptied AFTER TRUNCATE ON salesdash_cart_fact_days FOR EACH STATEMENT EXECUTE FUNCTION salesdash_drop_fact_versions();
CREATE TRIGGER salesdash_refund_fact_days_emptied AFTER TRUNCATE ON salesdash_refund_fact_days FOR EACH STATEMENT EXECUTE FUNCTION salesdash_drop_fact_versions();
CREATE TRIGGER salesdash_chargeback_fact_days_emptied AFTER TRUNCATE ON salesdash_chargeback_fact_days FOR EACH STATEMENT EXECUTE FUNCTION salesdash_drop_fact_versions();

-- Down Migration

DROP TRIGGER salesdash_purchase_fact_days_version ON salesdash_purchase_fact_days;
DROP TRIGGER salesdash_order_fact_days_version ON salesdash_order_fact_days;
DROP TRIGGER salesdash_cart_fact_days_version ON salesdash_cart_fact_days;
DROP TRIGGER salesdash_refund_fact_days_version ON salesdash_refund_fact_days;
DROP TRIGGER salesdash_chargeback_fact_days_version ON salesdash_chargeback_fact_days;
DROP TRIGGER salesdash_purchase_fact_days_emptied ON salesdash_purchase_fact_days;
DROP TRIGGER salesdash_order_fact_days_emptied ON salesdash_order_fact_days;
DROP TRIGGER salesdash_cart_fact_days_emptied ON salesdash_cart_fact_days;
DROP TRIGGER salesdash_refund_fact_days_emptied ON salesdash_refund_fact_days;
DROP TRIGGER salesdash_chargeback_fact_days_emptied ON salesdash_chargeback_fact_days;
DROP FUNCTION salesdash_drop_fact_versions();
DROP FUNCTION salesdash_move_fact_version();
DROP TABLE salesdash_fact_versions;
DROP SEQUENCE salesdash_fact_version_seq;
