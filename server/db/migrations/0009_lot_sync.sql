CREATE TABLE "lot_tombstones" (
	"lot_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"writer_xid" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "writer_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "lot_tombstones_sync_idx" ON "lot_tombstones" USING btree ("writer_xid","lot_id");--> statement-breakpoint
CREATE INDEX "lot_tombstones_user_sync_idx" ON "lot_tombstones" USING btree ("user_id","writer_xid","lot_id");--> statement-breakpoint
CREATE INDEX "lots_sync_idx" ON "lots" USING btree ("writer_xid","id");--> statement-breakpoint
CREATE INDEX "lots_user_sync_idx" ON "lots" USING btree ("user_id","writer_xid","id");--> statement-breakpoint
-- Incremental sync (syncLots): every write of a lot as it is presented stamps the lot with the writing transaction's
-- id, and a deleted lot leaves a tombstone; a device asks for what was stamped since its cursor.
CREATE FUNCTION "lots_stamp_writer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.writer_xid := txid_current();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lots_stamp_writer" BEFORE INSERT OR UPDATE ON "lots" FOR EACH ROW EXECUTE FUNCTION "lots_stamp_writer"();
--> statement-breakpoint
CREATE FUNCTION "lots_leave_tombstone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lot_tombstones" ("lot_id", "user_id", "writer_xid") VALUES (OLD.id, OLD.user_id, txid_current())
    ON CONFLICT ("lot_id") DO UPDATE SET "user_id" = EXCLUDED."user_id", "writer_xid" = EXCLUDED."writer_xid";
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lots_leave_tombstone" AFTER DELETE ON "lots" FOR EACH ROW EXECUTE FUNCTION "lots_leave_tombstone"();
--> statement-breakpoint
-- A lot is presented with its auction entries (each with its event): a change to them is a change to the lot.
CREATE FUNCTION "auction_entries_stamp_lots"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "lots" SET "writer_xid" = txid_current() WHERE "id" = OLD.manifest_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "lots" SET "writer_xid" = txid_current() WHERE "id" = NEW.manifest_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "auction_entries_stamp_lots" AFTER INSERT OR UPDATE OR DELETE ON "auction_event_manifests" FOR EACH ROW EXECUTE FUNCTION "auction_entries_stamp_lots"();
--> statement-breakpoint
CREATE FUNCTION "auction_events_stamp_lots"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lots" SET "writer_xid" = txid_current() WHERE "id" IN (SELECT "manifest_id" FROM "auction_event_manifests" WHERE "auction_event_id" = NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "auction_events_stamp_lots" AFTER UPDATE ON "auction_events" FOR EACH ROW EXECUTE FUNCTION "auction_events_stamp_lots"();
--> statement-breakpoint
-- Names this database in sync cursors, so a cursor another database gave (a device moved to another install) starts
-- the device over instead of skipping what it never had.
CREATE TABLE "sync_epoch" ("only" boolean PRIMARY KEY DEFAULT true CHECK ("only"), "epoch" text NOT NULL DEFAULT gen_random_uuid()::text);
--> statement-breakpoint
INSERT INTO "sync_epoch" DEFAULT VALUES;
