package io.crony.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * crony-web's log, read by the bench to time an event against the leader's own steps: the
 * line a periodic full reconcile logs when its corrections are applied (after its read
 * off the decision thread) is the only mark of where the reconciles are, and the next
 * read starts one {@code full-reconcile-interval} after it.
 */
final class LeaderLog {

	static final String PERIODIC_RECONCILE = "read off the decision thread";

	private final Path file;

	LeaderLog(Path file) {
		this.file = file;
	}

	/**
	 * Waits for a periodic reconcile's line written after this call.
	 * @return when the bench saw it
	 */
	Instant nextPeriodicReconcile(Duration timeout) throws IOException, InterruptedException {
		return periodicReconcileAfter(periodicReconciles(), timeout);
	}

	/**
	 * Waits until the log holds more periodic reconcile lines than {@code seen}.
	 * @return when the bench saw one more
	 */
	Instant periodicReconcileAfter(long seen, Duration timeout) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (periodicReconciles() <= seen) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("No periodic full reconcile logged within " + timeout);
			}
			TimeUnit.MILLISECONDS.sleep(100);
		}
		return Instant.now();
	}

	/** Periodic reconcile lines in the log so far. */
	long periodicReconciles() throws IOException {
		List<String> lines = Files.readAllLines(this.file, StandardCharsets.ISO_8859_1);
		return lines.stream().filter((line) -> line.contains(PERIODIC_RECONCILE)).count();
	}

}
