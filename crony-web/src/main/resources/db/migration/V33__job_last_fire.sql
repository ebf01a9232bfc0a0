-- A job's latest scheduled fire, kept here when retention drops the day that held its
-- row (io.crony.web.retention.ExecutionPartitions), so that the day can go whole: an agent
-- that takes the job over reads the newer of this mark and the job's rows
-- (crony-agent io.crony.agent.execution.FireHistory) to tell which instants were missed
-- (misfire policy) and who held the job before (its agent_id). Before, such a day was
-- kept and its other rows deleted one by one. Nothing on the firing path writes a mark:
-- only the leader's purge, for the jobs whose latest fire lies in a day it drops, and a
-- mark never moves back in time. Times are UTC with milliseconds, as
-- execution.scheduled_at; execution_id, agent_id, status and finished_at are the fire's
-- row's (the job list shows the mark as the job's last run when it is newer than every
-- row left: crony-web JobMapper).
--
-- The foreign key deletes a job's mark with the job, as job_window's does: no agent
-- takes a deleted job over.
CREATE TABLE job_last_fire (
    job_id       BIGINT       NOT NULL,
    scheduled_at DATETIME(3)  NOT NULL,
    execution_id BIGINT       NOT NULL,
    agent_id     VARCHAR(128) NULL,
    status       VARCHAR(16)  NOT NULL,
    finished_at  DATETIME(3)  NULL,
    PRIMARY KEY (job_id),
    CONSTRAINT fk_job_last_fire_job FOREIGN KEY (job_id) REFERENCES job (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
