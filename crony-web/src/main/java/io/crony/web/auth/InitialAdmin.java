package io.crony.web.auth;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;

/**
 * Creates the {@code admin} user on the first start (no users yet). There is no default
 * password: it is {@code crony.web.admin.initial-password}, or a random one logged once.
 * Two instances starting together both try; the unique user name lets one win.
 */
@Component
class InitialAdmin implements ApplicationRunner {

	static final String USERNAME = "admin";

	private static final Logger log = LoggerFactory.getLogger(InitialAdmin.class);

	private final AppUserMapper users;

	private final PasswordEncoder encoder;

	private final AdminProperties properties;

	private final PasswordPolicy policy;

	private final MembershipMapper memberships;

	private final Memberships membershipWrites;

	InitialAdmin(AppUserMapper users, PasswordEncoder encoder, AdminProperties properties, PasswordPolicy policy,
			MembershipMapper memberships, Memberships membershipWrites) {
		this.policy = policy;
		this.memberships = memberships;
		this.membershipWrites = membershipWrites;
		this.users = users;
		this.encoder = encoder;
		this.properties = properties;
	}

	@Override
	public void run(ApplicationArguments args) {
		if (this.users.selectCount(null) > 0) {
			return;
		}
		String configured = this.properties.initialPassword();
		boolean random = configured == null || configured.isBlank();
		String password = random ? randomPassword() : configured;
		if (!random) {
			this.policy.violation(USERNAME, password).ifPresent((problem) -> {
				throw new IllegalStateException(
						"crony.web.admin.initial-password (CRONY_ADMIN_PASSWORD) is refused: it " + problem.message());
			});
		}
		Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		AppUser admin = new AppUser();
		admin.setUsername(USERNAME);
		admin.setPasswordHash(this.encoder.encode(password));
		admin.setGlobalAdmin(true);
		admin.setEnabled(true);
		admin.setCreatedAt(now);
		admin.setUpdatedAt(now);
		try {
			this.users.insert(admin);
		}
		catch (DuplicateKeyException ex) {
			log.info("User {} was created by another instance", USERNAME);
			return;
		}
		// a member of the home department, so it stays its admin if made an ordinary user
		this.membershipWrites.join(this.memberships.department(DepartmentResolver.HOME).id(), admin.getId(),
				Role.ADMIN);
		if (random) {
			// scripts/run.sh finds this line; keep its wording
			log.warn("Crony initial admin password: {}", password);
		}
		else {
			log.info("User {} created with the password from crony.web.admin.initial-password", USERNAME);
		}
	}

	private static String randomPassword() {
		byte[] bytes = new byte[18];
		new SecureRandom().nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

}
