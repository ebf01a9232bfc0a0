-- Execution ids handed out in blocks ahead of any row (crony-common
-- io.crony.common.execution.ExecutionIds): one row, the next id no block holds yet. A
-- writer of execution (an agent's claims and replayed records, the web's manual, released
-- and backfill runs) takes a block of ids in one short transaction (the row locked FOR
-- UPDATE, the block reserved in execution's AUTO_INCREMENT too, the row moved past the
-- block) and inserts its rows with ids of the block, so that a fire has its id before any
-- row of it is written (what a row written once, at the run's end, needs:
-- docs/scaling.md, "Plan" 3). older_writer_seen_at: when a block last found
-- AUTO_INCREMENT moved by a writer that takes no blocks (one older than this migration,
-- during a rolling upgrade); while it is recent, blocks start far above AUTO_INCREMENT.
--
-- Seeded past the rows there are.
CREATE TABLE execution_id_block (
    id                   TINYINT     NOT NULL,
    next_id              BIGINT      NOT NULL,
    older_writer_seen_at DATETIME(3) NULL,
    updated_at           DATETIME(3) NOT NULL,
    PRIMARY KEY (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

INSERT INTO execution_id_block (id, next_id, updated_at)
SELECT 1, COALESCE(MAX(id), 0) + 1, UTC_TIMESTAMP(3) FROM execution;
