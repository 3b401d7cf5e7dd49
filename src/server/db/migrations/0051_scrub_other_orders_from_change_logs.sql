-- A camp family's change log is theirs (their person export holds it), so it must not name another family's
-- order. The «allerede påmeldt» note once did: «… men er avbestilt på VL26-XXXXXX og er ikke betalt for
-- lenger …», where the order was the other registration's, whose companion had been cancelled. The code now
-- writes «… men er avbestilt i en annen påmelding …»; this rewrites the notes written before to that wording.
-- Only the whole sentence as the system wrote it (anchored at both ends, an order number of the camp's own
-- format) on a camp row is rewritten; every other line, however it mentions «avbestilt», is left as it is.
UPDATE "order_changes"
SET "summary" = regexp_replace(
  "summary",
  '^(Ledsager .* er oppgitt som allerede påmeldt, men er avbestilt) på VL[0-9]{2}-[2-9A-HJKMNP-Z]{6} (og er ikke betalt for lenger\. Ta betalt for ledsageren eller fjern ledsageren\.)$',
  '\1 i en annen påmelding \2'
)
WHERE "camp_registration_id" IS NOT NULL
  AND "actor" = 'system'
  AND "summary" ~ '^Ledsager .* er oppgitt som allerede påmeldt, men er avbestilt på VL[0-9]{2}-[2-9A-HJKMNP-Z]{6} og er ikke betalt for lenger\. Ta betalt for ledsageren eller fjern ledsageren\.$';
