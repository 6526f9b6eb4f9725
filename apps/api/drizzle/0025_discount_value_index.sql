-- Issue 26 (decision 0082): an ascending price sort bounds its discounted part by the biggest
-- product discount; read from the top of this index instead of from every discount (a sequential
-- scan of 100,000 rows at a million products, on every new price-sorted page). Small: discounts
-- only, built in well under a second at 1M.
CREATE INDEX "discounts_product_value_idx" ON "discounts" USING btree ("value") WHERE "discounts"."product_id" IS NOT NULL;