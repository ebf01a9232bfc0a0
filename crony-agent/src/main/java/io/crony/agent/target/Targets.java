package io.crony.agent.target;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.crony.common.job.TargetType;

/** The targets this agent can invoke, by type. */
public final class Targets {

	private final Map<TargetType, Target> byType = new EnumMap<>(TargetType.class);

	public Targets(List<Target> targets) {
		targets.forEach((target) -> this.byType.put(target.type(), target));
	}

	public CompletableFuture<Outcome> invoke(Invocation invocation) {
		TargetType type = invocation.job().target().type();
		Target target = this.byType.get(type);
		if (target == null) {
			return CompletableFuture.completedFuture(Outcome.failed("This agent has no " + type + " target"));
		}
		try {
			return target.invoke(invocation);
		}
		catch (RuntimeException ex) {
			return CompletableFuture.completedFuture(Outcome.failed(ex.toString()));
		}
	}

}
