package io.crony.web.serviceaccount;

import java.time.Instant;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;

/** A row of {@code service_token}: never the token itself, only its hash. */
@TableName("service_token")
class ServiceToken {

	@TableId(type = IdType.AUTO)
	private Long id;

	private Long departmentId;

	// read with the token at sign-in, from department
	@TableField(exist = false)
	private String departmentName;

	private String name;

	private String tokenHash;

	private String tokenHint;

	private String scopes;

	private String createdBy;

	private Instant createdAt;

	private Instant expiresAt;

	private Instant lastUsedAt;

	private Instant revokedAt;

	private String revokedBy;

	Long getId() {
		return this.id;
	}

	void setId(Long id) {
		this.id = id;
	}

	String getName() {
		return this.name;
	}

	void setName(String name) {
		this.name = name;
	}

	String getTokenHash() {
		return this.tokenHash;
	}

	void setTokenHash(String tokenHash) {
		this.tokenHash = tokenHash;
	}

	String getTokenHint() {
		return this.tokenHint;
	}

	void setTokenHint(String tokenHint) {
		this.tokenHint = tokenHint;
	}

	String getScopes() {
		return this.scopes;
	}

	void setScopes(String scopes) {
		this.scopes = scopes;
	}

	String getCreatedBy() {
		return this.createdBy;
	}

	void setCreatedBy(String createdBy) {
		this.createdBy = createdBy;
	}

	Instant getCreatedAt() {
		return this.createdAt;
	}

	void setCreatedAt(Instant createdAt) {
		this.createdAt = createdAt;
	}

	Instant getExpiresAt() {
		return this.expiresAt;
	}

	void setExpiresAt(Instant expiresAt) {
		this.expiresAt = expiresAt;
	}

	Instant getLastUsedAt() {
		return this.lastUsedAt;
	}

	void setLastUsedAt(Instant lastUsedAt) {
		this.lastUsedAt = lastUsedAt;
	}

	Instant getRevokedAt() {
		return this.revokedAt;
	}

	void setRevokedAt(Instant revokedAt) {
		this.revokedAt = revokedAt;
	}

	String getRevokedBy() {
		return this.revokedBy;
	}

	void setRevokedBy(String revokedBy) {
		this.revokedBy = revokedBy;
	}

	Long getDepartmentId() {
		return this.departmentId;
	}

	void setDepartmentId(Long departmentId) {
		this.departmentId = departmentId;
	}

	String getDepartmentName() {
		return this.departmentName;
	}

	void setDepartmentName(String departmentName) {
		this.departmentName = departmentName;
	}

}
