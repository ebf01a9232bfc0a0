package io.crony.web.sso;

import java.io.IOException;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crony.test.CronyServicesExtension;
import io.crony.test.OidcProvider;
import io.crony.web.support.ApiClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * OpenID Connect sign-in against a real provider (Spring Authorization Server, started by
 * the test support on a free port): the browser's redirect flow driven with an HTTP
 * client that keeps cookies, follows the redirects and posts the provider's login form;
 * the groups claim mapped like LDAP groups at every sign-in; sign-out ending the
 * provider's session too.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + OidcSignInIT.ADMIN_PASSWORD)
class OidcSignInIT {

	static final String ADMIN_PASSWORD = "first-admin-password";

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static OidcProvider provider;

	@BeforeAll
	static void startProvider() {
		provider = OidcProvider.start("crony", "crony-client-secret",
				Map.of("alice", "alice-password", "bob", "bob-password", "carol", "carol-password"));
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
		registry.add("crony.web.auth.oidc.enabled", () -> "true");
		registry.add("crony.web.auth.oidc.issuer", () -> provider.issuer());
		registry.add("crony.web.auth.oidc.client-id", () -> "crony");
		registry.add("crony.web.auth.oidc.client-secret", () -> "crony-client-secret");
		registry.add("crony.web.auth.oidc.scopes", () -> "openid,profile,groups");
		registry.add("crony.web.auth.oidc.display-name", () -> "Test Provider");
	}

	@AfterAll
	static void stopProvider() {
		provider.close();
	}

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	private ApiClient admin;

	@BeforeEach
	void setUp() {
		provider.allowRedirects(crony("/login/oauth2/code/oidc"), crony("/login"));
		this.admin = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
		this.jdbc.update("DELETE FROM sso_group_mapping");
		this.jdbc.update("DELETE m FROM department_member m JOIN app_user u ON u.id = m.user_id"
				+ " WHERE u.username IN ('alice', 'bob', 'carol')");
		for (String department : List.of("payments", "billing")) {
			if (!this.admin.get("/api/v1/departments").body().findValuesAsText("name").contains(department)) {
				assertThat(this.admin.post("/api/v1/departments", Map.of("name", department)).status()).isEqualTo(201);
			}
		}
	}

	@Test
	void theSignInPageIsToldOfTheProvidersButton() {
		ApiClient.Response options = ApiClient.anonymous(this.port).get("/api/v1/auth/sign-in-options");

		assertThat(options.status()).isEqualTo(200);
		assertThat(options.body().at("/oidc/name").asText()).isEqualTo("Test Provider");
		assertThat(options.body().at("/oidc/path").asText()).isEqualTo("/oauth2/authorization/oidc");
	}

	@Test
	void aMappedGroupSignsTheUserInWithPkceAndItsRole() throws Exception {
		map("ops-team", "payments", "OPERATOR");
		provider.setGroups("alice", "ops-team", "unmapped-team");
		Browser browser = new Browser();

		String landed = browser.signIn("alice", "alice-password");

		assertThat(landed).isEqualTo(crony("/"));
		assertThat(browser.visited).anySatisfy((uri) -> assertThat(uri).startsWith(provider.issuer())
			.contains("code_challenge=")
			.contains("code_challenge_method=S256"));
		assertThat(browser.departments()).containsExactly("payments=OPERATOR");
		assertThat(this.jdbc.queryForObject("SELECT m.granted_by FROM department_member m JOIN app_user u"
				+ " ON u.id = m.user_id WHERE u.username = 'alice'", String.class))
			.isEqualTo("OIDC");
		assertThat(this.jdbc.queryForObject("SELECT source FROM app_user WHERE username = 'alice'", String.class))
			.isEqualTo("OIDC");
		assertThat(audit("LOGIN", "alice")).anySatisfy((changes) -> assertThat(changes).contains("OIDC"));
	}

	@Test
	void groupsChangedAtTheProviderApplyAtTheNextSignIn() throws Exception {
		map("ops-team", "payments", "OPERATOR");
		map("dev-team", "billing", "ADMIN");
		provider.setGroups("bob", "ops-team");
		Browser first = new Browser();
		assertThat(first.signIn("bob", "bob-password")).isEqualTo(crony("/"));
		assertThat(first.departments()).containsExactly("payments=OPERATOR");
		// a membership given through the API is no provider's grant: sign-ins leave it
		assertThat(
				this.admin.post("/api/v1/departments/1/members", Map.of("username", "bob", "role", "VIEWER")).status())
			.isEqualTo(201);

		provider.setGroups("bob", "dev-team");
		Browser second = new Browser();
		assertThat(second.signIn("bob", "bob-password")).isEqualTo(crony("/"));

		assertThat(second.departments()).containsExactly("billing=ADMIN", "default=VIEWER");
		assertThat(audit("MEMBER_REMOVE", null)).anySatisfy((changes) -> assertThat(changes).contains("OIDC"));
	}

	@Test
	void aUserWithNoMappedGroupIsSentBackToTheSignInPageWithTheReason() throws Exception {
		map("ops-team", "payments", "OPERATOR");
		provider.setGroups("carol", "qa-team");
		Browser browser = new Browser();

		String landed = browser.signIn("carol", "carol-password");

		assertThat(landed).isEqualTo(crony("/login?sso=no-group"));
		assertThat(browser.cookie("CRONY_SESSION")).isNull();
		assertThat(audit("LOGIN_REFUSED", "carol")).singleElement()
			.satisfies((changes) -> assertThat(changes).contains("qa-team").contains("OIDC"));
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM department_member m JOIN app_user u"
				+ " ON u.id = m.user_id WHERE u.username = 'carol'", Long.class))
			.isZero();
	}

	@Test
	void signOutEndsTheSessionHereAndAtTheProvider() throws Exception {
		map("ops-team", "payments", "OPERATOR");
		provider.setGroups("alice", "ops-team");
		Browser browser = new Browser();
		assertThat(browser.signIn("alice", "alice-password")).isEqualTo(crony("/"));
		String session = browser.cookie("CRONY_SESSION");
		browser.get(crony("/api/v1/auth/me"));

		HttpResponse<String> signedOut = browser.send(HttpRequest.newBuilder(URI.create(crony("/api/v1/auth/logout")))
			.header("X-XSRF-TOKEN", browser.cookie("XSRF-TOKEN"))
			.POST(HttpRequest.BodyPublishers.noBody()));

		assertThat(signedOut.statusCode()).as(signedOut.body()).isEqualTo(200);
		String redirectTo = JSON.readTree(signedOut.body()).get("redirectTo").asText();
		assertThat(redirectTo).startsWith(provider.issuer()).contains("id_token_hint=");
		// the provider ends its session and sends the browser back to the sign-in page
		assertThat(browser.follow(redirectTo)).isEqualTo(crony("/login"));
		assertThat(ApiClient.anonymous(this.port).withToken(session).get("/api/v1/auth/me").status()).isEqualTo(401);
		// the next sign-in asks for the password again
		browser.visited.clear();
		assertThat(browser.signIn("alice", "alice-password")).isEqualTo(crony("/"));
		assertThat(browser.postedLoginForm).isTrue();
	}

	private String crony(String path) {
		return "http://127.0.0.1:" + this.port + path;
	}

	private long map(String group, String department, String role) {
		ApiClient.Response response = this.admin.post("/api/v1/sso/group-mappings",
				Map.of("group", group, "department", department, "role", role));
		assertThat(response.status()).as("%s", response.body()).isEqualTo(201);
		return response.id();
	}

	private List<String> audit(String action, String objectName) {
		return (objectName == null)
				? this.jdbc.queryForList("SELECT COALESCE(changes, '') FROM audit_log WHERE action = ?", String.class,
						action)
				: this.jdbc.queryForList(
						"SELECT COALESCE(changes, '') FROM audit_log WHERE action = ? AND object_name = ?",
						String.class, action, objectName);
	}

	/**
	 * A browser as far as the flow needs one: it keeps cookies and follows redirects
	 * itself, so the test sees each address.
	 */
	private final class Browser {

		private final CookieManager cookies = new CookieManager();

		private final HttpClient http = HttpClient.newBuilder()
			.cookieHandler(this.cookies)
			.followRedirects(HttpClient.Redirect.NEVER)
			.connectTimeout(Duration.ofSeconds(10))
			.build();

		private final List<String> visited = new ArrayList<>();

		private boolean postedLoginForm;

		/**
		 * Starts at the dashboard's sign-in button and goes where it is sent, posting the
		 * provider's login form when it is shown.
		 * @return the address on crony-web the flow ends at
		 */
		String signIn(String username, String password) throws IOException, InterruptedException {
			this.postedLoginForm = false;
			String at = follow(crony("/oauth2/authorization/oidc"));
			if (at.equals(provider.issuer() + "/login")) {
				HttpResponse<String> page = get(at);
				Matcher csrf = CSRF.matcher(page.body());
				assertThat(csrf.find()).as(page.body()).isTrue();
				String form = "username=" + encode(username) + "&password=" + encode(password) + "&_csrf="
						+ encode(csrf.group(1));
				HttpResponse<String> posted = send(HttpRequest.newBuilder(URI.create(at))
					.header("Content-Type", "application/x-www-form-urlencoded")
					.POST(HttpRequest.BodyPublishers.ofString(form)));
				this.postedLoginForm = true;
				assertThat(posted.statusCode()).as(posted.body()).isEqualTo(302);
				at = follow(location(posted, at));
			}
			return at;
		}

		/**
		 * Follows redirects from this address until an answer that is none, or the
		 * provider's login page, or a page of crony-web's that is not its OAuth2 flow.
		 */
		String follow(String start) throws IOException, InterruptedException {
			String at = start;
			for (int hop = 0; hop < 10; hop++) {
				this.visited.add(at);
				HttpResponse<String> response = get(at);
				if (response.statusCode() != 302 && response.statusCode() != 303) {
					return at;
				}
				String next = location(response, at);
				if (next.equals(provider.issuer() + "/login") || (next.startsWith(crony("/"))
						&& !next.contains("/oauth2/authorization/") && !next.contains("/login/oauth2/code/"))) {
					this.visited.add(next);
					return next;
				}
				at = next;
			}
			throw new AssertionError("too many redirects: " + this.visited);
		}

		HttpResponse<String> get(String uri) throws IOException, InterruptedException {
			return send(HttpRequest.newBuilder(URI.create(uri)).GET());
		}

		HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
			return this.http.send(request.timeout(Duration.ofSeconds(30)).build(),
					HttpResponse.BodyHandlers.ofString());
		}

		String cookie(String name) {
			return this.cookies.getCookieStore()
				.getCookies()
				.stream()
				.filter((cookie) -> cookie.getName().equals(name) && !cookie.getValue().isEmpty())
				.map(HttpCookie::getValue)
				.findFirst()
				.orElse(null);
		}

		List<String> departments() throws IOException, InterruptedException {
			HttpResponse<String> me = get(crony("/api/v1/auth/me"));
			assertThat(me.statusCode()).as(me.body()).isEqualTo(200);
			List<String> held = new ArrayList<>();
			for (JsonNode department : JSON.readTree(me.body()).get("departments")) {
				held.add(department.get("name").asText() + "=" + department.get("role").asText());
			}
			return held;
		}

		private static String location(HttpResponse<String> response, String from) {
			String location = response.headers().firstValue("Location").orElseThrow();
			return URI.create(from).resolve(location).toString();
		}

		private static String encode(String value) {
			return URLEncoder.encode(value, StandardCharsets.UTF_8);
		}

	}

}
