package io.crony.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.crony.agent.etcd.EtcdProperties;
import io.crony.test.LocalServices;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The agent's etcd client against a real etcd with authentication enabled (etcdctl
 * {@code user add root}, {@code auth enable}): with {@code crony.etcd.user/password} it
 * reads and writes; without them, or with a wrong password, etcd refuses and nothing is
 * written.
 */
class EtcdAuthIT {

	private static final String PASSWORD = "etcd-root-secret-1";

	private static LocalServices services;

	@BeforeAll
	static void enableAuth() throws Exception {
		services = LocalServices.dedicated();
		etcdctl("user", "add", "root:" + PASSWORD);
		etcdctl("auth", "enable");
	}

	@AfterAll
	static void stop() {
		services.close();
	}

	@Test
	void signsInWithTheConfiguredUser() throws Exception {
		try (Client client = agentClient(Map.of("crony.etcd.user", "root", "crony.etcd.password", PASSWORD))) {
			client.getKVClient().put(bytes("/crony-auth/signed-in"), bytes("yes")).get(10, TimeUnit.SECONDS);
			assertThat(client.getKVClient().get(bytes("/crony-auth/signed-in")).get(10, TimeUnit.SECONDS).getKvs())
				.hasSize(1);
		}
	}

	@Test
	void isRefusedWithoutCredentialsAndWritesNothing() throws Exception {
		try (Client anonymous = agentClient(Map.of())) {
			assertThatThrownBy(() -> anonymous.getKVClient()
				.put(bytes("/crony-auth/anonymous"), bytes("intruder"))
				.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class).hasMessageContaining("user name");
		}
		try (Client wrong = agentClient(Map.of("crony.etcd.user", "root", "crony.etcd.password", "guess"))) {
			assertThatThrownBy(() -> wrong.getKVClient()
				.put(bytes("/crony-auth/anonymous"), bytes("intruder"))
				.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
				.hasMessageContaining("UNAUTHENTICATED");
		}
		try (Client root = agentClient(Map.of("crony.etcd.user", "root", "crony.etcd.password", PASSWORD))) {
			assertThat(root.getKVClient().get(bytes("/crony-auth/anonymous")).get(10, TimeUnit.SECONDS).getKvs())
				.isEmpty();
		}
	}

	private static Client agentClient(Map<String, String> more) throws Exception {
		Map<String, String> properties = new java.util.HashMap<>(more);
		properties.put("crony.etcd.endpoints", services.etcdEndpoint());
		Binder binder = new Binder(new MapConfigurationPropertySource(properties));
		return new AgentConfiguration().etcdClient(binder.bindOrCreate("crony.etcd", EtcdProperties.class),
				binder.bindOrCreate("crony.agent", AgentProperties.class));
	}

	private static void etcdctl(String... args) throws IOException, InterruptedException {
		List<String> command = new java.util.ArrayList<>(List.of("etcdctl", "--endpoints", services.etcdEndpoint()));
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		builder.environment().put("ETCDCTL_API", "3");
		Process process = builder.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor()).as("etcdctl %s: %s", String.join(" ", args), output).isZero();
	}

	private static ByteSequence bytes(String value) {
		return ByteSequence.from(value, StandardCharsets.UTF_8);
	}

}
