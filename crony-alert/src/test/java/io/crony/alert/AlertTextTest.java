package io.crony.alert;

import java.time.Instant;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AlertTextTest {

	private static final Instant SCHEDULED = Instant.parse("2026-11-22T01:00:00Z");

	private static final Instant AT = Instant.parse("2026-11-22T01:00:07.250Z");

	private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");

	private static final String LINK = "http://dash.example:8080/executions/4711";

	@Test
	void wordsAFailureInEnglishAndChineseWithTheSameFacts() {
		Alert alert = run(AlertKind.FAILURE, new AlertFacts.RunEnded("FAILED", 3, 3));

		assertThat(AlertText.subject(alert, AlertLanguage.EN)).isEqualTo("[Crony] Job settle-orders failed");
		assertThat(AlertText.text(alert, AlertLanguage.EN)).isEqualTo("""
				Job settle-orders failed
				The run ended FAILED after 3 of 3 attempt(s).
				Job: settle-orders (id 7)
				Scheduled at: 2026-11-22 09:00:00 +08:00 (Asia/Shanghai)
				Agent: agent-1
				Attempt: 3
				Execution: 4711
				Error: HTTP 500: boom
				At: 2026-11-22 09:00:07 +08:00 (Asia/Shanghai)
				Details: http://dash.example:8080/executions/4711
				""");
		assertThat(AlertText.subject(alert, AlertLanguage.ZH_CN)).isEqualTo("[Crony] 任务 settle-orders 执行失败");
		assertThat(AlertText.text(alert, AlertLanguage.ZH_CN)).isEqualTo("""
				任务 settle-orders 执行失败
				本次执行最终失败（FAILED），共尝试 3 次（上限 3 次）。
				任务：settle-orders（ID 7）
				计划时间：2026-11-22 09:00:00 +08:00 (Asia/Shanghai)
				执行节点：agent-1
				尝试次数：第 3 次
				执行 ID：4711
				错误信息：HTTP 500: boom
				发生时间：2026-11-22 09:00:07 +08:00 (Asia/Shanghai)
				查看详情：http://dash.example:8080/executions/4711
				""");
	}

	@Test
	void wordsATimeout() {
		Alert alert = run(AlertKind.TIMEOUT, new AlertFacts.RunEnded("TIMED_OUT", 1, 2));

		assertThat(AlertText.title(alert, AlertLanguage.EN)).isEqualTo("Job settle-orders timed out");
		assertThat(AlertText.text(alert, AlertLanguage.EN))
			.contains("The run ended TIMED_OUT after 1 of 2 attempt(s).");
		assertThat(AlertText.title(alert, AlertLanguage.ZH_CN)).isEqualTo("任务 settle-orders 执行超时");
		assertThat(AlertText.text(alert, AlertLanguage.ZH_CN)).contains("本次执行最终超时（TIMED_OUT），共尝试 1 次（上限 2 次）。");
	}

	@Test
	void wordsAShardedRunNamingEachShardThatDidNotSucceedAndItsInstance() {
		List<AlertFacts.ShardEnd> listed = List.of(
				new AlertFacts.ShardEnd(1, "10.0.0.5:8080", "FAILED", 3, "HTTP 500: " + "x".repeat(200)),
				new AlertFacts.ShardEnd(3, null, "TIMED_OUT", 1, null));
		Alert alert = run(AlertKind.FAILURE, new AlertFacts.ShardsEnded("FAILED", 4, 3, listed, 2));

		assertThat(AlertText.title(alert, AlertLanguage.EN)).isEqualTo("Job settle-orders failed");
		assertThat(AlertText.text(alert, AlertLanguage.EN)).contains("The run ended FAILED: 4 of 4 shards did not "
				+ "succeed (each may make 3 attempt(s)): shard 1 at 10.0.0.5:8080 FAILED after 3 attempt(s): HTTP 500: "
				+ "x".repeat(110) + "…; shard 3 TIMED_OUT after 1 attempt(s). And 2 more.");
		assertThat(AlertText.text(alert, AlertLanguage.ZH_CN))
			.contains("本次执行最终失败（FAILED）：4 个分片中有 4 个未成功（每个分片最多尝试 3 次）：分片 1（10.0.0.5:8080）失败（FAILED），尝试 3 次：HTTP 500: ")
			.contains("；分片 3 超时（TIMED_OUT），尝试 1 次。另有 2 个未列出。");
	}

	@Test
	void wordsAFailureRate() {
		Alert alert = run(AlertKind.FAILURE_RATE, new AlertFacts.FailureRate(3, 5, 10, 0.5));

		assertThat(AlertText.title(alert, AlertLanguage.EN)).isEqualTo("Job settle-orders: 3 of 5 runs failed");
		assertThat(AlertText.text(alert, AlertLanguage.EN))
			.contains("Over the last 10 minutes 60% of runs failed; the rule alerts above 50%.");
		assertThat(AlertText.title(alert, AlertLanguage.ZH_CN)).isEqualTo("任务 settle-orders 失败率过高：5 次执行中 3 次失败");
		assertThat(AlertText.text(alert, AlertLanguage.ZH_CN)).contains("最近 10 分钟内 60% 的执行失败，超过了规则阈值 50%。");
	}

	@Test
	void wordsARecovery() {
		Alert alert = run(AlertKind.RECOVERY, new AlertFacts.Recovered());

		assertThat(AlertText.title(alert, AlertLanguage.EN)).isEqualTo("Job settle-orders recovered");
		assertThat(AlertText.text(alert, AlertLanguage.EN)).contains("A run succeeded again after failure alerts.");
		assertThat(AlertText.title(alert, AlertLanguage.ZH_CN)).isEqualTo("任务 settle-orders 已恢复");
		assertThat(AlertText.text(alert, AlertLanguage.ZH_CN)).contains("发出失败告警后，任务再次执行成功。");
	}

	@Test
	void wordsALostAgent() {
		Alert alert = platform(AlertKind.AGENT_LOST, new AlertFacts.AgentLost(5, Map.of("agent-3", 2, "agent-2", 3), 1),
				"agent-1");

		assertThat(AlertText.title(alert, AlertLanguage.EN)).isEqualTo("Agent agent-1 lost");
		assertThat(AlertText.text(alert, AlertLanguage.EN))
			.contains("5 of its jobs moved (3 to agent-2, 2 to agent-3). 1 found no other agent and waits.");
		assertThat(AlertText.title(alert, AlertLanguage.ZH_CN)).isEqualTo("执行节点 agent-1 已失联");
		assertThat(AlertText.text(alert, AlertLanguage.ZH_CN))
			.contains("其上 5 个任务已迁移（3 个迁至 agent-2，2 个迁至 agent-3）。1 个任务找不到其他节点，正在等待。");

		Alert idle = platform(AlertKind.AGENT_LOST, new AlertFacts.AgentLost(0, Map.of(), 0), "agent-1");
		assertThat(AlertText.text(idle, AlertLanguage.EN)).contains("It held no jobs.");
		assertThat(AlertText.text(idle, AlertLanguage.ZH_CN)).contains("该节点上没有任务。");
	}

	@Test
	void wordsNoAgentAlive() {
		Alert alert = platform(AlertKind.NO_AGENT, new AlertFacts.NoAgent(12), null);

		assertThat(AlertText.title(alert, AlertLanguage.EN)).isEqualTo("No agent alive");
		assertThat(AlertText.text(alert, AlertLanguage.EN))
			.contains("Nothing runs: 12 enabled jobs wait for an agent.");
		assertThat(AlertText.title(alert, AlertLanguage.ZH_CN)).isEqualTo("没有存活的执行节点");
		assertThat(AlertText.text(alert, AlertLanguage.ZH_CN)).contains("所有任务都无法执行：12 个已启用的任务正在等待执行节点。");
	}

	@Test
	void wordsNoAgentAliveForOneJobInTheSingular() {
		Alert alert = platform(AlertKind.NO_AGENT, new AlertFacts.NoAgent(1), null);

		assertThat(AlertText.text(alert, AlertLanguage.EN)).contains("Nothing runs: 1 enabled job waits for an agent.");
	}

	@Test
	void wordsAnUnplacedJobWithItsDepartmentAndTheLeadersReasonInTheAlertsLanguage() {
		Alert alert = new Alert(AlertKind.UNPLACED, "job:7:UNPLACED",
				new AlertFacts.Unplaced("payments", Reason.of(ReasonCode.NO_AGENT_MATCHES, "zone=b")), 7L,
				"settle-orders", null, null, null, null, null, "http://dash.example:8080/jobs/7", AT, null, 0, null);

		assertThat(AlertText.title(alert, AlertLanguage.EN)).isEqualTo("Job settle-orders could not be placed");
		assertThat(AlertText.text(alert, AlertLanguage.EN)).contains(
				"No live agent may take this job of department payments: no live agent matches zone=b.",
				"Job: settle-orders (id 7)");
		assertThat(AlertText.title(alert, AlertLanguage.ZH_CN)).isEqualTo("任务 settle-orders 无法分配到执行节点");
		assertThat(AlertText.text(alert, AlertLanguage.ZH_CN))
			.contains("没有存活的执行节点可以接收部门 payments 的这个任务（原因：没有存活的执行节点匹配 zone=b）", "任务：settle-orders（ID 7）");
	}

	@Test
	void wordsADownstreamStoppedByAFailedUpstream() {
		Alert alert = run(AlertKind.UPSTREAM_FAILED, new AlertFacts.UpstreamFailed("load-orders", 4700L, "FAILED"));

		assertThat(AlertText.title(alert, AlertLanguage.EN))
			.isEqualTo("Job settle-orders not run: upstream load-orders failed");
		assertThat(AlertText.text(alert, AlertLanguage.EN))
			.contains("Its upstream job load-orders ended FAILED (execution 4700), so this cycle's run is stopped.");
		assertThat(AlertText.title(alert, AlertLanguage.ZH_CN)).isEqualTo("任务 settle-orders 未执行：上游任务 load-orders 失败");
		assertThat(AlertText.text(alert, AlertLanguage.ZH_CN)).contains("上游任务 load-orders 的执行 4700 最终");
	}

	@Test
	void wordsAWorkflowThatMissedItsDeadline() {
		Alert alert = run(AlertKind.WORKFLOW_LATE, new AlertFacts.WorkflowLate(300, List.of("report", "close")));

		assertThat(AlertText.title(alert, AlertLanguage.EN))
			.isEqualTo("Job settle-orders's workflow missed its deadline");
		assertThat(AlertText.text(alert, AlertLanguage.EN))
			.contains("Not done 300 minutes after the instant: report, close had not succeeded since.");
		assertThat(AlertText.title(alert, AlertLanguage.ZH_CN)).isEqualTo("任务 settle-orders 的工作流未在截止时间前完成");
		assertThat(AlertText.text(alert, AlertLanguage.ZH_CN)).contains("计划时间之后 300 分钟仍未完成：report、close 此后尚未成功执行。");
	}

	@Test
	void wordsATestMessage() {
		Alert alert = platform(AlertKind.TEST, new AlertFacts.Test("admin", "ops-mail"), null);

		assertThat(AlertText.subject(alert, AlertLanguage.EN)).isEqualTo("[Crony] Test message from Crony");
		assertThat(AlertText.text(alert, AlertLanguage.EN))
			.contains("Sent by admin to check alert channel 'ops-mail'.");
		assertThat(AlertText.subject(alert, AlertLanguage.ZH_CN)).isEqualTo("[Crony] Crony 测试消息");
		assertThat(AlertText.text(alert, AlertLanguage.ZH_CN)).contains("由 admin 发送，用于检查告警渠道「ops-mail」。");
	}

	@Test
	void wordsAFullSpoolNamingTheAgentItsSizeAndLimitAndItsEnd() {
		Alert full = platform(AlertKind.SPOOL_FULL,
				new AlertFacts.SpoolFull(2100, 2048, Instant.parse("2026-11-22T00:58:00Z")), "agent-1");

		assertThat(AlertText.subject(full, AlertLanguage.EN)).isEqualTo("[Crony] Agent agent-1's spool is full");
		assertThat(AlertText.text(full, AlertLanguage.EN)).contains(
				"its spool holds 2100 bytes, at its limit of 2048 (crony.agent.spool-max-size), and began to fill at"
						+ " 2026-11-22 00:58:00 +00:00 (UTC). It claims no fire until the database takes the spooled"
						+ " records; none is lost",
				"Agent: agent-1");
		assertThat(AlertText.title(full, AlertLanguage.ZH_CN)).isEqualTo("执行节点 agent-1 的本地暂存（spool）已满");
		assertThat(AlertText.text(full, AlertLanguage.ZH_CN)).contains(
				"暂存已达 2100 字节，达到上限 2048 字节（crony.agent.spool-max-size），自 2026-11-22 00:58:00 +00:00 (UTC) 起开始暂存。",
				"执行节点：agent-1");

		Alert drained = platform(AlertKind.SPOOL_DRAINED, new AlertFacts.SpoolDrained(), "agent-1");
		assertThat(AlertText.title(drained, AlertLanguage.EN)).isEqualTo("Agent agent-1's spool is empty again");
		assertThat(AlertText.text(drained, AlertLanguage.EN))
			.contains("The database took every spooled record of this agent; it claims fires again.");
		assertThat(AlertText.title(drained, AlertLanguage.ZH_CN)).isEqualTo("执行节点 agent-1 的本地暂存（spool）已清空");
		assertThat(AlertText.text(drained, AlertLanguage.ZH_CN)).contains("数据库已接收该节点暂存的全部记录，节点已恢复认领触发。");
	}

	@Test
	void everyKindHasItsOwnTitleInBothLanguages() {
		Set<AlertKind> covered = EnumSet.noneOf(AlertKind.class);
		for (AlertKind kind : AlertKind.values()) {
			Alert alert = run(kind, null);
			for (AlertLanguage language : AlertLanguage.values()) {
				assertThat(AlertText.title(alert, language)).as("%s %s", kind, language)
					.doesNotContain("Crony alert", "Crony 告警");
			}
			covered.add(kind);
		}
		assertThat(covered).containsExactlyInAnyOrder(AlertKind.values());
	}

	@Test
	void platformTimesAreInUtcAndTheHeldBackCountIsWorded() {
		Alert alert = platform(AlertKind.NO_AGENT, new AlertFacts.NoAgent(1), null).withSuppressed(97,
				Instant.parse("2026-11-22T00:50:00Z"));

		assertThat(AlertText.text(alert, AlertLanguage.EN)).contains("At: 2026-11-22 01:00:07 +00:00 (UTC)",
				"97 more alerts like this since 2026-11-22 00:50:00 +00:00 (UTC) were held back.");
		assertThat(AlertText.text(alert, AlertLanguage.ZH_CN)).contains("发生时间：2026-11-22 01:00:07 +00:00 (UTC)",
				"自 2026-11-22 00:50:00 +00:00 (UTC) 以来另有 97 条同类告警因频率限制未发送。");
	}

	@Test
	void webhookJsonKeepsItsFieldsAndValuesAndWordsOnlyTheHumanText() {
		Alert alert = run(AlertKind.FAILURE, new AlertFacts.RunEnded("FAILED", 3, 3));

		Map<String, Object> english = AlertText.json(alert, AlertLanguage.EN);
		Map<String, Object> chinese = AlertText.json(alert, AlertLanguage.ZH_CN);

		assertThat(chinese.keySet()).containsExactlyElementsOf(english.keySet());
		Set<String> localized = Set.of("language", "title", "subject", "text");
		english.keySet()
			.stream()
			.filter((field) -> !localized.contains(field))
			.forEach((field) -> assertThat(chinese.get(field)).as(field).isEqualTo(english.get(field)));
		assertThat(english).containsEntry("kind", "FAILURE")
			.containsEntry("language", "en")
			.containsEntry("title", "Job settle-orders failed")
			.containsEntry("scheduledAt", "2026-11-22T01:00:00Z")
			.containsEntry("timeZone", "Asia/Shanghai");
		assertThat(chinese).containsEntry("language", "zh-CN")
			.containsEntry("title", "任务 settle-orders 执行失败")
			.containsEntry("subject", "[Crony] 任务 settle-orders 执行失败");
	}

	@Test
	void aZoneTheJvmDoesNotKnowShowsTimesInUtc() {
		assertThat(Alert.zoneOf("Mars/Olympus")).isEqualTo(java.time.ZoneOffset.UTC);
		assertThat(Alert.zoneOf(null)).isEqualTo(java.time.ZoneOffset.UTC);
		assertThat(Alert.zoneOf("Asia/Shanghai")).isEqualTo(SHANGHAI);
	}

	@Test
	void languagesReadTheirTagsExactly() {
		assertThat(AlertLanguage.ofTag("zh-CN")).isEqualTo(AlertLanguage.ZH_CN);
		assertThat(AlertLanguage.ofTag("en")).isEqualTo(AlertLanguage.EN);
		assertThat(AlertLanguage.ofStored(null)).isEqualTo(AlertLanguage.EN);
		assertThat(AlertLanguage.tags()).isEqualTo("[en, zh-CN]");
		org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
			.isThrownBy(() -> AlertLanguage.ofTag("zh"))
			.withMessage("'zh' is not one of [en, zh-CN]");
	}

	private static Alert run(AlertKind kind, AlertFacts facts) {
		return new Alert(kind, "job:7:" + kind, facts, 7L, "settle-orders", 4711L, "agent-1", SCHEDULED, 3,
				"HTTP 500: boom", LINK, AT, SHANGHAI, 0, null);
	}

	private static Alert platform(AlertKind kind, AlertFacts facts, String agentId) {
		return Alert.platform(kind, "platform:" + kind, facts, agentId, "http://dash.example:8080/agents", AT);
	}

}
