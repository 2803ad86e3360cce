CREATE TABLE "list_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"stage" text,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"total_bytes" bigint,
	"rows" integer DEFAULT 0 NOT NULL,
	"outcome" text,
	"error" text,
	"version_id" integer,
	"trigger" text NOT NULL,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "list_versions" ADD COLUMN "restored_from" integer;--> statement-breakpoint
ALTER TABLE "list_versions" ADD COLUMN "imported_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "list_runs_one_open" ON "list_runs" USING btree ("source") WHERE "list_runs"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "list_runs_source" ON "list_runs" USING btree ("source","id");