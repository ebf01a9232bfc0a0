package io.crony.test;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * JaCoCo's agent for the processes a test starts (packaged crony-web and agents), so that
 * what they run counts in the coverage report too. Present only when the test JVM itself
 * runs with JaCoCo's agent ({@code make test}, Maven's {@code coverage} profile): the
 * processes get the same agent jar and the same classes, each with a file of its own
 * under {@code target/jacoco-processes/} beside the test JVM's own file, merged later by
 * {@code scripts/coverage.sh}. A process killed with SIGKILL writes nothing.
 */
public final class CoverageAgent {

	private static final String PREFIX = "-javaagent:";

	private CoverageAgent() {
	}

	/**
	 * The JVM arguments for a process called {@code name}: none without coverage, else
	 * the agent and what lets the process still write {@link BootJar}'s class-data
	 * archive at exit (the JVM refuses to with an agent unless told; Crony's classes,
	 * which the agent changes, stay out of the archive and are loaded, and measured, from
	 * the jar).
	 */
	public static List<String> arguments(String name) {
		return testJvmAgent().map((agent) -> List.of("-XX:+UnlockDiagnosticVMOptions",
				"-XX:+AllowArchivingWithJavaAgent", agent.argument(name + "-" + UUID.randomUUID())))
			.orElse(List.of());
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
