CREATE TABLE "monitored_rosters" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"team_id" integer,
	"created_by_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"batch_id" integer NOT NULL,
	"source_batch_id" integer,
	"baseline_at" timestamp with time zone NOT NULL,
	"last_screened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_alerts" (
	"result_id" bigint PRIMARY KEY NOT NULL,
	"roster_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"kind" text NOT NULL,
	"row_index" integer NOT NULL,
	"source" text NOT NULL,
	"source_record_id" text NOT NULL,
	"earlier_result_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"roster_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"list_version_id" integer,
	"source" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"records_screened" integer DEFAULT 0 NOT NULL,
	"alerts_created" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "kind" text DEFAULT 'search' NOT NULL;--> statement-breakpoint
ALTER TABLE "monitored_rosters" ADD CONSTRAINT "monitored_rosters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_rosters" ADD CONSTRAINT "monitored_rosters_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_rosters" ADD CONSTRAINT "monitored_rosters_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_rosters" ADD CONSTRAINT "monitored_rosters_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_rosters" ADD CONSTRAINT "monitored_rosters_source_batch_id_batches_id_fk" FOREIGN KEY ("source_batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_runs" ADD CONSTRAINT "monitoring_runs_roster_id_monitored_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."monitored_rosters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitored_rosters_batch" ON "monitored_rosters" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "monitored_rosters_client" ON "monitored_rosters" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_alerts_once" ON "monitoring_alerts" USING btree ("run_id","row_index","source","source_record_id");--> statement-breakpoint
CREATE INDEX "monitoring_alerts_roster" ON "monitoring_alerts" USING btree ("roster_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_runs_roster_version" ON "monitoring_runs" USING btree ("roster_id","list_version_id") WHERE "monitoring_runs"."kind" = 'list-change';--> statement-breakpoint
CREATE INDEX "monitoring_runs_status" ON "monitoring_runs" USING btree ("status");