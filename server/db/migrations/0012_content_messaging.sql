CREATE TABLE "member_message_receipts" (
	"message_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "member_message_receipts_message_id_member_id_pk" PRIMARY KEY("message_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_application_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"sequence" smallint NOT NULL,
	"name" text NOT NULL,
	"content_type" varchar(16) NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "promotion_application_images_type_ck" CHECK ("promotion_application_images"."content_type" in ('image/png', 'image/jpeg')),
	CONSTRAINT "promotion_application_images_size_ck" CHECK ("promotion_application_images"."byte_size" between 1 and 5242880 and octet_length("promotion_application_images"."data") = "promotion_application_images"."byte_size")
);
--> statement-breakpoint
CREATE TABLE "promotion_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"promotion_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" varchar(16) NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_amount" bigint,
	"ledger_transaction_id" uuid,
	CONSTRAINT "promotion_applications_status_ck" CHECK ("promotion_applications"."status" in ('pending', 'approved', 'rejected', 'claimed', 'joined', 'issued')),
	CONSTRAINT "promotion_applications_paid_ck" CHECK (("promotion_applications"."status" in ('claimed', 'issued')) = ("promotion_applications"."ledger_transaction_id" is not null and "promotion_applications"."paid_amount" is not null))
);
--> statement-breakpoint
CREATE TABLE "promotion_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"titles" jsonb NOT NULL,
	"icon_url" text,
	"sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_category_links" (
	"promotion_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "promotion_category_links_promotion_id_category_id_pk" PRIMARY KEY("promotion_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"sequence" smallint NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"titles" jsonb NOT NULL,
	"contents" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"mode" varchar(8) NOT NULL,
	"bonus_amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_mode_ck" CHECK ("promotions"."mode" in ('apply', 'join')),
	CONSTRAINT "promotions_bonus_ck" CHECK ("promotions"."bonus_amount" > 0),
	CONSTRAINT "promotions_dates_ck" CHECK ("promotions"."end_date" is null or "promotions"."end_date" >= "promotions"."start_date")
);
--> statement-breakpoint
CREATE TABLE "announcement_reads" (
	"member_id" bigint NOT NULL,
	"announcement_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcement_reads_member_id_announcement_id_pk" PRIMARY KEY("member_id","announcement_id")
);
--> statement-breakpoint
DROP INDEX "announcements_merchant_type_idx";--> statement-breakpoint
ALTER TABLE "member_messages" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_messages" ALTER COLUMN "title_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_messages" ALTER COLUMN "body_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "language" varchar(8) DEFAULT 'EN' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_messages" ADD COLUMN "texts" jsonb;--> statement-breakpoint
ALTER TABLE "member_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_message_receipts" ADD CONSTRAINT "member_message_receipts_message_id_member_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."member_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_message_receipts" ADD CONSTRAINT "member_message_receipts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_application_images" ADD CONSTRAINT "promotion_application_images_application_id_promotion_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."promotion_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_applications" ADD CONSTRAINT "promotion_applications_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_applications" ADD CONSTRAINT "promotion_applications_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_applications" ADD CONSTRAINT "promotion_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_categories" ADD CONSTRAINT "promotion_categories_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_category_links" ADD CONSTRAINT "promotion_category_links_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_category_links" ADD CONSTRAINT "promotion_category_links_category_id_promotion_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."promotion_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_images" ADD CONSTRAINT "promotion_images_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_message_receipts_member_idx" ON "member_message_receipts" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_application_images_application_sequence_uq" ON "promotion_application_images" USING btree ("application_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_applications_member_promotion_uq" ON "promotion_applications" USING btree ("promotion_id","member_id");--> statement-breakpoint
CREATE INDEX "promotion_applications_member_idx" ON "promotion_applications" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "promotion_applications_merchant_status_idx" ON "promotion_applications" USING btree ("merchant_code","status","id");--> statement-breakpoint
CREATE INDEX "promotion_categories_merchant_idx" ON "promotion_categories" USING btree ("merchant_code","sequence");--> statement-breakpoint
CREATE INDEX "promotion_category_links_category_idx" ON "promotion_category_links" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_images_promotion_sequence_uq" ON "promotion_images" USING btree ("promotion_id","sequence");--> statement-breakpoint
CREATE INDEX "promotions_merchant_start_idx" ON "promotions" USING btree ("merchant_code","start_date");--> statement-breakpoint
CREATE INDEX "announcement_reads_announcement_idx" ON "announcement_reads" USING btree ("announcement_id");--> statement-breakpoint
CREATE INDEX "member_messages_broadcast_idx" ON "member_messages" USING btree ("merchant_code","created_at" DESC NULLS LAST) WHERE "member_messages"."member_id" is null;--> statement-breakpoint
CREATE INDEX "announcements_merchant_type_idx" ON "announcements" USING btree ("merchant_code","type","language","start_date");--> statement-breakpoint
ALTER TABLE "member_messages" ADD CONSTRAINT "member_messages_content_check" CHECK (("member_messages"."title_id" is not null and "member_messages"."body_id" is not null) or "member_messages"."texts" is not null);--> statement-breakpoint
ALTER TABLE "member_messages" ADD CONSTRAINT "member_messages_broadcast_check" CHECK ("member_messages"."member_id" is not null or ("member_messages"."texts" is not null and "member_messages"."read_at" is null and "member_messages"."deleted_at" is null));