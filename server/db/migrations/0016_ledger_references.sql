ALTER TABLE "bets" DROP CONSTRAINT "bets_bet_tx_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "bets" DROP CONSTRAINT "bets_settle_tx_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "seamless_requests" DROP CONSTRAINT "seamless_requests_platform_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
-- The ledger's own references, checked once per statement instead of by a foreign key per row (a batch of
-- seamless requests writes each table in one statement; the per-row checks were about a fifth of a
-- batch's time): every posting names an existing transaction and account, every bet and seamless request
-- names existing ledger transactions. Transactions are immutable (0007), so a reference checked when it
-- is written stays valid; an account with postings cannot be removed or renumbered (below). A write that
-- breaks a reference fails with the foreign-key error (23503) and the constraint name it had before.
CREATE OR REPLACE FUNCTION "ledger_check_new_postings"() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  tx uuid;
  account bigint;
BEGIN
  SELECT np.transaction_id INTO tx FROM new_postings np
   WHERE NOT EXISTS (SELECT 1 FROM "ledger_transactions" t WHERE t.id = np.transaction_id)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger posting names transaction %, which does not exist', tx
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_postings_transaction_id_ledger_transactions_id_fk';
  END IF;
  -- Key-share locks, as a foreign key takes them (a no-op on the rows this transaction has locked
  -- already): a delete of one of these accounts that has not committed yet is waited for, and then
  -- the existence check below, on a new snapshot, sees it.
  PERFORM 1 FROM "ledger_accounts" a WHERE a.id IN (SELECT np.account_id FROM new_postings np) FOR KEY SHARE OF a;
  SELECT np.account_id INTO account FROM new_postings np
   WHERE NOT EXISTS (SELECT 1 FROM "ledger_accounts" a WHERE a.id = np.account_id)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger posting names account %, which does not exist', account
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_postings_account_id_ledger_accounts_id_fk';
  END IF;
  SELECT n.transaction_id INTO tx FROM (SELECT DISTINCT np.transaction_id FROM new_postings np) n
   WHERE (SELECT coalesce(sum(p.amount), 0) <> 0 OR count(*) < 2 FROM "ledger_postings" p WHERE p.transaction_id = n.transaction_id)
   LIMIT 1;
  IF tx IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', tx
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced';
  END IF;
  SELECT a.id INTO account FROM "ledger_accounts" a
   WHERE a.id IN (SELECT DISTINCT np.account_id FROM new_postings np)
     AND a.balance <> (SELECT l.balance_after FROM "ledger_postings" l WHERE l.account_id = a.id ORDER BY l.account_id DESC, l.id DESC LIMIT 1)
   LIMIT 1;
  IF account IS NOT NULL THEN
    RAISE EXCEPTION 'ledger account % does not hold the balance of its last posting', account
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_balance_posted';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "bets_check_ledger_refs"() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  tx uuid;
BEGIN
  SELECT r.tx INTO tx FROM (SELECT n.bet_tx_id AS tx FROM new_bets n UNION ALL SELECT n.settle_tx_id FROM new_bets n) r
   WHERE r.tx IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ledger_transactions" t WHERE t.id = r.tx)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'bet names ledger transaction %, which does not exist', tx
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'bets_ledger_transactions_fk';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bets_ledger_refs_inserted" AFTER INSERT ON "bets"
  REFERENCING NEW TABLE AS new_bets FOR EACH STATEMENT EXECUTE FUNCTION "bets_check_ledger_refs"();
--> statement-breakpoint
CREATE TRIGGER "bets_ledger_refs_updated" AFTER UPDATE ON "bets"
  REFERENCING NEW TABLE AS new_bets FOR EACH STATEMENT EXECUTE FUNCTION "bets_check_ledger_refs"();
--> statement-breakpoint
CREATE FUNCTION "seamless_requests_check_ledger_refs"() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  tx uuid;
BEGIN
  SELECT n.platform_transaction_id INTO tx FROM new_requests n
   WHERE n.platform_transaction_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM "ledger_transactions" t WHERE t.id = n.platform_transaction_id)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'seamless request names ledger transaction %, which does not exist', tx
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'seamless_requests_platform_transaction_id_ledger_transactions_id_fk';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "seamless_requests_ledger_refs_inserted" AFTER INSERT ON "seamless_requests"
  REFERENCING NEW TABLE AS new_requests FOR EACH STATEMENT EXECUTE FUNCTION "seamless_requests_check_ledger_refs"();
--> statement-breakpoint
CREATE TRIGGER "seamless_requests_ledger_refs_updated" AFTER UPDATE ON "seamless_requests"
  REFERENCING NEW TABLE AS new_requests FOR EACH STATEMENT EXECUTE FUNCTION "seamless_requests_check_ledger_refs"();
--> statement-breakpoint
-- An account with postings keeps its row and its number. A delete or renumbering waits for the row lock
-- of any transaction posting to it (the posting updates the balance, and the check above key-share
-- locks it) and then sees its postings; a posting that waited for a delete finds the account gone.
CREATE FUNCTION "ledger_accounts_keep_posted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'DELETE' OR NEW.id <> OLD.id) AND EXISTS (SELECT 1 FROM "ledger_postings" p WHERE p.account_id = OLD.id) THEN
    RAISE EXCEPTION 'ledger account % has postings: % refused', OLD.id, TG_OP
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_postings_account_id_ledger_accounts_id_fk';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_keep_posted" BEFORE DELETE OR UPDATE OF "id" ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION "ledger_accounts_keep_posted"();
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
