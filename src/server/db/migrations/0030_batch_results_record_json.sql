-- ADR 095: a result's list record is kept as json (its text as written), not jsonb: nothing searches inside it but a few fields read back, and parsing it into jsonb was ~15 % of a PGlite batch's write.
ALTER TABLE "batch_results" ALTER COLUMN "record" SET DATA TYPE json USING "record"::json;--> statement-breakpoint
ALTER TABLE batch_results ALTER COLUMN record SET STATISTICS 0;
