CREATE TABLE "play_rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"session_id" uuid NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"member_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"engine" varchar(8) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint NOT NULL,
	"outcome" jsonb NOT NULL,
	"server_seed" varchar(64),
	"server_seed_hash" varchar(64),
	"client_seed" varchar(64),
	"nonce" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "play_rounds_amounts_ck" CHECK ("play_rounds"."stake" > 0 and "play_rounds"."win" >= 0),
	CONSTRAINT "play_rounds_mode_ck" CHECK ("play_rounds"."mode" in ('real', 'free'))
);
--> statement-breakpoint
CREATE TABLE "play_states" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"server_seed" varchar(64) NOT NULL,
	"server_seed_hash" varchar(64) NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"free_balance" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_states_free_balance_ck" CHECK ("play_states"."free_balance" is null or "play_states"."free_balance" >= 0),
	CONSTRAINT "play_states_nonce_ck" CHECK ("play_states"."nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seamless_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"vendor_code" varchar(32) NOT NULL,
	"transaction_id" varchar(64) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"bet_id" bigint NOT NULL,
	"platform_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seamless_requests_kind_ck" CHECK ("seamless_requests"."kind" in ('debit', 'credit', 'rollback'))
);
--> statement-breakpoint
CREATE TABLE "vendor_wallet_keys" (
	"vendor_code" varchar(32) PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_rounds" ADD CONSTRAINT "play_rounds_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_rounds" ADD CONSTRAINT "play_rounds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_rounds" ADD CONSTRAINT "play_rounds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_states" ADD CONSTRAINT "play_states_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seamless_requests" ADD CONSTRAINT "seamless_requests_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seamless_requests" ADD CONSTRAINT "seamless_requests_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seamless_requests" ADD CONSTRAINT "seamless_requests_platform_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("platform_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_wallet_keys" ADD CONSTRAINT "vendor_wallet_keys_vendor_code_vendors_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."vendors"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_rounds_session_idx" ON "play_rounds" USING btree ("session_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_requests_vendor_tx_uq" ON "seamless_requests" USING btree ("merchant_code","vendor_code","transaction_id");--> statement-breakpoint
CREATE INDEX "seamless_requests_bet_idx" ON "seamless_requests" USING btree ("bet_id");