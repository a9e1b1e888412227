ALTER TABLE "items" ALTER COLUMN "retail_price" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "items" ALTER COLUMN "retail_price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ALTER COLUMN "client_cost" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "items" ALTER COLUMN "client_cost" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ALTER COLUMN "listing_price" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "items" ALTER COLUMN "listing_price" DROP NOT NULL;