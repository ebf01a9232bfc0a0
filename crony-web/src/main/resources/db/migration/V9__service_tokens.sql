-- Service-account tokens: API access for machines (CI jobs, scripts, other services) with
-- scopes and an expiry instead of a person's login. Only a token's SHA-256 is kept; a
-- revoked token's row stays, so the list still says who made it and who revoked it.
CREATE TABLE service_token (
    id           BIGINT       NOT NULL AUTO_INCREMENT,
    name         VARCHAR(64)  NOT NULL,
    token_hash   CHAR(64)     NOT NULL,
    -- the token's first characters, to tell tokens apart in lists and logs
    token_hint   VARCHAR(16)  NOT NULL,
    -- comma-separated io.crony.web.auth.Scope names
    scopes       VARCHAR(255) NOT NULL,
    created_by   VARCHAR(128) NOT NULL,
    created_at   DATETIME(3)  NOT NULL,
    expires_at   DATETIME(3)  NOT NULL,
    last_used_at DATETIME(3)  NULL,
    revoked_at   DATETIME(3)  NULL,
    revoked_by   VARCHAR(128) NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_service_token_name (name),
    UNIQUE KEY uk_service_token_hash (token_hash)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
