package io.crony.test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Go's bin directory, where {@code scripts/services.sh install} builds the tools the
 * tests start (toxiproxy, Jaeger): one per user, so every clone of the repository finds
 * what an earlier one built instead of building it again.
 */
final class GoBin {

	private GoBin() {
	}

	/**
	 * The executable {@code name} in {@code $GOBIN}, {@code $GOPATH/bin} or
	 * {@code ~/go/bin}.
	 */
	static Optional<Path> find(String name) {
		String home = System.getProperty("user.home");
		for (String dir : new String[] { System.getenv("GOBIN"),
				(System.getenv("GOPATH") != null) ? System.getenv("GOPATH") + "/bin" : null, home + "/go/bin" }) {
			if (dir != null && Files.isExecutable(Path.of(dir, name))) {
				return Optional.of(Path.of(dir, name));
			}
		}
		return Optional.empty();
	}

}
