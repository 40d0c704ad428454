CREATE TABLE "member_message_receipts" (
	"message_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "member_message_receipts_message_id_member_id_pk" PRIMARY KEY("message_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "member_messages" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_messages" ALTER COLUMN "title_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_messages" ALTER COLUMN "body_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_messages" ADD COLUMN "texts" jsonb;--> statement-breakpoint
ALTER TABLE "member_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_message_receipts" ADD CONSTRAINT "member_message_receipts_message_id_member_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."member_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_message_receipts" ADD CONSTRAINT "member_message_receipts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_message_receipts_member_idx" ON "member_message_receipts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_messages_broadcast_idx" ON "member_messages" USING btree ("merchant_code","created_at" DESC NULLS LAST) WHERE "member_messages"."member_id" is null;--> statement-breakpoint
ALTER TABLE "member_messages" ADD CONSTRAINT "member_messages_content_check" CHECK (("member_messages"."title_id" is not null and "member_messages"."body_id" is not null) or "member_messages"."texts" is not null);--> statement-breakpoint
ALTER TABLE "member_messages" ADD CONSTRAINT "member_messages_broadcast_check" CHECK ("member_messages"."member_id" is not null or ("member_messages"."texts" is not null and "member_messages"."read_at" is null and "member_messages"."deleted_at" is null));