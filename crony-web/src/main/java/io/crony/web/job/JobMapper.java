package io.crony.web.job;

import java.time.Instant;
import java.util.List;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import io.crony.common.execution.ExecutionStatus;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/**
 * Jobs; reads join each job's latest run (by scheduled time): its latest execution other
 * than a CRON fire an agent claimed ahead of its instant ({@code now}), which is no run
 * yet ({@code &gt;} is {@code >}: the statements are MyBatis XML scripts).
 */
@Mapper
interface JobMapper extends BaseMapper<JobEntity> {

	String FROM = """
			FROM job j LEFT JOIN execution e ON e.id = (SELECT x.id FROM execution x WHERE x.job_id = j.id
			  AND NOT (x.status = 'PENDING' AND x.trigger_type IN ('CRON', 'MISFIRE') AND x.scheduled_at &gt; #{now})
			  ORDER BY x.scheduled_at DESC, x.id DESC LIMIT 1)
			<where>
			  <if test="id != null"> AND j.id = #{id}</if>
			  <if test="name != null"> AND j.name LIKE CONCAT('%', #{name}, '%')</if>
			  <if test="enabled != null"> AND j.enabled = #{enabled}</if>
			  <if test="agentId != null"> AND j.agent_id = #{agentId}</if>
			  <if test="status != null"> AND e.status = #{status}</if>
			</where>
			""";

	@Select("<script>SELECT j.id, j.spec, j.version, j.agent_id, j.created_by, j.created_at, j.updated_at,"
			+ " e.id AS last_id, e.status AS last_status, e.scheduled_at AS last_scheduled_at,"
			+ " e.finished_at AS last_finished_at " + FROM
			+ " ORDER BY j.id DESC LIMIT #{limit} OFFSET #{offset}</script>")
	List<JobView> find(@Param("id") Long id, @Param("name") String nameLike, @Param("enabled") Boolean enabled,
			@Param("agentId") String agentId, @Param("status") ExecutionStatus status, @Param("now") Instant now,
			@Param("limit") int limit, @Param("offset") long offset);

	@Select("<script>SELECT COUNT(*) " + FROM + "</script>")
	long count(@Param("id") Long id, @Param("name") String nameLike, @Param("enabled") Boolean enabled,
			@Param("agentId") String agentId, @Param("status") ExecutionStatus status, @Param("now") Instant now);

	@Select("SELECT COUNT(*) FROM job WHERE name = #{name} AND id <> #{exceptId}")
	long countNamed(@Param("name") String name, @Param("exceptId") long exceptId);

}
