-- Async targets: an attempt's mode and deadline live on the row, so any agent
-- (also the one that takes a job over after a crash) can time it out; the last message a
-- target reported is kept beside progress and resume_payload.
ALTER TABLE execution
    ADD COLUMN mode        VARCHAR(8)    NULL AFTER attempt,
    ADD COLUMN deadline_at DATETIME(3)   NULL AFTER mode,
    ADD COLUMN message     VARCHAR(1024) NULL AFTER resume_payload;
