-- A note the platform wrote on one shard of a sharded run (the agent: cancelled with the
-- run, the run's limit passed), on a workflow run as a whole (the leader: a run in it
-- did not succeed, its first run is gone) and on a run kept aside when its row was
-- cleared (the execution's own reason, copied), as a reason code with its values
-- {"code": "...", "params": {...}} beside the English in error, as execution.reason (V23)
-- does for a run, so a reader sees it in their language. NULL for a target's own answer
-- and for rows written before: their error stays as it was.
ALTER TABLE execution_shard ADD COLUMN reason TEXT NULL;
ALTER TABLE workflow_run ADD COLUMN reason TEXT NULL;
ALTER TABLE execution_clear ADD COLUMN reason TEXT NULL;
