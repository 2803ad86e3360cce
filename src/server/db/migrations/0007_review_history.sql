CREATE TABLE "review_clearances" (
	"result_id" bigint PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_record_id" text NOT NULL,
	"unique_id" text,
	"criteria_hash" text NOT NULL,
	"record_hash" text NOT NULL,
	"history_id" bigint NOT NULL,
	"cleared_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"result_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"user_id" integer,
	"user_name" text NOT NULL,
	"carried_from_history_id" bigint,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "review_clearances_lookup" ON "review_clearances" USING btree ("client_id","source","source_record_id");--> statement-breakpoint
CREATE INDEX "review_history_result" ON "review_history" USING btree ("result_id","id");--> statement-breakpoint
CREATE INDEX "review_history_batch" ON "review_history" USING btree ("batch_id");