CREATE TABLE "live_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"host_name" varchar(64) NOT NULL,
	"title" varchar(120) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"streaming" boolean DEFAULT false NOT NULL,
	"stream_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_rooms_stream_ck" CHECK (not "live_rooms"."streaming" or "live_rooms"."stream_url" is not null)
);
--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_rooms_merchant_idx" ON "live_rooms" USING btree ("merchant_code","sort");