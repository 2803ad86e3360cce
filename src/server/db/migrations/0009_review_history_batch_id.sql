DROP INDEX "review_history_batch";--> statement-breakpoint
CREATE INDEX "review_history_batch" ON "review_history" USING btree ("batch_id","id");