CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"type" varchar(4) NOT NULL,
	"group_name" varchar(32),
	"platform" varchar(4) DEFAULT 'ALL' NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"group_name" varchar(32) NOT NULL,
	"title" text NOT NULL,
	"link_url" text,
	"sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_service_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"cs_type" varchar(16) NOT NULL,
	"title" text NOT NULL,
	"path" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"resource_type" varchar(24) NOT NULL,
	"url" text NOT NULL,
	"label_name_en" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"node_id" varchar(32),
	"node_name" text,
	"game_name" text NOT NULL,
	"display_name" text NOT NULL,
	"game_type" varchar(16) NOT NULL,
	"vassalage" varchar(32) NOT NULL,
	"game_classify" varchar(32) NOT NULL,
	"min_bet" integer NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"support_play" smallint DEFAULT 1 NOT NULL,
	"room_id" varchar(32),
	"game_code" varchar(64) NOT NULL,
	"is_game_h5" varchar(16),
	"lotto_mode" varchar(16),
	"hot_order" integer,
	"sort_order" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_type_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "winners" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"game_id" integer NOT NULL,
	"customer_name" text NOT NULL,
	"win_amount" bigint NOT NULL,
	"won_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_service_links" ADD CONSTRAINT "customer_service_links_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_links" ADD CONSTRAINT "download_links_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_vassalage_vendors_code_fk" FOREIGN KEY ("vassalage") REFERENCES "public"."vendors"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_merchant_type_idx" ON "announcements" USING btree ("merchant_code","type","start_date");--> statement-breakpoint
CREATE INDEX "banners_merchant_group_idx" ON "banners" USING btree ("merchant_code","group_name","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "games_merchant_vendor_name_uq" ON "games" USING btree ("merchant_code","vassalage","game_name");--> statement-breakpoint
CREATE UNIQUE INDEX "games_merchant_node_uq" ON "games" USING btree ("merchant_code","node_id");--> statement-breakpoint
CREATE INDEX "games_merchant_type_vendor_sort_idx" ON "games" USING btree ("merchant_code","game_type","vassalage","sort_order","id");--> statement-breakpoint
CREATE INDEX "games_merchant_type_sort_idx" ON "games" USING btree ("merchant_code","game_type","sort_order","id");--> statement-breakpoint
CREATE INDEX "games_merchant_sort_idx" ON "games" USING btree ("merchant_code","sort_order","id");--> statement-breakpoint
CREATE INDEX "games_merchant_hot_idx" ON "games" USING btree ("merchant_code","hot_order") WHERE "games"."hot_order" is not null;--> statement-breakpoint
CREATE INDEX "winners_merchant_amount_idx" ON "winners" USING btree ("merchant_code","win_amount" DESC NULLS LAST,"id");