-- One row per change of a job, written by triggers in the same transaction as the change,
-- whoever writes the table (the job API, bulk writes, secret resealing, scripts). The
-- leader's change poll reads the newest row of this small table instead of counting table
-- job every poll, and finds deleted jobs by their rows instead of by a count that an
-- insert can balance. The leader prunes rows older than an hour.
CREATE TABLE job_change (
    id         BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
    job_id     BIGINT      NOT NULL,
    changed_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY idx_job_change_changed (changed_at)
) ENGINE = InnoDB;

CREATE TRIGGER job_change_insert AFTER INSERT ON job FOR EACH ROW
    INSERT INTO job_change (job_id) VALUES (NEW.id);

-- Not the leader's own agent_id mirror, nor any column the placement does not read.
CREATE TRIGGER job_change_update AFTER UPDATE ON job FOR EACH ROW
    INSERT INTO job_change (job_id)
    SELECT NEW.id FROM DUAL
    WHERE NOT (NEW.version <=> OLD.version AND NEW.enabled <=> OLD.enabled AND NEW.spec <=> OLD.spec
        AND NEW.updated_at <=> OLD.updated_at);

CREATE TRIGGER job_change_delete AFTER DELETE ON job FOR EACH ROW
    INSERT INTO job_change (job_id) VALUES (OLD.id);
