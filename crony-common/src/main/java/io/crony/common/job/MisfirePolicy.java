package io.crony.common.job;

/**
 * What happens to fire times that passed while no agent held the job (failover, restart).
 */
public enum MisfirePolicy {

	/** Fire once now for all missed times. */
	FIRE_NOW,
	/** Drop missed times; wait for the next one. */
	SKIP,
	/** Fire every missed time, up to a bound. */
	CATCH_UP

}
