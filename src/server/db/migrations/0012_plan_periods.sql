CREATE TABLE "plan_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"team_type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_periods" ADD CONSTRAINT "plan_periods_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_periods_client" ON "plan_periods" USING btree ("client_id","starts_at");--> statement-breakpoint
-- Paying clients so far had one plan since they started paying: their current one.
INSERT INTO "plan_periods" ("client_id", "team_type", "starts_at") SELECT b."client_id", c."team_type", b."paid_since" FROM "billing_accounts" b JOIN "clients" c ON c."id" = b."client_id";
