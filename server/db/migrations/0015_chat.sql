CREATE TABLE "chat_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"member_id" bigint,
	"guest_token_hash" varchar(64),
	"guest_name" varchar(40),
	"guest_contact" varchar(80),
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"staff_id" integer,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"visitor_read_seq" integer DEFAULT 0 NOT NULL,
	"staff_read_seq" integer DEFAULT 0 NOT NULL,
	"preview" varchar(120) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"conversation_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"author" varchar(8) NOT NULL,
	"kind" varchar(8) DEFAULT 'text' NOT NULL,
	"staff_id" integer,
	"body" text DEFAULT '' NOT NULL,
	"client_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_conversation_id_seq_pk" PRIMARY KEY("conversation_id","seq")
);
--> statement-breakpoint
CREATE TABLE "chat_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"username" varchar(32) NOT NULL,
	"display_name" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_staff_sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_staff_id_chat_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."chat_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_staff_id_chat_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."chat_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_staff" ADD CONSTRAINT "chat_staff_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_staff_sessions" ADD CONSTRAINT "chat_staff_sessions_staff_id_chat_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."chat_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_member_open_uq" ON "chat_conversations" USING btree ("member_id") WHERE "chat_conversations"."status" = 'open' and "chat_conversations"."member_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_guest_token_uq" ON "chat_conversations" USING btree ("guest_token_hash");--> statement-breakpoint
CREATE INDEX "chat_conversations_member_idx" ON "chat_conversations" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "chat_conversations_merchant_status_idx" ON "chat_conversations" USING btree ("merchant_code","status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_uq" ON "chat_messages" USING btree ("conversation_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_staff_merchant_username_uq" ON "chat_staff" USING btree ("merchant_code","username");--> statement-breakpoint
CREATE INDEX "chat_staff_sessions_staff_idx" ON "chat_staff_sessions" USING btree ("staff_id");