package io.crony.web.department;

import java.time.Instant;
import java.util.List;

import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Options;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Departments, with how many members and jobs each has. */
@Mapper
interface DepartmentMapper {

	String SELECT = "SELECT d.id, d.name, d.description, d.retention_days,"
			+ " (SELECT COUNT(*) FROM department_member m WHERE m.department_id = d.id) AS member_count,"
			+ " (SELECT COUNT(*) FROM job j WHERE j.department_id = d.id) AS job_count,"
			+ " d.created_by, d.created_at, d.updated_at FROM department d";

	@Select(SELECT + " ORDER BY d.name")
	List<Department> all();

	@Select(SELECT + " JOIN department_member mine ON mine.department_id = d.id AND mine.user_id = #{userId}"
			+ " ORDER BY d.name")
	List<Department> of(@Param("userId") long userId);

	@Select(SELECT + " WHERE d.id = #{id}")
	Department find(@Param("id") long id);

	/**
	 * Locks the department's row: a delete waits for a job being added to it, and back.
	 */
	@Select("SELECT name FROM department WHERE id = #{id} FOR UPDATE")
	String lock(@Param("id") long id);

	@Insert("INSERT INTO department (name, description, retention_days, created_by, created_at, updated_at)"
			+ " VALUES (#{row.name}, #{row.description}, #{row.retentionDays}, #{row.createdBy}, #{row.at}, #{row.at})")
	@Options(useGeneratedKeys = true, keyProperty = "row.id")
	void insert(@Param("row") NewDepartment row);

	@Update("UPDATE department SET description = #{description}, retention_days = #{retentionDays},"
			+ " updated_at = #{at} WHERE id = #{id}")
	int update(@Param("id") long id, @Param("description") String description,
			@Param("retentionDays") Integer retentionDays, @Param("at") Instant at);

	/**
	 * What still belongs to the department: a department is deleted empty only. A revoked
	 * service token works nowhere: it does not keep its department.
	 */
	@Select("SELECT (SELECT COUNT(*) FROM job WHERE department_id = #{id})"
			+ " + (SELECT COUNT(*) FROM alert_channel WHERE department_id = #{id})"
			+ " + (SELECT COUNT(*) FROM service_token WHERE department_id = #{id} AND revoked_at IS NULL)")
	long ownedObjects(@Param("id") long id);

	/** Its revoked service tokens' records, which go with the department. */
	@Delete("DELETE FROM service_token WHERE department_id = #{id} AND revoked_at IS NOT NULL")
	int deleteRevokedTokens(@Param("id") long id);

	@Delete("DELETE FROM department_member WHERE department_id = #{id}")
	int deleteMembers(@Param("id") long id);

	/** Its deleted jobs' departments: their remaining runs go with the department. */
	@Delete("DELETE FROM deleted_job WHERE department_id = #{id}")
	int forgetDeletedJobs(@Param("id") long id);

	@Delete("DELETE FROM department WHERE id = #{id}")
	int delete(@Param("id") long id);

	/** A department row to insert; the id is set by the insert. */
	final class NewDepartment {

		Long id;

		final String name;

		final String description;

		final Integer retentionDays;

		final String createdBy;

		final Instant at;

		NewDepartment(String name, String description, Integer retentionDays, String createdBy, Instant at) {
			this.name = name;
			this.description = description;
			this.retentionDays = retentionDays;
			this.createdBy = createdBy;
			this.at = at;
		}

	}

}
