package io.crony.web.retention;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import io.crony.common.execution.ExecutionStatus;

/**
 * The runs retention never removes: those not over yet ({@link ExecutionStatus#isFinal}),
 * PENDING, RUNNING and WAITING (a fire parked until its upstream jobs release or stop
 * it). Taken from the status enum, so a state the run machine adds is kept without a
 * second list to remember: before, the purge and the day drop named PENDING and RUNNING
 * only, and removed waiting fires with the finished rows.
 */
final class OpenRuns {

	static final List<ExecutionStatus> STATUSES = Arrays.stream(ExecutionStatus.values())
		.filter((status) -> !status.isFinal())
		.toList();

	private static final String QUOTED = STATUSES.stream()
		.map((status) -> "'" + status.name() + "'")
		.collect(Collectors.joining(", "));

	/** {@code status IN ('PENDING', 'RUNNING', 'WAITING')}. */
	static final String OPEN = "status IN (" + QUOTED + ")";

	/**
	 * {@code status NOT IN ('PENDING', 'RUNNING', 'WAITING')}: the rows retention may
	 * remove.
	 */
	static final String FINISHED = "status NOT IN (" + QUOTED + ")";

	/** {@code a PENDING, RUNNING or WAITING row}: why a day is kept. */
	static final String DESCRIBED = "a "
			+ STATUSES.subList(0, STATUSES.size() - 1).stream().map(Enum::name).collect(Collectors.joining(", "))
			+ " or " + STATUSES.get(STATUSES.size() - 1).name() + " row";

	private OpenRuns() {
	}

}
