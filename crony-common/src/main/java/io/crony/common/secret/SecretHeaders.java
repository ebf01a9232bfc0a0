package io.crony.common.secret;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.crony.common.job.JobSpec;
import io.crony.common.job.TargetSpec;

/**
 * Secret target headers: sealed where a job is stored (MySQL and the spec published to
 * etcd), a mask where it is read, opened only by the agent right before the call. A
 * header is secret when the job marks it so or its name says it is a credential
 * ({@code Authorization}, {@code Proxy-Authorization}, {@code Cookie}, or a name with
 * token, secret, password, credential or api-key in it).
 */
public final class SecretHeaders {

	private static final Set<String> SECRET_NAMES = Set.of("authorization", "proxy-authorization", "cookie");

	private static final String[] SECRET_PARTS = { "token", "secret", "password", "passwd", "credential", "api-key",
			"apikey", "access-key", "private-key" };

	private SecretHeaders() {
	}

	public static boolean isSecretName(String name) {
		String lower = name.toLowerCase(Locale.ROOT);
		if (SECRET_NAMES.contains(lower)) {
			return true;
		}
		for (String part : SECRET_PARTS) {
			if (lower.contains(part)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The target as it is stored: secret header values sealed, a masked value replaced by
	 * the value stored for that header before.
	 * @param incoming the target as a client sent it
	 * @param stored the target stored so far, null for a new job
	 * @param marked header names the client marks secret besides those named so
	 * @throws MaskWithoutSecretException naming a header sent masked with nothing stored
	 * @throws MissingSecretKeyException when a secret is to be sealed without a key
	 */
	public static TargetSpec seal(TargetSpec incoming, TargetSpec stored, Collection<String> marked, SecretBox box) {
		Set<String> secret = marked.stream().map((n) -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
		Map<String, String> before = (stored != null) ? byLowerName(stored.headers()) : Map.of();
		Map<String, String> headers = new LinkedHashMap<>();
		incoming.headers().forEach((name, value) -> {
			String lower = name.toLowerCase(Locale.ROOT);
			if (SecretBox.MASK.equals(value)) {
				String kept = before.get(lower);
				if (kept == null || !SecretBox.isSealed(kept)) {
					throw new MaskWithoutSecretException(name);
				}
				headers.put(name, kept);
			}
			else if (secret.contains(lower) || isSecretName(name)) {
				headers.put(name, box.seal(value));
			}
			else {
				headers.put(name, value);
			}
		});
		return incoming.withHeaders(headers);
	}

	/** The target as it is shown: each sealed value a mask. */
	public static TargetSpec mask(TargetSpec target) {
		return map(target, (value) -> SecretBox.isSealed(value) ? SecretBox.MASK : value);
	}

	/** The headers as they are sent: each sealed value opened. */
	public static Map<String, String> open(Map<String, String> headers, SecretBox box) {
		Map<String, String> open = new LinkedHashMap<>();
		headers.forEach((name, value) -> open.put(name, box.open(value)));
		return open;
	}

	public static boolean canOpen(JobSpec job, SecretBox box) {
		return job.target() == null || job.target().headers().values().stream().allMatch(box::canOpen);
	}

	/** The job with values a previous key sealed sealed again; the same job when none. */
	public static JobSpec reseal(JobSpec job, SecretBox box) {
		if (job.target() == null || job.target().headers().values().stream().noneMatch(box::needsResealing)) {
			return job;
		}
		return job
			.withTarget(map(job.target(), (value) -> box.needsResealing(value) ? box.seal(box.open(value)) : value));
	}

	private static TargetSpec map(TargetSpec target, Function<String, String> values) {
		Map<String, String> headers = new LinkedHashMap<>();
		target.headers().forEach((name, value) -> headers.put(name, values.apply(value)));
		return target.withHeaders(headers);
	}

	private static Map<String, String> byLowerName(Map<String, String> headers) {
		Map<String, String> byLower = new LinkedHashMap<>();
		headers.forEach((name, value) -> byLower.put(name.toLowerCase(Locale.ROOT), value));
		return byLower;
	}

	/** A header sent as the mask, with no secret stored for it to stand for. */
	public static final class MaskWithoutSecretException extends IllegalArgumentException {

		private final String header;

		MaskWithoutSecretException(String header) {
			super("is the mask " + SecretBox.MASK + ", which keeps a stored secret, and this header has none: "
					+ "send its value");
			this.header = header;
		}

		public String header() {
			return this.header;
		}

	}

}
