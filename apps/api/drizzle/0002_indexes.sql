CREATE INDEX "blogs_vendor_idx" ON "blogs" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "bundles_vendor_idx" ON "bundles" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "images_page_idx" ON "images" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "images_organization_idx" ON "images" USING btree ("organization_id");