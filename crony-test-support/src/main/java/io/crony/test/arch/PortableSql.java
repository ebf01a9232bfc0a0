package io.crony.test.arch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the MariaDB/MySQL-only constructs in the SQL of Java sources: each Java
 * statement's string literals, joined, are one SQL text (as {@link ExecutionStatusWrites}
 * reads them: JdbcTemplate strings, MyBatis annotations, constants). Crony writes its SQL
 * keywords in capitals, so the patterns are case-sensitive and prose in log messages does
 * not match them. A module's test lists the constructs it keeps, per source file, with
 * why and what TiDB does with each: a use not listed fails, and so does a listed one no
 * longer used, so the list stays true.
 */
public final class PortableSql {

	private static final Pattern LOOKS_LIKE_SQL = Pattern
		.compile("\\b(SELECT|INSERT|UPDATE|DELETE|REPLACE|CALL)\\b|^\\s*SET\\b");

	private PortableSql() {
	}

	/** A construct MariaDB and MySQL take and another SQL database may not. */
	public enum Construct {

		/** Upsert: MySQL family only (standard SQL has MERGE). */
		ON_DUPLICATE_KEY_UPDATE("\\bON\\s+DUPLICATE\\s+KEY\\s+UPDATE\\b"),

		/** Errors on a duplicate key ignored: MySQL family only. */
		INSERT_IGNORE("\\bINSERT\\s+IGNORE\\b"),

		/** Delete then insert on a duplicate key: MySQL family only. */
		REPLACE_INTO("\\bREPLACE\\s+INTO\\b"),

		/** Rows back from a write: MariaDB 10.5 and later only, not MySQL nor TiDB. */
		RETURNING("\\bRETURNING\\b"),

		/** Locking reads that skip or refuse locked rows. */
		SKIP_LOCKED("\\bSKIP\\s+LOCKED\\b|\\bNOWAIT\\b"),

		/** MySQL's old shared locking read. */
		LOCK_IN_SHARE_MODE("\\bLOCK\\s+IN\\s+SHARE\\s+MODE\\b"),

		/** Code stored in the database: triggers, procedures, functions, events. */
		STORED_CODE(
				"\\b(CREATE|DROP)\\s+(DEFINER\\s*=\\s*\\S+\\s+)?(TRIGGER|PROCEDURE|FUNCTION|EVENT)\\b|\\bCALL\\s+\\w"),

		/** Named locks held by a session. */
		NAMED_LOCK("\\b(GET_LOCK|RELEASE_LOCK|RELEASE_ALL_LOCKS|IS_FREE_LOCK|IS_USED_LOCK)\\s*\\("),

		/** Session and system variables in a statement. */
		USER_VARIABLE("(?<![\\w@'\"])@@?[A-Za-z_]\\w*", true),

		/** The row count of a LIMIT query without it. */
		FOUND_ROWS("\\bSQL_CALC_FOUND_ROWS\\b|\\bFOUND_ROWS\\s*\\("),

		/** An UPDATE or DELETE of a join: MySQL's multi-table syntax. */
		JOINED_WRITE(
				"^\\s*UPDATE\\s+\\w+(\\s+\\w+)?\\s+((LEFT|INNER|STRAIGHT)\\s+)?JOIN\\b|^\\s*DELETE\\s+\\w+(\\s*,\\s*\\w+)*\\s+FROM\\b"),

		/** A LIMIT on an UPDATE or DELETE (not on a SELECT inside it). */
		WRITE_LIMIT("^\\s*(UPDATE|DELETE)\\b(?:(?!\\bSELECT\\b).)*\\bLIMIT\\b");

		private final Pattern pattern;

		// only in a text that reads as SQL: an @ is common elsewhere
		private final boolean onlyInSql;

		Construct(String regex) {
			this(regex, false);
		}

		Construct(String regex, boolean onlyInSql) {
			this.pattern = Pattern.compile(regex, Pattern.DOTALL);
			this.onlyInSql = onlyInSql;
		}

		// the keyword sequences are matched in every statement's literals, since a
		// fragment (" RETURNING id") may be joined to its statement elsewhere
		boolean in(String sql) {
			return (!this.onlyInSql || LOOKS_LIKE_SQL.matcher(sql).find()) && this.pattern.matcher(sql).find();
		}

	}

	/**
	 * One construct in one source file.
	 *
	 * @param file the file's name without {@code .java}
	 */
	public record Use(String file, Construct construct, String sql) {

		@Override
		public String toString() {
			return this.file + ": " + this.construct + " in " + this.sql.strip();
		}

	}

	/**
	 * Every use of a construct in the SQL of the Java sources under a directory.
	 * @param sourceRoot such as {@code src/main/java}
	 * @param wanted which files, by their path relative to the root ({@code /} between
	 * names)
	 */
	public static List<Use> uses(Path sourceRoot, Predicate<String> wanted) {
		List<Use> uses = new ArrayList<>();
		for (Path file : sources(sourceRoot, wanted)) {
			String name = file.getFileName().toString().replaceFirst("\\.java$", "");
			for (ExecutionStatusWrites.Statement statement : ExecutionStatusWrites.statements(read(file))) {
				String sql = statement.sql();
				for (Construct construct : Construct.values()) {
					if (construct.in(sql)) {
						uses.add(new Use(name, construct, sql));
					}
				}
			}
		}
		return uses;
	}

	/**
	 * What the uses break of the allow-list: a construct a file is not allowed, and an
	 * allowed one the file no longer uses.
	 * @param allowed file name to the constructs it keeps
	 */
	public static List<String> problems(List<Use> uses, Map<String, Set<Construct>> allowed) {
		Set<String> problems = new LinkedHashSet<>();
		Set<String> used = new TreeSet<>();
		for (Use use : uses) {
			used.add(use.file() + " " + use.construct());
			if (!allowed.getOrDefault(use.file(), Set.of()).contains(use.construct())) {
				problems.add("not portable and not on the allow-list: " + use);
			}
		}
		allowed.forEach((file, constructs) -> constructs.stream()
			.filter((construct) -> !used.contains(file + " " + construct))
			.forEach((construct) -> problems.add("on the allow-list but no longer used: " + file + " " + construct)));
		return new ArrayList<>(problems);
	}

	/**
	 * The files whose SQL writes a table (INSERT, UPDATE, DELETE or REPLACE of it, not of
	 * a table whose name only starts with it).
	 */
	public static Set<String> writersOf(String table, Path sourceRoot, Predicate<String> wanted) {
		Pattern writes = Pattern.compile("\\b(INSERT\\s+(IGNORE\\s+)?INTO|UPDATE|DELETE\\s+FROM|REPLACE\\s+INTO)\\s+"
				+ Pattern.quote(table) + "(?![\\w])");
		Set<String> writers = new TreeSet<>();
		for (Path file : sources(sourceRoot, wanted)) {
			for (ExecutionStatusWrites.Statement statement : ExecutionStatusWrites.statements(read(file))) {
				if (writes.matcher(statement.sql()).find()) {
					writers.add(file.getFileName().toString().replaceFirst("\\.java$", ""));
				}
			}
		}
		return writers;
	}

	private static List<Path> sources(Path root, Predicate<String> wanted) {
		try (Stream<Path> files = Files.walk(root)) {
			return files.filter((file) -> file.toString().endsWith(".java"))
				.filter((file) -> wanted.test(root.relativize(file).toString().replace('\\', '/')))
				.sorted(Comparator.naturalOrder())
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
