-- Alerts: channels configured through the API, and the history of every alert (which the
-- rate limit reads back, so it holds across agent failover and leader changes).

CREATE TABLE alert_channel (
    id         BIGINT        NOT NULL AUTO_INCREMENT,
    name       VARCHAR(128)  NOT NULL,
    -- MAIL, FEISHU, DINGTALK, WEBHOOK
    type       VARCHAR(16)   NOT NULL,
    enabled    TINYINT(1)    NOT NULL DEFAULT 1,
    -- receives platform alerts (agent lost, no agent alive, jobs not placed)
    platform   TINYINT(1)    NOT NULL DEFAULT 0,
    -- the settings that are not secret, as JSON (io.crony.alert.ChannelConfig)
    config     TEXT          NOT NULL,
    -- SMTP password or signing secret; write-only through the API
    secret     VARCHAR(1024) NULL,
    created_by VARCHAR(64)   NULL,
    created_at DATETIME(3)   NOT NULL,
    updated_at DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_alert_channel_name (name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- One row per alert and channel (SENT or FAILED), or one per alert held back by the rate
-- limit (SUPPRESSED, no channel).
CREATE TABLE alert (
    id           BIGINT        NOT NULL AUTO_INCREMENT,
    channel_id   BIGINT        NULL,
    -- FAILURE, TIMEOUT, FAILURE_RATE, RECOVERY, AGENT_LOST, NO_AGENT, UNPLACED, TEST
    kind         VARCHAR(16)   NOT NULL,
    job_id       BIGINT        NULL,
    execution_id BIGINT        NULL,
    agent_id     VARCHAR(128)  NULL,
    -- alerts with one key are rate limited together: job:7:FAILURE, platform:agent-lost:a1
    dedup_key    VARCHAR(255)  NOT NULL,
    status       VARCHAR(16)   NOT NULL,
    attempts     INT           NOT NULL DEFAULT 0,
    error        VARCHAR(1024) NULL,
    subject      VARCHAR(255)  NULL,
    text         TEXT          NULL,
    created_at   DATETIME(3)   NOT NULL,
    sent_at      DATETIME(3)   NULL,
    PRIMARY KEY (id),
    KEY idx_alert_dedup (dedup_key, status, created_at),
    KEY idx_alert_job (job_id, id),
    KEY idx_alert_channel (channel_id, id),
    KEY idx_alert_created (created_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
