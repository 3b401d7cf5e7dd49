-- What stands at the camp's door is read from the door's log from now on: a person is in on a day while a
-- check-in of theirs has no undo after it. Where the kept state and the log disagree (a check-in kept without
-- its action, or an action whose state was taken away), the log gets the action that makes it say what was kept.
INSERT INTO "event_checkin_actions" ("action_id", "kind", "camp_registration_id", "person_id", "day", "account_username", "account_name", "at")
SELECT gen_random_uuid(), 'checkin', "kept"."registration_id", "kept"."person_id", "kept"."day", "kept"."checked_in_by", "kept"."checked_in_by", "kept"."checked_in_at"
FROM "camp_checkins" AS "kept"
WHERE NOT EXISTS (
  SELECT 1 FROM "event_checkin_actions" AS "a"
  WHERE "a"."camp_registration_id" = "kept"."registration_id" AND "a"."person_id" = "kept"."person_id" AND "a"."day" = "kept"."day"
    AND "a"."kind" = 'checkin'
    AND NOT EXISTS (SELECT 1 FROM "event_checkin_actions" AS "u" WHERE "u"."camp_registration_id" = "a"."camp_registration_id"
      AND "u"."person_id" = "a"."person_id" AND "u"."day" = "a"."day" AND "u"."kind" = 'undo-checkin' AND "u"."id" > "a"."id"))
ORDER BY "kept"."id";--> statement-breakpoint
INSERT INTO "event_checkin_actions" ("action_id", "kind", "camp_registration_id", "person_id", "day", "account_username", "account_name", "at")
SELECT DISTINCT ON ("a"."camp_registration_id", "a"."person_id", "a"."day") gen_random_uuid(), 'undo-checkin', "a"."camp_registration_id",
  "a"."person_id", "a"."day", 'migrering', 'Oppgradering', now()
FROM "event_checkin_actions" AS "a"
WHERE "a"."camp_registration_id" IS NOT NULL AND "a"."kind" = 'checkin'
  AND NOT EXISTS (SELECT 1 FROM "event_checkin_actions" AS "u" WHERE "u"."camp_registration_id" = "a"."camp_registration_id"
    AND "u"."person_id" = "a"."person_id" AND "u"."day" = "a"."day" AND "u"."kind" = 'undo-checkin' AND "u"."id" > "a"."id")
  AND NOT EXISTS (SELECT 1 FROM "camp_checkins" AS "kept" WHERE "kept"."registration_id" = "a"."camp_registration_id"
    AND "kept"."person_id" = "a"."person_id" AND "kept"."day" = "a"."day")
ORDER BY "a"."camp_registration_id", "a"."person_id", "a"."day", "a"."id" DESC;--> statement-breakpoint
DROP TABLE "camp_checkins" CASCADE;