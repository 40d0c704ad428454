CREATE TABLE "agent_contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"agent_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"tiers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "agent_contracts_kind_ck" CHECK ("agent_contracts"."kind" in ('salary', 'hourly', 'dividend')),
	CONSTRAINT "agent_contracts_status_ck" CHECK ("agent_contracts"."status" in ('pending', 'active', 'rejected', 'withdrawn', 'ended')),
	CONSTRAINT "agent_contracts_parties_ck" CHECK ("agent_contracts"."agent_id" <> "agent_contracts"."member_id")
);
--> statement-breakpoint
CREATE TABLE "contract_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" bigint NOT NULL,
	"period" varchar(16) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"base" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(8) NOT NULL,
	"tx_id" uuid,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_payouts_status_ck" CHECK ("contract_payouts"."status" in ('paid', 'unpaid', 'nothing')),
	CONSTRAINT "contract_payouts_amount_ck" CHECK ("contract_payouts"."amount" >= 0 and ("contract_payouts"."status" = 'nothing') = ("contract_payouts"."amount" = 0) and ("contract_payouts"."status" = 'paid') = ("contract_payouts"."tx_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "rebate_payout_lines" (
	"payout_id" bigint NOT NULL,
	"game_type" varchar(16) NOT NULL,
	"source" varchar(4) NOT NULL,
	"turnover" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "rebate_payout_lines_payout_id_game_type_source_pk" PRIMARY KEY("payout_id","game_type","source"),
	CONSTRAINT "rebate_payout_lines_source_ck" CHECK ("rebate_payout_lines"."source" in ('self', 'team'))
);
--> statement-breakpoint
CREATE TABLE "rebate_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"turnover" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(8) NOT NULL,
	"tx_id" uuid,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_payouts_status_ck" CHECK ("rebate_payouts"."status" in ('paid', 'unpaid', 'nothing')),
	CONSTRAINT "rebate_payouts_amount_ck" CHECK ("rebate_payouts"."amount" >= 0 and ("rebate_payouts"."status" = 'nothing') = ("rebate_payouts"."amount" = 0) and ("rebate_payouts"."status" = 'paid') = ("rebate_payouts"."tx_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "rebate_rates" (
	"member_id" bigint NOT NULL,
	"game_type" varchar(16) NOT NULL,
	"rate_bps" integer NOT NULL,
	CONSTRAINT "rebate_rates_member_id_game_type_pk" PRIMARY KEY("member_id","game_type"),
	CONSTRAINT "rebate_rates_rate_ck" CHECK ("rebate_rates"."rate_bps" between 0 and 1000)
);
--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payouts" ADD CONSTRAINT "contract_payouts_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payouts" ADD CONSTRAINT "contract_payouts_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_payout_lines" ADD CONSTRAINT "rebate_payout_lines_payout_id_rebate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."rebate_payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_payouts" ADD CONSTRAINT "rebate_payouts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_payouts" ADD CONSTRAINT "rebate_payouts_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_rates" ADD CONSTRAINT "rebate_rates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_pending_uq" ON "agent_contracts" USING btree ("member_id","kind") WHERE "agent_contracts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_active_uq" ON "agent_contracts" USING btree ("member_id","kind") WHERE "agent_contracts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "agent_contracts_member_idx" ON "agent_contracts" USING btree ("member_id","kind","id");--> statement-breakpoint
CREATE INDEX "agent_contracts_agent_idx" ON "agent_contracts" USING btree ("agent_id","kind","id");--> statement-breakpoint
CREATE INDEX "agent_contracts_kind_decided_idx" ON "agent_contracts" USING btree ("kind","decided_at") WHERE "agent_contracts"."status" in ('active', 'ended');--> statement-breakpoint
CREATE UNIQUE INDEX "contract_payouts_period_uq" ON "contract_payouts" USING btree ("contract_id","period");--> statement-breakpoint
CREATE INDEX "contract_payouts_contract_start_idx" ON "contract_payouts" USING btree ("contract_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "rebate_payouts_day_uq" ON "rebate_payouts" USING btree ("member_id","day");