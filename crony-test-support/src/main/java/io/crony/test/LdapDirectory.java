package io.crony.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;

/**
 * A real OpenLDAP {@code slapd} (Debian's {@code slapd} package, installed by
 * {@code scripts/services.sh install}) on a free loopback port, with an empty MDB
 * directory under {@value #SUFFIX} in a throwaway state dir. Entries are added and
 * changed with the {@code ldap-utils} tools as the directory's manager.
 * <p>
 * Access is as a company directory usually has it: anonymous clients may only bind,
 * signed-in users and the manager read, so a group search needs the manager's (or a
 * service account's) credentials.
 */
public final class LdapDirectory implements AutoCloseable {

	public static final String SUFFIX = "dc=crony,dc=test";

	public static final String MANAGER_DN = "cn=manager," + SUFFIX;

	public static final String MANAGER_PASSWORD = "manager-secret";

	private static final AtomicInteger COUNTER = new AtomicInteger();

	private final Path stateDir;

	private final int port;

	private final Process process;

	private LdapDirectory(Path stateDir, int port, Process process) {
		this.stateDir = stateDir;
		this.port = port;
		this.process = process;
	}

	/**
	 * Starts slapd and loads the entries: the suffix's own entry is added first, so the
	 * LDIF holds only what lies below it.
	 * @param ldif entries to add, in LDIF
	 */
	public static LdapDirectory start(String ldif) {
		Path dir = Path.of("target", "ldap", ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet())
			.toAbsolutePath();
		LocalServices.deleteTree(dir);
		int port = LocalServices.freePort();
		try {
			Files.createDirectories(dir.resolve("data"));
			Files.writeString(dir.resolve("slapd.conf"), config(dir));
			Process process = new ProcessBuilder(slapd(), "-d", "0", "-h", "ldap://127.0.0.1:" + port + "/", "-f",
					dir.resolve("slapd.conf").toString())
				.redirectErrorStream(true)
				.redirectOutput(dir.resolve("slapd.log").toFile())
				.start();
			ProcessLedger.started(ProcessLedger.OTHER, "slapd");
			LdapDirectory directory = new LdapDirectory(dir, port, process);
			// a JVM that ends without closing it (a failed class setup, Ctrl-C) stops it
			// too
			Runtime.getRuntime().addShutdownHook(new Thread(directory::close, "crony-slapd-stop"));
			directory.awaitListening();
			directory
				.add("dn: " + SUFFIX + "\nobjectClass: dcObject\nobjectClass: organization\no: crony\ndc: crony\n");
			directory.add(ldif);
			return directory;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String slapd() {
		Path sbin = Path.of("/usr/sbin/slapd");
		return Files.isExecutable(sbin) ? sbin.toString() : "slapd";
	}

	private static String config(Path dir) {
		return String.join("\n", "include /etc/ldap/schema/core.schema", "include /etc/ldap/schema/cosine.schema",
				"include /etc/ldap/schema/inetorgperson.schema", "pidfile " + dir.resolve("slapd.pid"),
				"modulepath /usr/lib/ldap", "moduleload back_mdb", "database mdb", "maxsize 10485760",
				"suffix \"" + SUFFIX + "\"", "rootdn \"" + MANAGER_DN + "\"", "rootpw " + MANAGER_PASSWORD,
				"directory " + dir.resolve("data"),
				"access to attrs=userPassword by self write by anonymous auth by * none",
				"access to * by users read by anonymous auth by * none", "");
	}

	private void awaitListening() {
		await("slapd on 127.0.0.1:" + this.port).atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(100))
			.until(() -> {
				if (!this.process.isAlive()) {
					throw new IllegalStateException("slapd exited with " + this.process.exitValue() + ", see "
							+ this.stateDir.resolve("slapd.log"));
				}
				try (Socket socket = new Socket()) {
					socket.connect(new InetSocketAddress("127.0.0.1", this.port), 500);
					return true;
				}
				catch (IOException ex) {
					return false;
				}
			});
	}

	/** {@code ldap://127.0.0.1:port}, no trailing slash. */
	public String url() {
		return "ldap://127.0.0.1:" + this.port;
	}

	/** Adds entries (LDIF) as the manager. */
	public void add(String ldif) {
		tool("ldapadd", ldif);
	}

	/** Applies changes (LDIF with {@code changetype}) as the manager. */
	public void modify(String ldif) {
		tool("ldapmodify", ldif);
	}

	private void tool(String name, String ldif) {
		try {
			Path file = Files.createTempFile(this.stateDir, name, ".ldif");
			Files.writeString(file, ldif);
			Process tool = new ProcessBuilder(
					List.of(name, "-x", "-H", url(), "-D", MANAGER_DN, "-w", MANAGER_PASSWORD, "-f", file.toString()))
				.redirectErrorStream(true)
				.start();
			String output = new String(tool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!tool.waitFor(30, TimeUnit.SECONDS) || tool.exitValue() != 0) {
				throw new IllegalStateException(name + " failed:\n" + output);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** Stops slapd by its own handle and deletes its directory; again is a no-op. */
	@Override
	public synchronized void close() {
		if (!this.process.isAlive() && !Files.exists(this.stateDir)) {
			return;
		}
		this.process.destroy();
		try {
			if (!this.process.waitFor(20, TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
				this.process.waitFor(10, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		LocalServices.deleteTree(this.stateDir);
	}

}
