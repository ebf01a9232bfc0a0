package io.crony.web.audit;

import java.time.Instant;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** The audit log table: inserts and reads; only the retention purge deletes. */
@Mapper
interface AuditMapper extends BaseMapper<AuditEntity> {

	/** Deletes up to {@code limit} of the oldest rows before the cutoff. */
	@Delete("DELETE FROM audit_log WHERE occurred_at < #{cutoff} ORDER BY occurred_at LIMIT #{limit}")
	int deleteBefore(@Param("cutoff") Instant cutoff, @Param("limit") int limit);

	/**
	 * Whether the department has this job, or had it and deleted it: whose history it may
	 * read.
	 */
	@Select("SELECT EXISTS(SELECT 1 FROM job WHERE id = #{jobId} AND department_id = #{departmentId})"
			+ " OR EXISTS(SELECT 1 FROM deleted_job WHERE id = #{jobId} AND department_id = #{departmentId})")
	boolean departmentHasOrHadJob(@Param("jobId") long jobId, @Param("departmentId") long departmentId);

}
