package io.crony.common.execution.lifecycle;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;

import io.crony.common.execution.ExecutionStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.crony.common.execution.ExecutionStatus.CANCELLED;
import static io.crony.common.execution.ExecutionStatus.FAILED;
import static io.crony.common.execution.ExecutionStatus.MISSED;
import static io.crony.common.execution.ExecutionStatus.PENDING;
import static io.crony.common.execution.ExecutionStatus.RUNNING;
import static io.crony.common.execution.ExecutionStatus.SKIPPED;
import static io.crony.common.execution.ExecutionStatus.SUCCEEDED;
import static io.crony.common.execution.ExecutionStatus.TIMED_OUT;
import static io.crony.common.execution.ExecutionStatus.WAITING;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random interleavings of everything that writes an execution row's status (claims,
 * starts, retries, moves, shard ends, reports, cancels, disabling and deleting jobs, the
 * reconciler, failover, workflow stops), each applied the way its SQL applies it: only
 * when {@link RunTransition} allows the row's current status (the guard), else the write
 * changes nothing. Whatever the order, a fire has one row, a row that reached SUCCEEDED,
 * CANCELLED or SKIPPED never changes again, FAILED and TIMED_OUT are left only by a later
 * async attempt, MISSED only by the run's own finish record, attempts only grow, and once
 * every actor has done its last step every claimed fire is closed.
 */
class RunLifecyclePropertiesTest {

	private static final int FIRES = 6;

	private static final int MAX_ATTEMPTS = 3;

	private static final Set<ExecutionStatus> NEVER_LEFT = EnumSet.of(SUCCEEDED, CANCELLED, SKIPPED);

	/**
	 * How many random interleavings a run tries: each seed is one, the same on every run.
	 */
	private static final int TRIES = 400;

	private static final int MAX_STEPS = 60;

	private static final ExecutionStatus[] OUTCOMES = { SUCCEEDED, FAILED, TIMED_OUT, CANCELLED, SKIPPED, MISSED };

	// Seeded, so a failure names the seed that reproduces it, and every run tries the
	// same
	// interleavings: a test that passes today passes tomorrow unless the machine changed.
	@ParameterizedTest(name = "seed {0}")
	@MethodSource("seeds")
	void everyInterleavingKeepsTheMachinesPromises(long seed) {
		List<Step> steps = steps(new Random(seed));
		Table table = new Table();
		for (Step step : steps) {
			Map<Integer, Row> before = table.snapshot();
			table.apply(step);
			table.checkAgainst(before);
		}
		Map<Integer, Row> before = table.snapshot();
		table.drain();
		table.checkAgainst(before);
		table.rows.values().forEach((row) -> assertThat(row.status.isFinal()).as("closed: %s", row).isTrue());
		assertThat(table.rows.keySet()).isEqualTo(table.claimed);
	}

	static LongStream seeds() {
		return LongStream.range(0, TRIES);
	}

	private static List<Step> steps(Random random) {
		Action[] actions = Action.values();
		List<Step> steps = new ArrayList<>();
		int count = random.nextInt(MAX_STEPS + 1);
		for (int i = 0; i < count; i++) {
			steps.add(new Step(actions[random.nextInt(actions.length)], random.nextInt(FIRES),
					random.nextBoolean() ? "a" : "b", OUTCOMES[random.nextInt(OUTCOMES.length)],
					random.nextInt(3) - 1));
		}
		return steps;
	}

	enum Action {

		CLAIM, START, RETRY, MOVE, SHARD_END, FINISH, ASYNC_START, ASYNC_END, REPORT, CANCEL, DISABLE, DELETE,
		RECONCILE, FAILOVER, RELEASE, STOP

	}

	/**
	 * One actor's write.
	 *
	 * @param fire which fire (fires of odd index belong to a job with upstreams)
	 * @param agent the agent that writes, where an agent does
	 * @param outcome the status an ending writes
	 * @param skew how stale the writer's idea of the attempt is
	 */
	record Step(Action action, int fire, String agent, ExecutionStatus outcome, int skew) {
	}

	static final class Row {

		ExecutionStatus status;

		int attempt;

		String agent;

		boolean jobStopped;

		Row(ExecutionStatus status, int attempt, String agent) {
			this.status = status;
			this.attempt = attempt;
			this.agent = agent;
		}

		Row copy() {
			Row copy = new Row(this.status, this.attempt, this.agent);
			copy.jobStopped = this.jobStopped;
			return copy;
		}

		@Override
		public String toString() {
			return this.status + "@" + this.attempt + " on " + this.agent;
		}

	}

	static final class Table {

		final Map<Integer, Row> rows = new HashMap<>();

		final Set<Integer> claimed = new HashSet<>();

		// the transition each row last changed by, to check its exits
		final Map<Integer, RunTransition> lastBy = new HashMap<>();

		void apply(Step step) {
			int fire = step.fire();
			if (step.action() == Action.CLAIM) {
				// INSERT IGNORE on the unique (job_id, scheduled_at): a second claim is
				// none
				this.claimed.add(fire);
				if (this.rows.putIfAbsent(fire, new Row(PENDING, 0, step.agent())) == null && fire % 2 == 1) {
					write(fire, RunTransition.PARK, WAITING, false, step.agent(), true, 0);
				}
				return;
			}
			Row row = this.rows.get(fire);
			if (row == null) {
				return;
			}
			String agent = step.agent();
			int attempt = row.attempt + step.skew();
			switch (step.action()) {
				case START -> write(fire, RunTransition.START, RUNNING, false, agent, true, Math.max(1, row.attempt));
				case RETRY, MOVE -> write(fire, RunTransition.START, RUNNING, false, agent, true, row.attempt + 1);
				case ASYNC_START -> {
					int next = Math.max(1, row.attempt + Math.max(0, step.skew()));
					write(fire, RunTransition.RETRY, RUNNING, row.attempt < next && next <= MAX_ATTEMPTS, agent, true,
							next);
				}
				case SHARD_END, FINISH ->
					write(fire, RunTransition.FINISH, step.outcome(), false, agent, true, Math.max(1, row.attempt));
				case ASYNC_END -> {
					if (attempt == row.attempt && agent.equals(row.agent)) {
						write(fire, RunTransition.END, ending(step.outcome()), false, agent, false, row.attempt);
					}
				}
				case REPORT -> {
					// a legacy token (skew 0 here) proves no attempt; another attempt's
					// changes nothing
					if (step.skew() == 0 || attempt == row.attempt) {
						write(fire, RunTransition.REPORT, reported(step.outcome()), false, null, false, row.attempt);
					}
				}
				case CANCEL -> write(fire, RunTransition.CANCEL, CANCELLED, false, null, false, row.attempt);
				case DISABLE -> {
					// the agent releases the claim, the leader cancels it: the job is
					// still disabled
					if (row.status == PENDING) {
						row.agent = null;
					}
					row.jobStopped = true;
					if (row.agent == null) {
						write(fire, RunTransition.CANCEL, CANCELLED, false, null, false, row.attempt);
					}
				}
				case DELETE -> {
					write(fire, RunTransition.DROP, CANCELLED, false, null, false, row.attempt);
					write(fire, RunTransition.CANCEL, CANCELLED, false, null, false, row.attempt);
				}
				case RECONCILE -> write(fire, RunTransition.MISS, MISSED, false, null, false, row.attempt);
				case FAILOVER -> {
					if (row.status == PENDING) {
						row.agent = agent;
					}
					else if (row.status == RUNNING) {
						write(fire, RunTransition.END, TIMED_OUT, false, null, false, row.attempt);
						if (row.status == TIMED_OUT) {
							row.agent = agent;
						}
					}
				}
				case RELEASE -> write(fire, RunTransition.RELEASE, PENDING, false, null, false, row.attempt);
				case STOP -> write(fire, RunTransition.STOP, SKIPPED, false, null, false, row.attempt);
				default -> throw new IllegalStateException(step.action().name());
			}
		}

		/**
		 * Every actor's last step: runs end, waiting fires stop, stale claims are missed.
		 */
		void drain() {
			for (Map.Entry<Integer, Row> entry : this.rows.entrySet()) {
				Row row = entry.getValue();
				write(entry.getKey(), RunTransition.FINISH, SUCCEEDED, false, row.agent, true,
						Math.max(1, row.attempt));
				write(entry.getKey(), RunTransition.STOP, SKIPPED, false, null, false, row.attempt);
			}
		}

		/**
		 * A guarded write: changes the row only when the machine allows it, as the SQL
		 * does (the guard matches no row otherwise).
		 * @param owned whether the write is conditional on the row being the agent's or
		 * nobody's
		 */
		void write(int fire, RunTransition transition, ExecutionStatus target, boolean attemptsLeft, String agent,
				boolean owned, int attempt) {
			Row row = this.rows.get(fire);
			if (owned && row.agent != null && !row.agent.equals(agent)) {
				return;
			}
			if (!transition.allows(row.status, target, attemptsLeft)) {
				return;
			}
			row.status = target;
			row.attempt = attempt;
			if (owned && target != WAITING) {
				row.agent = agent;
			}
			if (target == WAITING) {
				row.agent = null;
			}
			this.lastBy.put(fire, transition);
		}

		Map<Integer, Row> snapshot() {
			Map<Integer, Row> copy = new HashMap<>();
			this.rows.forEach((fire, row) -> copy.put(fire, row.copy()));
			return copy;
		}

		void checkAgainst(Map<Integer, Row> before) {
			before.forEach((fire, was) -> {
				Row now = this.rows.get(fire);
				assertThat(now).as("fire %d keeps its one row", fire).isNotNull();
				assertThat(now.attempt).as("attempts of fire %d only grow", fire).isGreaterThanOrEqualTo(was.attempt);
				if (now.status == was.status) {
					return;
				}
				assertThat(NEVER_LEFT).as("fire %d left %s for %s", fire, was, now).doesNotContain(was.status);
				if (was.status == FAILED || was.status == TIMED_OUT) {
					assertThat(now.status).as("fire %d left %s only for a later attempt", fire, was).isEqualTo(RUNNING);
					assertThat(now.attempt).isGreaterThan(was.attempt);
					assertThat(now.attempt).isLessThanOrEqualTo(MAX_ATTEMPTS);
				}
				if (was.status == MISSED) {
					assertThat(this.lastBy.get(fire)).as("fire %d left MISSED by its finish record only", fire)
						.isEqualTo(RunTransition.FINISH);
				}
			});
		}

		private static ExecutionStatus ending(ExecutionStatus outcome) {
			return EnumSet.of(SUCCEEDED, FAILED, TIMED_OUT).contains(outcome) ? outcome : FAILED;
		}

		private static ExecutionStatus reported(ExecutionStatus outcome) {
			return (outcome == SKIPPED || outcome == MISSED) ? SUCCEEDED : outcome;
		}

	}

}
