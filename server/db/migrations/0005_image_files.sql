CREATE TABLE "image_file_deletions" (
	"file_key" text PRIMARY KEY NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "file_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "images_file_key_idx" ON "images" USING btree ("file_key");--> statement-breakpoint
-- Every image row that goes (deleted by a handler or by its lot's cascade) queues its files for the sweeper, in the
-- same transaction: a rolled-back delete queues nothing, a committed one never loses track of its files.
CREATE FUNCTION "images_queue_file_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.file_key <> '' THEN
    -- Due now, also when the upload's own entry (a grace of an hour, server/images/image-files.ts) is still there.
    INSERT INTO "image_file_deletions" ("file_key") VALUES (OLD.file_key)
      ON CONFLICT ("file_key") DO UPDATE SET "not_before" = LEAST("image_file_deletions"."not_before", now());
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "images_queue_file_deletion" AFTER DELETE ON "images" FOR EACH ROW EXECUTE FUNCTION "images_queue_file_deletion"();
