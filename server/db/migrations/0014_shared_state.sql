CREATE TABLE "rate_limit_windows" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"started_ms" bigint NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_job_runs" (
	"job" varchar(64) NOT NULL,
	"slot" bigint NOT NULL,
	"runner" varchar(128) NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"attempts" integer DEFAULT 1 NOT NULL,
	"error" text,
	CONSTRAINT "scheduled_job_runs_job_slot_pk" PRIMARY KEY("job","slot")
);
