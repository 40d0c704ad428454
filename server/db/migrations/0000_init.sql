CREATE TABLE "merchants" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency_code" varchar(3) DEFAULT 'PHP' NOT NULL,
	"currency_symbol" text DEFAULT '₱' NOT NULL,
	"minor_units" smallint DEFAULT 2 NOT NULL,
	"enabled_languages" jsonb DEFAULT '["EN"]'::jsonb NOT NULL,
	"default_language" varchar(8) DEFAULT 'EN' NOT NULL,
	"switches" jsonb NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"maintenance_info" text DEFAULT '' NOT NULL,
	"restricted_ip_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
