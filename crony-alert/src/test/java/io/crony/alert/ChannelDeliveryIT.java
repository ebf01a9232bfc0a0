package io.crony.alert;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetupTest;
import io.crony.common.target.TargetPolicy;
import io.crony.test.BotServer;
import io.crony.test.BotServer.Vendor;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Each channel type delivers to a real local server: GreenMail for SMTP, and HTTP servers
 * that check the Feishu, DingTalk and webhook signatures as the vendors document them.
 */
class ChannelDeliveryIT {

	@RegisterExtension
	static final GreenMailExtension smtp = new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort())
		.withConfiguration(GreenMailConfiguration.aConfig().withUser("crony", "mail-secret"))
		.withPerMethodLifecycle(true);

	private static final String SECRET = "SECbot-secret-42";

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private final AlertSender sender = new AlertSender(
			new AlertProperties(true, Duration.ofMinutes(10), "http://dash.example:8080", 2, Duration.ofMillis(50),
					Duration.ofSeconds(5), Duration.ofSeconds(30), 100, 2),
			this.meters, Clock.systemUTC(), TargetPolicy.of(List.of(), List.of(), true, List.of()));

	private final Alert alert = new Alert(AlertKind.FAILURE, "job:7:FAILURE", new AlertFacts.RunEnded("FAILED", 3, 3),
			7L, "settle-orders", 4711L, "agent-1", Instant.parse("2026-11-22T01:00:00Z"), 3, "HTTP 500: boom",
			"http://dash.example:8080/executions/4711", Instant.now(), ZoneId.of("Asia/Shanghai"), 0, null);

	@Test
	void mailReachesEveryRecipientThroughTheChannelsOwnSmtpServer() throws Exception {
		Channel channel = new Channel(
				1, "ops-mail", ChannelType.MAIL, ChannelConfig.mail("127.0.0.1", smtp.getSmtp().getPort(), "crony",
						MailSecurity.NONE, "crony@example.com", List.of("ops@example.com", "dev@example.com")),
				"mail-secret");

		Delivery delivery = this.sender.send(channel, this.alert);

		assertThat(delivery.delivered()).as(delivery.error()).isTrue();
		MimeMessage[] mails = smtp.getReceivedMessages();
		assertThat(mails).hasSize(2);
		assertThat(mails[0].getSubject()).isEqualTo("[Crony] Job settle-orders failed");
		String text = GreenMailUtil.getBody(mails[0]);
		assertThat(text).contains("settle-orders", "2026-11-22 09:00:00 +08:00 (Asia/Shanghai)", "agent-1",
				"Attempt: 3", "HTTP 500: boom", "http://dash.example:8080/executions/4711");
		assertThat(mails[0].getFrom()[0].toString()).isEqualTo("crony@example.com");
	}

	@Test
	void mailWithAWrongPasswordFailsAfterEveryAttempt() {
		Channel channel = new Channel(1, "ops-mail", ChannelType.MAIL, ChannelConfig.mail("127.0.0.1",
				smtp.getSmtp().getPort(), "crony", MailSecurity.NONE, "crony@example.com", List.of("ops@example.com")),
				"wrong");

		Delivery delivery = this.sender.send(channel, this.alert);

		assertThat(delivery.delivered()).isFalse();
		assertThat(delivery.attempts()).isEqualTo(2);
		assertThat(delivery.error()).contains("SMTP 127.0.0.1");
		assertThat(smtp.getReceivedMessages()).isEmpty();
	}

	@Test
	void feishuReceivesATextMessageWhoseSignatureHolds() throws Exception {
		try (BotServer bot = BotServer.start(Vendor.FEISHU, SECRET)) {
			Delivery delivery = this.sender.send(channel(ChannelType.FEISHU, bot, SECRET), this.alert);

			assertThat(delivery.delivered()).as(delivery.error()).isTrue();
			assertThat(bot.received()).hasSize(1);
			BotServer.Received call = bot.received().get(0);
			assertThat(call.verified()).isTrue();
			assertThat(call.body().path("msg_type").asText()).isEqualTo("text");
			assertThat(call.body().path("content").path("text").asText()).contains("settle-orders", "Attempt: 3");
		}
	}

	@Test
	void feishuRefusingTheSignatureIsAFailedSend() throws Exception {
		try (BotServer bot = BotServer.start(Vendor.FEISHU, SECRET)) {
			Delivery delivery = this.sender.send(channel(ChannelType.FEISHU, bot, "SECnot-the-secret"), this.alert);

			assertThat(delivery.delivered()).isFalse();
			assertThat(delivery.error()).contains("19021");
			assertThat(bot.received()).hasSize(2).noneMatch(BotServer.Received::verified);
		}
	}

	@Test
	void dingTalkReceivesATextMessageWhoseSignatureHolds() throws Exception {
		try (BotServer bot = BotServer.start(Vendor.DINGTALK, SECRET)) {
			Delivery delivery = this.sender.send(channel(ChannelType.DINGTALK, bot, SECRET), this.alert);

			assertThat(delivery.delivered()).as(delivery.error()).isTrue();
			BotServer.Received call = bot.received().get(0);
			assertThat(call.verified()).isTrue();
			assertThat(call.query()).startsWith("access_token=t0ken&timestamp=");
			assertThat(call.body().path("msgtype").asText()).isEqualTo("text");
			assertThat(call.body().path("text").path("content").asText()).contains("settle-orders");
		}
	}

	@Test
	void dingTalkRefusingTheSignatureIsAFailedSend() throws Exception {
		try (BotServer bot = BotServer.start(Vendor.DINGTALK, SECRET)) {
			Delivery delivery = this.sender.send(channel(ChannelType.DINGTALK, bot, "SECother"), this.alert);

			assertThat(delivery.delivered()).isFalse();
			assertThat(delivery.error()).contains("310000");
		}
	}

	@Test
	void webhookReceivesTheAlertAsSignedJson() throws Exception {
		try (BotServer bot = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			Delivery delivery = this.sender.send(channel(ChannelType.WEBHOOK, bot, SECRET), this.alert);

			assertThat(delivery.delivered()).as(delivery.error()).isTrue();
			BotServer.Received call = bot.received().get(0);
			assertThat(call.verified()).isTrue();
			assertThat(call.body().path("kind").asText()).isEqualTo("FAILURE");
			assertThat(call.body().path("jobId").asLong()).isEqualTo(7);
			assertThat(call.body().path("executionId").asLong()).isEqualTo(4711);
			assertThat(call.body().path("link").asText()).isEqualTo("http://dash.example:8080/executions/4711");
		}
	}

	@Test
	void webhookAnsweringAnErrorIsRetriedThenFailed() throws Exception {
		try (BotServer bot = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			Delivery delivery = this.sender.send(channel(ChannelType.WEBHOOK, bot, "wrong"), this.alert);

			assertThat(delivery.delivered()).isFalse();
			assertThat(delivery.attempts()).isEqualTo(2);
			assertThat(delivery.error()).contains("answered 401").doesNotContain("t0ken");
			assertThat(delivery.outline()).isEqualTo("the endpoint answered HTTP 4xx");
			assertThat(bot.received()).hasSize(2);
		}
	}

	@Test
	void sendsNothingToAnAddressTheTargetPolicyDenies() throws Exception {
		try (BotServer bot = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			String endpoint = bot.url().replaceFirst("^http://([^/]+)/.*$", "$1");
			AlertSender policed = new AlertSender(AlertProperties.defaults(), this.meters, Clock.systemUTC(),
					TargetPolicy.of(List.of(), List.of(), true, List.of(endpoint)));
			Channel mail = new Channel(3, "mail", ChannelType.MAIL, ChannelConfig.mail("LOCALHOST.",
					smtp.getSmtp().getPort(), null, MailSecurity.NONE, "crony@example.com", List.of("ops@example.com")),
					null);
			AlertSender noLoopback = new AlertSender(AlertProperties.defaults(), this.meters, Clock.systemUTC(),
					TargetPolicy.of(List.of(), List.of(), false, List.of()));

			Delivery hook = policed.send(channel(ChannelType.WEBHOOK, bot, SECRET), this.alert);
			Delivery smtpDelivery = noLoopback.send(mail, this.alert);

			assertThat(hook.delivered()).isFalse();
			assertThat(hook.attempts()).isZero();
			assertThat(hook.error()).contains("platform's own endpoint");
			assertThat(bot.received()).isEmpty();
			assertThat(smtpDelivery.delivered()).isFalse();
			assertThat(smtpDelivery.error()).startsWith("SMTP server LOCALHOST.").contains("loopback");
			assertThat(smtp.getReceivedMessages()).isEmpty();
		}
	}

	@Test
	void theConnectionItselfIsPolicedSoANameThatNowResolvesToADeniedAddressReachesNothing() throws Exception {
		// the check before a send passed (or the name answered differently then): the
		// poster's own connections still refuse the loopback address the name gives now
		try (BotServer bot = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			HttpPoster noLoopback = new HttpPoster(Duration.ofSeconds(5),
					TargetPolicy.of(List.of(), List.of(), false, List.of()));

			assertThatExceptionOfType(SendFailedException.class)
				.isThrownBy(() -> noLoopback.post(bot.url().replace("127.0.0.1", "localhost"), "{}", Map.of()))
				.satisfies((ex) -> assertThat(ex.getMessage()).startsWith("http://localhost:")
					.contains("refused by the target policy")
					.contains("loopback"))
				.satisfies(
						(ex) -> assertThat(ex.outline()).isEqualTo("the target policy refused the endpoint's address"));
			assertThat(bot.received()).isEmpty();
		}
	}

	@Test
	void theSmtpConnectionItselfIsPolicedToo() {
		Channel mail = new Channel(3, "mail", ChannelType.MAIL, ChannelConfig.mail("localhost",
				smtp.getSmtp().getPort(), null, MailSecurity.NONE, "crony@example.com", List.of("ops@example.com")),
				null);
		MailSender noLoopback = new MailSender(Duration.ofSeconds(5),
				TargetPolicy.of(List.of(), List.of(), false, List.of()));

		assertThatExceptionOfType(SendFailedException.class).isThrownBy(() -> noLoopback.send(mail, this.alert))
			.satisfies(
					(ex) -> assertThat(ex.getMessage()).contains("refused by the target policy").contains("loopback"));
		assertThat(smtp.getReceivedMessages()).isEmpty();
	}

	/**
	 * Loopback allowed, as make run has it, and a server on it that is one of the
	 * platform's own endpoints (denied by address and port): the connections themselves
	 * refuse it, the webhook's by the HTTP client's resolver and the mail's by its
	 * socket, though the name in the channel (localhost) passed no check before.
	 */
	@Test
	void theConnectionsRefuseThePlatformsOwnEndpointByItsPort() throws Exception {
		try (BotServer bot = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			int botPort = URI.create(bot.url()).getPort();
			int smtpPort = smtp.getSmtp().getPort();
			TargetPolicy platform = TargetPolicy.of(List.of(), List.of(), true,
					List.of("127.0.0.1:" + botPort, "127.0.0.1:" + smtpPort));
			HttpPoster poster = new HttpPoster(Duration.ofSeconds(5), platform);
			Channel mail = new Channel(3, "mail", ChannelType.MAIL, ChannelConfig.mail("localhost", smtpPort, null,
					MailSecurity.NONE, "crony@example.com", List.of("ops@example.com")), null);

			assertThatExceptionOfType(SendFailedException.class)
				.isThrownBy(() -> poster.post(bot.url().replace("127.0.0.1", "localhost"), "{}", Map.of()))
				.satisfies((ex) -> assertThat(ex.getMessage()).contains("refused by the target policy")
					.contains("the platform's own endpoint"));
			assertThatExceptionOfType(SendFailedException.class)
				.isThrownBy(() -> new MailSender(Duration.ofSeconds(5), platform).send(mail, this.alert))
				.satisfies((ex) -> assertThat(ex.getMessage()).contains("refused by the target policy")
					.contains("the platform's own endpoint"));
			assertThat(bot.received()).isEmpty();
			assertThat(smtp.getReceivedMessages()).isEmpty();
		}
	}

	@Test
	void timesEverySendByTypeAndOutcome() throws Exception {
		try (BotServer bot = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			this.sender.send(channel(ChannelType.WEBHOOK, bot, SECRET), this.alert);
			this.sender.send(channel(ChannelType.WEBHOOK, bot, "wrong"), this.alert);
		}
		assertThat(this.meters.get("crony.alert.send").tags("type", "WEBHOOK", "outcome", "sent").timer().count())
			.isEqualTo(1);
		assertThat(this.meters.get("crony.alert.send").tags("type", "WEBHOOK", "outcome", "failed").timer().count())
			.isEqualTo(1);
	}

	@Test
	void aChineseChannelsMailArrivesInChineseWithAnEncodedUtf8Subject() throws Exception {
		Channel channel = new Channel(
				1, "ops-mail-zh", ChannelType.MAIL, ChannelConfig.mail("127.0.0.1", smtp.getSmtp().getPort(), "crony",
						MailSecurity.NONE, "crony@example.com", List.of("ops@example.com")),
				"mail-secret", AlertLanguage.ZH_CN);

		Delivery delivery = this.sender.send(channel, this.alert);

		assertThat(delivery.delivered()).as(delivery.error()).isTrue();
		MimeMessage mail = smtp.getReceivedMessages()[0];
		// on the wire the subject is RFC 2047 UTF-8 (a plain 8-bit header would not
		// survive every relay)
		assertThat(mail.getHeader("Subject")[0]).startsWith("=?UTF-8?");
		assertThat(mail.getSubject()).isEqualTo("[Crony] 任务 settle-orders 执行失败");
		assertThat(mail.getContentType()).containsIgnoringCase("charset=UTF-8");
		assertThat((String) mail.getContent()).contains("本次执行最终失败（FAILED），共尝试 3 次（上限 3 次）。", "任务：settle-orders（ID 7）",
				"计划时间：2026-11-22 09:00:00 +08:00 (Asia/Shanghai)", "尝试次数：第 3 次", "错误信息：HTTP 500: boom",
				"查看详情：http://dash.example:8080/executions/4711");
	}

	@Test
	void aChineseChannelsWebhookCarriesChineseTextInUtf8AndEnglishFields() throws Exception {
		try (BotServer bot = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			Channel channel = new Channel(2, "bot", ChannelType.WEBHOOK, ChannelConfig.webhook(bot.url()), SECRET,
					AlertLanguage.ZH_CN);

			Delivery delivery = this.sender.send(channel, this.alert);

			assertThat(delivery.delivered()).as(delivery.error()).isTrue();
			BotServer.Received call = bot.received().get(0);
			// the server reads the bytes as UTF-8 and checks the signature over them
			assertThat(call.verified()).isTrue();
			assertThat(call.raw()).contains("任务 settle-orders 执行失败");
			assertThat(call.body().path("language").asText()).isEqualTo("zh-CN");
			assertThat(call.body().path("title").asText()).isEqualTo("任务 settle-orders 执行失败");
			assertThat(call.body().path("text").asText()).contains("错误信息：HTTP 500: boom");
			assertThat(call.body().path("kind").asText()).isEqualTo("FAILURE");
			assertThat(call.body().path("jobName").asText()).isEqualTo("settle-orders");
			assertThat(call.body().path("scheduledAt").asText()).isEqualTo("2026-11-22T01:00:00Z");
			assertThat(call.body().path("timeZone").asText()).isEqualTo("Asia/Shanghai");
		}
	}

	@Test
	void aChineseChannelsFeishuAndDingTalkMessagesArriveIntact() throws Exception {
		for (Vendor vendor : List.of(Vendor.FEISHU, Vendor.DINGTALK)) {
			try (BotServer bot = BotServer.start(vendor, SECRET)) {
				ChannelType type = (vendor == Vendor.FEISHU) ? ChannelType.FEISHU : ChannelType.DINGTALK;
				Channel channel = new Channel(3, "bot", type, ChannelConfig.webhook(bot.url()), SECRET,
						AlertLanguage.ZH_CN);

				Delivery delivery = this.sender.send(channel, this.alert);

				assertThat(delivery.delivered()).as(delivery.error()).isTrue();
				BotServer.Received call = bot.received().get(0);
				assertThat(call.verified()).isTrue();
				String text = (vendor == Vendor.FEISHU) ? call.body().path("content").path("text").asText()
						: call.body().path("text").path("content").asText();
				assertThat(text).startsWith("任务 settle-orders 执行失败\n").contains("执行节点：agent-1");
			}
		}
	}

	private static Channel channel(ChannelType type, BotServer bot, String secret) {
		return new Channel(2, "bot", type, ChannelConfig.webhook(bot.url()), secret);
	}

}
