package io.crony.web.alert;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetupTest;
import io.crony.alert.AlertKind;
import io.crony.alert.AlertRecord;
import io.crony.alert.AlertStatus;
import io.crony.alert.AlertStore;
import io.crony.test.BotServer;
import io.crony.test.BotServer.Vendor;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.Jobs;
import io.crony.web.support.Users;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The alert channel API against real MariaDB, a real SMTP server (GreenMail) and real
 * local bot servers: CRUD with write-only secrets, test messages, the history, and every
 * bad input refused naming its field with nothing saved.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "crony.web.admin.initial-password=" + AlertChannelApiIT.ADMIN_PASSWORD,
				"crony.alert.backoff=50ms", "crony.alert.max-attempts=2", "crony.alert.send-timeout=2s" })
class AlertChannelApiIT {

	static final String ADMIN_PASSWORD = "admin-password-5";

	private static final String SECRET = "SECchannel-secret";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@RegisterExtension
	static final GreenMailExtension smtp = new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort())
		.withConfiguration(GreenMailConfiguration.aConfig().withUser("crony", "smtp-password"))
		.withPerMethodLifecycle(true);

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
	}

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private AlertStore store;

	private ApiClient api;

	@BeforeEach
	void signIn() {
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM alert");
		this.jdbc.update("DELETE FROM alert_channel");
		this.jdbc.update("DELETE FROM auth_token WHERE user_id IN (SELECT id FROM app_user WHERE username <> 'admin')");
		this.jdbc.update("DELETE FROM app_user WHERE username <> 'admin'");
	}

	Map<String, Object> mail(String name) {
		Map<String, Object> config = new LinkedHashMap<>();
		config.put("host", "127.0.0.1");
		config.put("port", smtp.getSmtp().getPort());
		config.put("username", "crony");
		config.put("security", "NONE");
		config.put("from", "crony@example.com");
		config.put("to", List.of("ops@example.com", "dev@example.com"));
		Map<String, Object> channel = new LinkedHashMap<>();
		channel.put("name", name);
		channel.put("type", "MAIL");
		channel.put("config", config);
		channel.put("secret", "smtp-password");
		return channel;
	}

	static Map<String, Object> hook(String name, String type, String url) {
		Map<String, Object> channel = new LinkedHashMap<>();
		channel.put("name", name);
		channel.put("type", type);
		channel.put("config", new LinkedHashMap<>(Map.of("url", url)));
		channel.put("secret", SECRET);
		return channel;
	}

	@Test
	void answersATestWithTheStatusClassNeverTheEndpointsAnswer() throws Exception {
		com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer
			.create(new java.net.InetSocketAddress("127.0.0.1", 0), 4);
		server.createContext("/", (exchange) -> {
			byte[] body = "{\"message\":\"internal-only answer\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(401, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		server.start();
		try {
			Response created = this.api.post("/api/v1/alert-channels",
					hook("internal", "WEBHOOK", "http://127.0.0.1:" + server.getAddress().getPort() + "/hook"));
			assertThat(created.status()).as("%s", created.body()).isEqualTo(201);

			Response test = this.api.post("/api/v1/alert-channels/" + created.id() + "/test", null);

			assertThat(test.status()).isEqualTo(200);
			assertThat(test.body().path("delivered").asBoolean()).isFalse();
			assertThat(test.body().path("error").asText()).isEqualTo("the endpoint answered HTTP 4xx");
			assertThat(test.body().toString()).doesNotContain("internal-only answer");
			assertThat(this.api.get("/api/v1/alerts").body().toString()).doesNotContain("internal-only answer");
		}
		finally {
			server.stop(0);
		}
	}

	@Test
	void refusesAChannelToThePlatformsOwnEtcdEvenWithLoopbackAllowed() {
		Response refused = this.api.post("/api/v1/alert-channels",
				hook("etcd", "WEBHOOK", services.etcdEndpoint() + "/version"));

		assertThat(refused.status()).as("%s", refused.body()).isEqualTo(400);
		assertThat(refused.errorFields()).containsExactly("config.url");
		assertThat(refused.errorMessage("config.url")).contains("platform's own endpoint");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM alert_channel", Integer.class)).isZero();
	}

	@Test
	void createsAMailChannelWithoutEverShowingItsPasswordAndSendsATestMail() throws Exception {
		Response created = this.api.post("/api/v1/alert-channels", mail("ops-mail"));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		assertThat(created.body().path("secretSet").asBoolean()).isTrue();
		assertThat(created.body().toString()).doesNotContain("smtp-password");
		assertThat(created.body().path("config").path("to").size()).isEqualTo(2);

		Response listed = this.api.get("/api/v1/alert-channels");
		assertThat(listed.body().path("total").asLong()).isEqualTo(1);
		assertThat(listed.body().toString()).doesNotContain("smtp-password");

		Response test = this.api.post("/api/v1/alert-channels/" + created.id() + "/test", null);
		assertThat(test.status()).isEqualTo(200);
		assertThat(test.body().path("delivered").asBoolean()).as("%s", test.body()).isTrue();
		assertThat(smtp.getReceivedMessages()).hasSize(2);
		assertThat(smtp.getReceivedMessages()[0].getSubject()).isEqualTo("[Crony] Test message from Crony");
		assertThat(this.meters.get("crony.alert.send").tags("type", "MAIL", "outcome", "sent").timer().count())
			.isEqualTo(1);

		JsonNode history = this.api.get("/api/v1/alerts?channelId=" + created.id()).body();
		assertThat(history.path("total").asLong()).isEqualTo(1);
		assertThat(history.path("items").get(0).path("kind").asText()).isEqualTo("TEST");
		assertThat(history.path("items").get(0).path("status").asText()).isEqualTo("SENT");
	}

	@Test
	void keepsTheStoredSecretWhenAnUpdateCarriesNone() throws Exception {
		try (BotServer bot = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			long id = this.api.post("/api/v1/alert-channels", hook("hook", "WEBHOOK", bot.url())).id();
			Map<String, Object> renamed = hook("hook-2", "WEBHOOK", bot.url());
			renamed.remove("secret");
			renamed.put("platform", true);

			Response updated = this.api.put("/api/v1/alert-channels/" + id, renamed);

			assertThat(updated.status()).as("%s", updated.body()).isEqualTo(200);
			assertThat(updated.body().path("name").asText()).isEqualTo("hook-2");
			assertThat(updated.body().path("platform").asBoolean()).isTrue();
			assertThat(updated.body().path("secretSet").asBoolean()).isTrue();
			Response test = this.api.post("/api/v1/alert-channels/" + id + "/test", null);
			assertThat(test.body().path("delivered").asBoolean()).as("%s", test.body()).isTrue();
			assertThat(bot.received()).singleElement().satisfies((call) -> assertThat(call.verified()).isTrue());
		}
	}

	@Test
	void testsEachBotChannelAgainstAServerThatChecksItsSignature() throws Exception {
		for (Vendor vendor : Vendor.values()) {
			try (BotServer bot = BotServer.start(vendor, SECRET)) {
				String type = (vendor == Vendor.WEBHOOK) ? "WEBHOOK" : vendor.name();
				long id = this.api.post("/api/v1/alert-channels", hook("bot-" + type, type, bot.url())).id();

				Response test = this.api.post("/api/v1/alert-channels/" + id + "/test", null);

				assertThat(test.body().path("delivered").asBoolean()).as("%s: %s", type, test.body()).isTrue();
				assertThat(bot.received()).singleElement().satisfies((call) -> assertThat(call.verified()).isTrue());
			}
		}
	}

	@Test
	void answersTheErrorAndRecordsAFailureWhenTheEndpointIsDown() throws Exception {
		String url;
		try (BotServer bot = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			url = bot.url();
		}
		long id = this.api.post("/api/v1/alert-channels", hook("down", "WEBHOOK", url)).id();

		Response test = this.api.post("/api/v1/alert-channels/" + id + "/test", null);

		assertThat(test.status()).isEqualTo(200);
		assertThat(test.body().path("delivered").asBoolean()).isFalse();
		assertThat(test.body().path("attempts").asInt()).isEqualTo(2);
		assertThat(test.body().path("error").asText()).contains("unreachable");
		JsonNode row = this.api.get("/api/v1/alerts?status=FAILED").body().path("items").get(0);
		assertThat(row.path("channelId").asLong()).isEqualTo(id);
		assertThat(row.path("attempts").asInt()).isEqualTo(2);
	}

	@Test
	void keepsTheMillisecondsOfTheHistorySoHeldBackAlertsInTheSendsSecondCount() {
		Instant sent = Instant.parse("2026-11-22T03:00:00.300Z");
		this.store.record(new AlertRecord(null, AlertKind.NO_AGENT, null, null, null, "platform:no-agent",
				AlertStatus.SUPPRESSED, 0, null, "held", null, Instant.parse("2026-11-22T03:00:00.700Z"), null));

		assertThat(this.store.suppressedSince("platform:no-agent", sent)).isEqualTo(1);
		assertThat(
				this.api.get("/api/v1/alerts?status=SUPPRESSED").body().path("items").get(0).path("createdAt").asText())
			.isEqualTo("2026-11-22T03:00:00.700Z");
	}

	@Test
	void keepsEachChannelsLanguageEnglishByDefaultAndSendsItsTestMailInIt() throws Exception {
		Response english = this.api.post("/api/v1/alert-channels", mail("ops-mail"));
		assertThat(english.status()).as("%s", english.body()).isEqualTo(201);
		assertThat(english.body().path("language").asText()).isEqualTo("en");

		Map<String, Object> request = mail("ops-mail-zh");
		request.put("language", "zh-CN");
		Response chinese = this.api.post("/api/v1/alert-channels", request);
		assertThat(chinese.status()).as("%s", chinese.body()).isEqualTo(201);
		assertThat(chinese.body().path("language").asText()).isEqualTo("zh-CN");
		assertThat(this.api.get("/api/v1/alert-channels/" + chinese.id()).body().path("language").asText())
			.isEqualTo("zh-CN");

		Response test = this.api.post("/api/v1/alert-channels/" + chinese.id() + "/test", null);
		assertThat(test.body().path("delivered").asBoolean()).as("%s", test.body()).isTrue();
		assertThat(smtp.getReceivedMessages()[0].getSubject()).isEqualTo("[Crony] Crony 测试消息");
		assertThat((String) smtp.getReceivedMessages()[0].getContent()).contains("由 admin 发送，用于检查告警渠道「ops-mail-zh」。");
		// the history keeps what was sent, in the channel's language
		assertThat(
				this.jdbc.queryForObject("SELECT subject FROM alert WHERE channel_id = ?", String.class, chinese.id()))
			.isEqualTo("[Crony] Crony 测试消息");

		// an update without a language keeps it; with one, changes it
		Map<String, Object> renamed = mail("ops-mail-cn");
		assertThat(this.api.put("/api/v1/alert-channels/" + chinese.id(), renamed).body().path("language").asText())
			.isEqualTo("zh-CN");
		renamed.put("language", "en");
		assertThat(this.api.put("/api/v1/alert-channels/" + chinese.id(), renamed).body().path("language").asText())
			.isEqualTo("en");

		renamed.put("language", "de");
		Response refused = this.api.put("/api/v1/alert-channels/" + chinese.id(), renamed);
		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.body().path("code").asText()).isEqualTo("VALIDATION_FAILED");
		assertThat(refused.body().path("errors").get(0).path("field").asText()).isEqualTo("language");
		assertThat(refused.body().path("errors").get(0).path("message").asText())
			.isEqualTo("'de' is not one of [en, zh-CN]");
		assertThat(this.api.get("/api/v1/alert-channels/" + chinese.id()).body().path("language").asText())
			.isEqualTo("en");
	}

	@Test
	void theOpenApiDocumentShowsTheLanguagesAndTheProblemCodes() {
		JsonNode schemas = this.api.get("/v3/api-docs").body().at("/components/schemas");
		assertThat(schemas.at("/ChannelRequest/properties/language/enum")).extracting(JsonNode::asText)
			.containsExactly("en", "zh-CN");
		assertThat(schemas.at("/ChannelRequest/properties/language/default").asText()).isEqualTo("en");
		assertThat(schemas.at("/ChannelResponse/properties/language/enum")).extracting(JsonNode::asText)
			.containsExactly("en", "zh-CN");
		assertThat(schemas.at("/ChannelResponse/required")).extracting(JsonNode::asText).contains("language");
		assertThat(schemas.at("/Problem/properties/code/enum")).extracting(JsonNode::asText)
			.contains("VALIDATION_FAILED", "NOT_FOUND", "CONFLICT");
	}

	static Stream<Arguments> badChannels() {
		return Stream.of(arguments("config.to", List.of("ops@example.com", "not-an-address"), "config.to[1]"),
				arguments("config.to", List.of(), "config.to"),
				arguments("config.from", "crony at example", "config.from"),
				arguments("config.host", null, "config.host"), arguments("config.port", 70000, "config.port"),
				arguments("secret", null, "secret"), arguments("type", "PAGER", "type"), arguments("name", " ", "name"),
				arguments("config", null, "config"), arguments("language", "fr", "language"),
				arguments("language", "zh", "language"), arguments("language", "ZH-CN", "language"),
				arguments("language", "", "language"));
	}

	@ParameterizedTest(name = "{0} = {1}")
	@MethodSource("badChannels")
	void refusesABadMailChannelNamingTheFieldAndSavingNothing(String path, Object value, String field) {
		Response response = this.api.post("/api/v1/alert-channels", Jobs.with(mail("bad"), path, value));
		assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
		assertThat(response.isProblem()).isTrue();
		assertThat(response.errorFields()).as("%s", response.body()).contains(field);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM alert_channel", Integer.class)).isZero();
	}

	static Stream<Arguments> badHooks() {
		return Stream.of(arguments("WEBHOOK", "ftp://hooks.example/x", true, "config.url"),
				arguments("WEBHOOK", "not a url", true, "config.url"), arguments("FEISHU", null, true, "config.url"),
				arguments("FEISHU", "https://open.feishu.cn/hook/x", false, "secret"),
				arguments("DINGTALK", "https://oapi.dingtalk.com/robot/send?access_token=x", false, "secret"),
				arguments("WEBHOOK", "https://hooks.example/x", false, "secret"));
	}

	@ParameterizedTest(name = "{0} {1} secret {2}")
	@MethodSource("badHooks")
	void refusesABadBotChannelNamingTheFieldAndSavingNothing(String type, String url, boolean secret, String field) {
		Map<String, Object> channel = hook("bad", type, "http://x");
		channel.put("config", (url != null) ? Map.of("url", url) : Map.of());
		if (!secret) {
			channel.remove("secret");
		}
		Response response = this.api.post("/api/v1/alert-channels", channel);
		assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
		assertThat(response.errorFields()).as("%s", response.body()).containsExactly(field);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM alert_channel", Integer.class)).isZero();
	}

	@Test
	void refusesAChangeOfTypeWithoutANewSecretAndKeepsTheChannel() {
		long id = this.api.post("/api/v1/alert-channels", mail("m")).id();
		Map<String, Object> hook = hook("m", "FEISHU", "https://open.feishu.cn/hook/x");
		hook.remove("secret");

		Response response = this.api.put("/api/v1/alert-channels/" + id, hook);

		assertThat(response.status()).isEqualTo(400);
		assertThat(response.errorFields()).containsExactly("secret");
		assertThat(this.api.get("/api/v1/alert-channels/" + id).body().path("type").asText()).isEqualTo("MAIL");
	}

	@Test
	void refusesATakenNameAndAnUnknownChannel() {
		this.api.post("/api/v1/alert-channels", mail("same"));
		Response duplicate = this.api.post("/api/v1/alert-channels", mail("same"));
		assertThat(duplicate.status()).isEqualTo(409);
		assertThat(duplicate.errorFields()).containsExactly("name");
		assertThat(this.api.get("/api/v1/alert-channels/999999").status()).isEqualTo(404);
		assertThat(this.api.post("/api/v1/alert-channels/999999/test", null).status()).isEqualTo(404);
		assertThat(this.api.delete("/api/v1/alert-channels/999999").status()).isEqualTo(404);
	}

	@Test
	void savesAJobsAlertRulesAndRefusesAnUnknownChannelId() {
		long channel = this.api.post("/api/v1/alert-channels", mail("job-mail")).id();
		Map<String, Object> alerts = Map.of("channelIds", List.of(channel), "onRecovery", true, "failureRate",
				Map.of("threshold", 0.5, "windowMinutes", 5, "minRuns", 3));

		Response job = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("alerting"), "alerts", alerts));
		assertThat(job.status()).as("%s", job.body()).isEqualTo(201);
		assertThat(job.body().path("alerts").path("channelIds").get(0).asLong()).isEqualTo(channel);
		assertThat(job.body().path("alerts").path("onFailure").asBoolean()).isTrue();
		assertThat(job.body().path("alerts").path("onRecovery").asBoolean()).isTrue();
		assertThat(job.body().path("alerts").path("failureRate").path("threshold").asDouble()).isEqualTo(0.5);

		Response unknown = this.api.post("/api/v1/jobs",
				Jobs.with(Jobs.http("alerting-2"), "alerts", Map.of("channelIds", List.of(channel, 999999))));
		assertThat(unknown.status()).isEqualTo(400);
		assertThat(unknown.errorFields()).containsExactly("alerts.channelIds[1]");
		Response rate = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("alerting-3"), "alerts",
				Map.of("channelIds", List.of(channel), "failureRate", Map.of("threshold", 1.5))));
		assertThat(rate.status()).isEqualTo(400);
		assertThat(rate.errorFields()).containsExactly("alerts.failureRate.threshold");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Integer.class)).isEqualTo(1);
	}

	@Test
	void letsViewersReadButNotWriteNorTest() {
		long id = this.api.post("/api/v1/alert-channels", mail("ro")).id();
		ApiClient viewer = Users.create(this.api, "viewer-5", "VIEWER");

		assertThat(viewer.get("/api/v1/alert-channels").status()).isEqualTo(200);
		assertThat(viewer.get("/api/v1/alerts").status()).isEqualTo(200);
		assertThat(viewer.post("/api/v1/alert-channels", mail("nope")).status()).isEqualTo(403);
		assertThat(viewer.post("/api/v1/alert-channels/" + id + "/test", null).status()).isEqualTo(403);
		assertThat(viewer.delete("/api/v1/alert-channels/" + id).status()).isEqualTo(403);
		assertThat(this.api.delete("/api/v1/alert-channels/" + id).status()).isEqualTo(204);
	}

}
