DROP INDEX "batch_results_batch_type_score";--> statement-breakpoint
DROP INDEX "batch_results_batch_status";--> statement-breakpoint
CREATE INDEX "batch_results_exclusion_score" ON "batch_results" USING btree ("batch_id","score") WHERE "batch_results"."result_type" = 'exclusions';--> statement-breakpoint
CREATE INDEX "batch_results_batch_status" ON "batch_results" USING btree ("batch_id","review_status") WHERE "batch_results"."review_status" <> 'CLEARED';