package io.crony.web.support;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Creates users through the users API. */
public final class Users {

	public static final String PASSWORD = "secret-password-1";

	private Users() {
	}

	/**
	 * Creates a user with {@link #PASSWORD} and returns a client signed in as that user.
	 */
	public static ApiClient create(ApiClient admin, String username, String role) {
		ApiClient.Response created = admin.post("/api/v1/users",
				Map.of("username", username, "password", PASSWORD, "role", role));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		return admin.withToken(null).login(username, PASSWORD);
	}

	/**
	 * Creates a global admin (users, departments, agents, the cluster; ADMIN in every
	 * department) with {@link #PASSWORD} and returns a client signed in as that user.
	 */
	public static ApiClient createGlobalAdmin(ApiClient admin, String username) {
		ApiClient.Response created = admin.post("/api/v1/users",
				Map.of("username", username, "password", PASSWORD, "globalAdmin", true));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		return admin.withToken(null).login(username, PASSWORD);
	}

}
