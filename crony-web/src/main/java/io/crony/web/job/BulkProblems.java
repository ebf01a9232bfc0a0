package io.crony.web.job;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.crony.web.error.FieldProblem;

/**
 * The problems of one bulk request, each named by its job's path
 * ({@code jobs[3].schedule}) with the single-job API's wording. A request with any
 * problem saves nothing: 400 when any job is invalid, 409 when every problem is a
 * conflict with what is stored (a taken name, a stale version), as the single-job API
 * answers those.
 */
final class BulkProblems {

	private static final Pattern JOB_PATH = Pattern.compile("^jobs\\[(\\d+)]");

	private final int jobCount;

	private final List<Entry> entries = new ArrayList<>();

	private final BitSet jobsWithProblems = new BitSet();

	private boolean invalid;

	BulkProblems(int jobCount) {
		this.jobCount = jobCount;
	}

	/** Problems of the request or a job, their fields named from the request's root. */
	void invalid(List<FieldProblem> problems) {
		problems.forEach((problem) -> add(problem, false));
	}

	/** Problems of job {@code index}, their fields named within the job. */
	void invalid(int index, List<FieldProblem> problems) {
		problems.forEach((problem) -> add(at(index, problem), false));
	}

	/** A conflict of job {@code index} with what is stored, named within the job. */
	void conflict(int index, FieldProblem problem) {
		add(at(index, problem), true);
	}

	/** A conflict of the request as a whole, named from the request's root. */
	void conflict(FieldProblem problem) {
		add(problem, true);
	}

	boolean has(int index) {
		return this.jobsWithProblems.get(index);
	}

	boolean isEmpty() {
		return this.entries.isEmpty();
	}

	/**
	 * @throws BulkRefusedException when there is any problem
	 */
	void throwIfAny() {
		if (!this.entries.isEmpty()) {
			throw refusal();
		}
	}

	/** The answer to a request with these problems; there must be one at least. */
	BulkRefusedException refusal() {
		if (this.entries.isEmpty()) {
			throw new IllegalStateException("no problem to refuse the request for");
		}
		List<FieldProblem> sorted = this.entries.stream()
			.sorted(Comparator.comparingInt(Entry::index))
			.map(Entry::problem)
			.toList();
		return new BulkRefusedException(this.invalid, sorted, describe(sorted));
	}

	private String describe(List<FieldProblem> sorted) {
		if (sorted.size() == 1) {
			return sorted.get(0).field() + ": " + sorted.get(0).message() + "; nothing was saved";
		}
		int jobs = this.jobsWithProblems.cardinality();
		String where = (jobs > 0) ? " in " + jobs + " of the " + this.jobCount + " jobs" : "";
		return sorted.size() + " problems" + where + "; nothing was saved";
	}

	private void add(FieldProblem problem, boolean conflict) {
		int index = indexOf(problem.field());
		if (index >= 0) {
			this.jobsWithProblems.set(index);
		}
		this.invalid |= !conflict;
		this.entries.add(new Entry(index, problem));
	}

	static FieldProblem at(int index, FieldProblem problem) {
		return problem.at("jobs[" + index + "]." + problem.field());
	}

	/** The job a field belongs to, -1 for the request's own fields. */
	static int indexOf(String field) {
		Matcher matcher = JOB_PATH.matcher(field);
		if (!matcher.find()) {
			return -1;
		}
		try {
			return Integer.parseInt(matcher.group(1));
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

	private record Entry(int index, FieldProblem problem) {
	}

}
