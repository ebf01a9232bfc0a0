-- idx_execution_scheduled (scheduled_at) is a prefix of V4's idx_execution_scheduled_status
-- (scheduled_at, status), which serves every query it served. Each index is one more tree
-- every claim insert writes: agents insert one row per fire, so it costs throughput.
ALTER TABLE execution DROP INDEX idx_execution_scheduled;
