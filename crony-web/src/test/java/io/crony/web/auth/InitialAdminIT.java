package io.crony.web.auth;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** The first start without a configured password: a random one, logged once. */
@ExtendWith(OutputCaptureExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class InitialAdminIT {

	private static final Pattern PASSWORD_LINE = Pattern.compile("Crony initial admin password: (\\S+)");

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
		registry.add("crony.web.admin.initial-password", () -> "");
	}

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private AppUserMapper users;

	@Autowired
	private MembershipMapper memberships;

	@Autowired
	private Memberships membershipWrites;

	@Autowired
	private PasswordEncoder encoder;

	@Test
	@Order(1)
	void logsARandomPasswordOnceAndItSignsIn(CapturedOutput output) {
		List<String> passwords = passwords(output.getOut());
		assertThat(passwords).hasSize(1);
		assertThat(passwords.get(0)).hasSizeGreaterThanOrEqualTo(20);
		ApiClient admin = ApiClient.anonymous(this.port).login("admin", passwords.get(0));
		assertThat(admin.get("/api/v1/auth/me").body().get("role").asText()).isEqualTo("ADMIN");
	}

	@Test
	@Order(2)
	void twoInstancesStartingTogetherCreateOneAdmin(CapturedOutput output) throws Exception {
		String saved = this.jdbc.queryForObject("SELECT password_hash FROM app_user WHERE username = 'admin'",
				String.class);
		int logged = passwords(output.getOut()).size();
		this.jdbc.update("DELETE FROM auth_token");
		this.jdbc.update("DELETE FROM app_user");
		CyclicBarrier together = new CyclicBarrier(2);
		AdminProperties random = new AdminProperties(null);
		List<CompletableFuture<Void>> starts = List.of(1, 2).stream().map((i) -> CompletableFuture.runAsync(() -> {
			InitialAdmin instance = new InitialAdmin(this.users, this.encoder, random, new PasswordPolicy(),
					this.memberships, this.membershipWrites);
			await(together);
			instance.run(null);
		})).toList();
		starts.forEach(CompletableFuture::join);

		assertThat(this.jdbc.queryForList("SELECT username FROM app_user", String.class)).containsExactly("admin");
		assertThat(passwords(output.getOut())).hasSize(logged + 1);
		this.jdbc.update("UPDATE app_user SET password_hash = ? WHERE username = 'admin'", saved);
	}

	private static void await(CyclicBarrier barrier) {
		try {
			barrier.await();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static List<String> passwords(String log) {
		Matcher matcher = PASSWORD_LINE.matcher(log);
		return matcher.results().map((result) -> result.group(1)).toList();
	}

}
