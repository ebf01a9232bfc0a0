package io.crony.web.sso;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.test.CronyServicesExtension;
import io.crony.test.LdapDirectory;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.Users;
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
 * LDAP sign-in against a real OpenLDAP slapd with a test directory, and the group
 * mappings that decide a directory user's departments at every sign-in. Anonymous clients
 * may not read the directory, so the group search goes as the manager, as it does against
 * Active Directory.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + LdapSignInIT.ADMIN_PASSWORD)
class LdapSignInIT {

	static final String ADMIN_PASSWORD = "first-admin-password";

	private static final String PEOPLE = "ou=people," + LdapDirectory.SUFFIX;

	private static final String GROUPS = "ou=groups," + LdapDirectory.SUFFIX;

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	// started in @BeforeAll, so that the timing table counts it for this class; the
	// properties below are read later, when the context starts
	private static LdapDirectory directory;

	@BeforeAll
	static void startDirectory() {
		directory = LdapDirectory.start(directoryEntries());
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
		registry.add("crony.web.auth.ldap.enabled", () -> "true");
		registry.add("crony.web.auth.ldap.url", () -> directory.url() + "/" + LdapDirectory.SUFFIX);
		registry.add("crony.web.auth.ldap.user-dn-pattern", () -> "uid={0},ou=people");
		registry.add("crony.web.auth.ldap.group-search-base", () -> "ou=groups");
		registry.add("crony.web.auth.ldap.group-search-filter", () -> "(member={0})");
		registry.add("crony.web.auth.ldap.manager-dn", () -> LdapDirectory.MANAGER_DN);
		registry.add("crony.web.auth.ldap.manager-password", () -> LdapDirectory.MANAGER_PASSWORD);
	}

	@AfterAll
	static void stopDirectory() {
		directory.close();
	}

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	private ApiClient anonymous;

	private ApiClient admin;

	@BeforeEach
	void signIn() {
		this.anonymous = ApiClient.anonymous(this.port);
		// local users stay: the first admin signs in with the stored password
		this.admin = this.anonymous.login("admin", ADMIN_PASSWORD);
		this.jdbc.update("DELETE FROM sso_group_mapping");
		for (String department : List.of("payments", "billing")) {
			if (this.admin.get("/api/v1/departments").body().findValuesAsText("name").contains(department)) {
				continue;
			}
			assertThat(this.admin.post("/api/v1/departments", Map.of("name", department)).status()).isEqualTo(201);
		}
	}

	@Test
	void aMappedGroupSignsTheUserInWithItsRoleInItsDepartment() {
		map("ops-team", "payments", "OPERATOR");
		map("OPS-TEAM", "billing", "VIEWER");

		Response login = login("alice", "alice-password");

		assertThat(login.status()).as("%s", login.body()).isEqualTo(200);
		ApiClient alice = this.anonymous.withToken(login.body().get("token").asText());
		assertThat(departmentsOf(alice)).containsExactly("billing=VIEWER", "payments=OPERATOR");
		assertThat(alice.inDepartment("payments").get("/api/v1/jobs").status()).isEqualTo(200);
		long payments = this.admin.get("/api/v1/departments")
			.body()
			.findParents("name")
			.stream()
			.filter((department) -> department.get("name").asText().equals("payments"))
			.findFirst()
			.orElseThrow()
			.get("id")
			.asLong();
		// a membership a group granted says so: the next sign-in sets it again
		JsonNode members = this.admin.get("/api/v1/departments/" + payments + "/members").body();
		assertThat(members.findParents("username"))
			.filteredOn((member) -> member.get("username").asText().equals("alice"))
			.singleElement()
			.satisfies((member) -> assertThat(member.get("grantedBy").asText()).isEqualTo("LDAP"));
		assertThat(audit("LOGIN", "alice")).anySatisfy((changes) -> assertThat(changes).contains("LDAP"));
		assertThat(audit("MEMBER_ADD", null)).hasSizeGreaterThanOrEqualTo(2);
	}

	@Test
	void theHealthStaysUpWithLdapSignInOn() {
		// Spring Boot's own LDAP client (localhost:389) would report it DOWN
		Response health = this.anonymous.get("/actuator/health");

		// DOWN would be a 503
		assertThat(health.status()).as("%s", health.body()).isEqualTo(200);
	}

	@Test
	void aWrongPasswordIsRefusedAsAnyFailedSignIn() {
		map("ops-team", "payments", "OPERATOR");

		Response login = login("alice", "not-alices-password");

		assertThat(login.status()).isEqualTo(401);
		assertThat(login.isProblem()).isTrue();
		assertThat(login.body().get("detail").asText()).isEqualTo("Wrong user name or password");
		assertThat(login("nobody", "whatever-password").status()).isEqualTo(401);
		assertThat(this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM audit_log WHERE action = 'LOGIN_FAILED' AND object_name = 'alice'", Long.class))
			.isPositive();
	}

	@Test
	void groupsAddedAndRemovedInTheDirectoryApplyAtTheNextSignIn() {
		map("ops-team", "payments", "OPERATOR");
		map("dev-team", "billing", "ADMIN");
		ApiClient bob = signedIn("bob", "bob-password");
		assertThat(departmentsOf(bob)).containsExactly("payments=OPERATOR");
		// a membership given through the API is no directory grant: sign-ins leave it
		long bobId = this.jdbc.queryForObject("SELECT id FROM app_user WHERE username = 'bob'", Long.class);
		assertThat(
				this.admin.post("/api/v1/departments/1/members", Map.of("username", "bob", "role", "VIEWER")).status())
			.isEqualTo(201);

		directory.modify(group("dev-team", "add", "bob"));
		directory.modify(group("ops-team", "delete", "bob"));
		try {
			ApiClient again = signedIn("bob", "bob-password");

			assertThat(departmentsOf(again)).containsExactly("billing=ADMIN", "default=VIEWER");
			// the earlier session works in what the user holds now, not what they held
			assertThat(bob.inDepartment("payments").get("/api/v1/jobs").status()).isIn(403, 404);
			assertThat(audit("MEMBER_REMOVE", null)).isNotEmpty();
		}
		finally {
			directory.modify(group("ops-team", "add", "bob"));
			directory.modify(group("dev-team", "delete", "bob"));
			this.jdbc.update("DELETE FROM department_member WHERE user_id = ?", bobId);
		}
	}

	@Test
	void aUserWithNoMappedGroupIsRefusedWithAProblemSayingSo() {
		map("ops-team", "payments", "OPERATOR");

		Response login = login("carol", "carol-password");

		assertThat(login.status()).isEqualTo(403);
		assertThat(login.isProblem()).isTrue();
		assertThat(login.body().get("detail").asText())
			.isEqualTo("None of your directory groups is mapped to a Crony department; ask an administrator to "
					+ "map one of them");
		assertThat(audit("LOGIN_REFUSED", "carol")).singleElement()
			.satisfies((changes) -> assertThat(changes).contains("qa-team"));

		// a mapping deleted takes what it granted at the next sign-in, and then the
		// access
		long mapping = map("qa-team", "billing", "VIEWER");
		assertThat(departmentsOf(signedIn("carol", "carol-password"))).containsExactly("billing=VIEWER");
		assertThat(this.admin.delete("/api/v1/sso/group-mappings/" + mapping).status()).isEqualTo(204);
		assertThat(login("carol", "carol-password").status()).isEqualTo(403);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM department_member m JOIN app_user u"
				+ " ON u.id = m.user_id WHERE u.username = 'carol'", Long.class))
			.isZero();
	}

	@Test
	void groupMappingsAreManagedByGlobalAdminsAndRefuseBadInput() {
		String path = "/api/v1/sso/group-mappings";
		Response created = this.admin.post(path,
				Map.of("group", "ops-team", "department", "payments", "role", "OPERATOR"));
		assertThat(created.status()).isEqualTo(201);
		assertThat(created.body().get("department").asText()).isEqualTo("payments");
		long id = created.id();

		Response blank = this.admin.post(path, Map.of("group", " ", "department", "payments", "role", "VIEWER"));
		assertThat(blank.status()).isEqualTo(400);
		assertThat(blank.isProblem()).isTrue();
		assertThat(blank.errorFields()).containsExactly("group");
		Response noDepartment = this.admin.post(path,
				Map.of("group", "ops-team", "department", "nowhere", "role", "VIEWER"));
		assertThat(noDepartment.status()).isEqualTo(400);
		assertThat(noDepartment.errorFields()).containsExactly("department");
		Response badRole = this.admin.post(path, Map.of("group", "ops-team", "department", "payments", "role", "KING"));
		assertThat(badRole.status()).isEqualTo(400);
		assertThat(badRole.isProblem()).isTrue();
		assertThat(badRole.body().toString()).contains("role");
		Response twice = this.admin.post(path, Map.of("group", "Ops-Team", "department", "payments", "role", "ADMIN"));
		assertThat(twice.status()).isEqualTo(409);
		assertThat(twice.isProblem()).isTrue();
		assertThat(this.admin.put(path + "/999999", Map.of("group", "x", "department", "payments", "role", "VIEWER"))
			.status()).isEqualTo(404);
		assertThat(this.admin.delete(path + "/999999").status()).isEqualTo(404);
		ApiClient departmentAdmin = Users.create(this.admin, "dept-admin", "ADMIN");
		assertThat(departmentAdmin.get(path).status()).isEqualTo(403);
		assertThat(departmentAdmin.post(path, Map.of("group", "g", "department", "payments", "role", "ADMIN")).status())
			.isEqualTo(403);

		Response changed = this.admin.put(path + "/" + id,
				Map.of("group", "ops-team", "department", "billing", "role", "VIEWER"));
		assertThat(changed.status()).isEqualTo(200);
		assertThat(this.admin.get(path).body().findValuesAsText("department")).containsExactly("billing");
		assertThat(this.admin.delete(path + "/" + id).status()).isEqualTo(204);
		assertThat(this.admin.get(path).body()).isEmpty();
		assertThat(this.jdbc.queryForList(
				"SELECT action FROM audit_log WHERE object_type = 'SSO_GROUP_MAPPING' AND object_id = ? ORDER BY id",
				String.class, Long.toString(id)))
			.containsExactly("SSO_MAPPING_CREATE", "SSO_MAPPING_UPDATE", "SSO_MAPPING_DELETE");
		this.jdbc.update("DELETE FROM app_user WHERE username = 'dept-admin'");
	}

	private long map(String group, String department, String role) {
		Response response = this.admin.post("/api/v1/sso/group-mappings",
				Map.of("group", group, "department", department, "role", role));
		assertThat(response.status()).as("%s", response.body()).isEqualTo(201);
		return response.id();
	}

	private Response login(String username, String password) {
		return this.anonymous.post("/api/v1/auth/login", Map.of("username", username, "password", password));
	}

	private ApiClient signedIn(String username, String password) {
		return this.anonymous.login(username, password);
	}

	private static List<String> departmentsOf(ApiClient client) {
		List<String> held = new ArrayList<>();
		for (JsonNode department : client.get("/api/v1/auth/me").body().get("departments")) {
			held.add(department.get("name").asText() + "=" + department.get("role").asText());
		}
		return held;
	}

	private List<String> audit(String action, String objectName) {
		return (objectName == null)
				? this.jdbc.queryForList("SELECT COALESCE(changes, '') FROM audit_log WHERE action = ?", String.class,
						action)
				: this.jdbc.queryForList(
						"SELECT COALESCE(changes, '') FROM audit_log WHERE action = ? AND object_name = ?",
						String.class, action, objectName);
	}

	private static String group(String group, String change, String user) {
		return "dn: cn=" + group + "," + GROUPS + "\nchangetype: modify\n" + change + ": member\nmember: uid=" + user
				+ "," + PEOPLE + "\n";
	}

	private static String directoryEntries() {
		StringBuilder ldif = new StringBuilder();
		ldif.append("dn: ").append(PEOPLE).append("\nobjectClass: organizationalUnit\nou: people\n\n");
		for (String user : List.of("alice", "bob", "carol")) {
			ldif.append("dn: uid=")
				.append(user)
				.append(',')
				.append(PEOPLE)
				.append('\n')
				.append("objectClass: inetOrgPerson\nuid: ")
				.append(user)
				.append("\ncn: ")
				.append(user)
				.append("\nsn: ")
				.append(user)
				.append("\nuserPassword: ")
				.append(user)
				.append("-password\n\n");
		}
		ldif.append("dn: ").append(GROUPS).append("\nobjectClass: organizationalUnit\nou: groups\n\n");
		// groupOfNames needs a member: the manager holds each group's place
		ldif.append(groupEntry("ops-team", "alice", "bob"));
		ldif.append(groupEntry("dev-team"));
		ldif.append(groupEntry("qa-team", "carol"));
		return ldif.toString();
	}

	private static String groupEntry(String name, String... members) {
		StringBuilder entry = new StringBuilder("dn: cn=" + name + "," + GROUPS + "\nobjectClass: groupOfNames\ncn: "
				+ name + "\nmember: " + LdapDirectory.MANAGER_DN + "\n");
		for (String member : members) {
			entry.append("member: uid=").append(member).append(',').append(PEOPLE).append('\n');
		}
		return entry.append('\n').toString();
	}

}
