-- Login attempts reserved per key when no Redis is configured (plugins/auth-limits.ts, decision
-- 0043). One shopper's own rows: no page shows them, so no page-data-version trigger (0010).
CREATE TABLE "auth_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_attempts_expires_idx" ON "auth_attempts" USING btree ("expires_at");