package io.crony.web.execution;

import java.time.Instant;
import java.util.List;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.auth.Departments;
import io.crony.web.department.DepartmentJobs;

import org.springframework.stereotype.Service;

/**
 * Reads executions, newest first. A run is a fire whose instant has come: a CRON fire an
 * agent claimed ahead (PENDING, scheduled in the future) is not listed until its instant.
 * Rows the web inserts for manual runs are listed at once, whatever their instant (a run
 * requested in a second already taken is scheduled a second or more later). Only the
 * request's department's runs are read: those of its jobs, deleted ones included.
 */
@Service
class ExecutionQueries {

	/** Triggers whose PENDING rows are agents' claims ahead of the fire. */
	static final List<TriggerType> CLAIMED_AHEAD = List.of(TriggerType.CRON, TriggerType.MISFIRE);

	private final ExecutionMapper executions;

	private final AttemptChain attempts;

	private final ShardRows shards;

	private final ClearedRuns cleared;

	ExecutionQueries(ExecutionMapper executions, AttemptChain attempts, ShardRows shards, ClearedRuns cleared) {
		this.cleared = cleared;
		this.executions = executions;
		this.attempts = attempts;
		this.shards = shards;
	}

	PageResponse<ExecutionResponse> list(ExecutionFilter filter, Paging paging) {
		LambdaQueryWrapper<ExecutionEntity> where = new LambdaQueryWrapper<ExecutionEntity>()
			.inSql(ExecutionEntity::getJobId, DepartmentJobs.idsSql(Departments.current()))
			.eq(filter.jobId() != null, ExecutionEntity::getJobId, filter.jobId())
			.eq(filter.agentId() != null, ExecutionEntity::getAgentId, filter.agentId())
			.eq(filter.status() != null, ExecutionEntity::getStatus, filter.status())
			.eq(filter.trigger() != null, ExecutionEntity::getTriggerType, filter.trigger())
			.ge(filter.from() != null, ExecutionEntity::getScheduledAt, filter.from())
			.lt(filter.to() != null, ExecutionEntity::getScheduledAt, filter.to())
			.and((run) -> run.ne(ExecutionEntity::getStatus, ExecutionStatus.PENDING)
				.or()
				.le(ExecutionEntity::getScheduledAt, Instant.now())
				.or()
				.notIn(ExecutionEntity::getTriggerType, CLAIMED_AHEAD))
			.orderByDesc(ExecutionEntity::getId);
		return PageResponse.of(this.executions.selectPage(paging.toPage(), where), ExecutionResponse::of, paging);
	}

	ExecutionDetailResponse get(long id) {
		ExecutionEntity row = this.executions.findDetailInDepartment(id, Departments.current());
		if (row == null) {
			throw new ExecutionNotFoundException(id);
		}
		return ExecutionDetailResponse.of(row, this.attempts.of(id), this.shards.of(id), this.cleared.of(id));
	}

}
