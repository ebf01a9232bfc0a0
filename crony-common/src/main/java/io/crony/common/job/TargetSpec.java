package io.crony.common.job;

import java.util.List;
import java.util.Map;

/**
 * What a run invokes.
 *
 * @param type HTTP, GRPC or SHELL
 * @param method HTTP method (HTTP only)
 * @param url {@code http(s)://}, {@code lb://service/path}, {@code static://host:port} or
 * {@code discovery:///service}
 * @param headers request headers (HTTP only)
 * @param body body template; {@code ${executionId}}, {@code ${scheduledAt}} and
 * {@code ${params}} are replaced per run
 * @param mode SYNC: the call's answer is the result; ASYNC: the result is reported later
 * @param command command line (SHELL only)
 * @param successCodes HTTP status codes that count as success; empty means any 2xx
 * @param instanceChoice how an {@code lb://} or {@code discovery:///} target picks its
 * instance; null is {@link InstanceChoice#ROUND_ROBIN}
 * @param statusUrl ASYNC HTTP only: where the agent asks how an accepted run is doing
 * ({@code http(s)://...}, or a {@code /path} on the instance that took the call) instead
 * of waiting for a report; null for none
 * @param sharding discovered targets only: one fire as several calls over the service's
 * instances (shards, or one per instance); null for a single call
 * @param progressTimeoutSeconds ASYNC discovered targets only: how long an accepted run
 * may go without its row changing (a progress report, its start) before it is resumed
 * once at another instance of the service; null: it runs to its deadline
 * @param env SHELL only: environment variables the command gets beside the agent's own,
 * name to value; each value is a template filled in per run as the command is; empty for
 * none
 */
public record TargetSpec(TargetType type, String method, String url, Map<String, String> headers, String body,
		TargetMode mode, String command, List<Integer> successCodes, InstanceChoice instanceChoice, String statusUrl,
		Sharding sharding, Integer progressTimeoutSeconds, Map<String, String> env) {

	public TargetSpec {
		headers = (headers != null) ? Map.copyOf(headers) : Map.of();
		env = (env != null) ? Map.copyOf(env) : Map.of();
		successCodes = (successCodes != null) ? List.copyOf(successCodes) : List.of();
		mode = (mode != null) ? mode : TargetMode.SYNC;
	}

	/** A target with no instance choice (round-robin) and no status URL. */
	public TargetSpec(TargetType type, String method, String url, Map<String, String> headers, String body,
			TargetMode mode, String command, List<Integer> successCodes) {
		this(type, method, url, headers, body, mode, command, successCodes, null, null, null, null, null);
	}

	/** A target that makes a single call per fire. */
	public TargetSpec(TargetType type, String method, String url, Map<String, String> headers, String body,
			TargetMode mode, String command, List<Integer> successCodes, InstanceChoice instanceChoice,
			String statusUrl) {
		this(type, method, url, headers, body, mode, command, successCodes, instanceChoice, statusUrl, null, null,
				null);
	}

	/** A target with no progress timeout. */
	public TargetSpec(TargetType type, String method, String url, Map<String, String> headers, String body,
			TargetMode mode, String command, List<Integer> successCodes, InstanceChoice instanceChoice,
			String statusUrl, Sharding sharding) {
		this(type, method, url, headers, body, mode, command, successCodes, instanceChoice, statusUrl, sharding, null,
				null);
	}

	/** A target with no environment variables of its own. */
	public TargetSpec(TargetType type, String method, String url, Map<String, String> headers, String body,
			TargetMode mode, String command, List<Integer> successCodes, InstanceChoice instanceChoice,
			String statusUrl, Sharding sharding, Integer progressTimeoutSeconds) {
		this(type, method, url, headers, body, mode, command, successCodes, instanceChoice, statusUrl, sharding,
				progressTimeoutSeconds, null);
	}

	/** The same target at another address. */
	public TargetSpec withUrl(String newUrl) {
		return new TargetSpec(this.type, this.method, newUrl, this.headers, this.body, this.mode, this.command,
				this.successCodes, this.instanceChoice, this.statusUrl, this.sharding, this.progressTimeoutSeconds,
				this.env);
	}

	/** The same target with other request headers. */
	public TargetSpec withHeaders(Map<String, String> newHeaders) {
		return new TargetSpec(this.type, this.method, this.url, newHeaders, this.body, this.mode, this.command,
				this.successCodes, this.instanceChoice, this.statusUrl, this.sharding, this.progressTimeoutSeconds,
				this.env);
	}

	/** How an {@code lb://} target picks its instance, round-robin when unset. */
	public InstanceChoice instanceChoiceOrDefault() {
		return (this.instanceChoice != null) ? this.instanceChoice : InstanceChoice.ROUND_ROBIN;
	}

}
