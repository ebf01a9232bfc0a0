-- What a run published for its downstream jobs (a JSON object of at most 4 KiB), and,
-- on a run its upstreams released, their paired runs' outputs as found at its release
-- (what its templates' upstream output placeholders read). Both go with the row, so the
-- execution retention purges them with it. (No placeholder syntax in this file: Flyway
-- would try to fill it in.)
ALTER TABLE execution
    ADD COLUMN outputs          TEXT       NULL,
    ADD COLUMN upstream_outputs MEDIUMTEXT NULL;
