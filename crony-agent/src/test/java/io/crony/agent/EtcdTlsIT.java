package io.crony.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.crony.agent.etcd.EtcdProperties;
import io.crony.test.LocalServices;
import io.crony.test.ProcessLedger;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The agent's etcd client against a real etcd serving TLS only and requiring client
 * certificates ({@code --client-cert-auth}), with a CA and certificates made by openssl
 * for this test: with {@code crony.etcd.tls.*} it reads and writes; trusting the CA but
 * without a client certificate, the handshake is refused and nothing is written.
 */
class EtcdTlsIT {

	@TempDir
	static Path dir;

	private static Process etcd;

	private static String endpoint;

	@BeforeAll
	static void startEtcd() throws Exception {
		openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "1",
				"-subj", "/CN=crony-test-ca");
		certificate("server", "/CN=127.0.0.1", "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n");
		certificate("client", "/CN=crony-agent", "extendedKeyUsage=clientAuth\n");
		int port = LocalServices.freePort();
		int peerPort = LocalServices.freePort();
		endpoint = "https://127.0.0.1:" + port;
		String peer = "http://127.0.0.1:" + peerPort;
		etcd = new ProcessBuilder("etcd", "--name", "tls", "--data-dir", dir.resolve("data").toString(),
				"--listen-client-urls", endpoint, "--advertise-client-urls", endpoint, "--listen-peer-urls", peer,
				"--initial-advertise-peer-urls", peer, "--initial-cluster", "tls=" + peer, "--cert-file",
				dir.resolve("server.crt").toString(), "--key-file", dir.resolve("server.key").toString(),
				"--trusted-ca-file", dir.resolve("ca.crt").toString(), "--client-cert-auth")
			.redirectErrorStream(true)
			.redirectOutput(dir.resolve("etcd.log").toFile())
			.start();
		ProcessLedger.started(ProcessLedger.ETCD, "tls");
		try (Client client = agentClient(tls(true))) {
			await("etcd over TLS").atMost(Duration.ofSeconds(30))
				.ignoreExceptions()
				.until(() -> client.getKVClient().get(bytes("/health")).get(2, TimeUnit.SECONDS) != null);
		}
	}

	@AfterAll
	static void stopEtcd() throws InterruptedException {
		if (etcd != null) {
			etcd.destroy();
			etcd.waitFor(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void talksToEtcdOverTlsWithAClientCertificate() throws Exception {
		try (Client client = agentClient(tls(true))) {
			client.getKVClient().put(bytes("/crony-tls/signed-in"), bytes("yes")).get(10, TimeUnit.SECONDS);
			assertThat(client.getKVClient().get(bytes("/crony-tls/signed-in")).get(10, TimeUnit.SECONDS).getKvs())
				.hasSize(1);
		}
	}

	@Test
	void isRefusedWithoutAClientCertificateAndWritesNothing() throws Exception {
		try (Client client = agentClient(tls(false))) {
			// the handshake fails; jetcd retries an unavailable server until the caller
			// gives up, so the refusal shows as no answer
			assertThatThrownBy(() -> client.getKVClient()
				.put(bytes("/crony-tls/no-certificate"), bytes("intruder"))
				.get(5, TimeUnit.SECONDS)).isInstanceOfAny(TimeoutException.class, ExecutionException.class);
		}
		assertThat(Files.readString(dir.resolve("etcd.log"))).contains("didn't provide a certificate");
		try (Client client = agentClient(tls(true))) {
			assertThat(client.getKVClient().get(bytes("/crony-tls/no-certificate")).get(10, TimeUnit.SECONDS).getKvs())
				.isEmpty();
		}
	}

	private static Map<String, String> tls(boolean clientCertificate) {
		Map<String, String> properties = new HashMap<>();
		properties.put("crony.etcd.tls.ca-file", dir.resolve("ca.crt").toString());
		if (clientCertificate) {
			properties.put("crony.etcd.tls.cert-file", dir.resolve("client.crt").toString());
			properties.put("crony.etcd.tls.key-file", dir.resolve("client.key").toString());
		}
		return properties;
	}

	private static Client agentClient(Map<String, String> more) throws Exception {
		Map<String, String> properties = new HashMap<>(more);
		properties.put("crony.etcd.endpoints", endpoint);
		Binder binder = new Binder(new MapConfigurationPropertySource(properties));
		return new AgentConfiguration().etcdClient(binder.bindOrCreate("crony.etcd", EtcdProperties.class),
				binder.bindOrCreate("crony.agent", AgentProperties.class));
	}

	private static void certificate(String name, String subject, String extensions) throws Exception {
		Files.writeString(dir.resolve(name + ".ext"), extensions);
		openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", name + ".key", "-out", name + ".csr", "-subj",
				subject);
		openssl("x509", "-req", "-in", name + ".csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out",
				name + ".crt", "-days", "1", "-extfile", name + ".ext");
	}

	private static void openssl(String... args) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of("openssl"));
		command.addAll(List.of(args));
		Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor()).as("openssl %s: %s", String.join(" ", args), output).isZero();
	}

	private static ByteSequence bytes(String value) {
		return ByteSequence.from(value, StandardCharsets.UTF_8);
	}

}
