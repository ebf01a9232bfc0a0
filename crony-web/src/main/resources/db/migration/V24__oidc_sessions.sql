-- Sessions an OpenID Connect provider signed in: the ID token it issued, sent back to the
-- provider as id_token_hint at sign-out so that it ends its own session too (RP-initiated
-- logout). Gone with the session's token.
CREATE TABLE oidc_session (
    token_hash CHAR(64) NOT NULL,
    id_token   TEXT     NOT NULL,
    PRIMARY KEY (token_hash),
    CONSTRAINT fk_oidc_session_token FOREIGN KEY (token_hash) REFERENCES auth_token (token_hash)
        ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
