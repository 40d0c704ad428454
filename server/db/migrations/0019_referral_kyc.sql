CREATE TABLE "member_kyc" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"status" varchar(16) NOT NULL,
	"front_type" varchar(16) NOT NULL,
	"front" "bytea" NOT NULL,
	"back_type" varchar(16) NOT NULL,
	"back" "bytea" NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "member_kyc_status_ck" CHECK ("member_kyc"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "member_kyc_types_ck" CHECK ("member_kyc"."front_type" in ('image/png', 'image/jpeg') and "member_kyc"."back_type" in ('image/png', 'image/jpeg')),
	CONSTRAINT "member_kyc_size_ck" CHECK (octet_length("member_kyc"."front") between 1 and 5242880 and octet_length("member_kyc"."back") between 1 and 5242880)
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "referrer_id" bigint;--> statement-breakpoint
ALTER TABLE "member_kyc" ADD CONSTRAINT "member_kyc_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_kyc_status_idx" ON "member_kyc" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "members_referrer_idx" ON "members" USING btree ("referrer_id","created_at");