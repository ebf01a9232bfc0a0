package io.crony.common.job;

/** How the leader picks an agent for a job. */
public enum AssignmentStrategy {

	/** Smooth weighted round robin, as in nginx. */
	WEIGHTED_ROUND_ROBIN,
	/** The live agent with the fewest assigned jobs; ties go to the higher weight. */
	FEWEST_JOBS

}
