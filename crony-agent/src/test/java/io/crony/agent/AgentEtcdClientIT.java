package io.crony.agent;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.crony.agent.etcd.EtcdProperties;
import io.crony.test.CronyServicesExtension;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.WatchOption;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The agent's etcd client, built as {@link AgentConfiguration} builds it with the default
 * settings, against a real etcd.
 */
class AgentEtcdClientIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	final Client writer = Client.builder().endpoints(services.etcdEndpoint()).build();

	@AfterEach
	void close() {
		this.writer.close();
	}

	/**
	 * A watch that starts behind gets the events of many revisions in one response (etcd
	 * batches up to 1,000 revisions); here 12 puts of 400 KB, some 4.9 MB, over gRPC's
	 * default 4 MB.
	 */
	@Test
	void agentEtcdClientTakesAWatchResponseOverFourMegabytes() throws Exception {
		String prefix = services.keyPrefix() + "/large-watch/";
		int puts = 12;
		byte[] value = new byte[400 * 1024];
		Arrays.fill(value, (byte) 'x');
		long before = this.writer.getKVClient().get(bytes(prefix)).get(10, TimeUnit.SECONDS).getHeader().getRevision();
		for (int i = 0; i < puts; i++) {
			this.writer.getKVClient().put(bytes(prefix + i), ByteSequence.from(value)).get(10, TimeUnit.SECONDS);
		}
		AtomicInteger events = new AtomicInteger();
		AtomicReference<Throwable> error = new AtomicReference<>();
		List<Integer> responseSizes = new ArrayList<>();
		WatchOption option = WatchOption.builder().isPrefix(true).withRevision(before + 1).build();
		try (Client agentClient = agentClient();
				Watch.Watcher watcher = agentClient.getWatchClient()
					.watch(bytes(prefix), option, Watch.listener((response) -> {
						synchronized (responseSizes) {
							responseSizes.add(response.getEvents().size());
						}
						events.addAndGet(response.getEvents().size());
					}, error::set))) {
			await().atMost(Duration.ofSeconds(60)).until(() -> events.get() >= puts || error.get() != null);
			assertThat(error.get()).isNull();
			assertThat(events.get()).isEqualTo(puts);
			synchronized (responseSizes) {
				// the batch really was one response over 4 MB, not twelve small ones
				assertThat(responseSizes).anyMatch((size) -> (long) size * value.length > 4L * 1024 * 1024);
			}
		}
		finally {
			this.writer.getKVClient()
				.delete(bytes(prefix), DeleteOption.builder().isPrefix(true).build())
				.get(10, TimeUnit.SECONDS);
		}
	}

	private static Client agentClient() throws javax.net.ssl.SSLException {
		Binder binder = new Binder(new MapConfigurationPropertySource(
				Map.of("crony.etcd.endpoints", services.etcdEndpoint(), "crony.etcd.prefix", services.keyPrefix())));
		AgentProperties agent = binder.bindOrCreate("crony.agent", AgentProperties.class);
		assertThat(agent.etcdMaxMessageSize()).isEqualTo(DataSize.ofMegabytes(64));
		return new AgentConfiguration().etcdClient(binder.bindOrCreate("crony.etcd", EtcdProperties.class), agent);
	}

	private static ByteSequence bytes(String value) {
		return ByteSequence.from(value, StandardCharsets.UTF_8);
	}

}
