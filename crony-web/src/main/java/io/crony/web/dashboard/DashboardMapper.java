package io.crony.web.dashboard;

import java.time.Instant;
import java.util.List;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/**
 * The dashboard's aggregate reads of the execution table. Every query is bounded by a
 * {@code scheduled_at} range or a status, so it reads an index range, never the table:
 * counts per bucket read only {@code idx_execution_scheduled_status} (V4), which covers
 * them.
 */
@Mapper
interface DashboardMapper {

	/**
	 * Runs per status in buckets of {@code seconds}, for runs scheduled in
	 * {@code [from, to)}. Buckets are numbered from the epoch in UTC (no session time
	 * zone involved).
	 */
	@Select("SELECT TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', scheduled_at) DIV #{seconds} AS bucket,"
			+ " status, COUNT(*) AS runs FROM execution WHERE scheduled_at >= #{from} AND scheduled_at < #{to}"
			+ " GROUP BY bucket, status")
	List<BucketCount> countByBucket(@Param("from") Instant from, @Param("to") Instant to,
			@Param("seconds") long seconds);

	@Select("SELECT COUNT(*) FROM execution WHERE status = #{status}")
	long countWithStatus(@Param("status") String status);

	/**
	 * Milliseconds from scheduled to started of the latest cron fires since {@code from}.
	 */
	@Select("SELECT TIMESTAMPDIFF(MICROSECOND, scheduled_at, started_at) DIV 1000 FROM execution"
			+ " WHERE scheduled_at >= #{from} AND started_at IS NOT NULL AND trigger_type = 'CRON'"
			+ " ORDER BY scheduled_at DESC LIMIT #{limit}")
	List<Long> latenessSince(@Param("from") Instant from, @Param("limit") int limit);

	/** The latest runs in one status (reads idx_execution_status backwards). */
	@Select("SELECT id, job_id, job_name, agent_id, status, scheduled_at, finished_at, error FROM execution"
			+ " WHERE status = #{status} ORDER BY id DESC LIMIT #{limit}")
	List<RecentFailure> latestWithStatus(@Param("status") String status, @Param("limit") int limit);

	/** One row of {@link #countByBucket}. */
	record BucketCount(long bucket, String status, long runs) {
	}

}
