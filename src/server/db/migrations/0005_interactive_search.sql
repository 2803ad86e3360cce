CREATE TABLE "anonymous_search_counts" (
	"address_hash" text NOT NULL,
	"day" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "anonymous_search_counts_address_hash_day_pk" PRIMARY KEY("address_hash","day")
);
--> statement-breakpoint
CREATE TABLE "interactive_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"client_id" integer,
	"team_id" integer,
	"user_id" integer,
	"kind" text NOT NULL,
	"criteria_text" text NOT NULL,
	"outcome" text NOT NULL,
	"hit_count" integer NOT NULL,
	"result" jsonb NOT NULL,
	"searched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interactive_searches" ADD CONSTRAINT "interactive_searches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactive_searches" ADD CONSTRAINT "interactive_searches_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactive_searches" ADD CONSTRAINT "interactive_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interactive_searches_reference" ON "interactive_searches" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "interactive_searches_client_at" ON "interactive_searches" USING btree ("client_id","searched_at");--> statement-breakpoint
CREATE INDEX "interactive_searches_user" ON "interactive_searches" USING btree ("user_id");