DROP INDEX "upcs_upc_prefix_idx";--> statement-breakpoint
DROP INDEX "upcs_vendor_prefix_idx";--> statement-breakpoint
DROP INDEX "upcs_style_prefix_idx";--> statement-breakpoint
DROP INDEX "upcs_size_prefix_idx";--> statement-breakpoint
DROP INDEX "upcs_color_prefix_idx";--> statement-breakpoint
CREATE INDEX "upcs_upc_search_idx" ON "upcs" USING btree ("upc" text_pattern_ops,lower("vendor_name") text_pattern_ops,lower("vendor_style_number") text_pattern_ops,lower("size") text_pattern_ops,lower("color") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "upcs_vendor_search_idx" ON "upcs" USING btree (lower("vendor_name") text_pattern_ops,"upc" text_pattern_ops,lower("vendor_style_number") text_pattern_ops,lower("size") text_pattern_ops,lower("color") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "upcs_style_search_idx" ON "upcs" USING btree (lower("vendor_style_number") text_pattern_ops,"upc" text_pattern_ops,lower("vendor_name") text_pattern_ops,lower("size") text_pattern_ops,lower("color") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "upcs_size_search_idx" ON "upcs" USING btree (lower("size") text_pattern_ops,"upc" text_pattern_ops,lower("vendor_name") text_pattern_ops,lower("vendor_style_number") text_pattern_ops,lower("color") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "upcs_color_search_idx" ON "upcs" USING btree (lower("color") text_pattern_ops,"upc" text_pattern_ops,lower("vendor_name") text_pattern_ops,lower("vendor_style_number") text_pattern_ops,lower("size") text_pattern_ops);