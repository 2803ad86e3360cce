ALTER TABLE "batch_chunks" ADD COLUMN "near_miss_scores" real[];--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD COLUMN "near_miss_row_best" real[];