package io.crony.web.sso;

import java.time.Instant;
import java.util.List;

import io.crony.web.auth.Role;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Options;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** The rows of {@code sso_group_mapping}, with their department's name. */
@Mapper
interface GroupMappingMapper {

	String SELECT = "SELECT g.id, g.group_name AS `group`, g.department_id, d.name AS department, g.role,"
			+ " g.created_by, g.created_at, g.updated_at FROM sso_group_mapping g"
			+ " JOIN department d ON d.id = g.department_id";

	@Select(SELECT + " ORDER BY g.group_name, d.name")
	List<GroupMapping> all();

	@Select(SELECT + " WHERE g.id = #{id}")
	GroupMapping byId(@Param("id") long id);

	@Insert("INSERT INTO sso_group_mapping (group_name, department_id, role, created_by, created_at, updated_at)"
			+ " VALUES (#{row.group}, #{row.departmentId}, #{row.role}, #{row.createdBy}, #{row.createdAt},"
			+ " #{row.createdAt})")
	@Options(useGeneratedKeys = true, keyProperty = "row.id")
	void insert(@Param("row") NewRow row);

	@Update("UPDATE sso_group_mapping SET group_name = #{group}, department_id = #{departmentId}, role = #{role},"
			+ " updated_at = #{now} WHERE id = #{id}")
	int update(@Param("id") long id, @Param("group") String group, @Param("departmentId") long departmentId,
			@Param("role") Role role, @Param("now") Instant now);

	@Delete("DELETE FROM sso_group_mapping WHERE id = #{id}")
	int delete(@Param("id") long id);

	/** A row to insert; MyBatis sets its id. */
	final class NewRow {

		private Long id;

		private final String group;

		private final long departmentId;

		private final Role role;

		private final String createdBy;

		private final Instant createdAt;

		NewRow(String group, long departmentId, Role role, String createdBy, Instant createdAt) {
			this.group = group;
			this.departmentId = departmentId;
			this.role = role;
			this.createdBy = createdBy;
			this.createdAt = createdAt;
		}

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}

		public String getGroup() {
			return this.group;
		}

		public long getDepartmentId() {
			return this.departmentId;
		}

		public Role getRole() {
			return this.role;
		}

		public String getCreatedBy() {
			return this.createdBy;
		}

		public Instant getCreatedAt() {
			return this.createdAt;
		}

	}

}
