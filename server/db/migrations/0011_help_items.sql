CREATE TABLE "help_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"language" varchar(8) NOT NULL,
	"key" varchar(32),
	"sequence" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_items" ADD CONSTRAINT "help_items_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "help_items_merchant_language_key_uq" ON "help_items" USING btree ("merchant_code","language","key");