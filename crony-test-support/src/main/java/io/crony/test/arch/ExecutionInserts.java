package io.crony.test.arch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The inserts into table {@code execution} in the SQL of a module's sources (each Java
 * statement's string literals, joined, as {@link ExecutionStatusWrites} reads them), and
 * whether each names the id column: every writer of {@code execution} inserts its rows
 * with ids taken ahead (crony-common {@code ExecutionIds}), so a module's test lists the
 * files that insert and how, and a new insert that lets {@code AUTO_INCREMENT} choose the
 * id fails it.
 */
public final class ExecutionInserts {

	private static final Pattern INSERT = Pattern
		.compile("\\bINSERT\\s+(?:IGNORE\\s+)?INTO\\s+execution\\s*\\(\\s*(\\w+)");

	private ExecutionInserts() {
	}

	/**
	 * By source file (its name without {@code .java}), how its inserts into
	 * {@code execution} choose the id: {@code "id"} for one that names it, {@code "auto"}
	 * for one that leaves it to {@code AUTO_INCREMENT}, in the order of the source.
	 */
	public static Map<String, List<String>> in(Path sourceRoot) {
		Map<String, List<String>> inserts = new TreeMap<>();
		try (Stream<Path> files = Files.walk(sourceRoot)) {
			for (Path file : files.filter((path) -> path.toString().endsWith(".java")).sorted().toList()) {
				String name = file.getFileName().toString().replaceFirst("\\.java$", "");
				for (ExecutionStatusWrites.Statement statement : ExecutionStatusWrites
					.statements(Files.readString(file))) {
					Matcher insert = INSERT.matcher(statement.sql());
					while (insert.find()) {
						inserts.computeIfAbsent(name, (key) -> new ArrayList<>())
							.add(insert.group(1).equals("id") ? "id" : "auto");
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return inserts;
	}

}
