CREATE TABLE "search_list_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"lists" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interactive_searches" ADD COLUMN "list_set_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "search_list_sets_key" ON "search_list_sets" USING btree ("key");--> statement-breakpoint
ALTER TABLE "interactive_searches" ADD CONSTRAINT "interactive_searches_list_set_id_search_list_sets_id_fk" FOREIGN KEY ("list_set_id") REFERENCES "public"."search_list_sets"("id") ON DELETE no action ON UPDATE no action;