-- An organizer's public profile shows the average of their events' ratings: a rating written,
-- changed or removed notifies 'r:<organizer id>' on the read cache's channel (decision 0017), so
-- every process drops the profile answers that showed the old average.
CREATE FUNCTION hafla_read_rating_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('hafla_read', 'r:' || OLD.organizer_id);
  ELSE
    PERFORM pg_notify('hafla_read', 'r:' || NEW.organizer_id);
    IF TG_OP = 'UPDATE' AND OLD.organizer_id <> NEW.organizer_id THEN
      PERFORM pg_notify('hafla_read', 'r:' || OLD.organizer_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_ratings_read AFTER INSERT OR UPDATE OR DELETE ON event_ratings
  FOR EACH ROW EXECUTE FUNCTION hafla_read_rating_changed();
