package io.crony.test;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

import com.sun.tools.attach.VirtualMachine;

/**
 * JaCoCo's agent for the processes a test starts (packaged crony-web and agents), so that
 * what they run counts in the coverage report too. Present only when the test JVM itself
 * runs with JaCoCo's agent ({@code make test}, Maven's {@code coverage} profile): the
 * processes get the same agent jar and the same classes, each with a file of its own
 * under {@code target/jacoco-processes/} beside the test JVM's own file, merged later by
 * {@code scripts/coverage.sh}. A process killed with SIGKILL writes nothing, unless the
 * test asks it to first ({@link #dump}).
 */
public final class CoverageAgent {

	private static final String PREFIX = "-javaagent:";

	private static final long DUMP_SECONDS = 15;

	private CoverageAgent() {
	}

	/**
	 * The JVM arguments for a process called {@code name}: none without coverage, else
	 * the agent and what lets the process still write {@link BootJar}'s class-data
	 * archive at exit (the JVM refuses to with an agent unless told; Crony's classes,
	 * which the agent changes, stay out of the archive and are loaded, and measured, from
	 * the jar).
	 * <p>
	 * Multi-release jars are read by their base entries only: JDK 17's JVM crashes
	 * (SIGSEGV in {@code KlassFactory::check_shared_class_file_load_hook}) when a class
	 * it archived from a jar's {@code META-INF/versions/} is loaded again with an agent's
	 * class file hook on, which the OpenTelemetry SDK's
	 * {@code CurrentJavaVersionSpecific} made every crony-web and agent start do. A test
	 * process only; production starts have no such agent.
	 */
	public static List<String> arguments(String name) {
		return testJvmAgent().map((agent) -> List.of("-XX:+UnlockDiagnosticVMOptions",
				"-XX:+AllowArchivingWithJavaAgent", "-Djdk.util.jar.enableMultiRelease=false",
				agent.argument(name + "-" + UUID.randomUUID()) + ",jmx=true"))
			.orElse(List.of());
	}

	/**
	 * Has the agent in process {@code pid} (started with {@link #arguments}) write what
	 * it measured so far, through its JMX bean (the Attach API starts the process's local
	 * management agent): for a process a test kills with SIGKILL, which writes nothing. A
	 * WorkflowIT run whose killed web had served the API lost a fifth of crony-web's
	 * covered lines. Best effort, for at most {@value #DUMP_SECONDS} s: a process that
	 * cannot answer is killed without it. Nothing without coverage.
	 * @return whether the process wrote its file
	 */
	public static boolean dump(long pid) {
		if (testJvmAgent().isEmpty()) {
			return false;
		}
		CompletableFuture<Boolean> dump = CompletableFuture.supplyAsync(() -> {
			try {
				VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
				try (JMXConnector jmx = JMXConnectorFactory
					.connect(new JMXServiceURL(vm.startLocalManagementAgent()))) {
					jmx.getMBeanServerConnection()
						.invoke(new ObjectName("org.jacoco:type=Runtime"), "dump", new Object[] { false },
								new String[] { "boolean" });
					return true;
				}
				finally {
					vm.detach();
				}
			}
			catch (Exception ex) {
				return false;
			}
		});
		try {
			return dump.get(DUMP_SECONDS, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			return false;
		}
	}

	/**
	 * The argument for several processes writing one file (each appends under a lock),
	 * for a script that gives all its JVMs the same options.
	 */
	public static Optional<String> sharedArgument(String name) {
		return testJvmAgent().map((agent) -> agent.argument(name));
	}

	static Optional<Agent> testJvmAgent() {
		return parse(ManagementFactory.getRuntimeMXBean().getInputArguments());
	}

	static Optional<Agent> parse(List<String> jvmArguments) {
		for (String argument : jvmArguments) {
			if (!argument.startsWith(PREFIX) || !argument.contains("jacoco")) {
				continue;
			}
			String rest = argument.substring(PREFIX.length());
			int equals = rest.indexOf('=');
			if (equals < 0) {
				continue;
			}
			String jar = rest.substring(0, equals);
			String destfile = null;
			StringBuilder options = new StringBuilder();
			for (String option : rest.substring(equals + 1).split(",")) {
				if (option.startsWith("destfile=")) {
					destfile = option.substring("destfile=".length());
				}
				else if (!option.startsWith("append=")) {
					options.append(',').append(option);
				}
			}
			if (destfile != null) {
				Path dir = Path.of(destfile).toAbsolutePath().resolveSibling("jacoco-processes");
				return Optional.of(new Agent(jar, dir, options.toString()));
			}
		}
		return Optional.empty();
	}

	record Agent(String jar, Path dir, String options) {

		String argument(String file) {
			return PREFIX + this.jar + "=destfile=" + this.dir.resolve(file + ".exec") + ",append=true" + this.options;
		}

	}

}
