CREATE TABLE "mall_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"name_key" varchar(32) NOT NULL,
	"points" integer NOT NULL,
	"reward" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mall_items_name_key_ck" CHECK ("mall_items"."name_key" in ('bronzeBonus', 'silverBonus', 'goldBonus', 'diamondBonus')),
	CONSTRAINT "mall_items_amounts_ck" CHECK ("mall_items"."points" > 0 and "mall_items"."reward" > 0)
);
--> statement-breakpoint
CREATE TABLE "mall_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"member_id" bigint NOT NULL,
	"item_id" integer NOT NULL,
	"points" integer NOT NULL,
	"reward" bigint NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"ledger_tx_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mall_redemptions_amounts_ck" CHECK ("mall_redemptions"."points" > 0 and "mall_redemptions"."reward" > 0)
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"merchant_code" varchar(32) NOT NULL,
	"level" smallint NOT NULL,
	"name" varchar(64) NOT NULL,
	"turnover" bigint NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "vip_levels_merchant_code_level_pk" PRIMARY KEY("merchant_code","level"),
	CONSTRAINT "vip_levels_level_ck" CHECK ("vip_levels"."level" >= 0 and "vip_levels"."turnover" >= 0),
	CONSTRAINT "vip_levels_benefits_ck" CHECK (jsonb_typeof("vip_levels"."benefits") = 'array' and not jsonb_path_exists("vip_levels"."benefits", '$[*] ? (@.type() != "object" || !exists(@.kind) || !exists(@.value) || @.kind.type() != "string" || @.value.type() != "number" || !(@.kind like_regex "^(upgradeBonus|dailyWithdrawals|rebate|birthdayBonus|dedicatedService)$") || @.value < 0)'))
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "mall_turnover_per_point" bigint DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "mall_items" ADD CONSTRAINT "mall_items_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_redemptions" ADD CONSTRAINT "mall_redemptions_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_redemptions" ADD CONSTRAINT "mall_redemptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_redemptions" ADD CONSTRAINT "mall_redemptions_item_id_mall_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."mall_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_redemptions" ADD CONSTRAINT "mall_redemptions_ledger_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mall_items_merchant_idx" ON "mall_items" USING btree ("merchant_code","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_redemptions_member_key_uq" ON "mall_redemptions" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_redemptions_ledger_tx_uq" ON "mall_redemptions" USING btree ("ledger_tx_id");--> statement-breakpoint
CREATE INDEX "bets_member_settled_idx" ON "bets" USING btree ("member_id","stake") WHERE "bets"."status" = 'settled';--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_mall_rate_ck" CHECK ("merchants"."mall_turnover_per_point" > 0);