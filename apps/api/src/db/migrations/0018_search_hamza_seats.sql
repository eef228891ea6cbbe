-- Search folds the hamza seats too: "ؤ" to "و" and "ئ" to "ي", so "مومن" finds "مؤمن" and
-- "موتمر" finds "مؤتمر" (the other forms, ta marbuta, alef maqsura, diacritics and tatweel as
-- before). Stored documents and searched text go through the same function, so every event's
-- search_document is computed again (assigning the title fires events_search_document); the GIN
-- index over it follows its rows. The guest list (modules/door/queries.ts) and the organizer's
-- own events folds at query time and needs nothing more.
CREATE OR REPLACE FUNCTION hafla_fold_search_text(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    translate(lower(coalesce(input, '')), 'أإآٱؤئىةـًٌٍَُِّْ', 'ااااوييه'),
    '(^|\s)ال(\S\S)', '\1\2', 'g')
$$;
--> statement-breakpoint
UPDATE events SET title = title;
