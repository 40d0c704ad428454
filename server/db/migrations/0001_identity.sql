CREATE TABLE "captchas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"answer_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"account_key" varchar(80) NOT NULL,
	"client_ip" varchar(64) NOT NULL,
	"device_id" varchar(128),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"username" varchar(32) NOT NULL,
	"dialing_code" varchar(4),
	"mobile_number" varchar(16),
	"email" varchar(254),
	"password_hash" text,
	"payment_password_hash" text,
	"type" smallint NOT NULL,
	"parent_id" bigint,
	"affiliate_code" varchar(32),
	"nickname" varchar(64),
	"payee_name" varchar(128),
	"birthday" date,
	"id_number" varchar(64),
	"recommender_id" varchar(64),
	"contacts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"vip_label" varchar(64),
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"first_time_login" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone,
	"register_method" varchar(16),
	"register_url" text,
	"register_ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rsa_keys" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"public_key_spki" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" bigint NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"device_id" varchar(128),
	"client_ip" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"target" varchar(254) NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"member_id" bigint,
	"code_hash" varchar(64) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "registration_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "login_failures" USING btree ("merchant_code","account_key","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("merchant_code","client_ip","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_device_idx" ON "login_failures" USING btree ("merchant_code","device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_merchant_username_uq" ON "members" USING btree ("merchant_code",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_merchant_mobile_uq" ON "members" USING btree ("merchant_code","dialing_code","mobile_number");--> statement-breakpoint
CREATE UNIQUE INDEX "members_merchant_affiliate_uq" ON "members" USING btree ("merchant_code","affiliate_code");--> statement-breakpoint
CREATE INDEX "members_mobile_idx" ON "members" USING btree ("merchant_code","mobile_number");--> statement-breakpoint
CREATE INDEX "members_parent_idx" ON "members" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "members_register_ip_idx" ON "members" USING btree ("merchant_code","register_ip","created_at");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("merchant_code","recipient","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id","kind") WHERE "sessions"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("merchant_code","channel","target","purpose","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_member_idx" ON "verification_codes" USING btree ("member_id","purpose","created_at");