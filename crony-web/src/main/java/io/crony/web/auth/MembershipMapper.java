package io.crony.web.auth;

import java.time.Instant;
import java.util.List;

import io.crony.web.auth.CronyPrincipal.DepartmentRef;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/**
 * Which departments users work in, and with which role: read at sign-in and by user and
 * member management, written only through {@link Memberships}.
 */
@Mapper
public interface MembershipMapper {

	@Select("SELECT d.id, d.name, m.role FROM department_member m JOIN department d ON d.id = m.department_id"
			+ " WHERE m.user_id = #{userId} ORDER BY d.name")
	List<Membership> membershipsOf(@Param("userId") long userId);

	@Select("SELECT d.id, d.name, m.role FROM department_member m JOIN department d ON d.id = m.department_id"
			+ " WHERE m.user_id = #{userId} AND d.name = #{name}")
	Membership membership(@Param("userId") long userId, @Param("name") String name);

	@Select("SELECT id, name FROM department ORDER BY name")
	List<DepartmentRef> departments();

	@Select("SELECT id, name FROM department WHERE name = #{name}")
	DepartmentRef department(@Param("name") String name);

	@Select("<script>SELECT m.user_id, d.id, d.name, m.role FROM department_member m"
			+ " JOIN department d ON d.id = m.department_id WHERE m.user_id IN"
			+ " <foreach item='id' collection='userIds' open='(' separator=',' close=')'>#{id}</foreach>"
			+ " ORDER BY d.name</script>")
	List<UserMembership> membershipsOfUsers(@Param("userIds") List<Long> userIds);

	@Select("SELECT m.user_id, u.username, m.role, u.enabled, u.global_admin, m.granted_by FROM department_member m"
			+ " JOIN app_user u ON u.id = m.user_id WHERE m.department_id = #{departmentId} ORDER BY u.username")
	List<Member> members(@Param("departmentId") long departmentId);

	@Select("SELECT m.user_id, u.username, m.role, u.enabled, u.global_admin, m.granted_by FROM department_member m"
			+ " JOIN app_user u ON u.id = m.user_id WHERE m.department_id = #{departmentId} AND m.user_id = #{userId}")
	Member member(@Param("departmentId") long departmentId, @Param("userId") long userId);

	/**
	 * Locks the department's enabled ADMIN members so two requests cannot remove the last
	 * two at once.
	 */
	@Select("SELECT COUNT(*) FROM department_member m JOIN app_user u ON u.id = m.user_id"
			+ " WHERE m.department_id = #{departmentId} AND m.role = 'ADMIN' AND u.enabled = 1 FOR UPDATE")
	long lockAdmins(@Param("departmentId") long departmentId);

	@Insert("INSERT INTO department_member (department_id, user_id, role, created_at)"
			+ " VALUES (#{departmentId}, #{userId}, #{role}, #{now})")
	void insert(@Param("departmentId") long departmentId, @Param("userId") long userId, @Param("role") Role role,
			@Param("now") Instant now);

	@Update("UPDATE department_member SET role = #{role} WHERE department_id = #{departmentId} AND user_id = #{userId}")
	int updateRole(@Param("departmentId") long departmentId, @Param("userId") long userId, @Param("role") Role role);

	@Delete("DELETE FROM department_member WHERE department_id = #{departmentId} AND user_id = #{userId}")
	int delete(@Param("departmentId") long departmentId, @Param("userId") long userId);

	@Select("SELECT d.id, d.name, m.role, m.granted_by FROM department_member m"
			+ " JOIN department d ON d.id = m.department_id WHERE m.user_id = #{userId} ORDER BY d.name")
	List<SourcedMembership> sourcedMembershipsOf(@Param("userId") long userId);

	@Insert("INSERT INTO department_member (department_id, user_id, role, created_at, granted_by)"
			+ " VALUES (#{departmentId}, #{userId}, #{role}, #{now}, #{grantedBy})")
	void insertGranted(@Param("departmentId") long departmentId, @Param("userId") long userId, @Param("role") Role role,
			@Param("now") Instant now, @Param("grantedBy") UserSource grantedBy);

	@Select("SELECT id FROM app_user WHERE username = #{username}")
	Long userId(@Param("username") String username);

	/** A user's role in a department. */
	record Membership(long id, String name, Role role) {

		DepartmentRef department() {
			return new DepartmentRef(this.id, this.name);
		}

	}

	/** A {@link Membership} and who granted it. */
	record SourcedMembership(long id, String name, Role role, UserSource grantedBy) {
	}

	/** {@link Membership} of one of several users. */
	record UserMembership(long userId, long id, String name, Role role) {

		Membership membership() {
			return new Membership(this.id, this.name, this.role);
		}

	}

	/**
	 * A member of a department as its member list shows them.
	 *
	 * @param globalAdmin whether the user is a global admin (ADMIN everywhere, whatever
	 * role they hold here)
	 * @param grantedBy LOCAL when given through the API; LDAP when a group mapping
	 * granted it, which the user's next sign-in brings in line with their groups again
	 */
	record Member(long userId, String username, Role role, boolean enabled, boolean globalAdmin, UserSource grantedBy) {
	}

}
