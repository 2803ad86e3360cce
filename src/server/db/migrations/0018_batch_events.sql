CREATE TABLE "batch_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "batch_events_batch" ON "batch_events" USING btree ("batch_id","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION refuse_batch_events_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'batch_events is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER batch_events_append_only BEFORE UPDATE OR DELETE ON batch_events
  FOR EACH ROW EXECUTE FUNCTION refuse_batch_events_change();
--> statement-breakpoint
CREATE TRIGGER batch_events_no_truncate BEFORE TRUNCATE ON batch_events
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_batch_events_change();
--> statement-breakpoint
-- Batches from before this table: their events as their dates tell them ("backfilled": an earlier
-- resubmission had overwritten submitted_at, so the first submission time is not known for them).
INSERT INTO batch_events (batch_id, client_id, kind, user_id, user_name, at, details)
SELECT e.batch_id, e.client_id, e.kind, e.user_id, e.user_name, e.at, '{"backfilled": true}'::jsonb
FROM (
  SELECT b.id AS batch_id, b.client_id, 'uploaded' AS kind, b.uploader_user_id AS user_id, trim(u.first_name || ' ' || u.last_name) AS user_name, b.uploaded_at AS at, 0 AS ord
    FROM batches b JOIN users u ON u.id = b.uploader_user_id
  UNION ALL
  SELECT b.id, b.client_id, 'submitted', b.uploader_user_id, trim(u.first_name || ' ' || u.last_name), b.submitted_at, 1
    FROM batches b JOIN users u ON u.id = b.uploader_user_id WHERE b.submitted_at IS NOT NULL
  UNION ALL
  SELECT b.id, b.client_id, CASE WHEN b.status = 'Completed' THEN 'completed' WHEN b.status = 'Cancelled' THEN 'cancelled' ELSE 'failed' END, NULL, 'Clearlist', b.processed_at, 2
    FROM batches b WHERE b.processed_at IS NOT NULL AND b.status IN ('Completed', 'Cancelled', 'Error', 'Internal Error - contact support')
) e
ORDER BY e.batch_id, e.ord;
