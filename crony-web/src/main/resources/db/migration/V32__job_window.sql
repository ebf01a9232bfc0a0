-- A window per job: its agent owns every scheduled instant from_at <= t < until_at of the
-- job (docs/scaling.md, "Plan" 3). An agent extends its own window, or takes one that
-- ended before the first instant it asks for, so two agents never own the same instant;
-- a holder that hands a job over cuts its window at its first undispatched instant, and
-- the next holder's window starts there. Times are UTC with milliseconds, as
-- execution.scheduled_at. Nothing fires on these windows yet: the agent's claims are
-- still the execution rows (io.crony.agent.execution.JobWindows holds the SQL).
--
-- The foreign key deletes a job's window with the job, in the delete's transaction,
-- whoever deletes it (the job API, or a script by hand), as job_dependency's edges are;
-- an agent's insert of a window for a job deleted meanwhile is ignored, not kept.
CREATE TABLE job_window (
    job_id   BIGINT       NOT NULL,
    agent_id VARCHAR(128) NOT NULL,
    from_at  DATETIME(3)  NOT NULL,
    until_at DATETIME(3)  NOT NULL,
    PRIMARY KEY (job_id),
    CONSTRAINT fk_job_window_job FOREIGN KEY (job_id) REFERENCES job (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
