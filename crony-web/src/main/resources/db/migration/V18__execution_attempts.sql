-- A run's attempts at their instances, so a run that moved (its instance asked, or left
-- the registry) shows where each attempt ran and how it ended. Written by agents for
-- ASYNC attempts, which already write their row when they start; SYNC attempts keep only
-- the count in execution.attempt.
CREATE TABLE execution_attempt (
    execution_id BIGINT        NOT NULL,
    attempt      INT           NOT NULL,
    -- host:port of the instance the call went to
    instance     VARCHAR(255)  NULL,
    agent_id     VARCHAR(128)  NULL,
    started_at   DATETIME(3)   NOT NULL,
    ended_at     DATETIME(3)   NULL,
    -- SUCCEEDED, FAILED, TIMED_OUT, CANCELLED, or MOVED when the run went on elsewhere
    status       VARCHAR(16)   NULL,
    note         VARCHAR(1024) NULL,
    PRIMARY KEY (execution_id, attempt),
    CONSTRAINT fk_execution_attempt_execution FOREIGN KEY (execution_id) REFERENCES execution (id)
        ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- Set by a progress report with rebalance: the agent running the attempt moves the run to
-- another instance and clears it when the next attempt starts.
ALTER TABLE execution ADD COLUMN move_requested_at DATETIME(3) NULL;
