CREATE TABLE "feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"member_id" bigint NOT NULL,
	"type" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feedback_type_ck" CHECK ("feedback"."type" in ('deposit', 'withdrawal', 'game', 'service', 'app', 'other')),
	CONSTRAINT "feedback_status_ck" CHECK ("feedback"."status" in ('open', 'answered', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "feedback_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"feedback_id" bigint NOT NULL,
	"sequence" smallint NOT NULL,
	"name" text NOT NULL,
	"content_type" varchar(16) NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "feedback_images_type_ck" CHECK ("feedback_images"."content_type" in ('image/png', 'image/jpeg')),
	CONSTRAINT "feedback_images_size_ck" CHECK ("feedback_images"."byte_size" between 1 and 5242880 and octet_length("feedback_images"."data") = "feedback_images"."byte_size")
);
--> statement-breakpoint
CREATE TABLE "feedback_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"feedback_id" bigint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_settings" (
	"merchant_code" varchar(32) PRIMARY KEY NOT NULL,
	"min_words" integer NOT NULL,
	"max_words" integer NOT NULL,
	CONSTRAINT "feedback_settings_words_ck" CHECK ("feedback_settings"."min_words" between 1 and "feedback_settings"."max_words" and "feedback_settings"."max_words" <= 2000)
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_images" ADD CONSTRAINT "feedback_images_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_settings" ADD CONSTRAINT "feedback_settings_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_member_idx" ON "feedback" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "feedback_merchant_status_idx" ON "feedback" USING btree ("merchant_code","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_images_feedback_sequence_uq" ON "feedback_images" USING btree ("feedback_id","sequence");--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback_idx" ON "feedback_replies" USING btree ("feedback_id","id");