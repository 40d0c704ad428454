CREATE TABLE "lottery_issues" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"game_code" varchar(64) NOT NULL,
	"issue_no" varchar(16) NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"seed" varchar(64) NOT NULL,
	"seed_hash" varchar(64) NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"numbers" jsonb,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_issues_status_ck" CHECK ("lottery_issues"."status" in ('open', 'drawn')),
	CONSTRAINT "lottery_issues_times_ck" CHECK ("lottery_issues"."cutoff_at" <= "lottery_issues"."draw_at")
);
--> statement-breakpoint
CREATE TABLE "lottery_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"member_id" bigint NOT NULL,
	"issue_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"game_code" varchar(64) NOT NULL,
	"prize_mode" varchar(8) NOT NULL,
	"play_type" varchar(8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_sub_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"issue_id" bigint NOT NULL,
	"bet_id" bigint NOT NULL,
	"bet_type" varchar(16) NOT NULL,
	"pick" varchar(64) NOT NULL,
	"stake" bigint NOT NULL,
	"odds" integer NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_sub_orders_status_ck" CHECK ("lottery_sub_orders"."status" in ('open', 'won', 'lost', 'cancelled')),
	CONSTRAINT "lottery_sub_orders_amount_ck" CHECK ("lottery_sub_orders"."stake" > 0 and "lottery_sub_orders"."payout" >= 0 and "lottery_sub_orders"."odds" > 0)
);
--> statement-breakpoint
ALTER TABLE "lottery_issues" ADD CONSTRAINT "lottery_issues_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_orders" ADD CONSTRAINT "lottery_orders_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_orders" ADD CONSTRAINT "lottery_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_orders" ADD CONSTRAINT "lottery_orders_issue_id_lottery_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."lottery_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_sub_orders" ADD CONSTRAINT "lottery_sub_orders_order_id_lottery_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."lottery_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_sub_orders" ADD CONSTRAINT "lottery_sub_orders_issue_id_lottery_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."lottery_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_sub_orders" ADD CONSTRAINT "lottery_sub_orders_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_issues_game_issue_uq" ON "lottery_issues" USING btree ("merchant_code","game_code","issue_no");--> statement-breakpoint
CREATE INDEX "lottery_issues_due_idx" ON "lottery_issues" USING btree ("draw_at") WHERE "lottery_issues"."status" = 'open';--> statement-breakpoint
CREATE INDEX "lottery_issues_game_drawn_idx" ON "lottery_issues" USING btree ("merchant_code","game_code","draw_at" DESC NULLS LAST) WHERE "lottery_issues"."status" = 'drawn';--> statement-breakpoint
CREATE INDEX "lottery_orders_member_idx" ON "lottery_orders" USING btree ("member_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lottery_orders_merchant_created_idx" ON "lottery_orders" USING btree ("merchant_code","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_sub_orders_bet_uq" ON "lottery_sub_orders" USING btree ("bet_id");--> statement-breakpoint
CREATE INDEX "lottery_sub_orders_order_idx" ON "lottery_sub_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "lottery_sub_orders_issue_open_idx" ON "lottery_sub_orders" USING btree ("issue_id") WHERE "lottery_sub_orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "lottery_sub_orders_won_idx" ON "lottery_sub_orders" USING btree ("payout" DESC NULLS LAST) WHERE "lottery_sub_orders"."status" = 'won';