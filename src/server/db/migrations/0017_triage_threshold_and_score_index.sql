ALTER TABLE "batches" ADD COLUMN "review_threshold" real;--> statement-breakpoint
CREATE INDEX "batch_results_batch_type_score" ON "batch_results" USING btree ("batch_id","result_type","score");