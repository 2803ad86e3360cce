CREATE TABLE "monitoring_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"roster_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"period" text NOT NULL,
	"people" integer NOT NULL,
	"findings" integer NOT NULL,
	"open_findings" integer NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_findings" (
	"run_id" integer NOT NULL,
	"row_index" integer NOT NULL,
	"source" text NOT NULL,
	"source_record_id" text NOT NULL,
	"result_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitored_rosters" ADD COLUMN "rescreen_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitored_rosters" ADD COLUMN "engine_version" text;--> statement-breakpoint
ALTER TABLE "monitoring_runs" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "monitoring_runs" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "monitoring_runs" ADD COLUMN "engine_version" text;--> statement-breakpoint
ALTER TABLE "monitoring_runs" ADD COLUMN "list_versions" text;--> statement-breakpoint
ALTER TABLE "monitoring_certificates" ADD CONSTRAINT "monitoring_certificates_roster_id_monitored_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."monitored_rosters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_certificates_run" ON "monitoring_certificates" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "monitoring_certificates_roster" ON "monitoring_certificates" USING btree ("roster_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_findings_once" ON "monitoring_findings" USING btree ("run_id","row_index","source","source_record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_runs_roster_full" ON "monitoring_runs" USING btree ("roster_id","period","engine_version") WHERE "monitoring_runs"."kind" = 'full';