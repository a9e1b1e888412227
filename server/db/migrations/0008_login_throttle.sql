CREATE TABLE "login_account_failures" (
	"account" text NOT NULL,
	"address" text NOT NULL,
	"failed_ms" bigint NOT NULL,
	CONSTRAINT "login_account_failures_account_address_pk" PRIMARY KEY("account","address")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_failed_ms" bigint NOT NULL,
	CONSTRAINT "login_failures_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "login_failures_scope_check" CHECK ("login_failures"."scope" in ('pair', 'address'))
);
--> statement-breakpoint
CREATE TABLE "login_known_addresses" (
	"account" text NOT NULL,
	"address" text NOT NULL,
	"signed_in_ms" bigint NOT NULL,
	CONSTRAINT "login_known_addresses_account_address_pk" PRIMARY KEY("account","address")
);
--> statement-breakpoint
CREATE INDEX "login_account_failures_recent_idx" ON "login_account_failures" USING btree ("account","failed_ms");--> statement-breakpoint
CREATE INDEX "login_account_failures_failed_idx" ON "login_account_failures" USING btree ("failed_ms");--> statement-breakpoint
CREATE INDEX "login_failures_last_idx" ON "login_failures" USING btree ("last_failed_ms");