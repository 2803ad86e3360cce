ALTER TABLE "list_records" ADD COLUMN "chain" integer;--> statement-breakpoint
ALTER TABLE "list_records" ADD COLUMN "valid_to" integer;--> statement-breakpoint
ALTER TABLE "list_versions" ADD COLUMN "records_from" integer;--> statement-breakpoint
ALTER TABLE "list_versions" ADD COLUMN "records_kept" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "list_records_chain_record" ON "list_records" USING btree (coalesce("chain", "version_id"),"record_id","version_id");--> statement-breakpoint
CREATE INDEX "list_records_ended" ON "list_records" USING btree (coalesce("chain", "version_id"),"valid_to") WHERE "list_records"."valid_to" IS NOT NULL;--> statement-breakpoint
UPDATE "list_versions" v SET "records_kept" = EXISTS (SELECT 1 FROM "list_records" r WHERE r."version_id" = v."id");--> statement-breakpoint
CREATE VIEW "version_records" AS
  SELECT v."id" AS "version_id", r."record_id", r."data"
  FROM "list_versions" v
  JOIN "list_records" r ON coalesce(r."chain", r."version_id") = coalesce(v."records_from", v."id")
    AND r."version_id" <= v."id"
    AND (r."valid_to" IS NULL OR r."valid_to" > v."id")
  WHERE v."records_kept";
