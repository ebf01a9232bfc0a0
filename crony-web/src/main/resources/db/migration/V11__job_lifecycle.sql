-- Job owners: the user answerable for a job, a column of its own so the job list filters
-- by it through an index. Contact and labels live in the spec only (labels are filtered
-- with JSON_VALUE over spec; the job table is small next to execution).
-- ADD COLUMN at the end of the table is an instant change in MariaDB: no rebuild of job.
ALTER TABLE job
    ADD COLUMN owner VARCHAR(64) NULL;

-- Jobs saved before owners existed are owned by whoever created them. Their spec says so
-- too, as every job read takes the owner from the spec (agents ignore the field, so the
-- copy the leader published is not rewritten: version and updated_at stay).
UPDATE job
   SET owner = created_by,
       spec  = JSON_SET(spec, '$.owner', created_by)
 WHERE created_by IS NOT NULL;

CREATE INDEX idx_job_owner ON job (owner);
