package io.crony.agent.assignment;

import java.util.Collection;

import io.crony.agent.schedule.FiringEngine;
import io.crony.common.job.JobSpec;

/**
 * Where the assigned jobs are held: the firing engine, seen only through the three
 * changes an assignment makes, so the way watch events become those changes is tested
 * without an engine.
 */
interface JobHolder {

	/** Holds exactly these jobs: those not among them are dropped. */
	void holdExactly(Collection<JobSpec> specs);

	/** Adds or updates these jobs. */
	void put(Collection<JobSpec> specs);

	/** Drops these jobs. */
	void remove(Collection<Long> jobIds);

	static JobHolder of(FiringEngine engine) {
		return new JobHolder() {

			@Override
			public void holdExactly(Collection<JobSpec> specs) {
				engine.holdExactly(specs);
			}

			@Override
			public void put(Collection<JobSpec> specs) {
				engine.put(specs);
			}

			@Override
			public void remove(Collection<Long> jobIds) {
				engine.remove(jobIds);
			}

		};
	}

}
