package io.crony.web.job;

import java.time.Instant;

import com.baomidou.mybatisplus.annotation.FieldStrategy;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.annotation.Version;

/**
 * A row of {@code job}: indexed columns plus {@code spec}, the whole definition as
 * crony-common JSON, which the leader publishes to etcd verbatim.
 */
@TableName("job")
class JobEntity {

	@TableId(type = IdType.AUTO)
	private Long id;

	private String name;

	@TableField(updateStrategy = FieldStrategy.ALWAYS)
	private String description;

	private String schedule;

	private String timeZone;

	private String targetType;

	private String spec;

	private Boolean enabled;

	@Version
	private Long version;

	/** Written by the leader only. */
	@TableField(insertStrategy = FieldStrategy.NEVER, updateStrategy = FieldStrategy.NEVER)
	private String agentId;

	@TableField(updateStrategy = FieldStrategy.NEVER)
	private String createdBy;

	@TableField(updateStrategy = FieldStrategy.NEVER)
	private Instant createdAt;

	private Instant updatedAt;

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

	String getDescription() {
		return this.description;
	}

	void setDescription(String description) {
		this.description = description;
	}

	String getSchedule() {
		return this.schedule;
	}

	void setSchedule(String schedule) {
		this.schedule = schedule;
	}

	String getTimeZone() {
		return this.timeZone;
	}

	void setTimeZone(String timeZone) {
		this.timeZone = timeZone;
	}

	String getTargetType() {
		return this.targetType;
	}

	void setTargetType(String targetType) {
		this.targetType = targetType;
	}

	String getSpec() {
		return this.spec;
	}

	void setSpec(String spec) {
		this.spec = spec;
	}

	Boolean getEnabled() {
		return this.enabled;
	}

	void setEnabled(Boolean enabled) {
		this.enabled = enabled;
	}

	Long getVersion() {
		return this.version;
	}

	void setVersion(Long version) {
		this.version = version;
	}

	String getAgentId() {
		return this.agentId;
	}

	void setAgentId(String agentId) {
		this.agentId = agentId;
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

	Instant getUpdatedAt() {
		return this.updatedAt;
	}

	void setUpdatedAt(Instant updatedAt) {
		this.updatedAt = updatedAt;
	}

}
