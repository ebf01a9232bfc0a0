package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.assignment.Placement;
import io.crony.web.cluster.placement.AgentCandidate;

/**
 * What one leader term believes between its steps: the jobs as MySQL last had them, the
 * live agents with the operator's overrides, and the stamp of table {@code job} at the
 * last look. Only the term's decision thread reads or changes it, and it runs its steps
 * one after the other, so no locks are needed; the assignments themselves are in the
 * {@link AssignmentView}, which etcd's callback threads update.
 */
final class LeaderState {

	private Map<Long, PlaceableJob> jobs = new HashMap<>();

	/** The live agents by id, sorted, with the operator's overrides applied. */
	private TreeMap<String, AgentCandidate> agents = new TreeMap<>();

	/**
	 * The agents as handed out: the same object until they change, so the placer keeps
	 * the eligible agents it worked out per selector.
	 */
	private Collection<AgentCandidate> agentList = List.of();

	private JobTable.Stamp stamp;

	private final StartGrace grace;

	LeaderState(StartGrace grace) {
		this.grace = grace;
	}

	PlaceableJob job(long jobId) {
		return this.jobs.get(jobId);
	}

	Collection<PlaceableJob> jobs() {
		return Collections.unmodifiableCollection(this.jobs.values());
	}

	/** A copy of the known job ids, safe to iterate while jobs are forgotten. */
	List<Long> jobIds() {
		return new ArrayList<>(this.jobs.keySet());
	}

	/** Replaces every job (a full reconcile read the whole table). */
	void replaceJobs(Map<Long, PlaceableJob> jobs) {
		this.jobs = jobs;
	}

	void putJob(PlaceableJob job) {
		this.jobs.put(job.id(), job);
	}

	void forgetJob(long jobId) {
		this.jobs.remove(jobId);
	}

	/** The live agents, sorted by id. */
	Collection<AgentCandidate> agents() {
		return this.agentList;
	}

	AgentCandidate agent(String agentId) {
		return this.agents.get(agentId);
	}

	boolean isLive(String agentId) {
		return this.agents.containsKey(agentId);
	}

	/**
	 * Whether the jobs of this agent, which is not live, wait for it to come back: it had
	 * no live key when the term began ({@link StartGrace}).
	 */
	boolean awaits(String agentId) {
		return !this.agents.containsKey(agentId) && this.grace.awaits(agentId);
	}

	/** Whether an agent whose jobs waited for it came back since the last call. */
	boolean takeReturned() {
		return this.grace.takeReturned();
	}

	/**
	 * Takes a fresh snapshot of the live agents.
	 * @return whether it differs from the one before
	 */
	boolean replaceAgents(TreeMap<String, AgentCandidate> agents) {
		boolean changed = !agents.equals(this.agents);
		this.grace.seen(agents.keySet());
		if (changed) {
			this.agents = agents;
			this.agentList = List.copyOf(agents.values());
		}
		return changed;
	}

	/** The table's stamp when the jobs were last brought up to date, null before. */
	JobTable.Stamp stamp() {
		return this.stamp;
	}

	void stamped(JobTable.Stamp stamp) {
		this.stamp = stamp;
	}

	/**
	 * Enabled jobs that hold no key, or hold one under an agent that is gone (and not
	 * awaited).
	 */
	int unassigned(AssignmentView view) {
		int count = 0;
		for (PlaceableJob job : this.jobs.values()) {
			if (isUnassigned(job, view)) {
				count++;
			}
		}
		return count;
	}

	/** The enabled jobs that wait for an agent. */
	List<PlaceableJob> unassignedJobs(AssignmentView view) {
		List<PlaceableJob> waiting = new ArrayList<>();
		for (PlaceableJob job : this.jobs.values()) {
			if (isUnassigned(job, view)) {
				waiting.add(job);
			}
		}
		return waiting;
	}

	private boolean isUnassigned(PlaceableJob job, AssignmentView view) {
		if (!job.enabled()) {
			return false;
		}
		Placement placement = view.get(job.id());
		return placement == null
				|| !this.agents.containsKey(placement.agentId()) && !this.grace.awaits(placement.agentId());
	}

}
