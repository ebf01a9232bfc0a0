package io.crony.common.etcd;

import java.util.Optional;

/**
 * Crony's whole etcd key layout. No key string is built anywhere else.
 *
 * <pre>
 * {prefix}/node/{agentId}                    agent info, under the agent's lease
 * {prefix}/node/{agentId}/job/{jobId}        job assignment, written by the web leader
 * {prefix}/once/{agentId}/{executionId}      one-shot run request, deleted when taken
 * {prefix}/kill/{agentId}/{executionId}      cancel request, short lease
 * {prefix}/spool/{agentId}                   the agent's spool while it holds records, under its lease
 * {prefix}/stopped/{agentId}                 the agent's graceful stop, under a lease of its own, deleted when it registers
 * {prefix}/election/web                      leader election of web instances
 * {prefix}/config/execution-token-key        secret of the execution tokens, made once by the web leader
 * </pre>
 */
public final class CronyKeys {

	public static final String DEFAULT_PREFIX = "/crony";

	private final String prefix;

	public CronyKeys(String prefix) {
		String p = (prefix == null || prefix.isBlank()) ? DEFAULT_PREFIX : prefix.trim();
		if (!p.startsWith("/")) {
			p = "/" + p;
		}
		while (p.length() > 1 && p.endsWith("/")) {
			p = p.substring(0, p.length() - 1);
		}
		this.prefix = p;
	}

	public String prefix() {
		return this.prefix;
	}

	/** Prefix of every agent key and every assignment key. */
	public String nodes() {
		return this.prefix + "/node/";
	}

	public String node(String agentId) {
		return nodes() + checkedId(agentId);
	}

	/** Prefix of the assignment keys of one agent. */
	public String jobs(String agentId) {
		return node(agentId) + "/job/";
	}

	public String job(String agentId, long jobId) {
		return jobs(agentId) + jobId;
	}

	/** Prefix of every agent's one-shot run requests. */
	public String allOnces() {
		return this.prefix + "/once/";
	}

	/** Prefix of the one-shot run requests of one agent. */
	public String onces(String agentId) {
		return allOnces() + checkedId(agentId) + "/";
	}

	public String once(String agentId, long executionId) {
		return onces(agentId) + executionId;
	}

	/** Prefix of the cancel requests of one agent. */
	public String kills(String agentId) {
		return this.prefix + "/kill/" + checkedId(agentId) + "/";
	}

	public String kill(String agentId, long executionId) {
		return kills(agentId) + executionId;
	}

	/** Prefix of every agent's spool state. */
	public String spools() {
		return this.prefix + "/spool/";
	}

	/**
	 * The state of one agent's spool ({@code SpoolState}), put by the agent while its
	 * spool holds records and deleted once it is empty; the web leader raises the spool
	 * alerts from it.
	 */
	public String spool(String agentId) {
		return spools() + checkedId(agentId);
	}

	/** The agent id at the end of a key under {@link #spools()}, or empty. */
	public Optional<String> parseSpoolKey(String key) {
		if (key == null || !key.startsWith(spools())) {
			return Optional.empty();
		}
		String agentId = key.substring(spools().length());
		return (agentId.isEmpty() || agentId.contains("/")) ? Optional.empty() : Optional.of(agentId);
	}

	/**
	 * The mark an agent leaves when it stops gracefully with every fire it ran recorded
	 * in the database: the instant of its stop, after which it fired nothing. The next
	 * holder of its jobs reads it ({@code FormerHolderFires}); the agent deletes it when
	 * it registers again.
	 */
	public String stopMark(String agentId) {
		return this.prefix + "/stopped/" + checkedId(agentId);
	}

	public String webElection() {
		return this.prefix + "/election/web";
	}

	/**
	 * The secret execution tokens are made with (base64url), put once by the web leader
	 * if absent and read by every agent.
	 */
	public String executionTokenKey() {
		return this.prefix + "/config/execution-token-key";
	}

	/**
	 * Reads a key under {@link #nodes()}: an agent key or an assignment key.
	 * @param key the full key
	 * @return what the key names, or empty for any other key
	 */
	public Optional<NodeKey> parseNodeKey(String key) {
		if (key == null || !key.startsWith(nodes())) {
			return Optional.empty();
		}
		String rest = key.substring(nodes().length());
		int slash = rest.indexOf('/');
		if (slash < 0) {
			return rest.isEmpty() ? Optional.empty() : Optional.of(new NodeKey.Agent(rest));
		}
		String agentId = rest.substring(0, slash);
		String tail = rest.substring(slash);
		if (agentId.isEmpty() || !tail.startsWith("/job/")) {
			return Optional.empty();
		}
		try {
			return Optional.of(new NodeKey.Assignment(agentId, Long.parseLong(tail.substring("/job/".length()))));
		}
		catch (NumberFormatException ex) {
			return Optional.empty();
		}
	}

	/**
	 * Reads the execution id at the end of a once or kill key.
	 * @param key a key under {@link #onces(String)} or {@link #kills(String)}
	 * @return the execution id, or empty when the key does not end in one
	 */
	public Optional<Long> parseExecutionId(String key) {
		int slash = (key != null) ? key.lastIndexOf('/') : -1;
		if (slash < 0) {
			return Optional.empty();
		}
		try {
			return Optional.of(Long.parseLong(key.substring(slash + 1)));
		}
		catch (NumberFormatException ex) {
			return Optional.empty();
		}
	}

	private static String checkedId(String agentId) {
		if (agentId == null || agentId.isBlank() || agentId.contains("/")) {
			throw new IllegalArgumentException("Agent id must be non-empty and contain no '/': " + agentId);
		}
		return agentId;
	}

	/** What a key under {@code {prefix}/node/} names. */
	public sealed interface NodeKey {

		String agentId();

		/** {@code {prefix}/node/{agentId}}. */
		record Agent(String agentId) implements NodeKey {
		}

		/** {@code {prefix}/node/{agentId}/job/{jobId}}. */
		record Assignment(String agentId, long jobId) implements NodeKey {
		}

	}

}
