-- A listing is a store product keyed by its SKU, the lot number (issue 15); rows from before take their lot's number.
ALTER TABLE "listings" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "listings" SET "sku" = (SELECT "lot_number" FROM "lots" WHERE "lots"."id" = "listings"."manifest_id");--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "categories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_sku_unique" UNIQUE("sku");
