package io.crony.common.execution.lifecycle;

import java.util.Collection;
import java.util.stream.Collectors;

/**
 * The SQL pieces the status machines beside {@link RunTransition} build: the column,
 * optionally aliased, a literal status and a list of them. Every machine quotes its own
 * enum's names, so no caller's value ever reaches the SQL text.
 */
final class StatusSql {

	private StatusSql() {
	}

	/** {@code status} or {@code w.status}. */
	static String column(String alias) {
		return (alias != null) ? alias + ".status" : "status";
	}

	/** {@code 'RUNNING', 'FAILED'}: the names, quoted, in the set's order. */
	static String quoted(Collection<? extends Enum<?>> statuses) {
		return statuses.stream().map((s) -> "'" + s.name() + "'").collect(Collectors.joining(", "));
	}

	/** {@code status IN ('RUNNING', 'FAILED')}. */
	static String in(String alias, Collection<? extends Enum<?>> statuses) {
		return column(alias) + " IN (" + quoted(statuses) + ")";
	}

	/** {@code status = 'RUNNING'}. */
	static String assign(String alias, Enum<?> status) {
		return column(alias) + " = '" + status.name() + "'";
	}

	/** The one target of a transition that has one, else why it cannot be a literal. */
	static <E extends Enum<E>> E single(Object transition, Collection<E> to) {
		if (to.size() != 1) {
			throw new IllegalStateException(transition + " writes one of " + to + ": name the value");
		}
		return to.iterator().next();
	}

	/** {@code target} when the transition may write it. */
	static <E extends Enum<E>> E checked(Object transition, Collection<E> to, E target) {
		if (!to.contains(target)) {
			throw new IllegalArgumentException(transition + " never writes " + target + ", only " + to);
		}
		return target;
	}

}
