package io.crony.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class LeaderLogTest {

	private static final String START = "INFO FullReconciler: Leader epoch 3 full reconcile at revision 3: 0 jobs\n";

	private static final String PERIODIC = "INFO FullReconciler: Leader epoch 3 full reconcile at revision 103 "
			+ "read off the decision thread: 1000000 jobs, 0 keys to create\n";

	@TempDir
	Path dir;

	@Test
	void countsOnlyTheLinesOfAPeriodicReconcile() throws Exception {
		Path file = webLog(START + PERIODIC + "INFO Relocator: moved\n");
		assertThat(new LeaderLog(file).periodicReconciles()).isEqualTo(1);
	}

	@Test
	void returnsOnceALaterPeriodicReconcileIsLogged() throws Exception {
		Path file = webLog(START + PERIODIC);
		LeaderLog log = new LeaderLog(file);
		long seen = log.periodicReconciles();
		append(file, PERIODIC);
		assertThat(log.periodicReconcileAfter(seen, Duration.ofSeconds(30))).isNotNull();
	}

	@Test
	void waitsForALineWrittenAfterTheOnesSeen() throws Exception {
		Path file = webLog(START + PERIODIC);
		LeaderLog log = new LeaderLog(file);
		long seen = log.periodicReconciles();
		append(file, START);
		assertThatIllegalStateException().isThrownBy(() -> log.periodicReconcileAfter(seen, Duration.ofMillis(300)))
			.withMessageContaining("No periodic full reconcile");
	}

	private Path webLog(String lines) throws Exception {
		return Files.writeString(this.dir.resolve("web.log"), lines);
	}

	private static void append(Path file, String lines) throws Exception {
		Files.writeString(file, lines, StandardOpenOption.APPEND);
	}

}
