package io.crony.web.job;

import java.util.Collection;
import java.util.List;

import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/**
 * The edges between jobs: {@code job_id} waits for {@code upstream_id}. Both ends are
 * always of one department (the API resolves upstreams by name within it).
 */
@Mapper
public interface DependencyMapper {

	/** An edge, with both ends' names. */
	record Edge(long jobId, String jobName, long upstreamId, String upstreamName) {
	}

	String EDGE = "SELECT d.job_id, j.name AS job_name, d.upstream_id, u.name AS upstream_name "
			+ "FROM job_dependency d JOIN job j ON j.id = d.job_id JOIN job u ON u.id = d.upstream_id ";

	/** Every edge of a department. */
	@Select(EDGE + "WHERE j.department_id = #{departmentId}")
	List<Edge> edgesOf(@Param("departmentId") long departmentId);

	/** The edges touching these jobs, either end. */
	@Select("<script>" + EDGE + "WHERE d.job_id IN " + JobMapper.IDS + " UNION " + EDGE + "WHERE d.upstream_id IN "
			+ JobMapper.IDS + "</script>")
	List<Edge> edgesTouching(@Param("ids") Collection<Long> ids);

	/** The jobs these names name in a department: id and name. */
	@Select("<script>SELECT id AS job_id, name AS job_name, 0 AS upstream_id, '' AS upstream_name FROM job "
			+ "WHERE department_id = #{departmentId} AND name IN " + JobMapper.NAMES + "</script>")
	List<Edge> named(@Param("departmentId") long departmentId, @Param("names") Collection<String> names);

	/**
	 * Takes the department's row for the rest of the transaction: every write of a
	 * department's edges takes it first, so they run one at a time (see JobDependencies).
	 */
	@Select("SELECT id FROM department WHERE id = #{departmentId} FOR UPDATE")
	Long lockDepartment(@Param("departmentId") long departmentId);

	@Delete("DELETE FROM job_dependency WHERE job_id = #{jobId}")
	int deleteUpstreams(@Param("jobId") long jobId);

	@Delete("DELETE FROM job_dependency WHERE upstream_id = #{upstreamId}")
	int deleteDependents(@Param("upstreamId") long upstreamId);

	@Insert("<script>INSERT INTO job_dependency (job_id, upstream_id) VALUES "
			+ "<foreach collection='ids' item='id' separator=','>(#{jobId}, #{id})</foreach></script>")
	int insert(@Param("jobId") long jobId, @Param("ids") Collection<Long> upstreamIds);

}
