-- Issue 20. Payments a provider confirmed are kept, also for an order cancelled meanwhile (then
-- with refund_due, for staff); a status change may say why (its note); a cart remembers the order
-- that emptied it, so a second checkout of that cart is answered with it (decision 0039).
-- Numbered 0012: 0011 is the change-count migration of another branch.
CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"reference" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"refund_due" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_kind_reference" UNIQUE("kind","reference")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "last_order_id" integer;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_last_order_id_orders_id_fk" FOREIGN KEY ("last_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;