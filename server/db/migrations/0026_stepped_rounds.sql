ALTER TABLE "play_rounds" DROP CONSTRAINT "play_rounds_status_ck";--> statement-breakpoint
DROP INDEX "play_rounds_pending_idx";--> statement-breakpoint
ALTER TABLE "play_rounds" ALTER COLUMN "engine" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "play_rounds" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "play_rounds" SET "updated_at" = "created_at";--> statement-breakpoint
CREATE INDEX "play_rounds_open_idx" ON "play_rounds" USING btree ("updated_at") WHERE "play_rounds"."status" = 'open';--> statement-breakpoint
CREATE INDEX "play_rounds_pending_idx" ON "play_rounds" USING btree ("updated_at") WHERE "play_rounds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "play_rounds" ADD CONSTRAINT "play_rounds_status_ck" CHECK ("play_rounds"."status" in ('pending', 'open', 'settled', 'void'));