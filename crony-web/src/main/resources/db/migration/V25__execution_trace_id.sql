-- The OpenTelemetry trace id of a run (32 lowercase hex digits), which the agent writes
-- with the run's start and finish records and the run page links to. NULL for rows
-- written before, for fires that never ran (skipped, missed) and for agents without it.
ALTER TABLE execution ADD COLUMN trace_id CHAR(32) NULL;
