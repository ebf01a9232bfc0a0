-- The job list always filters by department first (V10), so the owner filter (V11) is
-- served by an index on both, in that order; the owner-only index could not narrow a
-- department's jobs.
DROP INDEX idx_job_owner ON job;
CREATE INDEX idx_job_department_owner ON job (department_id, owner);
