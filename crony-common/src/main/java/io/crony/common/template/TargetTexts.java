package io.crony.common.template;

import java.util.LinkedHashSet;
import java.util.Set;

import io.crony.common.job.TargetSpec;
import io.crony.common.secret.SecretBox;

/**
 * The texts of a target the agent fills in per run (address, status URL, body, command,
 * its environment's values, header values other than sealed secrets), read as
 * {@link RunTemplate}s.
 */
public final class TargetTexts {

	private TargetTexts() {
	}

	/**
	 * @return the upstream jobs (by name) whose outputs any text reads, in order; a text
	 * that cannot be read adds none (the save refuses it, the attempt fails on it)
	 */
	public static Set<String> upstreamJobs(TargetSpec target) {
		Set<String> jobs = new LinkedHashSet<>();
		add(jobs, target.url());
		add(jobs, target.statusUrl());
		add(jobs, target.body());
		add(jobs, target.command());
		target.env().values().forEach((value) -> add(jobs, value));
		target.headers().values().stream().filter((value) -> !SecretBox.isSealed(value)).forEach((v) -> add(jobs, v));
		return jobs;
	}

	private static void add(Set<String> jobs, String text) {
		if (text != null && text.contains("${upstream.") && RunTemplate.problem(text) == null) {
			jobs.addAll(RunTemplate.parse(text).upstreamJobs());
		}
	}

}
