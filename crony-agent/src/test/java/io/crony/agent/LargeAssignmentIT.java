package io.crony.agent;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import io.crony.common.etcd.KeyScanner;
import io.crony.test.CronyServicesExtension;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.DeleteOption;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An assignment larger than one etcd message: the agent reads it page by page at one
 * revision ({@code crony.agent.etcd-page-size}, here 7 keys for 50 jobs, with the
 * client's message limit, {@code crony.agent.etcd-max-message-size}, cut to 16 KB so that
 * the whole assignment does not fit in one response).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class LargeAssignmentIT {

	static final String AGENT = "agent-large";

	static final int PAGE_SIZE = 7;

	static final int JOBS = 50;

	/**
	 * The 50 assignments (~27 KB) are over this in one range response, a page of 7 is far
	 * under it: the production failure (100,000 assignments over 4 MB) in small.
	 */
	static final String MAX_MESSAGE = "16KB";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	static AgentTestSupport support;

	@Autowired
	AgentRuntime runtime;

	@Autowired
	Client etcd;

	// The jobs are assigned before the agent starts, so only its load can find them: the
	// watch it opens afterwards starts past their revision.
	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		support = new AgentTestSupport(services);
		support.agentProperties(AGENT, "target/spool-" + services.schema())
			.forEach((key, value) -> registry.add(key, () -> value));
		registry.add("crony.agent.etcd-page-size", () -> Integer.toString(PAGE_SIZE));
		registry.add("crony.agent.etcd-max-message-size", () -> MAX_MESSAGE);
		for (long id = 1; id <= JOBS; id++) {
			support.assign(AGENT, AgentTestSupport.httpJob(id, AgentTestSupport.NEVER_SOON, "http://127.0.0.1:9/"));
		}
	}

	@AfterAll
	static void close() {
		support.close();
	}

	@Test
	void loadsAnAssignmentOfManyPagesAtStartAndAfterALostLease() throws Exception {
		Set<Long> all = LongStream.rangeClosed(1, JOBS).boxed().collect(Collectors.toSet());
		// the fence opens only after the load
		await().atMost(Duration.ofSeconds(30)).until(() -> support.registered(AGENT) && this.runtime.fence().mayFire());
		assertThat(this.runtime.engine().jobIds()).isEqualTo(all);

		long lease = support.leaseOf(AGENT);
		support.etcd().getLeaseClient().revoke(lease).get(10, TimeUnit.SECONDS);
		await().atMost(Duration.ofSeconds(30))
			.until(() -> support.leaseOf(AGENT) != 0 && support.leaseOf(AGENT) != lease
					&& this.runtime.fence().mayFire());
		// the reload made the engine hold exactly what it read
		assertThat(this.runtime.engine().jobIds()).isEqualTo(all);
	}

	/**
	 * Every page is read at the first page's revision: keys deleted while the scan goes
	 * on are still read, as they were when it started.
	 */
	@Test
	void scannerReadsEveryPageAtTheFirstPagesRevision() throws Exception {
		String prefix = services.keyPrefix() + "/scan/";
		for (int i = 0; i < 30; i++) {
			support.put(prefix + String.format("%02d", i), new byte[] { 1 });
		}
		List<String> read = new ArrayList<>();
		KeyScanner scanner = new KeyScanner(this.etcd.getKVClient(), PAGE_SIZE);
		long revision = scanner.scan(prefix, 0, (kv) -> {
			if (read.isEmpty()) {
				deleteAll(prefix);
			}
			read.add(kv.getKey().toString(StandardCharsets.UTF_8));
		});
		assertThat(read).hasSize(30).startsWith(prefix + "00").endsWith(prefix + "29");
		assertThat(scanner.scan(prefix, 0, (kv) -> read.add("after the delete"))).isGreaterThan(revision);
		assertThat(read).hasSize(30);
	}

	private static void deleteAll(String prefix) {
		try {
			support.etcd()
				.getKVClient()
				.delete(AgentTestSupport.bytes(prefix), DeleteOption.builder().isPrefix(true).build())
				.get(10, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
