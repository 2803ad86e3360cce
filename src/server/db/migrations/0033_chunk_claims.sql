ALTER TABLE "batch_chunks" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD COLUMN "claim" text;--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD COLUMN "written_by" text;--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD COLUMN "rows_screened" integer;--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD COLUMN "results_written" integer;--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD COLUMN "screened_with" text;