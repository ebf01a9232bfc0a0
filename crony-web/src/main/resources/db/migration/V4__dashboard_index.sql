-- The dashboard counts runs per status in time buckets (GET /api/v1/dashboard/summary).
-- With status beside scheduled_at those counts read this index alone, never the rows.
ALTER TABLE execution ADD INDEX idx_execution_scheduled_status (scheduled_at, status);
