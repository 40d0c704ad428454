CREATE TABLE "member_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" varchar(48) NOT NULL,
	"title_id" varchar(96) NOT NULL,
	"body_id" varchar(96) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "client_ip" varchar(64);--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "device_id" varchar(128);--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "launch_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "page_token_hash" text;--> statement-breakpoint
ALTER TABLE "member_messages" ADD CONSTRAINT "member_messages_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_messages" ADD CONSTRAINT "member_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_messages_member_idx" ON "member_messages" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_messages_kind_idx" ON "member_messages" USING btree ("member_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_ip_idx" ON "verification_codes" USING btree ("merchant_code","channel","client_ip","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_device_idx" ON "verification_codes" USING btree ("merchant_code","channel","device_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_created_idx" ON "verification_codes" USING btree ("merchant_code","channel","created_at");