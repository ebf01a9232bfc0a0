package io.crony.web.execution;

import java.time.Instant;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;

/** A row of {@code execution}: one fire of a job. Agents write most of them. */
@TableName("execution")
class ExecutionEntity {

	/**
	 * Set before the insert, from {@code ExecutionIds} (taken ahead, never by
	 * {@code AUTO_INCREMENT}).
	 */
	@TableId(type = IdType.INPUT)
	private Long id;

	private Long jobId;

	private String jobName;

	private String agentId;

	private TriggerType triggerType;

	private ExecutionStatus status;

	private Instant scheduledAt;

	private Instant startedAt;

	private Instant finishedAt;

	private Integer attempt;

	private String params;

	private Integer progress;

	/**
	 * Quoted: OUTPUT is a keyword to the SQL parser of the pagination's count query,
	 * which otherwise fails on every page of the run history and falls back with a
	 * warning.
	 */
	@TableField("`output`")
	private String output;

	private String error;

	/**
	 * The error as a stored reason ({@code ReasonJson}); null for a target's own answer.
	 */
	private String reason;

	private Instant updatedAt;

	/** The run's OpenTelemetry trace id, which the agent writes; null when none. */
	private String traceId;

	/** The upstream run whose success released this one; null when none did. */
	private Long releasedBy;

	/** The first run of the workflow run this one belongs to; null when none. */
	private Long rootId;

	// Detail-only columns: selectById and the lists leave them out (select = false), so a
	// page of runs never reads up to 64 KB of resume payload per row; the detail reads
	// them with findDetailInDepartment.

	/** ASYNC once an async attempt started (the agent's AsyncStore); null otherwise. */
	@TableField(select = false)
	private String mode;

	/** The last message the target reported; the result's for an async run. */
	@TableField(select = false)
	private String message;

	/** The state a retry resumes from, as the target last reported it. */
	@TableField(select = false)
	private String resumePayload;

	/**
	 * What the run published for its downstream jobs (a JSON object), null for nothing.
	 */
	@TableField(select = false)
	private String outputs;

	/**
	 * The outputs of its paired upstream runs its templates read, as found when it was
	 * released; null for none.
	 */
	@TableField(select = false)
	private String upstreamOutputs;

	String getOutputs() {
		return this.outputs;
	}

	void setOutputs(String outputs) {
		this.outputs = outputs;
	}

	String getUpstreamOutputs() {
		return this.upstreamOutputs;
	}

	void setUpstreamOutputs(String upstreamOutputs) {
		this.upstreamOutputs = upstreamOutputs;
	}

	String getMode() {
		return this.mode;
	}

	void setMode(String mode) {
		this.mode = mode;
	}

	String getMessage() {
		return this.message;
	}

	void setMessage(String message) {
		this.message = message;
	}

	String getResumePayload() {
		return this.resumePayload;
	}

	void setResumePayload(String resumePayload) {
		this.resumePayload = resumePayload;
	}

	Long getReleasedBy() {
		return this.releasedBy;
	}

	void setReleasedBy(Long releasedBy) {
		this.releasedBy = releasedBy;
	}

	Long getRootId() {
		return this.rootId;
	}

	void setRootId(Long rootId) {
		this.rootId = rootId;
	}

	Long getId() {
		return this.id;
	}

	void setId(Long id) {
		this.id = id;
	}

	Long getJobId() {
		return this.jobId;
	}

	void setJobId(Long jobId) {
		this.jobId = jobId;
	}

	String getJobName() {
		return this.jobName;
	}

	void setJobName(String jobName) {
		this.jobName = jobName;
	}

	String getAgentId() {
		return this.agentId;
	}

	void setAgentId(String agentId) {
		this.agentId = agentId;
	}

	TriggerType getTriggerType() {
		return this.triggerType;
	}

	void setTriggerType(TriggerType triggerType) {
		this.triggerType = triggerType;
	}

	ExecutionStatus getStatus() {
		return this.status;
	}

	void setStatus(ExecutionStatus status) {
		this.status = status;
	}

	Instant getScheduledAt() {
		return this.scheduledAt;
	}

	void setScheduledAt(Instant scheduledAt) {
		this.scheduledAt = scheduledAt;
	}

	Instant getStartedAt() {
		return this.startedAt;
	}

	void setStartedAt(Instant startedAt) {
		this.startedAt = startedAt;
	}

	Instant getFinishedAt() {
		return this.finishedAt;
	}

	void setFinishedAt(Instant finishedAt) {
		this.finishedAt = finishedAt;
	}

	Integer getAttempt() {
		return this.attempt;
	}

	void setAttempt(Integer attempt) {
		this.attempt = attempt;
	}

	String getParams() {
		return this.params;
	}

	void setParams(String params) {
		this.params = params;
	}

	Integer getProgress() {
		return this.progress;
	}

	void setProgress(Integer progress) {
		this.progress = progress;
	}

	String getOutput() {
		return this.output;
	}

	void setOutput(String output) {
		this.output = output;
	}

	String getError() {
		return this.error;
	}

	void setError(String error) {
		this.error = error;
	}

	String getReason() {
		return this.reason;
	}

	void setReason(String reason) {
		this.reason = reason;
	}

	Instant getUpdatedAt() {
		return this.updatedAt;
	}

	void setUpdatedAt(Instant updatedAt) {
		this.updatedAt = updatedAt;
	}

	String getTraceId() {
		return this.traceId;
	}

	void setTraceId(String traceId) {
		this.traceId = traceId;
	}

}
