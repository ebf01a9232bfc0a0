package io.crony.web.calendar;

import java.time.Instant;
import java.util.List;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Business calendars, each in one department, and the jobs that follow them. */
@Mapper
interface CalendarMapper extends BaseMapper<CalendarEntity> {

	@Select("SELECT COUNT(*) FROM calendar WHERE department_id = #{departmentId} AND name = #{name}"
			+ " AND id <> #{exceptId}")
	long countNamed(@Param("departmentId") long departmentId, @Param("name") String name,
			@Param("exceptId") long exceptId);

	@Select("SELECT * FROM calendar WHERE department_id = #{departmentId} AND name = #{name}")
	CalendarEntity findNamed(@Param("departmentId") long departmentId, @Param("name") String name);

	/** Optimistic: the row must still be at the version it was read at. */
	@Update("UPDATE calendar SET name = #{name}, description = #{description}, definition = #{definition},"
			+ " version = version + 1, updated_by = #{by}, updated_at = #{at} WHERE id = #{id} AND version = #{version}")
	int rewrite(@Param("id") long id, @Param("version") long version, @Param("name") String name,
			@Param("description") String description, @Param("definition") String definition, @Param("by") String by,
			@Param("at") Instant at);

	@Select("SELECT COUNT(*) FROM job WHERE calendar_id = #{id}")
	long countFollowers(@Param("id") long id);

	@Select("SELECT name FROM job WHERE calendar_id = #{id} ORDER BY name LIMIT #{limit}")
	List<String> followerNames(@Param("id") long id, @Param("limit") int limit);

	/** Jobs following each calendar of a department, in one query for a page. */
	@Select("<script>SELECT calendar_id AS id, COUNT(*) AS jobs FROM job WHERE calendar_id IN"
			+ "<foreach item='id' collection='ids' open='(' separator=',' close=')'>#{id}</foreach>"
			+ " GROUP BY calendar_id</script>")
	List<FollowerCount> countFollowersOf(@Param("ids") List<Long> ids);

	/**
	 * @param id a calendar @param jobs how many jobs follow it
	 */
	record FollowerCount(Long id, Long jobs) {
	}

}
