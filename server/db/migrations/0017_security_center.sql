CREATE TABLE "member_security_answers" (
	"member_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"question_id" varchar(32) NOT NULL,
	"answer_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_security_answers_member_id_position_pk" PRIMARY KEY("member_id","position"),
	CONSTRAINT "member_security_answers_position_ck" CHECK ("member_security_answers"."position" >= 0 and "member_security_answers"."position" < 8)
);
--> statement-breakpoint
DROP INDEX "bank_cards_member_number_uq";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" varchar(256);--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_security_answers" ADD CONSTRAINT "member_security_answers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_security_answers_question_uq" ON "member_security_answers" USING btree ("member_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_member_number_uq" ON "bank_cards" USING btree ("member_id","account_number") WHERE "bank_cards"."removed_at" is null;