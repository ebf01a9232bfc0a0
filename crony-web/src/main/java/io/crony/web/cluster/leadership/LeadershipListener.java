package io.crony.web.cluster.leadership;

/** Told when this instance gains and loses the leadership. */
public interface LeadershipListener {

	void elected(LeaderTerm term);

	/**
	 * Called at once when the term ends; must stop every leader activity before
	 * returning.
	 */
	void revoked(LeaderTerm term);

}
