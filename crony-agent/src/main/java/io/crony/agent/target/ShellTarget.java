package io.crony.agent.target;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.TargetType;

/**
 * Shell targets, off unless {@code crony.agent.shell.enabled}, and then only commands
 * whose executable is on the allowlist. The command runs under {@code setsid} as the
 * leader of a new process group, so a timeout or a cancel kills the whole group (children
 * included). The command line is split on spaces and run without a shell; output is
 * capped, and written to the run's row while it runs ({@link LiveOutputs}). The target's
 * {@code env} values are filled in like the command's words and set beside the agent's
 * own environment.
 */
public final class ShellTarget implements Target {

	private final ShellTargetProperties settings;

	private final int outputLimit;

	private final LiveOutputs live;

	public ShellTarget(ShellTargetProperties settings, int outputLimit) {
		this(settings, outputLimit, LiveOutputs.NONE);
	}

	public ShellTarget(ShellTargetProperties settings, int outputLimit, LiveOutputs live) {
		this.settings = settings;
		this.outputLimit = outputLimit;
		this.live = live;
	}

	@Override
	public TargetType type() {
		return TargetType.SHELL;
	}

	@Override
	public CompletableFuture<AttemptResult> invoke(Invocation invocation) {
		if (!this.settings.enabled()) {
			return CompletableFuture.completedFuture(AttemptResult.failed("Shell targets are disabled on this agent"));
		}
		List<String> words;
		Map<String, String> env;
		try {
			words = arguments(invocation);
			env = environment(invocation);
		}
		catch (UnrenderableTemplateException ex) {
			return CompletableFuture.completedFuture(AttemptResult.failed(ex.getMessage()));
		}
		if (words.isEmpty() || !this.settings.allowedCommands().contains(words.get(0))) {
			return CompletableFuture.completedFuture(AttemptResult
				.failed("Command not allowed on this agent: " + words.stream().findFirst().orElse("")));
		}
		List<String> argv = new ArrayList<>(List.of("setsid"));
		argv.addAll(words);
		Process process;
		try {
			ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true);
			builder.environment().putAll(env);
			// W3C trace context as the environment carries it (TRACEPARENT, TRACESTATE),
			// after
			// the job's own variables: the run's trace is the platform's to name
			invocation.trace().forEach((key, value) -> builder.environment().put(key.toUpperCase(Locale.ROOT), value));
			process = builder.start();
		}
		catch (IOException ex) {
			return CompletableFuture.completedFuture(AttemptResult.failed(ex.toString()));
		}
		int timeout = Math.max(1, invocation.job().timeoutSeconds());
		CompletableFuture<AttemptResult> result = CompletableFuture
			.supplyAsync(() -> await(process, timeout, invocation.executionId()));
		result.whenComplete((outcome, failure) -> {
			if (result.isCancelled()) {
				killGroup(process);
			}
		});
		return result;
	}

	/**
	 * The command line split on white space outside placeholders, each word filled in
	 * alone: {@code ${yyyy-MM-dd HH:mm}} is one argument, and so is a value filled in
	 * that holds spaces (params, a shard's parameters), never read by a shell.
	 */
	static List<String> arguments(Invocation invocation) {
		String command = invocation.job().target().command();
		List<String> words = new ArrayList<>();
		if (command == null) {
			return words;
		}
		StringBuilder word = new StringBuilder();
		boolean inPlaceholder = false;
		for (int i = 0; i < command.length(); i++) {
			char c = command.charAt(i);
			if (!inPlaceholder && Character.isWhitespace(c)) {
				if (!word.isEmpty()) {
					words.add(invocation.render("target.command", word.toString()));
					word.setLength(0);
				}
				continue;
			}
			if (c == '$' && command.startsWith("${", i)) {
				inPlaceholder = true;
			}
			else if (c == '}') {
				inPlaceholder = false;
			}
			word.append(c);
		}
		if (!word.isEmpty()) {
			words.add(invocation.render("target.command", word.toString()));
		}
		return words;
	}

	/**
	 * The target's environment variables, each value filled in as the command's words are
	 * (dates by the run's logical time, upstream outputs); set beside the agent's own.
	 */
	static Map<String, String> environment(Invocation invocation) {
		Map<String, String> env = new LinkedHashMap<>();
		invocation.job()
			.target()
			.env()
			.forEach((name, value) -> env.put(name, invocation.render("target.env." + name, value)));
		return env;
	}

	private AttemptResult await(Process process, int timeoutSeconds, long executionId) {
		OutputBuffer buffer = new OutputBuffer(this.outputLimit);
		// closed before the result is handed on: no live write follows the final record
		try (InputStream out = process.getInputStream();
				LiveOutputs.Session session = this.live.open(executionId, buffer)) {
			CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> read(out, buffer));
			if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
				killGroup(process);
				// what it printed so far stays: the live output does not vanish at the
				// end
				return new AttemptResult(ExecutionStatus.TIMED_OUT, buffer.text(),
						"Timed out after " + timeoutSeconds + "s");
			}
			String text = output.get(5, TimeUnit.SECONDS);
			int exit = process.exitValue();
			return (exit == 0) ? new AttemptResult(ExecutionStatus.SUCCEEDED, text, null)
					: new AttemptResult(ExecutionStatus.FAILED, text, "Exit code " + exit);
		}
		catch (InterruptedException ex) {
			killGroup(process);
			Thread.currentThread().interrupt();
			return new AttemptResult(ExecutionStatus.CANCELLED, null, "Interrupted");
		}
		catch (Exception ex) {
			killGroup(process);
			return AttemptResult.failed(ex.toString());
		}
	}

	private static String read(InputStream in, OutputBuffer buffer) {
		byte[] chunk = new byte[8192];
		try {
			int n;
			while ((n = in.read(chunk)) >= 0) {
				buffer.append(chunk, 0, n);
			}
			return buffer.text();
		}
		catch (IOException ex) {
			return null;
		}
	}

	/** setsid made the command's pid its process group id: signal the whole group. */
	private static void killGroup(Process process) {
		try {
			new ProcessBuilder("kill", "-KILL", "--", "-" + process.pid()).start().waitFor(5, TimeUnit.SECONDS);
		}
		catch (IOException ex) {
			process.destroyForcibly();
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
	}

}
