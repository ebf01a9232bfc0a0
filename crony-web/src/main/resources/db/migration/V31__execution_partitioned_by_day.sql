-- Execution rows partitioned by the UTC day of their instant, so that retention drops a
-- whole day (ALTER TABLE ... DROP PARTITION, a change of metadata) instead of deleting its
-- rows one by one (io.crony.web.retention.ExecutionPartitions adds the days ahead and
-- drops the days past every retention).
--
-- A partitioned InnoDB table can neither have nor be referenced by foreign keys: the
-- child rows of a run (attempts, shards, clears) lose theirs, and crony-web deletes them
-- itself before the run's row or day goes.
ALTER TABLE execution_attempt DROP FOREIGN KEY fk_execution_attempt_execution;
ALTER TABLE execution_shard DROP FOREIGN KEY fk_execution_shard_execution;
ALTER TABLE execution_clear DROP FOREIGN KEY fk_execution_clear_execution;

-- Every unique key must contain the partitioning column: the primary key becomes
-- (id, scheduled_at); the claim key uk_execution_fire (job_id, scheduled_at), which makes
-- a fire run once, already does. One partition, p_history, takes every row up to the end
-- of the day of this migration (rebuilding the table once, as a primary key change
-- would); the catch-all pmax takes the rest until the leader splits it into days, so an
-- insert never fails for want of a partition. RANGE COLUMNS takes literals only, hence
-- the statement built with the day.
SET @crony_execution_partitions = CONCAT('ALTER TABLE execution DROP PRIMARY KEY, ADD PRIMARY KEY (id, scheduled_at)',
    ' PARTITION BY RANGE COLUMNS (scheduled_at) (PARTITION p_history VALUES LESS THAN (''',
    DATE_FORMAT(UTC_DATE() + INTERVAL 1 DAY, '%Y-%m-%d 00:00:00'), '''),',
    ' PARTITION pmax VALUES LESS THAN (MAXVALUE))');
PREPARE crony_execution_partitions FROM @crony_execution_partitions;
EXECUTE crony_execution_partitions;
DEALLOCATE PREPARE crony_execution_partitions;
SET @crony_execution_partitions = NULL;
