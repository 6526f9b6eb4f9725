-- The carrier's tracking number, filled in by staff once an order ships (issue 23).
ALTER TABLE "orders" ADD COLUMN "tracking_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Confirming an account claims the guest orders of its address (decision 0050).
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower("email")) WHERE "orders"."user_id" is null;
