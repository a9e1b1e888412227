ALTER TABLE "upcs" ALTER COLUMN "retail_price" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "upcs" ALTER COLUMN "retail_price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "upcs" ALTER COLUMN "wholesale_price" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "upcs" ALTER COLUMN "wholesale_price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "upcs" ALTER COLUMN "liquidation_price" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "upcs" ALTER COLUMN "liquidation_price" DROP NOT NULL;