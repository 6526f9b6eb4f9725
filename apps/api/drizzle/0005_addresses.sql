ALTER TABLE "user_addresses" ALTER COLUMN "phone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_addresses" ALTER COLUMN "country_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_addresses" ALTER COLUMN "postcode" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD COLUMN "first_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD COLUMN "last_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "user_addresses_user_idx" ON "user_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_addresses_one_default" ON "user_addresses" USING btree ("user_id") WHERE "user_addresses"."is_default";--> statement-breakpoint
ALTER TABLE "user_addresses" DROP COLUMN "full_name";