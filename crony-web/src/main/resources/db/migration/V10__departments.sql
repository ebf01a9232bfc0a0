-- Departments: every job, alert channel and service token belongs to one, and users hold a
-- role per department (department_member) instead of one role for everything; a global
-- admin (app_user.global_admin) is ADMIN in every department and manages users,
-- departments, agents and the cluster. What existed before goes into the `default`
-- department, id 1, and every user keeps the role they had there.

CREATE TABLE department (
    id             BIGINT       NOT NULL AUTO_INCREMENT,
    -- the name requests select it by (X-Crony-Department); never changes
    name           VARCHAR(64)  NOT NULL,
    description    VARCHAR(255) NULL,
    -- days its jobs' executions are kept when a job sets none; NULL: the platform default
    retention_days INT          NULL,
    created_by     VARCHAR(128) NOT NULL,
    created_at     DATETIME(3)  NOT NULL,
    updated_at     DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_department_name (name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

INSERT INTO department (id, name, description, created_by, created_at, updated_at)
VALUES (1, 'default', 'What existed before departments, and the home of new users', 'crony', UTC_TIMESTAMP(3),
        UTC_TIMESTAMP(3));

CREATE TABLE department_member (
    department_id BIGINT      NOT NULL,
    user_id       BIGINT      NOT NULL,
    -- VIEWER, OPERATOR or ADMIN (io.crony.web.auth.Role)
    role          VARCHAR(16) NOT NULL,
    created_at    DATETIME(3) NOT NULL,
    PRIMARY KEY (department_id, user_id),
    KEY idx_department_member_user (user_id),
    CONSTRAINT fk_department_member_department FOREIGN KEY (department_id) REFERENCES department (id),
    CONSTRAINT fk_department_member_user FOREIGN KEY (user_id) REFERENCES app_user (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

ALTER TABLE app_user ADD COLUMN global_admin TINYINT(1) NOT NULL DEFAULT 0;
UPDATE app_user SET global_admin = 1 WHERE role = 'ADMIN';
INSERT INTO department_member (department_id, user_id, role, created_at)
SELECT 1, id, role, UTC_TIMESTAMP(3) FROM app_user;
-- role is no longer read, but web instances of the previous version read and write it
-- while a rolling upgrade replaces them: it stays, with a default for the users the new
-- version creates, until a later version drops it.
ALTER TABLE app_user MODIFY COLUMN role VARCHAR(16) NOT NULL DEFAULT 'VIEWER';

-- Names are unique within a department only: a name taken elsewhere must not answer 409,
-- which would tell that the other department has it. The API always names the department;
-- the column default puts rows written by other means (scripts, bulk loads) in `default`.
ALTER TABLE job
    ADD COLUMN department_id BIGINT NOT NULL DEFAULT 1,
    DROP INDEX uk_job_name,
    ADD UNIQUE KEY uk_job_department_name (department_id, name);

ALTER TABLE alert_channel
    ADD COLUMN department_id BIGINT NOT NULL DEFAULT 1,
    DROP INDEX uk_alert_channel_name,
    ADD UNIQUE KEY uk_alert_channel_department_name (department_id, name);

ALTER TABLE service_token
    ADD COLUMN department_id BIGINT NOT NULL DEFAULT 1,
    DROP INDEX uk_service_token_name,
    ADD UNIQUE KEY uk_service_token_department_name (department_id, name);

-- The department a change belongs to; NULL for platform changes (users, departments,
-- agents, the cluster, sign-ins), which only global admins read.
ALTER TABLE audit_log
    ADD COLUMN department_id BIGINT NULL,
    ADD KEY idx_audit_log_department (department_id, id);
UPDATE audit_log SET department_id = 1 WHERE object_type IN ('JOB', 'ALERT_CHANNEL', 'SERVICE_TOKEN');

-- The overview counts a department's runs: its covering index gains job_id, which the
-- count joins to job.department_id (same number of indexes on execution, one column wider).
ALTER TABLE execution
    DROP INDEX idx_execution_scheduled_status,
    ADD INDEX idx_execution_scheduled_status_job (scheduled_at, status, job_id);

-- A department is deleted only empty; the keys make a job, channel or token added to it
-- meanwhile wait for the delete and fail, rather than belong to nothing.
ALTER TABLE job ADD CONSTRAINT fk_job_department FOREIGN KEY (department_id) REFERENCES department (id);
ALTER TABLE alert_channel
    ADD CONSTRAINT fk_alert_channel_department FOREIGN KEY (department_id) REFERENCES department (id);
ALTER TABLE service_token
    ADD CONSTRAINT fk_service_token_department FOREIGN KEY (department_id) REFERENCES department (id);
