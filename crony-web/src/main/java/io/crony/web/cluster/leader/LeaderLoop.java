package io.crony.web.cluster.leader;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import io.crony.common.job.AgentInfo;
import io.crony.web.cluster.assignment.Placement;
import io.crony.web.cluster.membership.AgentLiveness;
import io.crony.web.cluster.membership.AgentRegistry;
import io.crony.web.cluster.placement.AgentCandidate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The leader's one decision thread for one term. It acts step by step (each step's
 * transactions are pipelined, and the step waits for them), so its picture of etcd is
 * exact between steps: agents that went away are failed over, drained agents emptied,
 * changed jobs reconciled, operator requests carried out, and every so often everything
 * compared. It wakes on every agent change and at least every poll interval.
 */
final class LeaderLoop implements Runnable {

	private static final Logger log = LoggerFactory.getLogger(LeaderLoop.class);

	private final LeaderSession session;

	private final AgentRegistry registry;

	private final AgentLiveness liveness;

	private final ClusterRequests requests;

	private final Reconciler reconciler;

	private final Relocator relocator;

	private final Rebalancer rebalancer;

	private final ClusterAlarms alarms;

	private final Semaphore wake = new Semaphore(0);

	/** Agents seen alive in this term, as last recorded in table agent. */
	private final Map<String, AgentInfo> known = new HashMap<>();

	/** Agents whose jobs found no other agent; tried again when the agents change. */
	private final Set<String> stalled = new HashSet<>();

	private volatile boolean active = true;

	private Instant nextFull = Instant.MIN;

	LeaderLoop(LeaderSession session, AgentRegistry registry, AgentLiveness liveness, ClusterRequests requests,
			ClusterAlarms alarms) {
		this.session = session;
		this.alarms = alarms;
		this.registry = registry;
		this.liveness = liveness;
		this.requests = requests;
		this.reconciler = new Reconciler(session);
		this.relocator = new Relocator(session);
		this.rebalancer = new Rebalancer(session);
	}

	void wake() {
		this.wake.release();
	}

	void stop() {
		this.active = false;
		this.wake.release();
	}

	@Override
	public void run() {
		LeaderSession s = this.session;
		log.info("Leader epoch {} starts", s.term.epoch());
		while (isActive()) {
			try {
				if (!this.registry.isLoaded()) {
					// Until the registry has read the agents, every agent would look
					// dead.
					this.wake.tryAcquire(100, TimeUnit.MILLISECONDS);
					continue;
				}
				boolean agentsChanged = refreshAgents();
				if (Instant.now().isAfter(this.nextFull)) {
					this.nextFull = Instant.now().plus(s.properties.fullReconcileInterval());
					recordLost(this.reconciler.full());
					this.stalled.clear();
				}
				step(agentsChanged);
				int unassigned = s.unassignedCount();
				s.metrics.unassigned(unassigned);
				this.alarms.afterStep(s, unassigned);
				this.wake.tryAcquire(s.properties.pollInterval().toMillis(), TimeUnit.MILLISECONDS);
				this.wake.drainPermits();
			}
			catch (InterruptedException ex) {
				break;
			}
			catch (RuntimeException ex) {
				if (!isActive()) {
					break;
				}
				log.error("Leader epoch {} step failed, comparing everything next: {}", s.term.epoch(), ex.getMessage(),
						ex);
				this.nextFull = Instant.MIN;
				try {
					// Back off: etcd or MySQL may be restarting.
					this.wake.tryAcquire(1, TimeUnit.SECONDS);
				}
				catch (InterruptedException interrupted) {
					break;
				}
			}
		}
		log.info("Leader epoch {} stops", s.term.epoch());
	}

	private boolean isActive() {
		return this.active && !this.session.writer.deposed() && !Thread.currentThread().isInterrupted();
	}

	private void step(boolean agentsChanged) throws InterruptedException {
		LeaderSession s = this.session;
		Map<String, Integer> lost = new HashMap<>();
		for (String agentId : s.view.held().keySet()) {
			if (!s.agents.containsKey(agentId) && (agentsChanged || !this.stalled.contains(agentId))) {
				boolean retry = this.stalled.contains(agentId);
				List<Placement> held = retry ? List.of() : s.view.on(agentId);
				Relocator.Evacuation outcome = this.relocator.evacuate(agentId, "failover");
				if (!retry) {
					this.alarms.agentLost(agentId, held, outcome, s.view);
				}
				if (!retry || outcome.moved() > 0) {
					lost.put(agentId, outcome.moved());
				}
				stall(agentId, outcome);
			}
		}
		recordLost(lost);
		for (AgentCandidate agent : s.agents.values()) {
			if (agent.drained() && s.view.held(agent.id()) > 0
					&& (agentsChanged || !this.stalled.contains(agent.id()))) {
				Relocator.Evacuation outcome = this.relocator.evacuate(agent.id(), "drain");
				if (outcome.moved() > 0) {
					s.agentTable.event(agent.id(), AgentEvent.DRAINED, outcome.moved(), null);
				}
				stall(agent.id(), outcome);
			}
		}
		this.reconciler.changes();
		if (agentsChanged) {
			this.reconciler.placeUnassigned();
		}
		for (ClusterRequests.Request request : this.requests.open()) {
			if (ClusterRequests.REBALANCE.equals(request.kind())) {
				int moved = this.rebalancer.rebalance();
				this.requests.done(request.id(), "moved " + moved + " jobs");
				log.info("Leader epoch {} rebalance {} moved {} jobs", s.term.epoch(), request.id(), moved);
			}
			else {
				this.requests.done(request.id(), "unknown request kind");
			}
		}
	}

	private void stall(String agentId, Relocator.Evacuation outcome) {
		if (outcome.stuck() > 0) {
			this.stalled.add(agentId);
		}
		else {
			this.stalled.remove(agentId);
		}
	}

	/**
	 * Takes a fresh snapshot of the live agents with overrides; records joins and losses.
	 */
	private boolean refreshAgents() {
		LeaderSession s = this.session;
		Map<String, AgentInfo> live = this.registry.liveAgents();
		Map<String, AgentTable.Override> overrides = s.agentTable.overrides();
		TreeMap<String, AgentCandidate> agents = new TreeMap<>();
		live.forEach((id, info) -> {
			AgentTable.Override override = overrides.get(id);
			int weight = (override != null && override.weight() != null) ? override.weight() : info.weight();
			agents.put(id, new AgentCandidate(id, weight, info.labels(), override != null && override.drained()));
		});
		for (Map.Entry<String, AgentInfo> agent : live.entrySet()) {
			AgentInfo before = this.known.put(agent.getKey(), agent.getValue());
			if (!agent.getValue().equals(before)) {
				s.agentTable.online(agent.getValue());
				if (before == null) {
					s.agentTable.event(agent.getKey(), AgentEvent.JOINED, null, agent.getValue().host());
					log.info("Agent {} joined ({}:{}, weight {})", agent.getKey(), agent.getValue().host(),
							agent.getValue().port(), agent.getValue().weight());
				}
			}
		}
		for (String gone : new HashSet<>(this.known.keySet())) {
			if (!live.containsKey(gone)) {
				this.known.remove(gone);
				// when its lease was last renewed, not now: it may have been dead for a
				// TTL
				s.agentTable.offline(gone, this.liveness.lastSeen(gone).orElse(null));
				if (s.view.held(gone) == 0) {
					// An agent holding jobs gets its LOST event with the count once they
					// moved.
					s.agentTable.event(gone, AgentEvent.LOST, 0, null);
					this.alarms.agentLost(gone, List.of(), new Relocator.Evacuation(0, 0), s.view);
				}
				log.warn("Agent {} lost, holding {} jobs", gone, s.view.held(gone));
			}
		}
		if (this.nextFull == Instant.MIN) {
			s.agentTable.offlineExcept(live.keySet(), this.liveness);
		}
		boolean changed = !agents.equals(s.agents);
		if (changed) {
			log.info("Leader epoch {} agents now {}", s.term.epoch(), agents.values());
		}
		s.agents = agents;
		s.placer.forgetAgentsExcept(agents.keySet());
		return changed;
	}

	private void recordLost(Map<String, Integer> movedOffDead) {
		movedOffDead.forEach((agentId, moved) -> this.session.agentTable.event(agentId, AgentEvent.LOST, moved, null));
	}

}
