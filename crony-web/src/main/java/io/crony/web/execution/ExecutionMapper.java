package io.crony.web.execution;

import java.time.Instant;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.apache.ibatis.annotations.UpdateProvider;

/**
 * Executions, and the few job columns a run request needs; an execution belongs to its
 * job's department.
 */
@Mapper
interface ExecutionMapper extends BaseMapper<ExecutionEntity> {

	/** The job, when it is one of the department's. */
	@Select("SELECT id, name, enabled, agent_id FROM job WHERE id = #{id} AND department_id = #{departmentId}")
	RunnableJob findJob(@Param("id") long id, @Param("departmentId") long departmentId);

	/** The agent the leader last recorded as the job's holder; null when none. */
	@Select("SELECT agent_id FROM job WHERE id = #{jobId}")
	String agentOfJob(@Param("jobId") long jobId);

	/** A job's department, also after the job was deleted ({@code deleted_job}). */
	@Select("SELECT department_id FROM job WHERE id = #{jobId}"
			+ " UNION ALL SELECT department_id FROM deleted_job WHERE id = #{jobId} LIMIT 1")
	Long departmentOfJob(@Param("jobId") long jobId);

	/**
	 * The execution, when its job is one of the department's: another department's
	 * answers as one that does not exist.
	 */
	default ExecutionEntity findInDepartment(long id, long departmentId) {
		ExecutionEntity row = selectById(id);
		if (row == null) {
			return null;
		}
		Long department = departmentOfJob(row.getJobId());
		return (department != null && department == departmentId) ? row : null;
	}

	/**
	 * The execution with its detail-only columns (mode, message, resume payload), when
	 * its job is one of the department's.
	 */
	default ExecutionEntity findDetailInDepartment(long id, long departmentId) {
		// every field, also those marked select = false
		ExecutionEntity row = selectOne(
				new LambdaQueryWrapper<ExecutionEntity>().select(ExecutionEntity.class, (field) -> true)
					.eq(ExecutionEntity::getId, id));
		if (row == null) {
			return null;
		}
		Long department = departmentOfJob(row.getJobId());
		return (department != null && department == departmentId) ? row : null;
	}

	@Update("UPDATE execution SET agent_id = #{agentId} WHERE id = #{id} AND agent_id IS NULL")
	int placeOn(@Param("id") long id, @Param("agentId") String agentId);

	/** PENDING → CANCELLED ({@link StatusWrites#cancelPending()}). */
	@UpdateProvider(type = StatusWrites.class, method = "cancelPending")
	int cancelPending(@Param("id") long id, @Param("now") Instant now);

	/** The job columns a run request needs. */
	class RunnableJob {

		Long id;

		String name;

		Boolean enabled;

		String agentId;

	}

}
