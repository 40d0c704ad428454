CREATE TABLE "member_icons" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"content_type" varchar(16) NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_icons_type_ck" CHECK ("member_icons"."content_type" in ('image/png', 'image/jpeg')),
	CONSTRAINT "member_icons_size_ck" CHECK (octet_length("member_icons"."data") between 1 and 5242880)
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "icon_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_icons" ADD CONSTRAINT "member_icons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;