ALTER TABLE "list_versions" ADD COLUMN "headers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "list_versions" ADD COLUMN "comparison" jsonb;--> statement-breakpoint
ALTER TABLE "list_versions" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "list_versions" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "list_versions_one_held" ON "list_versions" USING btree ("source") WHERE "list_versions"."status" = 'held';