CREATE SEQUENCE "public"."lot_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{ROLE_USER}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"w" double precision DEFAULT 0 NOT NULL,
	"l" double precision DEFAULT 0 NOT NULL,
	"h" double precision DEFAULT 0 NOT NULL,
	"lbs" double precision DEFAULT 0 NOT NULL,
	"ozs" double precision DEFAULT 0 NOT NULL,
	"zone" integer DEFAULT 0 NOT NULL,
	"aisle" integer DEFAULT 0 NOT NULL,
	"col" integer DEFAULT 0 NOT NULL,
	"row" integer DEFAULT 0 NOT NULL,
	"bin" integer DEFAULT 0 NOT NULL,
	"box_number" integer DEFAULT 0 NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"box_id" integer NOT NULL,
	"upc" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"retail_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"client_cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"listing_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"vendor" text DEFAULT '' NOT NULL,
	"item_description_manifest" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	CONSTRAINT "items_box_upc_unique" UNIQUE("box_id","upc")
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_number" text NOT NULL,
	"title_listing" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'NOT_LISTED' NOT NULL,
	"slug" text,
	"categories" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"number_of_pallets" integer DEFAULT 0 NOT NULL,
	"number_of_cartons" integer DEFAULT 0 NOT NULL,
	"number_of_units" integer DEFAULT 0 NOT NULL,
	"total_original_retail" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total_listing_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"special_notes" text DEFAULT '' NOT NULL,
	"user_id" integer NOT NULL,
	"loc_zone" integer DEFAULT 0 NOT NULL,
	"loc_aisle" integer DEFAULT 0 NOT NULL,
	"loc_column" integer DEFAULT 0 NOT NULL,
	"loc_row" integer DEFAULT 0 NOT NULL,
	"loc_box" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lots_lot_number_unique" UNIQUE("lot_number"),
	CONSTRAINT "lots_status_check" CHECK ("lots"."status" in ('NOT_LISTED', 'LISTED', 'SOLD', 'SHIPPED', 'SCHEDULED', 'UNSOLD'))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"full" text DEFAULT '' NOT NULL,
	"thumbnail" text DEFAULT '' NOT NULL,
	"small_image" text DEFAULT '' NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"large" text DEFAULT '' NOT NULL,
	"wc_attachment_id" integer,
	"lot_id" integer,
	"upc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_one_owner_check" CHECK (num_nonnulls("images"."lot_id", "images"."upc") = 1)
);
--> statement-breakpoint
CREATE TABLE "upcs" (
	"id" serial PRIMARY KEY NOT NULL,
	"upc" text NOT NULL,
	"vendor_name" text DEFAULT '' NOT NULL,
	"vendor_style_number" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"ean" text DEFAULT '' NOT NULL,
	"item_description" text DEFAULT '' NOT NULL,
	"retail_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"wholesale_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"liquidation_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"approved_by" text,
	"source" text DEFAULT 'dataentry' NOT NULL,
	"division" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"vendor_name_original" text DEFAULT '' NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"asin" text DEFAULT '' NOT NULL,
	CONSTRAINT "upcs_upc_unique" UNIQUE("upc"),
	CONSTRAINT "upcs_source_check" CHECK ("upcs"."source" in ('dataentry', 'excel'))
);
--> statement-breakpoint
CREATE TABLE "auction_event_manifests" (
	"id" serial PRIMARY KEY NOT NULL,
	"manifest_id" integer NOT NULL,
	"auction_event_id" integer NOT NULL,
	"auction_title" text DEFAULT '' NOT NULL,
	"starting_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "auction_event_manifests_event_manifest_unique" UNIQUE("auction_event_id","manifest_id")
);
--> statement-breakpoint
CREATE TABLE "auction_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"label" text NOT NULL,
	"created_by_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manifest_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"manifest_id" integer NOT NULL,
	"inventory_event_id" integer NOT NULL,
	"status" text NOT NULL,
	"loc_zone" integer DEFAULT 0 NOT NULL,
	"loc_aisle" integer DEFAULT 0 NOT NULL,
	"loc_column" integer DEFAULT 0 NOT NULL,
	"loc_row" integer DEFAULT 0 NOT NULL,
	"loc_box" integer DEFAULT 0 NOT NULL,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lot_number" text NOT NULL,
	CONSTRAINT "manifest_history_event_manifest_unique" UNIQUE("inventory_event_id","manifest_id")
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"manifest_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'publish' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"data" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "processed_messages" (
	"user_id" integer NOT NULL,
	"client_msg_id" text NOT NULL,
	"reply" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_messages_user_id_client_msg_id_pk" PRIMARY KEY("user_id","client_msg_id")
);
--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_event_manifests" ADD CONSTRAINT "auction_event_manifests_manifest_id_lots_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_event_manifests" ADD CONSTRAINT "auction_event_manifests_auction_event_id_auction_events_id_fk" FOREIGN KEY ("auction_event_id") REFERENCES "public"."auction_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_events" ADD CONSTRAINT "inventory_events_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_history" ADD CONSTRAINT "manifest_history_manifest_id_lots_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_history" ADD CONSTRAINT "manifest_history_inventory_event_id_inventory_events_id_fk" FOREIGN KEY ("inventory_event_id") REFERENCES "public"."inventory_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_history" ADD CONSTRAINT "manifest_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_manifest_id_lots_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processed_messages" ADD CONSTRAINT "processed_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "boxes_lot_idx" ON "boxes" USING btree ("lot_id","box_number");--> statement-breakpoint
CREATE INDEX "items_upc_idx" ON "items" USING btree ("upc");--> statement-breakpoint
CREATE INDEX "lots_user_status_idx" ON "lots" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "lots_status_idx" ON "lots" USING btree ("status");--> statement-breakpoint
CREATE INDEX "lots_title_prefix_idx" ON "lots" USING btree (lower("title_listing") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "lots_lot_number_prefix_idx" ON "lots" USING btree ("lot_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent");--> statement-breakpoint
CREATE INDEX "images_lot_idx" ON "images" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "images_upc_idx" ON "images" USING btree ("upc");--> statement-breakpoint
CREATE INDEX "upcs_upc_prefix_idx" ON "upcs" USING btree ("upc" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "upcs_vendor_prefix_idx" ON "upcs" USING btree (lower("vendor_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "upcs_style_prefix_idx" ON "upcs" USING btree (lower("vendor_style_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "upcs_size_prefix_idx" ON "upcs" USING btree (lower("size") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "upcs_color_prefix_idx" ON "upcs" USING btree (lower("color") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "auction_event_manifests_event_order_idx" ON "auction_event_manifests" USING btree ("auction_event_id","sort_order");--> statement-breakpoint
CREATE INDEX "auction_event_manifests_manifest_idx" ON "auction_event_manifests" USING btree ("manifest_id");--> statement-breakpoint
CREATE INDEX "manifest_history_manifest_idx" ON "manifest_history" USING btree ("manifest_id");--> statement-breakpoint
CREATE INDEX "listings_manifest_idx" ON "listings" USING btree ("manifest_id");--> statement-breakpoint
CREATE INDEX "processed_messages_created_idx" ON "processed_messages" USING btree ("created_at");