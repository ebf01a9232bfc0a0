package io.crony.common.job;

import java.util.List;

/**
 * How one fire of a job on a discovered service ({@code lb://}, {@code discovery:///})
 * becomes several calls: {@code shards} calls, each told its index (from 0) and the
 * total, with its own parameters when given, spread over the service's instances; or, to
 * broadcast, one call to every instance the registry lists at fire time.
 *
 * @param shards how many calls; 0 when broadcasting (as many as there are instances)
 * @param params each shard's parameters, by index; empty for none
 * @param broadcast one call to every live instance instead of a fixed count
 * @param timeoutSeconds how long the whole fire may take, every shard's retries included:
 * shards still going then are stopped and the run ends TIMED_OUT; null for no limit
 * beyond each shard's own (the job's per-attempt timeout and retry policy)
 */
public record Sharding(int shards, List<String> params, boolean broadcast, Integer timeoutSeconds) {

	public Sharding {
		params = (params != null) ? List.copyOf(params) : List.of();
	}

	/** {@code shards} calls, each with the parameters at its index, if any. */
	public static Sharding of(int shards, List<String> params) {
		return new Sharding(shards, params, false, null);
	}

	/** One call to every instance of the service. */
	public static Sharding toEveryInstance() {
		return new Sharding(0, List.of(), true, null);
	}

	/** The same sharding with a limit on the whole fire (null for none). */
	public Sharding within(Integer wholeTimeoutSeconds) {
		return new Sharding(this.shards, this.params, this.broadcast, wholeTimeoutSeconds);
	}

	/** The parameters of a shard, or null when the job gives none. */
	public String paramsOf(int index) {
		return (index < this.params.size()) ? this.params.get(index) : null;
	}

}
