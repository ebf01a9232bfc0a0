package io.crony.web.execution;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;

import org.springframework.stereotype.Service;

/** Reads executions, newest first. */
@Service
class ExecutionQueries {

	private final ExecutionMapper executions;

	ExecutionQueries(ExecutionMapper executions) {
		this.executions = executions;
	}

	PageResponse<ExecutionResponse> list(ExecutionFilter filter, Paging paging) {
		LambdaQueryWrapper<ExecutionEntity> where = new LambdaQueryWrapper<ExecutionEntity>()
			.eq(filter.jobId() != null, ExecutionEntity::getJobId, filter.jobId())
			.eq(filter.agentId() != null, ExecutionEntity::getAgentId, filter.agentId())
			.eq(filter.status() != null, ExecutionEntity::getStatus, filter.status())
			.eq(filter.trigger() != null, ExecutionEntity::getTriggerType, filter.trigger())
			.ge(filter.from() != null, ExecutionEntity::getScheduledAt, filter.from())
			.lt(filter.to() != null, ExecutionEntity::getScheduledAt, filter.to())
			.orderByDesc(ExecutionEntity::getId);
		return PageResponse.of(this.executions.selectPage(paging.toPage(), where), ExecutionResponse::of, paging);
	}

	ExecutionResponse get(long id) {
		ExecutionEntity row = this.executions.selectById(id);
		if (row == null) {
			throw new ExecutionNotFoundException(id);
		}
		return ExecutionResponse.of(row);
	}

}
