package io.crony.web.cluster.leader;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import io.crony.web.cluster.assignment.Placement;
import io.crony.web.cluster.membership.AgentLeaseTtls;
import io.crony.web.cluster.membership.AgentLiveness;
import io.crony.web.cluster.membership.AgentRegistry;
import io.crony.web.cluster.placement.AgentCandidate;
import io.crony.web.cluster.placement.Placer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The leader's one decision thread for one term. It acts step by step (each step's
 * transactions are pipelined, and the step waits for them), so its picture of etcd is
 * exact between steps: agents that went away are failed over, drained agents emptied,
 * changed jobs reconciled, operator requests carried out, and every so often everything
 * compared. It wakes on every agent change and at least every poll interval. Comparing
 * everything reads every row and key: at a term start (and after a failed step) it does
 * so itself before anything else; every other time a reader thread of the term reads
 * while the steps go on, and the corrections are applied a slice after each step, after
 * the failovers, the loop turning again at once while slices are left; an agent lost
 * meanwhile is failed over before the next slice ({@link ReconcileCorrection}). The jobs
 * changed since the last look are applied the same way, a slice a step, after the
 * failovers ({@link ChangeReconciler}).
 */
final class LeaderLoop implements Runnable {

	private static final Logger log = LoggerFactory.getLogger(LeaderLoop.class);

	private final LeaderTools tools;

	private final LeaderState state;

	private final AgentRegistry registry;

	private final AgentRoster roster;

	private final ClusterRequests requests;

	private final FullReconciler fullReconciler;

	private final ChangeReconciler changeReconciler;

	private final Relocator relocator;

	private final Rebalancer rebalancer;

	private final ClusterAlarms alarms;

	private final Semaphore wake = new Semaphore(0);

	/** Agents whose jobs found no other agent; tried again when the agents change. */
	private final Set<String> stalled = new HashSet<>();

	private volatile boolean active = true;

	private Instant nextFull = Instant.MIN;

	/** The term's reader of periodic full reconciles, one at a time. */
	private final ExecutorService reader;

	/** The periodic full reconcile being read, null when none. */
	private CompletableFuture<ReconcileSnapshot> reading;

	/** The periodic full reconcile being corrected, null when none. */
	private ReconcileCorrection correcting;

	private final ReconcileGate gate;

	LeaderLoop(LeaderTools tools, AgentRegistry registry, AgentLiveness liveness, AgentLeaseTtls agentLeaseTtls,
			ClusterRequests requests, ClusterAlarms alarms, ReconcileGate gate) {
		this.tools = tools;
		this.alarms = alarms;
		this.registry = registry;
		this.requests = requests;
		this.gate = gate;
		// the term starts now, and the grace for agents gone at its start with it; the
		// agents' lease TTL it reads answers off this thread, and wakes it
		this.state = new LeaderState(new StartGrace(agentLeaseTtls::longest, System::nanoTime, this::wake));
		// each part gets only what it uses; the state and the chooser are shared by all
		LeaderState state = this.state;
		AgentChooser chooser = new AgentChooser(state, new Placer(tools.properties().strategy()), tools.view());
		AgentIdMirror mirror = new AgentIdMirror(tools.writer(), tools.view(), tools.jobTable());
		Assigner assigner = new Assigner(tools.term(), chooser, tools.view(), tools.writer(),
				tools.properties().batchSize());
		this.roster = new AgentRoster(tools.term(), registry, liveness, tools.agentTable(), tools.view(), alarms, state,
				chooser);
		ReconcileParts parts = new ReconcileParts(tools.term(), tools.jobTable(), state, chooser, tools.view(),
				tools.writer(), new PlanWriter(state, tools.writer(), assigner), mirror, gate);
		this.fullReconciler = new FullReconciler(parts, tools.stored(), tools.properties().pageSize());
		this.reader = Executors.newSingleThreadExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "crony-leader-" + tools.term().epoch() + "-reconcile-read");
			thread.setDaemon(true);
			return thread;
		});
		this.changeReconciler = new ChangeReconciler(parts, tools.properties().changeWindow(), assigner,
				tools.properties().pageSize());
		this.relocator = new Relocator(tools.keys(), tools.stored(), state, chooser, tools.view(), tools.writer(),
				mirror);
		this.rebalancer = new Rebalancer(tools.stored(), state, tools.view(), tools.writer(), mirror);
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
		LeaderTools s = this.tools;
		log.info("Leader epoch {} starts", s.term().epoch());
		while (isActive()) {
			try {
				if (!this.registry.isLoaded()) {
					// Until the registry has read the agents, every agent would look
					// dead.
					this.wake.tryAcquire(100, TimeUnit.MILLISECONDS);
					continue;
				}
				boolean compareFirst = this.nextFull == Instant.MIN;
				boolean agentsChanged = this.roster.refresh(compareFirst);
				if (compareFirst) {
					stopReading();
					// compares everything from the present: what is left of a snapshot's
					// corrections, or of a change scan, has nothing to add
					this.correcting = null;
					this.changeReconciler.drop();
					this.nextFull = Instant.now().plus(s.properties().fullReconcileInterval());
					recordLost(this.fullReconciler.reconcile());
					this.stalled.clear();
				}
				else if (this.reading == null && this.correcting == null && !this.changeReconciler.scanning()
						&& (Instant.now().isAfter(this.nextFull) || this.state.takeReturned())) {
					// an agent whose jobs waited for it is back: they were kept without
					// its labels, so they are compared now rather than an interval later.
					// Not while a change scan has slices left: the read's correction
					// would
					// place the jobs the scan has not reached yet, the two sharing one
					// piece of work in an order neither chose (225,000 of a million new
					// jobs in the bench); the read begins once the scan's last slice is
					// in.
					startReading();
				}
				boolean changesLeft = step(agentsChanged);
				boolean slicesLeft = correctSlice() || changesLeft;
				int unassigned = this.state.unassigned(s.view());
				s.metrics().unassigned(unassigned);
				this.alarms.afterStep(this.state, s.view(), unassigned);
				if (!slicesLeft) {
					this.wake.tryAcquire(s.properties().pollInterval().toMillis(), TimeUnit.MILLISECONDS);
				}
				this.wake.drainPermits();
			}
			catch (InterruptedException ex) {
				break;
			}
			catch (RuntimeException ex) {
				if (!isActive()) {
					break;
				}
				log.error("Leader epoch {} step failed, comparing everything next: {}", s.term().epoch(),
						ex.getMessage(), ex);
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
		stopReading();
		this.reader.shutdownNow();
		log.info("Leader epoch {} stops", s.term().epoch());
	}

	private void startReading() {
		this.reading = CompletableFuture.supplyAsync(() -> {
			try {
				return this.fullReconciler.read();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new CompletionException(ex);
			}
		}, this.reader);
		this.reading.whenComplete((snapshot, failure) -> wake());
	}

	/**
	 * Applies a slice of a periodic full reconcile's corrections, taking them from its
	 * read once finished. The next read starts an interval after this one finished, and
	 * not before every slice is applied.
	 * @return whether slices are left to apply at once
	 */
	private boolean correctSlice() throws InterruptedException {
		if (this.correcting == null && !takeRead()) {
			return false;
		}
		if (this.gate.holdsSlice(this.correcting.slices())) {
			return false;
		}
		recordLost(this.correcting.next());
		if (this.correcting.done()) {
			this.correcting = null;
			this.stalled.clear();
			return false;
		}
		return true;
	}

	/** Takes the corrections of a finished read; false when there are none. */
	private boolean takeRead() {
		if (this.reading == null || !this.reading.isDone()) {
			return false;
		}
		CompletableFuture<ReconcileSnapshot> done = this.reading;
		this.reading = null;
		this.nextFull = Instant.now().plus(this.tools.properties().fullReconcileInterval());
		try {
			this.correcting = this.fullReconciler.correct(done.join());
			return true;
		}
		catch (CompletionException ex) {
			log.warn("Leader epoch {} full reconcile read failed, next one in {}: {}", this.tools.term().epoch(),
					this.tools.properties().fullReconcileInterval(), ex.getCause().getMessage());
			return false;
		}
	}

	private void stopReading() {
		if (this.reading != null) {
			this.reading.cancel(true);
			this.reading = null;
		}
	}

	private boolean isActive() {
		return this.active && !this.tools.writer().deposed() && !Thread.currentThread().isInterrupted();
	}

	/**
	 * Fails over, empties drained agents, applies a slice of the change scan, carries out
	 * the operator's requests.
	 * @return whether the change scan has slices left to apply at once
	 */
	private boolean step(boolean agentsChanged) throws InterruptedException {
		LeaderTools s = this.tools;
		Map<String, Integer> lost = new HashMap<>();
		for (String agentId : s.view().held().keySet()) {
			// an agent gone before the term began may be coming back: its jobs wait for
			// it until the start grace ends (StartGrace); one lost in the term moves now
			if (!this.state.isLive(agentId) && !this.state.awaits(agentId)
					&& (agentsChanged || !this.stalled.contains(agentId))) {
				boolean retry = this.stalled.contains(agentId);
				List<Placement> held = retry ? List.of() : s.view().on(agentId);
				Relocator.Evacuation outcome = this.relocator.evacuate(agentId, "failover");
				if (!retry) {
					this.alarms.agentLost(agentId, held, outcome, s.view());
				}
				if (!retry || outcome.moved() > 0) {
					lost.put(agentId, outcome.moved());
				}
				stall(agentId, outcome);
			}
		}
		recordLost(lost);
		for (AgentCandidate agent : this.state.agents()) {
			if (agent.drained() && s.view().held(agent.id()) > 0
					&& (agentsChanged || !this.stalled.contains(agent.id()))) {
				Relocator.Evacuation outcome = this.relocator.evacuate(agent.id(), "drain");
				if (outcome.moved() > 0) {
					s.agentTable().event(agent.id(), AgentEvent.DRAINED, outcome.moved(), null);
				}
				stall(agent.id(), outcome);
			}
		}
		boolean changesLeft = this.changeReconciler.nextSlice();
		if (agentsChanged) {
			this.changeReconciler.placeUnassigned();
		}
		for (ClusterRequests.Request request : this.requests.open()) {
			if (ClusterRequests.REBALANCE.equals(request.kind())) {
				int moved = this.rebalancer.rebalance();
				this.requests.done(request.id(), "moved " + moved + " jobs");
				log.info("Leader epoch {} rebalance {} moved {} jobs", s.term().epoch(), request.id(), moved);
			}
			else {
				this.requests.done(request.id(), "unknown request kind");
			}
		}
		return changesLeft;
	}

	private void stall(String agentId, Relocator.Evacuation outcome) {
		if (outcome.stuck() > 0) {
			this.stalled.add(agentId);
		}
		else {
			this.stalled.remove(agentId);
		}
	}

	private void recordLost(Map<String, Integer> movedOffDead) {
		movedOffDead.forEach((agentId, moved) -> this.tools.agentTable().event(agentId, AgentEvent.LOST, moved, null));
	}

}
