package io.crony.web.auth;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * The user rows of people a directory signs in: created at their first sign-in, with no
 * usable password here.
 */
@Component
public class DirectoryAccounts {

	// not a BCrypt hash: nothing matches it (and only LOCAL users are checked against
	// one)
	private static final String NO_PASSWORD = "!";

	private final AppUserMapper users;

	DirectoryAccounts(AppUserMapper users) {
		this.users = users;
	}

	/**
	 * The directory user of this name, created when new.
	 * @return the account, or null when a local user has this name (the local user signs
	 * in with the password stored here, never through the directory)
	 */
	@Transactional
	public Account account(String username, UserSource source) {
		AppUser user = this.users.findByUsername(username);
		if (user == null) {
			user = new AppUser();
			user.setUsername(username);
			user.setPasswordHash(NO_PASSWORD);
			user.setGlobalAdmin(false);
			user.setEnabled(true);
			user.setSource(source.name());
			Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
			user.setCreatedAt(now);
			user.setUpdatedAt(now);
			this.users.insert(user);
			return new Account(user.getId(), username, true, true);
		}
		if (!source.name().equals(user.getSource())) {
			return null;
		}
		return new Account(user.getId(), user.getUsername(), Boolean.TRUE.equals(user.getEnabled()), false);
	}

	/**
	 * @param enabled false when an admin disabled the user here (the directory cannot
	 * enable them again)
	 * @param created whether this sign-in created the user
	 */
	public record Account(long id, String username, boolean enabled, boolean created) {
	}

}
