package io.crony.web.workflow;

import java.time.Instant;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * A backfill to start.
 *
 * @param from the first instant of the range (inclusive)
 * @param to the last instant of the range (inclusive), not in the future
 * @param withDependents true: each instant's dependents run too, released by that
 * instant's runs; default false
 * @param parallelism how many instants may run at once, 1 (serially, the default) to 16
 * @param params parameters for every run (the body template's {@code ${params}})
 */
record BackfillRequest(@NotNull Instant from, @NotNull Instant to, Boolean withDependents,
		@Min(1) @Max(16) Integer parallelism, @Size(max = 65535) String params) {
}
