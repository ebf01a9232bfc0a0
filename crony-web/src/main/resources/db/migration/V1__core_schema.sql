-- Crony core schema. Times are UTC (the server runs with time_zone +00:00), millisecond precision.

-- Job definitions: MySQL is the source of truth; the web leader reconciles them to etcd.
CREATE TABLE job (
    id          BIGINT        NOT NULL AUTO_INCREMENT,
    name        VARCHAR(128)  NOT NULL,
    description VARCHAR(1024) NULL,
    schedule    VARCHAR(256)  NOT NULL,
    time_zone   VARCHAR(64)   NOT NULL,
    target_type VARCHAR(16)   NOT NULL,
    -- the whole definition as crony-common's JSON (JobSpec): what the leader publishes to etcd
    spec        LONGTEXT      NOT NULL,
    enabled     TINYINT(1)    NOT NULL,
    -- optimistic lock and spec version; every change increases it
    version     BIGINT        NOT NULL DEFAULT 1,
    -- where the leader last placed the job (a mirror of etcd, for filtering and display)
    agent_id    VARCHAR(128)  NULL,
    created_by  VARCHAR(64)   NULL,
    created_at  DATETIME(3)   NOT NULL,
    updated_at  DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_job_name (name),
    KEY idx_job_updated (updated_at),
    KEY idx_job_agent (agent_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- One row per fire. Inserting it claims the fire: (job_id, scheduled_at) is unique, so a
-- second agent firing the same scheduled time gets a duplicate key and skips. Retries of a
-- fire update its row (attempt); on-demand runs use the request instant as scheduled_at.
CREATE TABLE execution (
    id             BIGINT       NOT NULL AUTO_INCREMENT,
    job_id         BIGINT       NOT NULL,
    job_name       VARCHAR(128) NOT NULL,
    agent_id       VARCHAR(128) NULL,
    trigger_type   VARCHAR(16)  NOT NULL,
    status         VARCHAR(16)  NOT NULL,
    scheduled_at   DATETIME(3)  NOT NULL,
    started_at     DATETIME(3)  NULL,
    finished_at    DATETIME(3)  NULL,
    attempt        INT          NOT NULL DEFAULT 1,
    params         TEXT         NULL,
    progress       INT          NULL,
    resume_payload TEXT         NULL,
    output         TEXT         NULL,
    error          TEXT         NULL,
    updated_at     DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_execution_fire (job_id, scheduled_at),
    KEY idx_execution_job (job_id, id),
    KEY idx_execution_status (status, id),
    KEY idx_execution_agent (agent_id, id),
    KEY idx_execution_scheduled (scheduled_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- Every agent ever seen, with the operator's overrides. Liveness itself is the etcd lease.
CREATE TABLE agent (
    id              VARCHAR(128) NOT NULL,
    host            VARCHAR(255) NULL,
    port            INT          NULL,
    weight          INT          NOT NULL DEFAULT 1,
    labels          TEXT         NULL,
    version         VARCHAR(64)  NULL,
    weight_override INT          NULL,
    drained         TINYINT(1)   NOT NULL DEFAULT 0,
    status          VARCHAR(16)  NOT NULL,
    started_at      DATETIME(3)  NULL,
    first_seen_at   DATETIME(3)  NOT NULL,
    last_seen_at    DATETIME(3)  NOT NULL,
    PRIMARY KEY (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- Agent history: joins, losses, drains, and how many jobs moved.
CREATE TABLE agent_event (
    id         BIGINT        NOT NULL AUTO_INCREMENT,
    agent_id   VARCHAR(128)  NOT NULL,
    event      VARCHAR(16)   NOT NULL,
    jobs_moved INT           NULL,
    detail     VARCHAR(1024) NULL,
    created_at DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    KEY idx_agent_event_agent (agent_id, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- Operator requests the leader carries out (any web instance may take the request).
CREATE TABLE cluster_request (
    id           BIGINT        NOT NULL AUTO_INCREMENT,
    kind         VARCHAR(32)   NOT NULL,
    argument     VARCHAR(255)  NULL,
    requested_by VARCHAR(64)   NULL,
    requested_at DATETIME(3)   NOT NULL,
    done_at      DATETIME(3)   NULL,
    result       VARCHAR(1024) NULL,
    PRIMARY KEY (id),
    KEY idx_cluster_request_open (done_at, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

CREATE TABLE app_user (
    id            BIGINT      NOT NULL AUTO_INCREMENT,
    username      VARCHAR(64) NOT NULL,
    password_hash VARCHAR(100) NOT NULL,
    role          VARCHAR(16) NOT NULL,
    enabled       TINYINT(1)  NOT NULL DEFAULT 1,
    created_at    DATETIME(3) NOT NULL,
    updated_at    DATETIME(3) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_app_user_name (username)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- Bearer tokens, stored as SHA-256 so a leaked table leaks no usable token.
CREATE TABLE auth_token (
    token_hash CHAR(64)    NOT NULL,
    user_id    BIGINT      NOT NULL,
    created_at DATETIME(3) NOT NULL,
    expires_at DATETIME(3) NOT NULL,
    PRIMARY KEY (token_hash),
    KEY idx_auth_token_user (user_id),
    KEY idx_auth_token_expiry (expires_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
