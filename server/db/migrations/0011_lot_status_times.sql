ALTER TABLE "lots" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
-- The Overview (issue 34) counts the lots listed and sold each week: every change of a lot's status stamps when, in
-- one place, whichever handler made it. Back to NOT_LISTED clears both; (back) to LISTED clears the sale; SHIPPED
-- keeps the sale's time (and stamps one for a lot shipped without being marked sold).
CREATE FUNCTION "lots_stamp_status_times"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NEW;
  END IF;
  IF NEW.status = 'NOT_LISTED' THEN
    NEW.listed_at := NULL;
    NEW.sold_at := NULL;
  ELSIF NEW.status = 'LISTED' THEN
    NEW.listed_at := now();
    NEW.sold_at := NULL;
  ELSIF NEW.status = 'SOLD' THEN
    NEW.sold_at := now();
  ELSIF NEW.status = 'SHIPPED' THEN
    NEW.sold_at := COALESCE(NEW.sold_at, now());
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lots_stamp_status_times" BEFORE INSERT OR UPDATE OF "status" ON "lots" FOR EACH ROW EXECUTE FUNCTION "lots_stamp_status_times"();
--> statement-breakpoint
-- Lots listed or sold before this version: their last change is the best time known. Every lot is written, so every
-- device's next syncLots brings each one again with its times (the writer_xid trigger stamps them).
UPDATE "lots" SET
  "listed_at" = CASE WHEN "status" IN ('LISTED', 'SOLD', 'SHIPPED') THEN "updated_at" END,
  "sold_at" = CASE WHEN "status" IN ('SOLD', 'SHIPPED') THEN "updated_at" END;
