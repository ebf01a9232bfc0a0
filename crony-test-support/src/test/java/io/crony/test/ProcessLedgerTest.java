package io.crony.test;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ledger names the test class that started a process: the JUnit launcher must have
 * found {@link TestClassListener} through META-INF/services, with no configuration.
 */
class ProcessLedgerTest {

	@TempDir
	Path dir;

	@Test
	void linesNameTheRunningTestClassTheKindAndTheProcess() throws Exception {
		Path ledger = this.dir.resolve("target/test-processes.log");
		ProcessLedger.started(ledger, ProcessLedger.ETCD, "12-1");
		ProcessLedger.started(ledger, ProcessLedger.JVM, "agent  one");

		assertThat(Files.readAllLines(ledger)).containsExactly("io.crony.test.ProcessLedgerTest\tetcd\t12-1",
				"io.crony.test.ProcessLedgerTest\tjvm\tagent one");
	}

	@Test
	void kindFollowsTheProgramStarted() {
		assertThat(ProcessLedger.kindOf("/usr/lib/jvm/java-17/bin/java")).isEqualTo(ProcessLedger.JVM);
		assertThat(ProcessLedger.kindOf("etcd")).isEqualTo(ProcessLedger.ETCD);
		assertThat(ProcessLedger.kindOf("/usr/sbin/mariadbd")).isEqualTo(ProcessLedger.MARIADB);
		assertThat(ProcessLedger.kindOf("/tmp/go-sample")).isEqualTo(ProcessLedger.OTHER);
	}

	@Nested
	class Inner {

		@Test
		void aNestedClassCountsAsTheClassItIsWrittenIn(@TempDir Path nestedDir) throws Exception {
			Path ledger = nestedDir.resolve("test-processes.log");
			ProcessLedger.started(ledger, ProcessLedger.MARIADB, "db");

			assertThat(Files.readAllLines(ledger)).containsExactly("io.crony.test.ProcessLedgerTest\tmariadb\tdb");
		}

	}

}
