-- The zone a phone candidate's calls are timed in (docs/decisions/059-calling-hours-in-the-candidates-zone.md):
-- the IANA zone of the places an option's label names, so summer time is kept; an offset naming no
-- place (or an applicant's offset from before, such as UTC+05:45) stays that fixed offset; anything
-- else is UTC. Mirrors contracts/phone-screenings.ts `zoneOfOption`.
ALTER TABLE "phone_screening_candidates" ADD COLUMN "zone" text;--> statement-breakpoint
UPDATE "phone_screening_candidates" SET "zone" = CASE "time_zone"
  WHEN 'UTC-08:00' THEN 'America/Los_Angeles'
  WHEN 'UTC-07:00' THEN 'America/Denver'
  WHEN 'UTC-06:00' THEN 'America/Chicago'
  WHEN 'UTC-05:00' THEN 'America/New_York'
  WHEN 'UTC+00:00' THEN 'Europe/London'
  WHEN 'UTC+01:00' THEN 'Europe/Berlin'
  WHEN 'UTC+02:00' THEN 'Europe/Athens'
  WHEN 'UTC+03:00' THEN 'Europe/Istanbul'
  WHEN 'UTC+05:30' THEN 'Asia/Kolkata'
  WHEN 'UTC+08:00' THEN 'Asia/Singapore'
  WHEN 'UTC+09:00' THEN 'Asia/Tokyo'
  ELSE CASE WHEN "time_zone" ~ '^UTC[+-][0-9]{2}:[0-9]{2}$' THEN "time_zone" ELSE 'UTC' END
END;--> statement-breakpoint
ALTER TABLE "phone_screening_candidates" ALTER COLUMN "zone" SET NOT NULL;
