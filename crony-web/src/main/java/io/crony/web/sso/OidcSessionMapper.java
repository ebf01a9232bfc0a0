package io.crony.web.sso;

import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** The rows of {@code oidc_session}: a session's ID token, for signing out there. */
@Mapper
interface OidcSessionMapper {

	@Insert("INSERT INTO oidc_session (token_hash, id_token) VALUES (#{hash}, #{idToken})")
	void insert(@Param("hash") String tokenHash, @Param("idToken") String idToken);

	@Select("SELECT id_token FROM oidc_session WHERE token_hash = #{hash}")
	String idToken(@Param("hash") String tokenHash);

}
