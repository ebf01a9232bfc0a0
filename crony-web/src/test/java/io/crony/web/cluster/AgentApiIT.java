package io.crony.web.cluster;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.web.servlet.MockMvc;

import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.patch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** The agents API against a real leader, etcd and MariaDB. */
@SpringBootTest
@AutoConfigureMockMvc
@DirtiesContext
@WithMockUser(authorities = { "ROLE_ADMIN", "GLOBAL_ADMIN" })
class AgentApiIT extends ClusterItSupport {

	@Autowired
	MockMvc mvc;

	@Test
	void listsLiveAndRecentlySeenAgentsWithWhatTheyHold() throws Exception {
		agent("api-1", 2, Map.of("zone", "a"));
		TestAgent second = agent("api-2", 1, Map.of());
		List<Long> ids = this.jobs.createMany("api", 3);
		await().until(() -> this.jdbc.queryForObject("SELECT COUNT(*) FROM job WHERE agent_id IS NOT NULL",
				Integer.class) == 3);

		this.mvc.perform(get("/api/v1/agents"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$[0].id", is("api-1")))
			.andExpect(jsonPath("$[0].weight", is(2)))
			.andExpect(jsonPath("$[0].labels.zone", is("a")))
			.andExpect(jsonPath("$[0].status", is("ONLINE")))
			.andExpect(jsonPath("$[1].id", is("api-2")));
		this.mvc.perform(get("/api/v1/cluster"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.leaderId", is(this.election.instanceId())))
			.andExpect(jsonPath("$.agentsAlive", is(2)))
			.andExpect(jsonPath("$.jobsAssigned", is(ids.size())))
			.andExpect(jsonPath("$.jobsUnassigned", is(0)));

		second.kill();
		await().untilAsserted(() -> this.mvc.perform(get("/api/v1/agents/api-2"))
			.andExpect(jsonPath("$.status", is("OFFLINE")))
			.andExpect(jsonPath("$.jobsHeld", is(0))));
		this.mvc.perform(get("/api/v1/agents/api-1")).andExpect(jsonPath("$.jobsHeld", is(3)));
		this.mvc.perform(get("/api/v1/agents/nobody")).andExpect(status().isNotFound());
	}

	@Test
	void overridesWeightAndDrainsThroughTheApi() throws Exception {
		agent("ops-1", 1, Map.of());
		agent("ops-2", 1, Map.of());
		this.jobs.createMany("ops", 6);
		await().until(() -> this.assignments.byJob().size() == 6);

		this.mvc
			.perform(patch("/api/v1/agents/ops-1").with(csrf())
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"weight\": 7}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.weight", is(7)));
		this.mvc
			.perform(patch("/api/v1/agents/ops-1").with(csrf())
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"weight\": 0}"))
			.andExpect(status().isBadRequest())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));

		this.mvc.perform(post("/api/v1/agents/ops-1/drain").with(csrf()))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.status", is("DRAINED")));
		await().until(() -> this.assignments.countByAgent().getOrDefault("ops-1", 0) == 0);
		assertEachOnExactlyOneOf(List.copyOf(this.assignments.byJob().keySet()), List.of("ops-2"));

		this.mvc.perform(post("/api/v1/agents/ops-1/undrain").with(csrf()))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.status", is("ONLINE")));
		this.mvc.perform(post("/api/v1/cluster/rebalance").with(csrf()))
			.andExpect(status().isAccepted())
			.andExpect(jsonPath("$.requestId").isNumber());
		// Weights 7:1 over 6 jobs: ops-1 gets 5 back.
		await().until(() -> this.assignments.countByAgent().getOrDefault("ops-1", 0) == 5);
		this.mvc.perform(get("/api/v1/agents")).andExpect(jsonPath("$[*].status", hasItem("ONLINE")));
	}

}
