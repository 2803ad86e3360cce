CREATE TABLE "queue_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"beat_at" timestamp with time zone NOT NULL,
	"running" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "queue_priority" integer DEFAULT 0 NOT NULL;