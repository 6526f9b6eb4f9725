-- One shop review per user (a second POST edits the first). Databases seeded before this kept
-- several per user: the newest stays.
DELETE FROM "organization_reviews" AS "old" USING "organization_reviews" AS "newer" WHERE "old"."user_id" = "newer"."user_id" AND ("old"."created_at", "old"."id") < ("newer"."created_at", "newer"."id");--> statement-breakpoint
CREATE INDEX "organization_reviews_created_idx" ON "organization_reviews" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "organization_reviews" ADD CONSTRAINT "organization_reviews_user_id_unique" UNIQUE("user_id");
