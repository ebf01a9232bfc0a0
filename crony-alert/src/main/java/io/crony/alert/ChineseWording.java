package io.crony.alert;

import java.util.Map;
import java.util.stream.Collectors;

import io.crony.common.reason.ReasonTexts;

/**
 * Alerts in Simplified Chinese, worded as Chinese ops teams write them (任务执行失败, 任务已恢复).
 * Job names, agent ids, statuses and errors stay as they are: they are what people search
 * the dashboard and logs for.
 */
final class ChineseWording implements AlertWording {

	static final ChineseWording INSTANCE = new ChineseWording();

	private static final Map<String, String> STATUSES = Map.of("FAILED", "失败", "TIMED_OUT", "超时", "CANCELLED", "已取消",
			"SKIPPED", "已跳过", "SUCCEEDED", "成功");

	private ChineseWording() {
	}

	@Override
	public String title(Alert alert) {
		String job = "任务 " + alert.jobName();
		AlertFacts facts = alert.facts();
		switch (alert.kind()) {
			case FAILURE:
				return job + " 执行失败";
			case TIMEOUT:
				return job + " 执行超时";
			case RECOVERY:
				return job + " 已恢复";
			case FAILURE_RATE:
				if (facts instanceof AlertFacts.FailureRate rate) {
					return job + " 失败率过高：" + rate.runs() + " 次执行中 " + rate.failed() + " 次失败";
				}
				return job + " 失败率过高";
			case AGENT_LOST:
				return "执行节点 " + alert.agentId() + " 已失联";
			case NO_AGENT:
				return "没有存活的执行节点";
			case UNPLACED:
				return job + " 无法分配到执行节点";
			case UPSTREAM_FAILED:
				return job + " 未执行："
						+ ((facts instanceof AlertFacts.UpstreamFailed failed) ? "上游任务 " + failed.upstream() : "上游任务")
						+ " 失败";
			case WORKFLOW_LATE:
				return job + " 的工作流未在截止时间前完成";
			case SPOOL_FULL:
				return "执行节点 " + alert.agentId() + " 的本地暂存（spool）已满";
			case SPOOL_DRAINED:
				return "执行节点 " + alert.agentId() + " 的本地暂存（spool）已清空";
			case TEST:
				return "Crony 测试消息";
			default:
				return "Crony 告警 " + alert.kind();
		}
	}

	@Override
	public String detail(Alert alert) {
		AlertFacts facts = alert.facts();
		if (facts instanceof AlertFacts.RunEnded ended) {
			return "本次执行最终" + STATUSES.getOrDefault(ended.status(), ended.status()) + "（" + ended.status() + "），共尝试 "
					+ ended.attempts() + " 次（上限 " + ended.maxAttempts() + " 次）。";
		}
		if (facts instanceof AlertFacts.ShardsEnded shards) {
			int count = shards.notSucceeded().size() + shards.unlisted();
			String each = shards.notSucceeded()
				.stream()
				.map((shard) -> "分片 " + shard.index()
						+ ((shard.instance() != null) ? "（" + shard.instance() + "）" : " ")
						+ STATUSES.getOrDefault(shard.status(), shard.status()) + "（" + shard.status() + "），尝试 "
						+ shard.attempts() + " 次" + ((shard.error() != null) ? "：" + shard.error() : ""))
				.collect(Collectors.joining("；"));
			return "本次执行最终" + STATUSES.getOrDefault(shards.status(), shards.status()) + "（" + shards.status() + "）："
					+ shards.total() + " 个分片中有 " + count + " 个未成功（每个分片最多尝试 " + shards.maxAttempts() + " 次）"
					+ (each.isEmpty() ? "。" : "：" + each + "。")
					+ ((shards.unlisted() > 0) ? "另有 " + shards.unlisted() + " 个未列出。" : "");
		}
		if (facts instanceof AlertFacts.FailureRate rate) {
			return "最近 " + rate.windowMinutes() + " 分钟内 " + Math.round(100.0 * rate.failed() / rate.runs())
					+ "% 的执行失败，超过了规则阈值 " + Math.round(100 * rate.threshold()) + "%。";
		}
		if (facts instanceof AlertFacts.Recovered) {
			return "发出失败告警后，任务再次执行成功。";
		}
		if (facts instanceof AlertFacts.WorkflowLate late) {
			return "计划时间之后 " + late.deadlineMinutes() + " 分钟仍未完成：" + String.join("、", late.notDone()) + " 此后尚未成功执行。";
		}
		if (facts instanceof AlertFacts.UpstreamFailed failed) {
			return "上游任务 " + failed.upstream() + " 的执行 " + failed.upstreamExecution() + " 最终"
					+ STATUSES.getOrDefault(failed.status(), failed.status()) + "（" + failed.status()
					+ "），本周期的执行已停止。修复后可连同下游一起重跑 " + failed.upstream() + "。";
		}
		if (facts instanceof AlertFacts.AgentLost lost) {
			if (lost.jobsMoved() == 0 && lost.stuck() == 0) {
				return "该节点上没有任务。";
			}
			String moved = lost.movedTo()
				.entrySet()
				.stream()
				.sorted(Map.Entry.comparingByKey())
				.map((entry) -> entry.getValue() + " 个迁至 " + entry.getKey())
				.collect(Collectors.joining("，"));
			return "其上 " + lost.jobsMoved() + " 个任务已迁移" + (moved.isEmpty() ? "" : "（" + moved + "）") + "。"
					+ ((lost.stuck() > 0) ? lost.stuck() + " 个任务找不到其他节点，正在等待。" : "");
		}
		if (facts instanceof AlertFacts.NoAgent none) {
			return "所有任务都无法执行：" + none.enabledJobs() + " 个已启用的任务正在等待执行节点。";
		}
		if (facts instanceof AlertFacts.Unplaced unplaced) {
			return "没有存活的执行节点可以接收部门 " + unplaced.department() + " 的这个任务（原因："
					+ unplaced.reason().text(ReasonTexts.CHINESE) + "），在可以接收它的节点注册之前它不会执行。";
		}
		if (facts instanceof AlertFacts.SpoolFull full) {
			return "该节点连不上数据库，执行记录暂存在本地磁盘：暂存已达 " + full.bytes() + " 字节，达到上限 " + full.maxBytes()
					+ " 字节（crony.agent.spool-max-size），自 " + AlertText.shown(full.since(), alert.zone())
					+ " 起开始暂存。在数据库接收暂存的记录之前，该节点不再认领任何触发；已暂存的记录不会丢失，其间未认领的触发按各任务的错过策略处理。";
		}
		if (facts instanceof AlertFacts.SpoolDrained) {
			return "数据库已接收该节点暂存的全部记录，节点已恢复认领触发。";
		}
		if (facts instanceof AlertFacts.Test test) {
			return "由 " + test.by() + " 发送，用于检查告警渠道「" + test.channelName() + "」。";
		}
		return null;
	}

	@Override
	public String label(Line line) {
		return switch (line) {
			case JOB -> "任务";
			case SCHEDULED_AT -> "计划时间";
			case AGENT -> "执行节点";
			case ATTEMPT -> "尝试次数";
			case EXECUTION -> "执行 ID";
			case ERROR -> "错误信息";
			case AT -> "发生时间";
			case DETAILS -> "查看详情";
		};
	}

	@Override
	public String separator() {
		return "：";
	}

	@Override
	public String job(String name, Long id) {
		return name + "（ID " + id + "）";
	}

	@Override
	public String attempt(int attempt) {
		return "第 " + attempt + " 次";
	}

	@Override
	public String heldBack(int count, String since) {
		return "自 " + since + " 以来另有 " + count + " 条同类告警因频率限制未发送。";
	}

}
