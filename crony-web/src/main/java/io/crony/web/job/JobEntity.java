package io.crony.web.job;

import java.time.Instant;
import java.util.Objects;

import com.baomidou.mybatisplus.annotation.FieldStrategy;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.annotation.Version;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.web.retention.Retention;

/**
 * A row of {@code job}: indexed columns plus {@code spec}, the whole definition as
 * crony-common JSON, which the leader publishes to etcd verbatim.
 */
@TableName("job")
class JobEntity {

	@TableId(type = IdType.AUTO)
	private Long id;

	private Long departmentId;

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

	/** A copy of the spec's owner, for the list's filter; null when the spec has none. */
	@TableField(updateStrategy = FieldStrategy.ALWAYS)
	private String owner;

	/** The business calendar the job follows, as its spec names it; null for none. */
	@TableField(updateStrategy = FieldStrategy.ALWAYS)
	private Long calendarId;

	/** Written by the leader only. */
	@TableField(insertStrategy = FieldStrategy.NEVER, updateStrategy = FieldStrategy.NEVER)
	private String agentId;

	@TableField(updateStrategy = FieldStrategy.NEVER)
	private String createdBy;

	@TableField(updateStrategy = FieldStrategy.NEVER)
	private Instant createdAt;

	private Instant updatedAt;

	/** The job's own retention; null inherits (written as null too, to clear one). */
	@TableField(updateStrategy = FieldStrategy.ALWAYS)
	private Integer retentionDays;

	@TableField(updateStrategy = FieldStrategy.ALWAYS)
	private Integer retentionMaxCount;

	/** A row for a new job, at version 1. */
	static JobEntity created(long departmentId, JobSpec definition, String by, Instant now) {
		JobEntity job = new JobEntity();
		job.departmentId = departmentId;
		job.define(definition, now);
		job.setCreatedBy(by);
		job.setCreatedAt(now);
		job.setVersion(1L);
		return job;
	}

	/** Sets the indexed columns and {@code spec} from a definition. */
	void define(JobSpec definition, Instant now) {
		this.name = definition.name();
		this.description = definition.description();
		this.schedule = definition.schedule();
		this.timeZone = definition.timeZone();
		this.targetType = definition.target().type().name();
		this.enabled = definition.enabled();
		this.owner = definition.owner();
		this.calendarId = (definition.calendar() != null) ? definition.calendar().id() : null;
		this.spec = CronyJson.toJson(definition);
		this.updatedAt = now;
	}

	/** Sets the job's own retention (a PUT replaces it: absent fields inherit). */
	JobEntity retain(Retention retention) {
		this.retentionDays = retention.days();
		this.retentionMaxCount = retention.maxCount();
		return this;
	}

	/** Whether the row already has this retention. */
	boolean retains(Retention retention) {
		return Objects.equals(this.retentionDays, retention.days())
				&& Objects.equals(this.retentionMaxCount, retention.maxCount());
	}

	Long getCalendarId() {
		return this.calendarId;
	}

	void setCalendarId(Long calendarId) {
		this.calendarId = calendarId;
	}

	String getOwner() {
		return this.owner;
	}

	void setOwner(String owner) {
		this.owner = owner;
	}

	Integer getRetentionDays() {
		return this.retentionDays;
	}

	Integer getRetentionMaxCount() {
		return this.retentionMaxCount;
	}

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

	Long getDepartmentId() {
		return this.departmentId;
	}

	void setDepartmentId(Long departmentId) {
		this.departmentId = departmentId;
	}

}
