package io.crony.web.cluster;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crony.common.job.AgentInfo;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.options.PutOption;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.web.servlet.MockMvc;

import static io.crony.web.cluster.EtcdBytes.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

/**
 * An agent's last-seen instant follows its lease keepalives, with crony-web's default
 * settings and the agent's default lease (10 s TTL, a keepalive every TTL / 5 as
 * crony-agent sends them): within a few seconds of now while keepalives flow, frozen at
 * the last keepalive once they stop, and kept there when the lease expires and the agent
 * shows offline.
 */
@SpringBootTest
@AutoConfigureMockMvc
@DirtiesContext
@WithMockUser(roles = "VIEWER")
class AgentLivenessIT extends ClusterItSupport {

	private static final long LEASE_TTL_SECONDS = 10;

	private static final ObjectMapper JSON = new ObjectMapper();

	@Autowired
	MockMvc mvc;

	private final ScheduledExecutorService keeper = Executors.newSingleThreadScheduledExecutor();

	private volatile long lease;

	private volatile Instant lastConfirmed = Instant.EPOCH;

	@AfterEach
	void stopKeepalives() throws Exception {
		this.keeper.shutdownNow();
		if (this.lease != 0) {
			try {
				this.client.getLeaseClient().revoke(this.lease).get(10, TimeUnit.SECONDS);
			}
			catch (Exception ex) {
				// expired already
			}
		}
	}

	@Test
	void lastSeenFollowsTheKeepalivesAndStopsWithThem() throws Exception {
		String id = "beating";
		register(id);
		await().until(() -> "ONLINE".equals(agent(id).path("status").asText()) && lastSeen(id) != null);

		// sampled once a second for 15 s, fresh at every sample
		List<Instant> beating = new ArrayList<>();
		await().during(Duration.ofSeconds(15))
			.atMost(Duration.ofSeconds(25))
			.pollInterval(Duration.ofSeconds(1))
			.untilAsserted(() -> {
				Instant seen = lastSeen(id);
				Instant now = Instant.now();
				beating.add(seen);
				assertThat(Duration.between(seen, now)).as("last seen %s at %s", seen, now)
					.isLessThanOrEqualTo(Duration.ofSeconds(6));
			});
		assertThat(Duration.between(beating.get(0), beating.get(beating.size() - 1)))
			.as("last seen advanced while keepalives flowed: %s", beating)
			.isGreaterThanOrEqualTo(Duration.ofSeconds(9));

		// the agent freezes (or dies): no keepalive any more (one in flight completes),
		// its lease runs out
		this.keeper.shutdown();
		assertThat(this.keeper.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
		Instant stopped = Instant.now();
		Instant lastKeepalive = this.lastConfirmed;
		List<Instant> frozen = new ArrayList<>();
		List<Instant> settled = new ArrayList<>();
		// sampled once a second until the lease has run out
		JsonNode shown = await().atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofSeconds(1))
			.until(() -> agent(id), (answer) -> {
				if (!"ONLINE".equals(answer.path("status").asText())) {
					return true;
				}
				Instant seen = Instant.parse(answer.path("lastSeenAt").asText());
				frozen.add(seen);
				if (Duration.between(stopped, Instant.now()).toMillis() > 3000) {
					// read after two refreshes that followed the last keepalive
					settled.add(seen);
				}
				return false;
			});
		assertThat(shown.path("status").asText()).isEqualTo("OFFLINE");
		Instant offline = Instant.parse(shown.path("lastSeenAt").asText());

		assertThat(frozen).as("seen while frozen, last keepalive confirmed at %s", lastKeepalive)
			.hasSizeGreaterThanOrEqualTo(4)
			.allSatisfy((seen) -> assertThat(seen).isBeforeOrEqualTo(lastKeepalive));
		// it no longer advances: the estimate only creeps up to the last renewal within
		// the second etcd rounds its answer to
		assertThat(settled).isNotEmpty();
		assertThat(Duration.between(settled.get(0), settled.get(settled.size() - 1)))
			.as("seen while frozen: %s", settled)
			.isLessThanOrEqualTo(Duration.ofMillis(1500));
		assertThat(offline)
			.as("recorded when the agent went offline, %s after the keepalives stopped",
					Duration.between(stopped, Instant.now()))
			.isBeforeOrEqualTo(lastKeepalive)
			.isAfterOrEqualTo(lastKeepalive.minusSeconds(4));
	}

	/**
	 * Registers as crony-agent does: its key under a lease of the default TTL, renewed
	 * with one keepalive every TTL / 5.
	 */
	private void register(String id) throws Exception {
		this.lease = this.client.getLeaseClient().grant(LEASE_TTL_SECONDS).get(10, TimeUnit.SECONDS).getID();
		AgentInfo info = new AgentInfo(id, "127.0.0.1", 7000, 1, Map.of(), "test", Instant.now());
		this.client.getKVClient()
			.put(bytes(this.keys.node(id)), ByteSequence.from(CronyJson.toBytes(info)),
					PutOption.builder().withLeaseId(this.lease).build())
			.get(10, TimeUnit.SECONDS);
		this.lastConfirmed = Instant.now();
		long period = LEASE_TTL_SECONDS * 1000 / 5;
		this.keeper.scheduleAtFixedRate(() -> {
			try {
				this.client.getLeaseClient().keepAliveOnce(this.lease).get(5, TimeUnit.SECONDS);
				this.lastConfirmed = Instant.now();
			}
			catch (Exception ex) {
				// the next one may get through
			}
		}, period, period, TimeUnit.MILLISECONDS);
	}

	private JsonNode agent(String id) throws Exception {
		String body = this.mvc.perform(get("/api/v1/agents/" + id)).andReturn().getResponse().getContentAsString();
		return JSON.readTree(body);
	}

	private Instant lastSeen(String id) throws Exception {
		JsonNode seen = agent(id).path("lastSeenAt");
		return seen.isTextual() ? Instant.parse(seen.asText()) : null;
	}

}
