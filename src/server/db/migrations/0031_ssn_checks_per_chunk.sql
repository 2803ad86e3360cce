ALTER TABLE "batch_chunks" ADD COLUMN "ssn_not_found_rows" integer[];--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD COLUMN "ssn_dmf_version_id" integer;