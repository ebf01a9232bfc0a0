package io.crony.agent.target;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.OutputCap;
import io.crony.common.job.TargetType;

/**
 * Shell targets, off unless {@code crony.agent.shell.enabled}, and then only commands
 * whose executable is on the allowlist. The command runs under {@code setsid} as the
 * leader of a new process group, so a timeout or a cancel kills the whole group (children
 * included). The command line is split on spaces and run without a shell; output is
 * capped.
 */
public final class ShellTarget implements Target {

	private final ShellTargetProperties settings;

	private final int outputLimit;

	public ShellTarget(ShellTargetProperties settings, int outputLimit) {
		this.settings = settings;
		this.outputLimit = outputLimit;
	}

	@Override
	public TargetType type() {
		return TargetType.SHELL;
	}

	@Override
	public CompletableFuture<AttemptResult> invoke(Invocation invocation) {
		String command = invocation.render(invocation.job().target().command());
		if (!this.settings.enabled()) {
			return CompletableFuture.completedFuture(AttemptResult.failed("Shell targets are disabled on this agent"));
		}
		List<String> words = (command != null) ? List.of(command.trim().split("\\s+")) : List.of();
		if (words.isEmpty() || !this.settings.allowedCommands().contains(words.get(0))) {
			return CompletableFuture.completedFuture(AttemptResult
				.failed("Command not allowed on this agent: " + words.stream().findFirst().orElse("")));
		}
		List<String> argv = new ArrayList<>(List.of("setsid"));
		argv.addAll(words);
		Process process;
		try {
			process = new ProcessBuilder(argv).redirectErrorStream(true).start();
		}
		catch (IOException ex) {
			return CompletableFuture.completedFuture(AttemptResult.failed(ex.toString()));
		}
		int timeout = Math.max(1, invocation.job().timeoutSeconds());
		CompletableFuture<AttemptResult> result = CompletableFuture.supplyAsync(() -> await(process, timeout));
		result.whenComplete((outcome, failure) -> {
			if (result.isCancelled()) {
				killGroup(process);
			}
		});
		return result;
	}

	private AttemptResult await(Process process, int timeoutSeconds) {
		try (InputStream out = process.getInputStream()) {
			CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> read(out));
			if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
				killGroup(process);
				return new AttemptResult(ExecutionStatus.TIMED_OUT, null, "Timed out after " + timeoutSeconds + "s");
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

	private String read(InputStream in) {
		try {
			byte[] kept = in.readNBytes(this.outputLimit);
			long more = in.transferTo(OutputDiscard.INSTANCE);
			return OutputCap.cap(kept, kept.length, more, this.outputLimit);
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

	private static final class OutputDiscard extends java.io.OutputStream {

		static final OutputDiscard INSTANCE = new OutputDiscard();

		@Override
		public void write(int b) {
		}

		@Override
		public void write(byte[] b, int off, int len) {
		}

	}

}
