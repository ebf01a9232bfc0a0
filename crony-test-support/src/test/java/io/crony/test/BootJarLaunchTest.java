package io.crony.test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When a launched process's class-data archive is published for later starts: after a
 * normal exit, never after a kill that may have cut off its writing.
 */
class BootJarLaunchTest {

	@TempDir
	Path dir;

	@Test
	void anArchiveWrittenAtANormalExitIsPublished() throws Exception {
		BootJar.Launch launch = launchWriting("one");

		launch.exited(143);

		assertThat(launch.archive()).hasContent("one");
		assertThat(launch.written()).doesNotExist();
	}

	@Test
	void anArchiveOfAKilledProcessIsDropped() throws Exception {
		BootJar.Launch launch = launchWriting("cut off");

		launch.exited(137);

		assertThat(launch.archive()).doesNotExist();
		assertThat(launch.written()).doesNotExist();
	}

	@Test
	void aProcessThatWroteNothingOrMappedAnArchiveChangesNothing() throws Exception {
		Files.writeString(this.dir.resolve("classes.jsa"), "published");
		BootJar.Launch mapped = new BootJar.Launch(List.of(), this.dir.resolve("classes.jsa"), null);
		BootJar.Launch wroteNothing = new BootJar.Launch(List.of(), this.dir.resolve("classes.jsa"),
				this.dir.resolve("never.jsa.part"));

		mapped.exited(0);
		wroteNothing.exited(143);

		assertThat(this.dir.resolve("classes.jsa")).hasContent("published");
	}

	private BootJar.Launch launchWriting(String content) throws Exception {
		Path written = this.dir.resolve("classes-1.jsa.part");
		Files.writeString(written, content);
		return new BootJar.Launch(List.of(), this.dir.resolve("classes.jsa"), written);
	}

}
