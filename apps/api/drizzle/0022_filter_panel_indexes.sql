-- Issue 26 (the filter panel at a million products, decision 0065).
-- With no filter but the ticked values, the panel counts each value's rows in product_values less
-- those of the products no list shows (inactive ones and variations): this partial index finds
-- those few products without reading the table; its predicate is the list's condition, negated.
CREATE INDEX "products_unlisted_idx" ON "products" USING btree ("id") WHERE NOT ("products"."active" AND "products"."parent_id" IS NULL);--> statement-breakpoint
-- The carriers of ticked values come from the index alone with the product id in it (an index
-- scan instead of 140,000 table rows for three ticked values at a million products). A btree
-- entry of two integers takes the space of one (alignment), so the index does not grow.
DROP INDEX "product_values_value_idx";--> statement-breakpoint
CREATE INDEX "product_values_value_idx" ON "product_values" USING btree ("value_id","product_id");
