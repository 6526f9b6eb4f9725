-- Issue 26 (media that any machine can serve) and issue 24 (pictures in the back office): the
-- originals of /media/* live in the database, so every process and machine serves the same bytes
-- (decision 0057). `path` is the URL's path under /media/; an upload's path carries its content
-- hash. Resized variants are not stored here: each process makes and caches its own.
-- No change-count trigger: a page shows `images` rows (which move the counts), never this table.
CREATE TABLE "media_files" (
	"path" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
