-- A deleted job's department, kept so its runs stay in that department's records (the
-- run history is read through each run's job) until retention purges them.
CREATE TABLE deleted_job (
    id            BIGINT       NOT NULL,
    department_id BIGINT       NOT NULL,
    name          VARCHAR(128) NOT NULL,
    deleted_by    VARCHAR(128) NULL,
    deleted_at    DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    KEY idx_deleted_job_department (department_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
