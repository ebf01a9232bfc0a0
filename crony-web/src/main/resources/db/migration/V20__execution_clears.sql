-- A run cleared by an operator runs again for the same logical instant on the same row
-- (the fire key (job_id, scheduled_at) stays its claim); what the row said before, with
-- its attempts and shards, is kept here, one row per clear, oldest first.
CREATE TABLE execution_clear (
    execution_id BIGINT        NOT NULL,
    -- 1 for the row's first run, 2 for the run after the first clear, ...
    run          INT           NOT NULL,
    trigger_type VARCHAR(16)   NOT NULL,
    status       VARCHAR(16)   NOT NULL,
    agent_id     VARCHAR(128)  NULL,
    attempt      INT           NOT NULL,
    started_at   DATETIME(3)   NULL,
    finished_at  DATETIME(3)   NULL,
    output       TEXT          NULL,
    error        TEXT          NULL,
    released_by  BIGINT        NULL,
    -- the run's execution_attempt and execution_shard rows, as JSON arrays
    attempts     MEDIUMTEXT    NULL,
    shards       MEDIUMTEXT    NULL,
    cleared_at   DATETIME(3)   NOT NULL,
    cleared_by   VARCHAR(128)  NULL,
    PRIMARY KEY (execution_id, run),
    CONSTRAINT fk_execution_clear_execution FOREIGN KEY (execution_id) REFERENCES execution (id)
        ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
