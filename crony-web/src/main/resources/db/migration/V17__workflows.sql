-- Workflows: a job may wait for other jobs of its department, its upstreams. The edges
-- live here, for the graph and the gate; the job's spec carries its upstream ids as well,
-- so the agent that holds it knows its fires wait to be released. Deleting an upstream is
-- refused by the foreign key unless its edges were cut first.
CREATE TABLE job_dependency (
    job_id      BIGINT NOT NULL,
    upstream_id BIGINT NOT NULL,
    PRIMARY KEY (job_id, upstream_id),
    KEY idx_job_dependency_upstream (upstream_id),
    CONSTRAINT fk_job_dependency_job FOREIGN KEY (job_id) REFERENCES job (id) ON DELETE CASCADE,
    CONSTRAINT fk_job_dependency_upstream FOREIGN KEY (upstream_id) REFERENCES job (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- A run started by its upstreams names the upstream run that released it (the last one to
-- succeed), when, and the first run of the workflow run it belongs to, so a whole
-- workflow run reads as one tree. A fire of a job with upstreams waits as WAITING,
-- owned by nobody, until the web leader releases it.
ALTER TABLE execution
    ADD COLUMN released_by BIGINT      NULL,
    ADD COLUMN released_at DATETIME(3) NULL,
    ADD COLUMN root_id     BIGINT      NULL,
    ADD KEY idx_execution_root (root_id);

-- A backfill: a job run for every scheduled instant of a past range, alone or with its
-- dependents, one workflow run per instant, at most `parallelism` at once.
CREATE TABLE backfill (
    id              BIGINT       NOT NULL AUTO_INCREMENT,
    department_id   BIGINT       NOT NULL,
    job_id          BIGINT       NOT NULL,
    from_at         DATETIME(3)  NOT NULL,
    to_at           DATETIME(3)  NOT NULL,
    with_dependents TINYINT(1)   NOT NULL,
    parallelism     INT          NOT NULL,
    params          TEXT         NULL,
    -- RUNNING, PAUSED, CANCELLED, SUCCEEDED, FAILED
    status          VARCHAR(16)  NOT NULL,
    -- the next instant to start; null once every instant started
    next_at         DATETIME(3)  NULL,
    total           INT          NOT NULL,
    created_by      VARCHAR(128) NULL,
    created_at      DATETIME(3)  NOT NULL,
    finished_at     DATETIME(3)  NULL,
    PRIMARY KEY (id),
    KEY idx_backfill_status (status, id),
    KEY idx_backfill_job (job_id, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- "Run with dependents": a run of one job whose success starts its dependents, and
-- theirs, each once all its upstreams inside the workflow run have succeeded, with the
-- same parameters. A backfill's instant is one too: its runs are those of its jobs at
-- that instant, whoever made them (the fire key: a live run of the instant is the same).
CREATE TABLE workflow_run (
    id            BIGINT       NOT NULL AUTO_INCREMENT,
    department_id BIGINT       NOT NULL,
    job_id        BIGINT       NOT NULL,
    -- the root job's execution; its dependents' executions carry it as root_id
    root_id       BIGINT       NOT NULL,
    -- set for a backfill's instant
    backfill_id   BIGINT       NULL,
    scheduled_at  DATETIME(3)  NULL,
    with_dependents TINYINT(1) NOT NULL DEFAULT 1,
    params        TEXT         NULL,
    status        VARCHAR(16)  NOT NULL,
    error         TEXT         NULL,
    requested_by  VARCHAR(128) NULL,
    created_at    DATETIME(3)  NOT NULL,
    finished_at   DATETIME(3)  NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_workflow_run_root (root_id),
    KEY idx_workflow_run_status (status, id),
    KEY idx_workflow_run_backfill (backfill_id, status)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
