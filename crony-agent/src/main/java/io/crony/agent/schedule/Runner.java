package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.target.AttemptPolicy;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Targets;
import io.crony.agent.tracing.RunSpan;
import io.crony.agent.tracing.RunTracing;
import io.crony.common.execution.ExecutionStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a due fire: applies the overlap policy ({@link Overlap}), invokes the target
 * attempt by attempt as {@link AttemptPolicy} says (retries, moves, backoff; an
 * asynchronous loop: no thread waits through a call or a backoff), and has each step
 * recorded ({@link RunRecords}). A small loop of our own rather than a retry library:
 * every attempt must be recorded, cancelled from outside and timed per job, which is most
 * of the code either way.
 */
final class Runner {

	private static final Logger logger = LoggerFactory.getLogger(Runner.class);

	private final Targets targets;

	private final RunRecords records;

	private final AgentMetrics metrics;

	private final ScheduledExecutorService timer;

	private final Executor workers;

	private final Clock clock;

	private final Overlap overlap;

	private final RunTracing tracing;

	// The runs going: each run admitted and not finished is in one of the two, from its
	// admission on, which is what a graceful stop waits for and ends. Nearly every run
	// has an execution id, and its entry here (how a cancel finds it) is all it costs
	// the firing path; one without (a fire claimed only in the spool while the database
	// was away) is kept aside. Its job's running set holds it too, but the jobs are
	// handed back (and forgotten) as the stop begins, so the stop could not find them.
	private final Map<Long, Run> byExecutionId = new ConcurrentHashMap<>();

	private final Set<Run> withoutExecutionId = ConcurrentHashMap.newKeySet();

	// The cut: set once a stopping agent's grace is over, with the reason its runs end
	// by; from then on nothing starts. A run is registered above before its first
	// attempt reads this, and the cut is set before it walks the runs registered: a run
	// the walk misses (registered just after it began) sees the cut at its attempt and
	// ends itself (volatile writes and reads in one order: of the two, at least one sees
	// the other).
	private volatile Reason cut;

	Runner(Targets targets, RunRecords records, AgentMetrics metrics, ScheduledExecutorService timer, Executor workers,
			Clock clock, int queueLimit) {
		this(targets, records, metrics, timer, workers, clock, queueLimit, RunTracing.off());
	}

	Runner(Targets targets, RunRecords records, AgentMetrics metrics, ScheduledExecutorService timer, Executor workers,
			Clock clock, int queueLimit, RunTracing tracing) {
		this.tracing = tracing;
		this.targets = targets;
		this.records = records;
		this.metrics = metrics;
		this.timer = timer;
		this.workers = workers;
		this.clock = clock;
		this.overlap = new Overlap(records, clock, queueLimit);
	}

	/** Starts a fire now, unless its job's overlap policy says otherwise. */
	void dispatch(Fire fire) {
		if (this.cut != null) {
			// handed to a worker before the stop, reached only after its grace
			this.records.notRun(fire, ExecutionStatus.CANCELLED, Reason.of(ReasonCode.RUN_NOT_STARTED_AGENT_STOPPED));
			return;
		}
		List<Run> replaced = new ArrayList<>();
		Run run = this.overlap.admit(fire, replaced);
		replaced.forEach((old) -> cancel(old, Reason.of(ReasonCode.RUN_REPLACED, fire.scheduledAt)));
		if (run != null) {
			going(run);
			start(run);
		}
	}

	/** Drops the fires waiting for a job's running run ({@link Overlap#dropQueue}). */
	void dropQueue(JobState job, Reason why) {
		this.overlap.dropQueue(job, why);
	}

	private void start(Run run) {
		Fire fire = run.fire;
		if (fire.kind == FireKind.SCHEDULED) {
			this.metrics.lateness(Duration.between(fire.scheduledAt, this.clock.instant()));
		}
		run.moves = fire.movesBefore;
		run.span = this.tracing.run(run.spec.name(), fire.job.id(), fire.executionId, fire.scheduledAt, fire.trigger,
				fire.releasedBy);
		run.traceId = RunTracing.traceId(run.span);
		attempt(run, fire.firstAttempt, null);
	}

	/** Cancels a running execution; false when this agent does not run it. */
	boolean cancel(long executionId, Reason reason) {
		Run run = this.byExecutionId.get(executionId);
		if (run == null) {
			return false;
		}
		cancel(run, reason);
		return true;
	}

	// The row says CANCELLED at once; an aborted call or a retry that was waiting ends
	// quietly.
	private void cancel(Run run, Reason reason) {
		run.cancel(reason);
		finish(run, AttemptResult.noted(ExecutionStatus.CANCELLED, reason));
	}

	/**
	 * @param avoid the instance ({@code host:port}) the run moves away from, or null
	 */
	private void attempt(Run run, int attempt, String avoid) {
		// The start record is made under the run's monitor, where its finish is decided:
		// a run finished meanwhile (the cut, a cancel) starts nothing, and a finish
		// decided after the start is recorded after it.
		AttemptResult instead = null;
		synchronized (run) {
			if (run.finished) {
				return;
			}
			if (run.cancelled()) {
				instead = AttemptResult.noted(ExecutionStatus.CANCELLED, run.cancelReason);
			}
			else if (this.cut != null) {
				// registered after the cut walked the runs: it ends itself
				instead = stopped(run, this.cut);
			}
			else {
				run.attempt = attempt;
				this.records.started(run, attempt);
			}
		}
		if (instead != null) {
			finish(run, instead);
			return;
		}
		Fire fire = run.fire;
		RunSpan span = this.tracing.attempt(run.span, attempt);
		// a sharded attempt's calls are spans of their own, children of the run's
		RunSpan callParent = (run.spec.target().sharding() != null) ? run.span : span;
		CompletableFuture<AttemptResult> call = this.targets
			.invoke(new Invocation(run.spec, fire.executionId, fire.scheduledAt, fire.params, attempt, fire.trigger)
				.avoiding(avoid)
				.withTrace(this.tracing.context(callParent)));
		run.pending = call;
		if (run.cancelled()) {
			call.cancel(true);
		}
		call.whenComplete((outcome, failure) -> {
			RunTracing.end(span, outcome != null && outcome.succeeded(),
					(outcome != null) ? outcome.error() : String.valueOf(failure));
			attemptEnded(run, attempt, outcome, failure);
		});
	}

	private void attemptEnded(Run run, int attempt, AttemptResult outcome, Throwable failure) {
		// ended already (a stopping agent let it go, or ended it): no retry, no record
		if (run.finished) {
			return;
		}
		if (run.cancelled()) {
			finish(run, AttemptResult.noted(ExecutionStatus.CANCELLED, run.cancelReason));
			return;
		}
		AttemptResult result = (outcome != null) ? outcome : AttemptResult.failed(String.valueOf(failure));
		AttemptPolicy policy = AttemptPolicy.ofRun(run.spec);
		AttemptPolicy.Next next = policy.after(result, attempt, run.moves, ThreadLocalRandom.current());
		if (next.step() == AttemptPolicy.Step.MOVE) {
			move(run, attempt, result);
			return;
		}
		if (next.result().status() == ExecutionStatus.TIMED_OUT) {
			this.metrics.timeout();
		}
		if (next.step() == AttemptPolicy.Step.FINISH) {
			finish(run, next.result());
			return;
		}
		this.metrics.retry();
		long waitMillis = next.delay().toMillis();
		AttemptResult failed = next.result();
		FireMdc.with(run.fire,
				() -> logger.info("Run of job {} at {} attempt {} ended {} ({}); retrying in {} ms ({} backoff)",
						run.fire.job.id(), run.fire.scheduledAt, attempt, failed.status(), failed.error(), waitMillis,
						policy.backoff()));
		run.pending = this.timer.schedule(() -> this.workers.execute(() -> attempt(run, attempt + 1, null)), waitMillis,
				TimeUnit.MILLISECONDS);
	}

	/** The next attempt at once, kept off the instance the run moves away from. */
	private void move(Run run, int attempt, AttemptResult moved) {
		run.moves++;
		FireMdc.with(run.fire, () -> logger.info("Run of job {} at {} attempt {} moves off {} ({})", run.fire.job.id(),
				run.fire.scheduledAt, attempt, moved.movedFrom(), moved.error()));
		this.workers.execute(() -> attempt(run, attempt + 1, moved.movedFrom()));
	}

	// false when the run had finished already: nothing is recorded twice
	private boolean finish(Run run, AttemptResult outcome) {
		if (!markFinished(run)) {
			return false;
		}
		this.records.finished(run, outcome);
		if (run.span != null) {
			RunTracing.end(run.span, outcome.succeeded(), outcome.error());
		}
		Run next = this.overlap.ended(run);
		// the next one counts as going before this one stops counting: a stop waiting
		// for the runs never finds none between the two
		if (next != null) {
			going(next);
		}
		gone(run);
		if (next != null) {
			this.workers.execute(() -> start(next));
		}
		return true;
	}

	/**
	 * Whether a run is going that is not left to others.
	 * @param leftToOthers whether the run of an execution is no longer this agent's to
	 * end: an ASYNC attempt its target accepted ends by its report, or by the takeover of
	 * the job's next holder
	 */
	boolean anyGoing(LongPredicate leftToOthers) {
		return anyOwn(this.byExecutionId.values(), leftToOthers) || anyOwn(this.withoutExecutionId, leftToOthers);
	}

	private static boolean anyOwn(Iterable<Run> runs, LongPredicate leftToOthers) {
		for (Run run : runs) {
			if (!leftToOthers(run, leftToOthers)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The agent stops and its grace is over: each run still going is recorded as the
	 * reason says (status FAILED) before its call is cancelled, so the cancelled call
	 * records nothing more; a run left to others is let go without a record, its row
	 * still RUNNING for them. A run admitted that has not started an attempt here is
	 * recorded CANCELLED, not started. From now on no run and no attempt starts: a fire
	 * that reaches the runner is recorded CANCELLED, and a run admitted as the cut is
	 * made, or an attempt about to start, ends itself as this does.
	 * @return how many runs were ended here
	 */
	int endGoing(Reason reason, LongPredicate leftToOthers) {
		this.cut = reason;
		int ended = end(this.byExecutionId.values(), reason, leftToOthers);
		return ended + end(this.withoutExecutionId, reason, leftToOthers);
	}

	private int end(Iterable<Run> runs, Reason reason, LongPredicate leftToOthers) {
		int ended = 0;
		// the maps' iterators see every run registered before the walk began
		for (Run run : runs) {
			if (leftToOthers(run, leftToOthers)) {
				letGo(run);
			}
			else if (finish(run, stopped(run, reason))) {
				run.cancel(reason);
				ended++;
			}
		}
		return ended;
	}

	// how a run the cut ends is recorded: not started when no attempt of it began here
	// (and none elsewhere: a resumed run's row is RUNNING already)
	private static AttemptResult stopped(Run run, Reason reason) {
		if (run.attempt == 0 && run.fire.firstAttempt <= 1) {
			return AttemptResult.noted(ExecutionStatus.CANCELLED, Reason.of(ReasonCode.RUN_NOT_STARTED_AGENT_STOPPED));
		}
		return AttemptResult.noted(ExecutionStatus.FAILED, reason);
	}

	// whether this call finished the run: under its monitor, as its start records are
	private static boolean markFinished(Run run) {
		synchronized (run) {
			if (run.finished) {
				return false;
			}
			run.finished = true;
			return true;
		}
	}

	// a run admitted counts as going until it finishes; a run whose execution id is
	// another's going here already (never expected) is kept aside, not lost to the stop
	private void going(Run run) {
		long id = run.fire.executionId;
		if (id == 0 || this.byExecutionId.putIfAbsent(id, run) != null) {
			this.withoutExecutionId.add(run);
		}
	}

	private void gone(Run run) {
		long id = run.fire.executionId;
		if (id == 0 || !this.byExecutionId.remove(id, run)) {
			this.withoutExecutionId.remove(run);
		}
	}

	private static boolean leftToOthers(Run run, LongPredicate leftToOthers) {
		return run.fire.executionId != 0 && leftToOthers.test(run.fire.executionId);
	}

	// a run this agent no longer ends: it stops counting, and ending it later (its
	// accepted attempt cancelled as the agent closes) records nothing
	private void letGo(Run run) {
		if (!markFinished(run)) {
			return;
		}
		FireMdc.with(run.fire,
				() -> logger.info("Run of job {} at {} left RUNNING: its accepted attempt ends by its report",
						run.fire.job.id(), run.fire.scheduledAt));
		// its job was handed back as the stop began: no fire waits behind it
		this.overlap.ended(run);
		gone(run);
	}

}
