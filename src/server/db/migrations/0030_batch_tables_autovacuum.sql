-- ADR 085: batch_rows and batch_results only grow while a batch runs (an upload's rows, a chunk's results). No autovacuum pass per N rows inserted: such a pass only marks the new pages all-visible and freezes nothing yet, and on two cores it ran beside the workers, inside the batch. Vacuum still runs on the dead rows that reviews, retried chunks and resubmits leave (the usual thresholds), and freezing falls to the anti-wraparound pass.
ALTER TABLE batch_results SET (autovacuum_vacuum_insert_threshold = -1);
--> statement-breakpoint
ALTER TABLE batch_rows SET (autovacuum_vacuum_insert_threshold = -1);
