-- Crony writes the job_change rows itself from now on, in the transaction of each job
-- write (JobWrites and JobChangeLog in crony-web), with plain SQL: TiDB has no triggers,
-- and the hot path's SQL stays portable. The triggers of V27 would write every row a
-- second time, so they go. A script that writes table job by hand writes its
-- job_change rows too (INSERT INTO job_change (job_id) VALUES (...)), or the leader
-- sees its change only at the next full reconcile.
DROP TRIGGER IF EXISTS job_change_insert;
DROP TRIGGER IF EXISTS job_change_update;
DROP TRIGGER IF EXISTS job_change_delete;
