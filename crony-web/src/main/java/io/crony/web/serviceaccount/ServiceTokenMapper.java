package io.crony.web.serviceaccount;

import java.time.Instant;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Service-account tokens, found by their SHA-256; each belongs to one department. */
@Mapper
interface ServiceTokenMapper extends BaseMapper<ServiceToken> {

	@Select("SELECT t.*, d.name AS department_name FROM service_token t JOIN department d ON d.id = t.department_id"
			+ " WHERE t.token_hash = #{hash} AND t.revoked_at IS NULL AND t.expires_at > #{now}")
	ServiceToken findUsable(@Param("hash") String hash, @Param("now") Instant now);

	@Select("SELECT * FROM service_token WHERE department_id = #{departmentId} AND name = #{name}")
	ServiceToken findByName(@Param("departmentId") long departmentId, @Param("name") String name);

	/**
	 * Notes a use, at most once per {@code staleBefore} window: a token used on every
	 * request must not turn each of them into a write.
	 */
	@Update("UPDATE service_token SET last_used_at = #{now} WHERE id = #{id}"
			+ " AND (last_used_at IS NULL OR last_used_at < #{staleBefore})")
	int touch(@Param("id") long id, @Param("now") Instant now, @Param("staleBefore") Instant staleBefore);

	@Update("UPDATE service_token SET revoked_at = #{now}, revoked_by = #{by} WHERE id = #{id} AND revoked_at IS NULL")
	int revoke(@Param("id") long id, @Param("now") Instant now, @Param("by") String by);

}
