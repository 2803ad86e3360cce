CREATE TABLE "batch_chunks" (
	"batch_id" integer NOT NULL,
	"chunk_index" integer NOT NULL,
	"first_row" integer NOT NULL,
	"row_count" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "batch_chunks_batch_id_chunk_index_pk" PRIMARY KEY("batch_id","chunk_index")
);
--> statement-breakpoint
CREATE TABLE "batch_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"row_index" integer NOT NULL,
	"result_type" text NOT NULL,
	"search_type" text NOT NULL,
	"source" text,
	"source_record_id" text,
	"list_version_id" integer,
	"score" real,
	"explanation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"record" jsonb,
	"review_status" text DEFAULT 'NONCLEARED' NOT NULL,
	"latest_note" text,
	"search_criteria_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_rows" (
	"batch_id" integer NOT NULL,
	"row_index" integer NOT NULL,
	"values" jsonb NOT NULL,
	"additional" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unique_id" text,
	CONSTRAINT "batch_rows_batch_id_row_index_pk" PRIMARY KEY("batch_id","row_index")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"team_id" integer,
	"uploader_user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"stored_path" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"header" text[] NOT NULL,
	"status" text,
	"search_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"column_mappings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unique_id_index" integer,
	"correlated_column_indexes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"record_count" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"to_review" integer DEFAULT 0 NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"error" text,
	"trashed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"batch_id" integer,
	"row_index" integer,
	"search_type" text NOT NULL,
	"search_option" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD CONSTRAINT "batch_chunks_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_results" ADD CONSTRAINT "batch_results_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_uploader_user_id_users_id_fk" FOREIGN KEY ("uploader_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_results_batch_type_row" ON "batch_results" USING btree ("batch_id","result_type","row_index");--> statement-breakpoint
CREATE INDEX "batch_results_batch_status" ON "batch_results" USING btree ("batch_id","review_status");--> statement-breakpoint
CREATE INDEX "batches_client_uploaded" ON "batches" USING btree ("client_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "batches_team" ON "batches" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_records_batch_row_type" ON "usage_records" USING btree ("batch_id","row_index","search_type");--> statement-breakpoint
CREATE INDEX "usage_records_client_created" ON "usage_records" USING btree ("client_id","created_at");