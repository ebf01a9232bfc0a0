package io.crony.web.auth;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

import org.springframework.stereotype.Component;

/**
 * What a password must be, wherever one is set (a new user, a changed password, the first
 * admin's): at least 12 characters, at most 72 bytes in UTF-8 (BCrypt reads no more, so
 * the rest would be ignored), not containing the user name, and not one of the 10,000
 * most common passwords, also not with digits or symbols added at its end
 * ("password-123").
 */
@Component
class PasswordPolicy {

	static final int MIN_LENGTH = 12;

	static final int MAX_BYTES = 72;

	private static final String LIST = "/auth/common-passwords.txt";

	private final Set<String> common;

	PasswordPolicy() {
		this.common = load();
	}

	/**
	 * The rule the password breaks, on field {@code password}, or empty when it is fine.
	 */
	Optional<FieldProblem> violation(String username, String password) {
		if (password.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
			return Optional
				.of(problem("must be at most " + MAX_BYTES + " bytes in UTF-8 (the password hash reads no more)",
						FieldErrorCode.PASSWORD_TOO_LONG, MAX_BYTES));
		}
		if (password.codePointCount(0, password.length()) < MIN_LENGTH) {
			return Optional
				.of(problem("must be at least " + MIN_LENGTH + " characters", FieldErrorCode.TOO_SHORT, MIN_LENGTH));
		}
		String lower = password.toLowerCase(Locale.ROOT);
		String stem = stem(lower);
		if (username != null && !username.isBlank() && (lower.equals(username.toLowerCase(Locale.ROOT))
				|| stem.equals(username.toLowerCase(Locale.ROOT)))) {
			return Optional.of(problem("must not be the user name (with or without digits or symbols after it)",
					FieldErrorCode.PASSWORD_IS_USER_NAME));
		}
		if (this.common.contains(lower) || (stem.length() >= 4 && this.common.contains(stem))) {
			return Optional.of(problem("is too common: it is on the list of the 10,000 most used passwords",
					FieldErrorCode.PASSWORD_TOO_COMMON));
		}
		return Optional.empty();
	}

	private static FieldProblem problem(String message, FieldErrorCode code, Object... values) {
		return FieldProblem.of("password", message, code, values);
	}

	/** The password without the digits and symbols people add at the end of a word. */
	private static String stem(String password) {
		int end = password.length();
		while (end > 0 && !Character.isLetter(password.charAt(end - 1))) {
			end--;
		}
		return password.substring(0, end);
	}

	private static Set<String> load() {
		InputStream in = PasswordPolicy.class.getResourceAsStream(LIST);
		if (in == null) {
			throw new IllegalStateException("Missing " + LIST + " on the classpath");
		}
		Set<String> passwords = new HashSet<>(16_384);
		try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
			String line;
			while ((line = reader.readLine()) != null) {
				if (!line.isEmpty() && !line.startsWith("#")) {
					passwords.add(line.toLowerCase(Locale.ROOT));
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return Set.copyOf(passwords);
	}

}
