package io.crony.web.dashboard;

import java.time.Instant;
import java.util.List;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/**
 * The dashboard's aggregate reads of the execution table. Every query is bounded by a
 * {@code scheduled_at} range or a status, so it reads an index range, never the table:
 * counts per bucket read only {@code idx_execution_scheduled_status_job} (V10), which
 * covers them, and the job's primary key for its department. Every count is one
 * department's: its jobs' runs.
 */
@Mapper
interface DashboardMapper {

	/**
	 * Runs per status in buckets of {@code seconds}, for runs scheduled in
	 * {@code [from, to)}. Buckets are numbered from the epoch in UTC (no session time
	 * zone involved).
	 */
	@Select("SELECT TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', e.scheduled_at) DIV #{seconds} AS bucket,"
			+ " e.status, COUNT(*) AS runs FROM execution e JOIN job j ON j.id = e.job_id"
			+ " WHERE e.scheduled_at >= #{from} AND e.scheduled_at < #{to} AND j.department_id = #{departmentId}"
			+ " GROUP BY bucket, e.status")
	List<BucketCount> countByBucket(@Param("departmentId") long departmentId, @Param("from") Instant from,
			@Param("to") Instant to, @Param("seconds") long seconds);

	@Select("SELECT COUNT(*) FROM execution e JOIN job j ON j.id = e.job_id"
			+ " WHERE e.status = #{status} AND j.department_id = #{departmentId}")
	long countWithStatus(@Param("departmentId") long departmentId, @Param("status") String status);

	/**
	 * Milliseconds from scheduled to started of the latest cron fires since {@code from}.
	 */
	@Select("SELECT TIMESTAMPDIFF(MICROSECOND, e.scheduled_at, e.started_at) DIV 1000 FROM execution e"
			+ " JOIN job j ON j.id = e.job_id WHERE e.scheduled_at >= #{from} AND e.started_at IS NOT NULL"
			+ " AND e.trigger_type = 'CRON' AND j.department_id = #{departmentId}"
			+ " ORDER BY e.scheduled_at DESC LIMIT #{limit}")
	List<Long> latenessSince(@Param("departmentId") long departmentId, @Param("from") Instant from,
			@Param("limit") int limit);

	/** The latest runs in one status (reads idx_execution_status backwards). */
	@Select("SELECT e.id, e.job_id, e.job_name, e.agent_id, e.status, e.scheduled_at, e.finished_at, e.error"
			+ " FROM execution e JOIN job j ON j.id = e.job_id"
			+ " WHERE e.status = #{status} AND j.department_id = #{departmentId} ORDER BY e.id DESC LIMIT #{limit}")
	List<RecentFailure> latestWithStatus(@Param("departmentId") long departmentId, @Param("status") String status,
			@Param("limit") int limit);

	/** One row of {@link #countByBucket}. */
	record BucketCount(long bucket, String status, long runs) {
	}

}
