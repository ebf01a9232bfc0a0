package io.crony.web.auth;

import java.time.Instant;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;

/** A row of {@code app_user}. */
@TableName("app_user")
class AppUser {

	@TableId(type = IdType.AUTO)
	private Long id;

	private String username;

	private String passwordHash;

	private Boolean globalAdmin;

	private Boolean enabled;

	/** {@link UserSource#LOCAL} or the directory that signs the user in. */
	private String source;

	private Instant createdAt;

	private Instant updatedAt;

	Long getId() {
		return this.id;
	}

	void setId(Long id) {
		this.id = id;
	}

	String getUsername() {
		return this.username;
	}

	void setUsername(String username) {
		this.username = username;
	}

	String getPasswordHash() {
		return this.passwordHash;
	}

	void setPasswordHash(String passwordHash) {
		this.passwordHash = passwordHash;
	}

	Boolean getGlobalAdmin() {
		return this.globalAdmin;
	}

	void setGlobalAdmin(Boolean globalAdmin) {
		this.globalAdmin = globalAdmin;
	}

	Boolean getEnabled() {
		return this.enabled;
	}

	void setEnabled(Boolean enabled) {
		this.enabled = enabled;
	}

	String getSource() {
		return this.source;
	}

	void setSource(String source) {
		this.source = source;
	}

	/** Whether the password stored here signs the user in. */
	boolean isLocal() {
		return this.source == null || UserSource.LOCAL.name().equals(this.source);
	}

	Instant getCreatedAt() {
		return this.createdAt;
	}

	void setCreatedAt(Instant createdAt) {
		this.createdAt = createdAt;
	}

	Instant getUpdatedAt() {
		return this.updatedAt;
	}

	void setUpdatedAt(Instant updatedAt) {
		this.updatedAt = updatedAt;
	}

}
