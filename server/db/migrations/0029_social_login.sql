CREATE TABLE "social_flows" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"redirect_uri" varchar(512) NOT NULL,
	"link_member_id" bigint,
	"remember" boolean DEFAULT false NOT NULL,
	"device_id" varchar(128),
	"member_id" bigint,
	"ticket_hash" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"exchanged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_links" (
	"merchant_code" varchar(32) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"member_id" bigint NOT NULL,
	"email" varchar(254),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_flows" ADD CONSTRAINT "social_flows_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_links" ADD CONSTRAINT "social_links_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_links" ADD CONSTRAINT "social_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_flows_ticket_uq" ON "social_flows" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "social_flows_created_idx" ON "social_flows" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_links_subject_uq" ON "social_links" USING btree ("merchant_code","provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "social_links_member_provider_uq" ON "social_links" USING btree ("member_id","provider");