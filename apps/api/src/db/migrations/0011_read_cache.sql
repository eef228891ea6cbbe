-- The read cache (decision 0017): every change to what public pages show notifies the channel
-- hafla_read in its own transaction, so PostgreSQL delivers the notice only if it commits, and
-- every API process drops the answers that showed it. Payloads: 'e:<event id>' (an event, its
-- slots, its ticket categories), 'o:<user id>' (an organizer's name, picture, bio, followers),
-- '*' (catalog content). Identical notices of one transaction are delivered once.
CREATE FUNCTION hafla_read_event_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('hafla_read', 'e:' || OLD.id);
  ELSE
    PERFORM pg_notify('hafla_read', 'e:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_read_insert AFTER INSERT ON events FOR EACH ROW
  WHEN (NEW.status <> 'draft') EXECUTE FUNCTION hafla_read_event_changed();
--> statement-breakpoint
CREATE TRIGGER events_read_delete AFTER DELETE ON events FOR EACH ROW
  WHEN (OLD.status <> 'draft') EXECUTE FUNCTION hafla_read_event_changed();
--> statement-breakpoint
-- Only columns a page shows: a column added later (a view counter) changes nothing cached.
CREATE TRIGGER events_read_update AFTER UPDATE ON events FOR EACH ROW
  WHEN ((OLD.status <> 'draft' OR NEW.status <> 'draft') AND (
    OLD.organizer_id, OLD.title, OLD.description, OLD.category_id, OLD.event_type_id,
    OLD.cover_key, OLD.venue_name, OLD.address, OLD.latitude, OLD.longitude, OLD.is_online,
    OLD.timezone, OLD.currency, OLD.requires_approval, OLD.max_tickets_per_order,
    OLD.refundable_until_hours, OLD.refund_percentage, OLD.status, OLD.is_featured,
    OLD.published_at, OLD.cancelled_at, OLD.first_start_at, OLD.last_end_at, OLD.min_price,
    OLD.max_price, OLD.wishlist_count
  ) IS DISTINCT FROM (
    NEW.organizer_id, NEW.title, NEW.description, NEW.category_id, NEW.event_type_id,
    NEW.cover_key, NEW.venue_name, NEW.address, NEW.latitude, NEW.longitude, NEW.is_online,
    NEW.timezone, NEW.currency, NEW.requires_approval, NEW.max_tickets_per_order,
    NEW.refundable_until_hours, NEW.refund_percentage, NEW.status, NEW.is_featured,
    NEW.published_at, NEW.cancelled_at, NEW.first_start_at, NEW.last_end_at, NEW.min_price,
    NEW.max_price, NEW.wishlist_count
  ))
  EXECUTE FUNCTION hafla_read_event_changed();
--> statement-breakpoint
CREATE FUNCTION hafla_read_event_part_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('hafla_read', 'e:' || OLD.event_id);
  ELSE
    PERFORM pg_notify('hafla_read', 'e:' || NEW.event_id);
    IF TG_OP = 'UPDATE' AND OLD.event_id <> NEW.event_id THEN
      PERFORM pg_notify('hafla_read', 'e:' || OLD.event_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_dates_read AFTER INSERT OR UPDATE OR DELETE ON event_dates FOR EACH ROW
  EXECUTE FUNCTION hafla_read_event_part_changed();
--> statement-breakpoint
CREATE TRIGGER ticket_categories_read AFTER INSERT OR UPDATE OR DELETE ON ticket_categories
  FOR EACH ROW EXECUTE FUNCTION hafla_read_event_part_changed();
--> statement-breakpoint
CREATE FUNCTION hafla_read_organizer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'follows' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('hafla_read', 'o:' || OLD.organizer_id);
    ELSE
      PERFORM pg_notify('hafla_read', 'o:' || NEW.organizer_id);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('hafla_read', 'o:' || OLD.id);
  ELSE
    PERFORM pg_notify('hafla_read', 'o:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_read_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.organization_name, OLD.avatar_key, OLD.bio,
    OLD.user_type, OLD.is_verified, OLD.is_profile_complete)
    IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.organization_name, NEW.avatar_key,
    NEW.bio, NEW.user_type, NEW.is_verified, NEW.is_profile_complete))
  EXECUTE FUNCTION hafla_read_organizer_changed();
--> statement-breakpoint
CREATE TRIGGER users_read_delete AFTER DELETE ON users FOR EACH ROW
  WHEN (OLD.user_type = 'organizer') EXECUTE FUNCTION hafla_read_organizer_changed();
--> statement-breakpoint
CREATE TRIGGER follows_read AFTER INSERT OR DELETE ON follows FOR EACH ROW
  EXECUTE FUNCTION hafla_read_organizer_changed();
--> statement-breakpoint
CREATE FUNCTION hafla_read_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hafla_read', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_read AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION hafla_read_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER event_types_read AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON event_types
  FOR EACH STATEMENT EXECUTE FUNCTION hafla_read_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER faq_entries_read AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faq_entries
  FOR EACH STATEMENT EXECUTE FUNCTION hafla_read_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER configuration_pages_read AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON configuration_pages FOR EACH STATEMENT EXECUTE FUNCTION hafla_read_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER app_settings_read AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app_settings
  FOR EACH STATEMENT EXECUTE FUNCTION hafla_read_catalog_changed();
