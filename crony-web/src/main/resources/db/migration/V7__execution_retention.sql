-- Execution retention: a job's own limits (NULL = inherit the platform default, see
-- crony.web.retention.*), and one row per purge the leader runs, saying what it removed.
-- ADD COLUMN at the end of the table is an instant change in MariaDB: no rebuild of job.
ALTER TABLE job
    ADD COLUMN retention_days      INT NULL,
    ADD COLUMN retention_max_count INT NULL;

-- No index is added to execution: the purge walks each job's rows through
-- uk_execution_fire (job_id, scheduled_at), oldest first, and deletes them by id.
CREATE TABLE purge_run (
    id               BIGINT        NOT NULL AUTO_INCREMENT,
    started_at       DATETIME(3)   NOT NULL,
    finished_at      DATETIME(3)   NULL,
    -- RUNNING, COMPLETED, FAILED (database error), STOPPED (leadership lost, shutdown)
    outcome          VARCHAR(16)   NOT NULL,
    jobs_examined    INT           NOT NULL DEFAULT 0,
    -- rows older than their job's days limit
    removed_by_age   BIGINT        NOT NULL DEFAULT 0,
    -- rows beyond their job's max count (newest N kept), not already counted by age
    removed_by_count BIGINT        NOT NULL DEFAULT 0,
    error            VARCHAR(1024) NULL,
    PRIMARY KEY (id),
    KEY idx_purge_run_started (started_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
