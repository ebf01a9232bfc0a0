-- The audit log: one row per change made through the API, sign-in and sign-out,
-- written in the transaction of the change it records. Rows are only ever inserted by
-- requests; the leader deletes those older than crony.web.audit.retention.

CREATE TABLE audit_log (
    id          BIGINT        NOT NULL AUTO_INCREMENT,
    occurred_at DATETIME(3)   NOT NULL,
    -- USER (a signed-in user), TOKEN (a service token) or ANONYMOUS (no one signed in: a
    -- failed sign-in)
    actor_type  VARCHAR(16)   NOT NULL,
    -- the user's or the service token's id; NULL for ANONYMOUS
    actor_id    BIGINT        NULL,
    -- the user name, token:<name> for a service token (for a failed sign-in: the name tried)
    actor_name  VARCHAR(255)  NULL,
    -- the request's client address
    address     VARCHAR(64)   NULL,
    -- JOB_CREATE, JOB_UPDATE, ..., LOGIN_FAILED (io.crony.web.audit.AuditAction)
    action      VARCHAR(32)   NOT NULL,
    -- JOB, USER, ALERT_CHANNEL, AGENT, CLUSTER, SERVICE_TOKEN
    object_type VARCHAR(32)   NOT NULL,
    object_id   VARCHAR(64)   NULL,
    object_name VARCHAR(255)  NULL,
    -- the changed fields with their values before and after, secrets masked, as JSON
    changes     MEDIUMTEXT    NOT NULL,
    PRIMARY KEY (id),
    KEY idx_audit_log_occurred (occurred_at),
    KEY idx_audit_log_object (object_type, object_id, id),
    KEY idx_audit_log_actor (actor_name, id),
    KEY idx_audit_log_action (action, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
