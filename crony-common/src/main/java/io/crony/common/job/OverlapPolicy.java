package io.crony.common.job;

/** What happens when a run is due while the previous run of the same job still runs. */
public enum OverlapPolicy {

	/** Start it anyway. */
	ALLOW,
	/** Record it as skipped. */
	SKIP,
	/** Start it when the previous one ends. */
	QUEUE,
	/** Cancel the previous one and start this one. */
	REPLACE

}
