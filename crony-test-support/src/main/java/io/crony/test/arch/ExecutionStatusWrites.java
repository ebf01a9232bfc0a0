package io.crony.test.arch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * Finds SQL that writes an execution row's {@code status} by hand. ArchUnit sees calls,
 * not SQL strings, so this reads the class's source: each Java statement's string
 * literals, joined, are one SQL text. A statement that updates {@code execution} (or
 * builds a joined update of it) must not assign {@code status} in its literals (every
 * status change is a transition of {@code RunTransition}, which builds that part), and
 * only the classes named as guards may mention {@code status} in such a statement at all
 * (a compare-and-set on the status of a write that keeps it, such as live output). The
 * other status columns of a run's life have machines of their own beside it, and the same
 * rule: an {@code UPDATE} of {@code execution_shard}, {@code workflow_run},
 * {@code execution_attempt} or {@code backfill} neither assigns {@code status} nor
 * conditions on it in its literals (no class is a guard of those).
 */
public final class ExecutionStatusWrites {

	private static final Pattern UPDATES_EXECUTION = Pattern.compile("(?i)\\bUPDATE\\s+execution\\b(?!_)");

	// the agent's record statements: the UPDATE text is JoinedUpdate's, the SET theirs
	private static final Pattern JOINED_UPDATE = Pattern.compile("\\bJoinedUpdate\\b");

	// SET status = …, , e.status = … (a WHERE clause has no comma before its terms)
	private static final Pattern ASSIGNS_STATUS = Pattern.compile("(?i)(\\bSET\\s+|,\\s*)(\\w+\\.)?status\\s*=");

	/** The other status columns of a run's life, each with its machine. */
	private static final Map<String, String> MACHINES = Map.of("execution_shard", "ShardTransition", "workflow_run",
			"WorkflowRunTransition", "execution_attempt", "AttemptTransition", "backfill", "BackfillTransition");

	private static final Pattern UPDATES_ANOTHER = Pattern
		.compile("(?i)\\bUPDATE\\s+(" + String.join("|", MACHINES.keySet()) + ")\\b");

	private static final Pattern MENTIONS_STATUS = Pattern.compile("(?i)(?<![{\\w])(\\w+\\.)?status\\s*(=|IN\\b)");

	// an upsert's update part: INSERT INTO execution_shard … ON DUPLICATE KEY UPDATE …
	private static final Pattern UPSERTS_ANOTHER = Pattern.compile("(?is)\\bINSERT\\s+(?:IGNORE\\s+)?INTO\\s+("
			+ String.join("|", MACHINES.keySet()) + ")\\b.*\\bON\\s+DUPLICATE\\s+KEY\\s+UPDATE\\b(.*)");

	private static final Pattern UPSERT_ASSIGNS_STATUS = Pattern.compile("(?i)(^|,)\\s*(\\w+\\.)?status\\s*=");

	// any comparison: an open attempt link's status IS NULL, a status <> 'RUNNING'
	private static final Pattern COMPARES_STATUS = Pattern
		.compile("(?i)(?<![{\\w])(\\w+\\.)?status\\s*(=|<>|!=|<=>|IN\\b|IS\\b|NOT\\b)");

	private ExecutionStatusWrites() {
	}

	/**
	 * A condition on a module's top-level classes, whose sources are under
	 * {@code src/main/java} of the module the test runs in.
	 * @param guards the classes (fully qualified) whose execution updates may be
	 * conditional on the status
	 */
	public static ArchCondition<JavaClass> onlyThroughTheStateMachine(Set<String> guards) {
		return new ArchCondition<>("write the status columns of a run's life only through their state machines") {
			@Override
			public void check(JavaClass item, ConditionEvents events) {
				Path file = Path.of("src/main/java", item.getPackageName().replace('.', '/'),
						item.getSourceCodeLocation().getSourceFileName());
				if (!Files.isRegularFile(file)) {
					return;
				}
				for (String problem : problems(read(file), guards.contains(item.getName()))) {
					events.add(SimpleConditionEvent.violated(item, item.getName() + ": " + problem));
				}
			}
		};
	}

	/**
	 * The hand-written status SQL of one source file.
	 * @param guard whether the file's execution updates may be conditional on the status
	 */
	public static List<String> problems(String source, boolean guard) {
		List<String> problems = new ArrayList<>();
		for (Statement statement : statements(source)) {
			Matcher upsert = UPSERTS_ANOTHER.matcher(statement.sql());
			if (upsert.find() && UPSERT_ASSIGNS_STATUS.matcher(upsert.group(2)).find()) {
				String table = upsert.group(1).toLowerCase(Locale.ROOT);
				problems.add("upserts " + table + ".status by hand, not through " + MACHINES.get(table) + ": "
						+ statement.sql());
				continue;
			}
			Matcher another = UPDATES_ANOTHER.matcher(statement.sql());
			if (another.find()) {
				String table = another.group(1).toLowerCase(Locale.ROOT);
				if (ASSIGNS_STATUS.matcher(statement.sql()).find()) {
					problems.add("sets " + table + ".status by hand, not through " + MACHINES.get(table) + ": "
							+ statement.sql());
				}
				else if (COMPARES_STATUS.matcher(statement.sql()).find()) {
					problems.add("updates " + table + " on a hand-written status condition, not " + MACHINES.get(table)
							+ "'s guard: " + statement.sql());
				}
				continue;
			}
			if (!UPDATES_EXECUTION.matcher(statement.sql()).find() && !JOINED_UPDATE.matcher(statement.code()).find()) {
				continue;
			}
			if (ASSIGNS_STATUS.matcher(statement.sql()).find()) {
				problems.add("sets execution.status by hand, not through RunTransition: " + statement.sql());
			}
			else if (!guard && MENTIONS_STATUS.matcher(statement.sql()).find()) {
				problems.add("updates execution on a hand-written status condition: " + statement.sql());
			}
		}
		return problems;
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The Java statements of a source, each with its literals joined ({@code …} between).
	 */
	static List<Statement> statements(String source) {
		List<Statement> statements = new ArrayList<>();
		StringBuilder code = new StringBuilder();
		StringBuilder sql = new StringBuilder();
		int i = 0;
		int n = source.length();
		while (i < n) {
			char c = source.charAt(i);
			if (c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
				int end = source.indexOf('\n', i);
				i = (end < 0) ? n : end;
			}
			else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
				int end = source.indexOf("*/", i + 2);
				i = (end < 0) ? n : end + 2;
			}
			else if (source.startsWith("\"\"\"", i)) {
				int end = source.indexOf("\"\"\"", i + 3);
				end = (end < 0) ? n : end;
				sql.append(source, i + 3, end);
				i = end + 3;
			}
			else if (c == '"' || c == '\'') {
				int j = i + 1;
				StringBuilder literal = new StringBuilder();
				while (j < n && source.charAt(j) != c) {
					if (source.charAt(j) == '\\' && j + 1 < n) {
						j++;
					}
					literal.append(source.charAt(j));
					j++;
				}
				if (c == '"') {
					sql.append(literal);
				}
				code.append(c).append(c);
				i = j + 1;
			}
			else {
				if (c == ';' || c == '{' || c == '}') {
					statements.add(new Statement(code.toString(), sql.toString()));
					code.setLength(0);
					sql.setLength(0);
				}
				else if (!Character.isWhitespace(c) && c != '+' && !sql.isEmpty()
						&& sql.charAt(sql.length() - 1) != '…') {
					// code between literals: a value the SQL does not show
					sql.append('…');
				}
				code.append(c);
				i++;
			}
		}
		statements.add(new Statement(code.toString(), sql.toString()));
		return statements;
	}

	/** A Java statement: its code (literals emptied) and its literals joined. */
	record Statement(String code, String sql) {
	}

}
