ALTER TABLE "list_records" ALTER COLUMN "data" SET DATA TYPE text;--> statement-breakpoint
-- Records stored before keep their content in the stored form (empty fields left out, ADR 021).
UPDATE "list_records" SET "data" = (
  SELECT coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)::text
  FROM jsonb_each("data"::jsonb) e
  WHERE e.value NOT IN ('null'::jsonb, '[]'::jsonb, '{}'::jsonb)
);
