-- A record's updated_at is its version: a change is made only if the record is as the client
-- last read it (If-Match, to the millisecond, as the API answers updated_at). So every change
-- moves it on by one millisecond at least, even two changes in one millisecond or a transaction
-- that began before the last change committed; and it is kept to the millisecond the API shows.
CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := date_trunc('milliseconds', greatest(now(), OLD.updated_at + interval '1 millisecond'));
  RETURN NEW;
END
$$;
