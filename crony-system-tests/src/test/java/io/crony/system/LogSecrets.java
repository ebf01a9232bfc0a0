package io.crony.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The secrets a system test gave its processes, and where any of them shows up in those
 * processes' logs: a log line may name a secret's setting, never its value.
 */
public final class LogSecrets {

	private final Map<String, String> secrets = new LinkedHashMap<>();

	/**
	 * @param value the secret, at least 8 characters so that it matches nothing else
	 */
	public LogSecrets add(String name, String value) {
		if (value == null || value.length() < 8) {
			throw new IllegalArgumentException(name + " is too short to look for in logs: " + value);
		}
		this.secrets.put(name, value);
		return this;
	}

	/** Every line of {@code logs} that holds a secret, as "file:line: which secret". */
	public List<String> foundIn(List<Path> logs) {
		List<String> hits = new ArrayList<>();
		for (Path log : logs) {
			List<String> lines = lines(log);
			for (int i = 0; i < lines.size(); i++) {
				String line = lines.get(i);
				for (Map.Entry<String, String> secret : this.secrets.entrySet()) {
					if (line.contains(secret.getValue())) {
						hits.add(log.getFileName() + ":" + (i + 1) + ": " + secret.getKey());
					}
				}
			}
		}
		return hits;
	}

	// lenient: a log may hold bytes that are not UTF-8
	private static List<String> lines(Path log) {
		try {
			return List.of(new String(Files.readAllBytes(log), StandardCharsets.UTF_8).split("\n", -1));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
