CREATE TABLE "announcement_reads" (
	"member_id" bigint NOT NULL,
	"announcement_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcement_reads_member_id_announcement_id_pk" PRIMARY KEY("member_id","announcement_id")
);
--> statement-breakpoint
DROP INDEX "announcements_merchant_type_idx";--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "language" varchar(8) DEFAULT 'EN' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_reads_announcement_idx" ON "announcement_reads" USING btree ("announcement_id");--> statement-breakpoint
CREATE INDEX "announcements_merchant_type_idx" ON "announcements" USING btree ("merchant_code","type","language","start_date");