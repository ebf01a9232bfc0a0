-- The calls of a sharded or broadcast fire: one row per shard under the run's execution
-- row, written by the agent as each shard's attempt starts and ends. The run is
-- SUCCEEDED only when every shard is.
CREATE TABLE execution_shard (
    execution_id BIGINT       NOT NULL,
    shard_index  INT          NOT NULL,
    shard_total  INT          NOT NULL,
    -- host:port of the instance the shard's last attempt went to
    instance     VARCHAR(255) NULL,
    status       VARCHAR(16)  NOT NULL,
    attempt      INT          NOT NULL DEFAULT 1,
    started_at   DATETIME(3)  NULL,
    finished_at  DATETIME(3)  NULL,
    output       TEXT         NULL,
    error        TEXT         NULL,
    PRIMARY KEY (execution_id, shard_index),
    CONSTRAINT fk_execution_shard_execution FOREIGN KEY (execution_id) REFERENCES execution (id)
        ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
