-- An account's balance is its postings': at commit (deferred), every account whose balance
-- changed or that was created holds the balance_after of its last posting (0 without one), so
-- the balance can only move with a posting, whoever writes to the table.
CREATE FUNCTION "ledger_check_account_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current bigint;
  expected bigint;
BEGIN
  SELECT "balance" INTO current FROM "ledger_accounts" WHERE "id" = NEW."id";
  SELECT coalesce((SELECT "balance_after" FROM "ledger_postings" WHERE "account_id" = NEW."id" ORDER BY "id" DESC LIMIT 1), 0)
    INTO expected;
  IF current IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'ledger account % holds % but its postings say %', NEW."id", current, expected
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_balance_posted';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_accounts_balance_posted" AFTER INSERT OR UPDATE OF "balance" ON "ledger_accounts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_account_balance"();
