CREATE TABLE "search_words" (
	"locale" "locale" NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_locale_word_pk" PRIMARY KEY("locale","word")
);
--> statement-breakpoint
DROP INDEX "product_translations_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The words of product titles (the 'simple' parser: lower case, no stemming), kept by a trigger.
CREATE FUNCTION "search_words_from_titles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("locale", "word")
  SELECT DISTINCT n."locale", w.word
  FROM "new_titles" n, unnest(tsvector_to_array(to_tsvector('simple', n."title"))) AS w(word)
  WHERE char_length(w.word) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_translations_search_words_insert" AFTER INSERT ON "product_translations"
  REFERENCING NEW TABLE AS "new_titles" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_titles"();--> statement-breakpoint
CREATE TRIGGER "product_translations_search_words_update" AFTER UPDATE ON "product_translations"
  REFERENCING NEW TABLE AS "new_titles" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_titles"();--> statement-breakpoint
INSERT INTO "search_words" ("locale", "word")
SELECT DISTINCT pt."locale", w.word
FROM "product_translations" pt, unnest(tsvector_to_array(to_tsvector('simple', pt."title"))) AS w(word)
WHERE char_length(w.word) >= 3
ON CONFLICT DO NOTHING;
