package io.crony.web.job;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import io.crony.common.execution.ExecutionStatus;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/**
 * Jobs, each in one department, which every read of the API filters by; reads join each
 * job's latest run (by scheduled time): its latest execution other than a CRON fire an
 * agent claimed ahead of its instant ({@code now}), which is no run yet ({@code &gt;} is
 * {@code >}: the statements are MyBatis XML scripts), or the job's latest fire kept in
 * {@code job_last_fire} when retention dropped its day whole and no newer row is left
 * (V33; its run, by id, is gone).
 */
@Mapper
interface JobMapper extends BaseMapper<JobEntity> {

	// m is joined only when it is newer than the latest row (or there is none)
	String COLUMNS = "j.id, j.spec, j.version, j.agent_id, j.created_by, j.created_at, j.updated_at,"
			+ " j.retention_days, j.retention_max_count,"
			+ " CASE WHEN m.job_id IS NULL THEN e.id ELSE m.execution_id END AS last_id,"
			+ " COALESCE(m.status, e.status) AS last_status,"
			+ " COALESCE(m.scheduled_at, e.scheduled_at) AS last_scheduled_at,"
			+ " CASE WHEN m.job_id IS NULL THEN e.finished_at ELSE m.finished_at END AS last_finished_at ";

	String WITH_LAST_RUN = """
			FROM job j LEFT JOIN execution e ON e.id = (SELECT x.id FROM execution x WHERE x.job_id = j.id
			  AND NOT (x.status = 'PENDING' AND x.trigger_type IN ('CRON', 'MISFIRE') AND x.scheduled_at &gt; #{now})
			  ORDER BY x.scheduled_at DESC, x.id DESC LIMIT 1)
			LEFT JOIN job_last_fire m ON m.job_id = j.id AND (e.id IS NULL OR m.scheduled_at &gt; e.scheduled_at)
			""";

	String FROM = WITH_LAST_RUN
			+ """
					WHERE j.department_id = #{departmentId}
					  <if test="id != null"> AND j.id = #{id}</if>
					  <if test="name != null"> AND j.name LIKE CONCAT('%', #{name}, '%')</if>
					  <if test="enabled != null"> AND j.enabled = #{enabled}</if>
					  <if test="agentId != null"> AND j.agent_id = #{agentId}</if>
					  <if test="status != null"> AND COALESCE(m.status, e.status) = #{status}</if>
					  <if test="ids != null"> AND j.id IN <foreach collection='ids' item='i' open='(' separator=',' close=')'>#{i}</foreach></if>
					  <if test="owner != null"> AND j.owner = #{owner}</if>
					  <if test="targetType != null"> AND j.target_type = #{targetType}</if>
					  <if test="target != null"> AND (JSON_UNQUOTE(JSON_EXTRACT(j.spec, '$.target.url')) LIKE CONCAT('%', #{target}, '%')
					    OR JSON_UNQUOTE(JSON_EXTRACT(j.spec, '$.target.command')) LIKE CONCAT('%', #{target}, '%'))</if>
					  <if test="labels != null"><foreach collection='labels' index='key' item='value'>
					    AND JSON_UNQUOTE(JSON_EXTRACT(j.spec, CONCAT('$.labels."', #{key}, '"'))) = #{value}</foreach></if>
					""";

	String IDS = "<foreach collection='ids' item='id' open='(' separator=',' close=')'>#{id}</foreach>";

	String NAMES = "<foreach collection='names' item='name' open='(' separator=',' close=')'>#{name}</foreach>";

	/**
	 * Jobs by the list's filters, newest first: null filters do not filter;
	 * {@code labels} must all match (keys in the label syntax, so they quote safely into
	 * a JSON path), {@code target} is part of the target's URL or command.
	 */
	@Select("<script>SELECT " + COLUMNS + FROM + " ORDER BY j.id DESC LIMIT #{limit} OFFSET #{offset}</script>")
	List<JobView> find(@Param("departmentId") long departmentId, @Param("id") Long id, @Param("name") String nameLike,
			@Param("enabled") Boolean enabled, @Param("agentId") String agentId,
			@Param("status") ExecutionStatus status, @Param("ids") Collection<Long> ids, @Param("owner") String owner,
			@Param("targetType") String targetType, @Param("target") String targetLike,
			@Param("labels") Map<String, String> labels, @Param("now") Instant now, @Param("limit") int limit,
			@Param("offset") long offset);

	@Select("<script>SELECT COUNT(*) " + FROM + "</script>")
	long count(@Param("departmentId") long departmentId, @Param("id") Long id, @Param("name") String nameLike,
			@Param("enabled") Boolean enabled, @Param("agentId") String agentId,
			@Param("status") ExecutionStatus status, @Param("ids") Collection<Long> ids, @Param("owner") String owner,
			@Param("targetType") String targetType, @Param("target") String targetLike,
			@Param("labels") Map<String, String> labels, @Param("now") Instant now);

	@Select("SELECT COUNT(*) FROM job WHERE department_id = #{departmentId} AND name = #{name} AND id <> #{exceptId}")
	long countNamed(@Param("departmentId") long departmentId, @Param("name") String name,
			@Param("exceptId") long exceptId);

	/** These jobs, each with its latest run, in no particular order. */
	@Select("<script>SELECT " + COLUMNS + WITH_LAST_RUN + " WHERE j.id IN " + IDS + "</script>")
	List<JobView> findAll(@Param("ids") Collection<Long> ids, @Param("now") Instant now);

	/** The jobs with these names, as the unique key compares names. */
	@Select("<script>SELECT id, name, description, schedule, time_zone, target_type, spec, enabled, version,"
			+ " agent_id, created_by, created_at, updated_at, retention_days, retention_max_count, owner, department_id"
			+ " FROM job WHERE department_id = #{departmentId} AND name IN " + NAMES + "</script>")
	List<JobEntity> named(@Param("departmentId") long departmentId, @Param("names") Collection<String> names);

	/**
	 * The names among these that are taken, read as committed (a locking read), after an
	 * insert met one that was not taken when first looked at.
	 */
	@Select("<script>SELECT name FROM job WHERE department_id = #{departmentId} AND name IN " + NAMES
			+ " LOCK IN SHARE MODE</script>")
	List<String> takenNames(@Param("departmentId") long departmentId, @Param("names") Collection<String> names);

	/**
	 * Ids and versions as committed (a locking read), after an update found one moved on.
	 */
	@Select("<script>SELECT id, name, version FROM job WHERE id IN " + IDS + " LOCK IN SHARE MODE</script>")
	List<JobEntity> committedVersions(@Param("ids") Collection<Long> ids);

	/**
	 * A department's enabled jobs with what decides when they fire: the spec only of
	 * those that follow a calendar, which it carries.
	 */
	@Select("SELECT id, name, schedule, time_zone, calendar_id,"
			+ " CASE WHEN calendar_id IS NULL THEN NULL ELSE spec END AS spec"
			+ " FROM job WHERE department_id = #{departmentId} AND enabled = TRUE")
	List<JobEntity> enabledSchedules(@Param("departmentId") long departmentId);

	/** Remembers a deleted job's department, which its runs keep belonging to. */
	@Insert("INSERT INTO deleted_job (id, department_id, name, deleted_by, deleted_at)"
			+ " VALUES (#{id}, #{departmentId}, #{name}, #{by}, #{at}) ON DUPLICATE KEY UPDATE"
			+ " department_id = VALUES(department_id), name = VALUES(name), deleted_by = VALUES(deleted_by),"
			+ " deleted_at = VALUES(deleted_at)")
	void recordDeleted(@Param("id") long id, @Param("departmentId") long departmentId, @Param("name") String name,
			@Param("by") String by, @Param("at") Instant at);

	/**
	 * Writes the spec of a row just inserted (the spec carries the id, known only now).
	 */
	@Update("UPDATE job SET spec = #{spec} WHERE id = #{id}")
	int writeSpec(JobEntity job);

}
