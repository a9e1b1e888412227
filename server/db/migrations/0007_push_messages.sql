CREATE TABLE "push_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"topic" text NOT NULL,
	"body" text NOT NULL,
	"except_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_messages_created_idx" ON "push_messages" USING btree ("created_at");