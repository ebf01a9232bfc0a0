package io.crony.common.secret;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Builds the {@link SecretBox} from the settings web and agent share. */
public final class SecretKeys {

	private SecretKeys() {
	}

	/**
	 * @param key the current key, base64 of 32 bytes ({@code crony.secrets.key}); wins
	 * over {@code keyFile}
	 * @param keyFile a file holding it ({@code crony.secrets.key-file})
	 * @param previous keys values may still be sealed under
	 */
	public static SecretBox box(String key, Path keyFile, List<String> previous) {
		String current = key;
		if ((current == null || current.isBlank()) && keyFile != null) {
			try {
				current = Files.readString(keyFile, StandardCharsets.US_ASCII).trim();
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Cannot read crony.secrets.key-file " + keyFile, ex);
			}
		}
		return SecretBox.of(current, (previous != null) ? previous : List.of());
	}

}
