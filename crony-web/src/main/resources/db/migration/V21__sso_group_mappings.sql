-- Single sign-on (LDAP): users the directory signs in, the memberships their groups grant,
-- and which group grants which role in which department.

-- LOCAL: signs in with the password stored here; LDAP: created at their first sign-in
-- through the directory, which checks their password (password_hash holds no usable hash).
ALTER TABLE app_user ADD COLUMN source VARCHAR(16) NOT NULL DEFAULT 'LOCAL';

-- LOCAL: given through the users or members API; LDAP: granted by a group mapping and
-- brought in line with the user's groups at each sign-in (added, changed, removed). A
-- LOCAL membership is never changed by a sign-in.
ALTER TABLE department_member ADD COLUMN granted_by VARCHAR(16) NOT NULL DEFAULT 'LOCAL';

CREATE TABLE sso_group_mapping (
    id            BIGINT       NOT NULL AUTO_INCREMENT,
    -- the group's name as the directory returns it (an LDAP group's cn); compared
    -- without regard to case
    group_name    VARCHAR(255) NOT NULL,
    department_id BIGINT       NOT NULL,
    -- VIEWER, OPERATOR or ADMIN (io.crony.web.auth.Role)
    role          VARCHAR(16)  NOT NULL,
    created_by    VARCHAR(128) NOT NULL,
    created_at    DATETIME(3)  NOT NULL,
    updated_at    DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_sso_group_mapping (group_name, department_id),
    KEY idx_sso_group_mapping_department (department_id),
    CONSTRAINT fk_sso_group_mapping_department FOREIGN KEY (department_id) REFERENCES department (id)
        ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
