package io.crony.web.auth;

import java.time.Instant;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** Users and their bearer tokens (stored as SHA-256 hex). */
@Mapper
interface AppUserMapper extends BaseMapper<AppUser> {

	@Select("SELECT * FROM app_user WHERE username = #{username}")
	AppUser findByUsername(@Param("username") String username);

	/**
	 * Locks the enabled global admins' rows so two requests cannot remove the last two at
	 * once.
	 */
	@Select("SELECT COUNT(*) FROM app_user WHERE global_admin = 1 AND enabled = 1 FOR UPDATE")
	long lockEnabledAdmins();

	@Select("SELECT u.* FROM auth_token t JOIN app_user u ON u.id = t.user_id"
			+ " WHERE t.token_hash = #{hash} AND t.expires_at > #{now} AND u.enabled = 1")
	AppUser findByToken(@Param("hash") String hash, @Param("now") Instant now);

	@Insert("INSERT INTO auth_token (token_hash, user_id, created_at, expires_at)"
			+ " VALUES (#{hash}, #{userId}, #{createdAt}, #{expiresAt})")
	void insertToken(@Param("hash") String hash, @Param("userId") long userId, @Param("createdAt") Instant createdAt,
			@Param("expiresAt") Instant expiresAt);

	@Delete("DELETE FROM auth_token WHERE token_hash = #{hash}")
	int deleteToken(@Param("hash") String hash);

	@Delete("DELETE FROM auth_token WHERE user_id = #{userId}")
	int deleteTokensOf(@Param("userId") long userId);

	@Delete("DELETE FROM auth_token WHERE expires_at <= #{now}")
	int deleteExpiredTokens(@Param("now") Instant now);

}
