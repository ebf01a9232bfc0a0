package io.crony.web.cluster;

import java.util.Map;

import io.crony.web.support.ApiClient;
import io.crony.web.support.Users;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpMethod;
import org.springframework.test.annotation.DirtiesContext;

import static org.assertj.core.api.Assertions.assertThat;

/** The agents API over real HTTP with real tokens: who may change the cluster. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class AgentApiRolesIT extends ClusterItSupport {

	@LocalServerPort
	int port;

	@Test
	void onlyAnAdminChangesAgentsAndTheCluster() throws Exception {
		agent("roles-1", 1, Map.of());
		ApiClient admin = signedInAdmin(this.port);
		ApiClient operator = Users.create(admin, "it-operator", "OPERATOR");
		ApiClient viewer = Users.create(admin, "it-viewer", "VIEWER");

		assertThat(ApiClient.anonymous(this.port).get("/api/v1/agents").status()).isEqualTo(401);
		assertThat(viewer.get("/api/v1/agents").status()).isEqualTo(200);
		assertThat(viewer.get("/api/v1/cluster").status()).isEqualTo(200);
		assertThat(operator.post("/api/v1/agents/roles-1/drain", null).status()).isEqualTo(403);
		assertThat(operator.post("/api/v1/cluster/rebalance", null).status()).isEqualTo(403);
		assertThat(operator.send(HttpMethod.PATCH, "/api/v1/agents/roles-1", Map.of("weight", 3)).status())
			.isEqualTo(403);
		assertThat(this.jdbc.queryForObject("SELECT drained FROM agent WHERE id = 'roles-1'", Boolean.class)).isFalse();

		assertThat(admin.send(HttpMethod.PATCH, "/api/v1/agents/roles-1", Map.of("weight", 3))
			.body()
			.get("weight")
			.asInt()).isEqualTo(3);
		assertThat(admin.post("/api/v1/cluster/rebalance", null).status()).isEqualTo(202);
	}

	@Test
	void aBadWeightNamesTheFieldAndChangesNothing() throws Exception {
		agent("roles-2", 2, Map.of());
		ApiClient admin = signedInAdmin(this.port);

		ApiClient.Response response = admin.send(HttpMethod.PATCH, "/api/v1/agents/roles-2", Map.of("weight", 0));

		assertThat(response.status()).isEqualTo(400);
		assertThat(response.errorFields()).containsExactly("weight");
		assertThat(admin.get("/api/v1/agents/roles-2").body().get("weight").asInt()).isEqualTo(2);
	}

}
