CREATE TABLE "list_changes" (
	"version_id" integer NOT NULL,
	"record_id" text NOT NULL,
	"change" text NOT NULL,
	"summary" text,
	CONSTRAINT "list_changes_version_id_record_id_pk" PRIMARY KEY("version_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "list_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"version_id" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "list_records" (
	"version_id" integer NOT NULL,
	"record_id" text NOT NULL,
	"hash" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "list_records_version_id_record_id_pk" PRIMARY KEY("version_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "list_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"mode" text NOT NULL,
	"origin" text NOT NULL,
	"file_names" text[] NOT NULL,
	"file_sha256" text[] NOT NULL,
	"file_sizes" bigint[] NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"as_of" text,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_loaded" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"reinstated" integer DEFAULT 0 NOT NULL,
	"rejected_sample" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "list_changes_change" ON "list_changes" USING btree ("version_id","change");--> statement-breakpoint
CREATE UNIQUE INDEX "list_versions_one_active" ON "list_versions" USING btree ("source") WHERE "list_versions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "list_versions_source_created" ON "list_versions" USING btree ("source","created_at");