package io.crony.web.auth;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;

import static org.assertj.core.api.Assertions.assertThat;

class CronyPrincipalTest {

	private static final CronyPrincipal.DepartmentRef HOME = new CronyPrincipal.DepartmentRef(1, "default");

	@Test
	void anAuthenticationIsNamedByItsUserOrServiceAccountNotByTheRecordsText() {
		// routes that record who asked (a cluster rebalance) take
		// Authentication.getName()
		var person = UsernamePasswordAuthenticationToken
			.authenticated(new CronyPrincipal(1, "alice", Role.ADMIN, false, false, HOME), "t", List.of());
		var machine = UsernamePasswordAuthenticationToken.authenticated(CronyPrincipal.serviceAccount(7, "ci", HOME),
				"t", List.of());

		assertThat(person.getName()).isEqualTo("alice");
		assertThat(machine.getName()).isEqualTo("token:ci");
	}

}
