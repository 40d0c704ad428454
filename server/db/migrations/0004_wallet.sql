CREATE TABLE "bank_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"member_id" bigint NOT NULL,
	"bank_name" varchar(64) NOT NULL,
	"account_name" varchar(128) NOT NULL,
	"account_number" varchar(30) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"member_id" bigint NOT NULL,
	"game_id" integer,
	"vendor_code" varchar(32) NOT NULL,
	"round_id" varchar(64) NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"bet_tx_id" uuid,
	"settle_tx_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bets_amount_ck" CHECK ("bets"."stake" >= 0 and "bets"."win" >= 0),
	CONSTRAINT "bets_status_ck" CHECK ("bets"."status" in ('open', 'settled', 'rolled_back'))
);
--> statement-breakpoint
CREATE TABLE "deposit_channels" (
	"merchant_code" varchar(32) NOT NULL,
	"code" varchar(32) NOT NULL,
	"provider" varchar(32) NOT NULL,
	"names" jsonb NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"preset_amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "deposit_channels_merchant_code_code_pk" PRIMARY KEY("merchant_code","code"),
	CONSTRAINT "deposit_channels_limits_ck" CHECK ("deposit_channels"."min_amount" > 0 and "deposit_channels"."max_amount" >= "deposit_channels"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "deposit_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"code" varchar(32) NOT NULL,
	"titles" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"bonus_rate_bps" integer NOT NULL,
	"max_bonus" bigint NOT NULL,
	"min_deposit" bigint NOT NULL,
	"first_deposit_only" boolean DEFAULT false NOT NULL,
	"badge_amount" bigint,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "deposit_promotions_bonus_ck" CHECK ("deposit_promotions"."bonus_rate_bps" >= 0 and "deposit_promotions"."max_bonus" >= 0 and "deposit_promotions"."min_deposit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(40) NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"member_id" bigint NOT NULL,
	"channel_code" varchar(32) NOT NULL,
	"provider" varchar(32) NOT NULL,
	"amount" bigint NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"promotion_id" integer,
	"status" varchar(16) NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"pay_url" text,
	"provider_ref" varchar(64),
	"ledger_tx_id" uuid,
	"bonus_tx_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "deposits_amount_ck" CHECK ("deposits"."amount" > 0 and "deposits"."bonus" >= 0),
	CONSTRAINT "deposits_status_ck" CHECK ("deposits"."status" in ('pending', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"key" varchar(48) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"member_id" bigint,
	"vendor_code" varchar(32),
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" in ('member', 'hold', 'house', 'gateway', 'vendor')),
	CONSTRAINT "ledger_accounts_nonnegative_ck" CHECK ("ledger_accounts"."kind" not in ('member', 'hold') or "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_owner_ck" CHECK (("ledger_accounts"."kind" in ('member', 'hold')) = ("ledger_accounts"."member_id" is not null) and ("ledger_accounts"."kind" = 'vendor') = ("ledger_accounts"."vendor_code" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_nonzero_ck" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"idempotency_key" varchar(128) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_gateway_payments" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"order_no" varchar(40) NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"return_url" text NOT NULL,
	"status" varchar(16) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "local_gateway_payments_status_ck" CHECK ("local_gateway_payments"."status" in ('pending', 'paid', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_passwords" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(40) NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"member_id" bigint NOT NULL,
	"bank_card_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(16) NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"hold_tx_id" uuid NOT NULL,
	"settle_tx_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_ck" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status_ck" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_bet_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("bet_tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_settle_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("settle_tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD CONSTRAINT "deposit_channels_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_promotions" ADD CONSTRAINT "deposit_promotions_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_promotion_id_deposit_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."deposit_promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_gateway_payments" ADD CONSTRAINT "local_gateway_payments_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_passwords" ADD CONSTRAINT "withdrawal_passwords_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_bank_card_id_bank_cards_id_fk" FOREIGN KEY ("bank_card_id") REFERENCES "public"."bank_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_member_number_uq" ON "bank_cards" USING btree ("member_id","account_number");--> statement-breakpoint
CREATE INDEX "bets_member_created_idx" ON "bets" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "bets_round_idx" ON "bets" USING btree ("merchant_code","vendor_code","round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bets_bet_tx_uq" ON "bets" USING btree ("bet_tx_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_promotions_merchant_code_uq" ON "deposit_promotions" USING btree ("merchant_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_order_no_uq" ON "deposits" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_member_key_uq" ON "deposits" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "deposits_member_idx" ON "deposits" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_merchant_key_uq" ON "ledger_accounts" USING btree ("merchant_code","key");--> statement-breakpoint
CREATE INDEX "ledger_accounts_member_idx" ON "ledger_accounts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_created_idx" ON "ledger_postings" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_merchant_key_uq" ON "ledger_transactions" USING btree ("merchant_code","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("merchant_code","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "local_gateway_payments_order_uq" ON "local_gateway_payments" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_order_no_uq" ON "withdrawals" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_member_key_uq" ON "withdrawals" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("merchant_code","created_at") WHERE "withdrawals"."status" = 'pending';