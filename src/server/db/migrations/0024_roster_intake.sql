CREATE TABLE "alert_digest_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"alerts" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_digest_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"roster_id" integer,
	"frequency" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"roster_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"upload_batch_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"diff" jsonb NOT NULL,
	"base_version_id" integer,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batch_rows" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitoring_runs" ADD COLUMN "row_indexes" jsonb;--> statement-breakpoint
ALTER TABLE "monitoring_runs" ADD COLUMN "roster_version_id" integer;--> statement-breakpoint
ALTER TABLE "alert_digest_sends" ADD CONSTRAINT "alert_digest_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digest_subscriptions" ADD CONSTRAINT "alert_digest_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digest_subscriptions" ADD CONSTRAINT "alert_digest_subscriptions_roster_id_monitored_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."monitored_rosters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_versions" ADD CONSTRAINT "roster_versions_roster_id_monitored_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."monitored_rosters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_versions" ADD CONSTRAINT "roster_versions_upload_batch_id_batches_id_fk" FOREIGN KEY ("upload_batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_versions" ADD CONSTRAINT "roster_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_versions" ADD CONSTRAINT "roster_versions_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_digest_sends_once" ON "alert_digest_sends" USING btree ("user_id","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_digest_subscriptions_user_roster" ON "alert_digest_subscriptions" USING btree ("user_id","roster_id") WHERE "alert_digest_subscriptions"."roster_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_digest_subscriptions_user_default" ON "alert_digest_subscriptions" USING btree ("user_id") WHERE "alert_digest_subscriptions"."roster_id" IS NULL;--> statement-breakpoint
CREATE INDEX "roster_versions_roster" ON "roster_versions" USING btree ("roster_id","id");