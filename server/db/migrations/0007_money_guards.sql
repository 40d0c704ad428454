CREATE TABLE "seamless_voided_rounds" (
	"merchant_code" varchar(32) NOT NULL,
	"vendor_code" varchar(32) NOT NULL,
	"round_id" varchar(64) NOT NULL,
	"transaction_id" varchar(64) NOT NULL,
	"member_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seamless_voided_rounds_merchant_code_vendor_code_round_id_pk" PRIMARY KEY("merchant_code","vendor_code","round_id")
);
--> statement-breakpoint
DROP INDEX "bets_round_idx";--> statement-breakpoint
ALTER TABLE "play_rounds" ADD COLUMN "status" varchar(8) DEFAULT 'settled' NOT NULL;--> statement-breakpoint
ALTER TABLE "play_rounds" ADD COLUMN "round_key" varchar(64);--> statement-breakpoint
ALTER TABLE "play_rounds" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "play_rounds" ADD COLUMN "balance_after" bigint;--> statement-breakpoint
ALTER TABLE "seamless_requests" ADD COLUMN "balance_after" bigint;--> statement-breakpoint
ALTER TABLE "seamless_voided_rounds" ADD CONSTRAINT "seamless_voided_rounds_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seamless_voided_rounds_tx_idx" ON "seamless_voided_rounds" USING btree ("merchant_code","vendor_code","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bets_round_uq" ON "bets" USING btree ("merchant_code","vendor_code","round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "play_rounds_session_key_uq" ON "play_rounds" USING btree ("session_id","round_key");--> statement-breakpoint
CREATE INDEX "play_rounds_pending_idx" ON "play_rounds" USING btree ("created_at") WHERE "play_rounds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "play_rounds" ADD CONSTRAINT "play_rounds_status_ck" CHECK ("play_rounds"."status" in ('pending', 'settled', 'void'));--> statement-breakpoint
-- A replay of a seamless-wallet request answers the balance of its first answer: the member posting's balance_after.
UPDATE "seamless_requests" AS r SET "balance_after" = p."balance_after"
FROM "bets" AS b, "ledger_postings" AS p, "ledger_accounts" AS a
WHERE b."id" = r."bet_id" AND p."transaction_id" = r."platform_transaction_id" AND a."id" = p."account_id" AND a."key" = 'member:' || b."member_id";
--> statement-breakpoint
-- The ledger is append-only: transactions and postings are never changed or removed, whoever asks.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation', CONSTRAINT = TG_TABLE_NAME || '_immutable';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_immutable" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_postings_immutable" BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
-- Zero sum, checked at commit (deferred): every transaction has at least two postings and they sum to zero.
CREATE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV[0]: the column naming the transaction ("id" of a transaction, "transaction_id" of a posting).
  tx uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
  total numeric;
  legs bigint;
BEGIN
  SELECT coalesce(sum("amount"), 0), count(*) INTO total, legs FROM "ledger_postings" WHERE "transaction_id" = tx;
  IF total <> 0 OR legs < 2 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (% postings, sum %)', tx, legs, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transactions_balanced" AFTER INSERT ON "ledger_transactions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_postings_balanced" AFTER INSERT ON "ledger_postings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"('transaction_id');
