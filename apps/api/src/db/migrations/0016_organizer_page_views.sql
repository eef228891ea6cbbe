CREATE TABLE "organizer_page_views" (
	"organizer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organizer_page_views_organizer_id_day_pk" PRIMARY KEY("organizer_id","day")
);
--> statement-breakpoint
INSERT INTO organizer_page_views (organizer_id, day, views)
  SELECT organizer_id, day, sum(views) FROM event_page_views GROUP BY 1, 2;
--> statement-breakpoint
-- Whatever an event's day of views gains, its organizer's day gains.
CREATE FUNCTION hafla_organizer_page_views() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO organizer_page_views AS o (organizer_id, day, views)
    VALUES (NEW.organizer_id, NEW.day,
            NEW.views - CASE WHEN TG_OP = 'UPDATE' THEN OLD.views ELSE 0 END)
    ON CONFLICT (organizer_id, day) DO UPDATE SET views = o.views + excluded.views;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER event_page_views_organizer AFTER INSERT OR UPDATE ON event_page_views
  FOR EACH ROW EXECUTE FUNCTION hafla_organizer_page_views();
