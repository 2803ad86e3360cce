ALTER TABLE "batch_results" DROP CONSTRAINT "batch_results_batch_id_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "batch_rows" DROP CONSTRAINT "batch_rows_batch_id_batches_id_fk";
--> statement-breakpoint
DROP INDEX "batch_results_batch_type_score";--> statement-breakpoint
DROP INDEX "batch_results_batch_status";--> statement-breakpoint
CREATE INDEX "batch_results_exclusion_score" ON "batch_results" USING btree ("batch_id","score") WHERE "batch_results"."result_type" = 'exclusions';--> statement-breakpoint
CREATE INDEX "batch_results_batch_status" ON "batch_results" USING btree ("batch_id","review_status") WHERE "batch_results"."review_status" <> 'CLEARED';--> statement-breakpoint
-- ADR 080: a batch's rows and results go with it, as the foreign keys' cascade did, without a check per row inserted.
CREATE OR REPLACE FUNCTION delete_batch_rows_and_results() RETURNS trigger AS $$
BEGIN
  DELETE FROM batch_results WHERE batch_id = OLD.id;
  DELETE FROM batch_rows WHERE batch_id = OLD.id;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER batches_delete_rows_and_results AFTER DELETE ON batches
  FOR EACH ROW EXECUTE FUNCTION delete_batch_rows_and_results();
--> statement-breakpoint
-- ADR 080: ANALYZE (autovacuum's, after every large batch) gathers no statistics of the JSON columns: no plan reads them (no containment operator on them), and the sample's JSON was most of an ANALYZE's work.
ALTER TABLE batch_results ALTER COLUMN explanation SET STATISTICS 0, ALTER COLUMN record SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE batch_rows ALTER COLUMN "values" SET STATISTICS 0, ALTER COLUMN additional SET STATISTICS 0;
