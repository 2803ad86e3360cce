CREATE OR REPLACE FUNCTION refuse_review_history_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'review_history is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER review_history_append_only BEFORE UPDATE OR DELETE ON review_history
  FOR EACH ROW EXECUTE FUNCTION refuse_review_history_change();
--> statement-breakpoint
CREATE TRIGGER review_history_no_truncate BEFORE TRUNCATE ON review_history
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_review_history_change();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS batch_results_batch_type_criteria ON batch_results (batch_id, result_type, search_criteria_key);
