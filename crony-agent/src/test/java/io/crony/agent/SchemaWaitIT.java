package io.crony.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.crony.common.job.JobSpec;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An agent started on a database crony-web has not migrated yet (make run starts every
 * process at once; so may a fresh install), or not to the agent's release (a newer agent
 * beside an older crony-web): it says that it waits for the schema, takes no jobs
 * meanwhile, and starts firing when the tables and the columns it uses appear, with no
 * failed statement on the way.
 * <p>
 * The two tests share one schema: the wait's test migrates it from nothing to the last
 * migration, and the column check then reads it as migrated (run alone, it migrates it
 * itself). A second schema ran every migration once more: 8 s of the class's 97 at a load
 * average of 18.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SchemaWaitIT {

	/** The last migration before V30, which added execution_attempt.reason. */
	private static final String BEFORE_ATTEMPT_REASON = "29";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@Test
	@Order(1)
	void waitsForTheSchemaThenFiresWithoutAFailedStatement() throws Exception {
		try (AgentTestSupport support = AgentTestSupport.withoutSchema(services);
				SampleTarget target = SampleTarget.start(0);
				AgentProcess agent = AgentProcess.start("schema-wait",
						support.agentProperties("schema-wait", "target/spool-schema-wait-" + System.nanoTime()))) {
			await().atMost(AgentTestSupport.PROCESS_START)
				.until(() -> agent.log().contains("Started CronyAgentApplication"));
			assertThat(agent.log()).contains("Waiting for the schema")
				.contains("lacks tables alert, alert_channel, execution, execution_attempt")
				.contains("created by crony-web's migrations");
			assertThat(support.registered("schema-wait")).as("registered before the schema exists").isFalse();

			// the tables but V32's, V33's and V34's, and not yet a column the agent
			// writes: the start is still held
			migrateTo(BEFORE_ATTEMPT_REASON);
			await().atMost(Duration.ofSeconds(30))
				.until(() -> agent.log()
					.contains("now lacks tables execution_id_block, job_last_fire, job_window and column "
							+ "execution_attempt.reason"));
			await().during(Duration.ofSeconds(4))
				.atMost(Duration.ofSeconds(10))
				.until(() -> !support.registered("schema-wait"));

			support.migrate();
			await().atMost(Duration.ofSeconds(30)).until(() -> support.registered("schema-wait"));
			JobSpec job = EverySecondJobs.job(1, target);
			support.assign("schema-wait", job);
			await().atMost(Duration.ofSeconds(30))
				.until(() -> support.statuses(job.id()).stream().filter("SUCCEEDED"::equals).count() >= 3);

			String log = agent.log();
			assertThat(log.split("Waiting for the schema", -1)).as("times the wait is logged at WARN").hasSize(2);
			assertThat(log).contains("Schema found").doesNotContainIgnoringCase("bad SQL grammar");
		}
	}

	/**
	 * The list the wait checks names every column of the agent's tables that the agent's
	 * SQL names (a new column the agent writes cannot be forgotten in it), and each is in
	 * the migrated schema (the wait would never end on a column no migration makes).
	 * Reads the sources and the schema the test above migrated to the last migration
	 * (migrating it here finds nothing left to apply; run alone, this test applies them
	 * all).
	 */
	@Test
	@Order(2)
	void theColumnsWaitedForAreThoseTheAgentsSqlNames() throws IOException {
		try (AgentTestSupport support = new AgentTestSupport(services)) {
			Map<String, Set<String>> schema = new HashMap<>();
			support.jdbc()
				.query("SELECT TABLE_NAME, COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()",
						(rs) -> {
							schema.computeIfAbsent(rs.getString(1).toLowerCase(Locale.ROOT), (table) -> new HashSet<>())
								.add(rs.getString(2).toLowerCase(Locale.ROOT));
						});
			Set<String> named = new TreeSet<>();
			Set<String> tablesNamed = new TreeSet<>();
			for (Path file : agentSources()) {
				String sql = AgentSql.of(Files.readString(file));
				Set<String> tables = AgentSql.tables(sql);
				tables.retainAll(schema.keySet());
				tablesNamed.addAll(tables);
				// a fragment joined to its statement elsewhere (a SET clause) may name
				// no table: its columns count for each of the agent's tables
				Set<String> of = tables.isEmpty() ? AgentColumns.BY_TABLE.keySet() : tables;
				for (String word : AgentSql.words(sql)) {
					of.stream()
						.filter((table) -> schema.getOrDefault(table, Set.of()).contains(word))
						.forEach((table) -> named.add(table + "." + word));
				}
			}
			Set<String> listed = new TreeSet<>();
			AgentColumns.BY_TABLE
				.forEach((table, columns) -> columns.forEach((column) -> listed.add(table + "." + column)));
			assertThat(AgentColumns.BY_TABLE.keySet()).as("tables the agent's SQL names").containsAll(tablesNamed);
			assertThat(listed).as("columns the agent's SQL names").containsAll(named);
			assertThat(listed).as("listed columns the migrations make")
				.allSatisfy(
						(column) -> assertThat(schema.getOrDefault(column.substring(0, column.indexOf('.')), Set.of()))
							.contains(column.substring(column.indexOf('.') + 1)));
		}
	}

	// the agent's own SQL, crony-alert's (the agent records and reads alerts through it)
	// and the state machine's (its SET and WHERE parts); the wait's own query reads
	// information_schema
	private static List<Path> agentSources() throws IOException {
		List<Path> roots = List.of(Path.of("src/main/java"), Path.of("../crony-alert/src/main/java"),
				Path.of("../crony-common/src/main/java/io/crony/common/execution/lifecycle"));
		List<Path> files = new java.util.ArrayList<>();
		for (Path root : roots) {
			try (Stream<Path> walk = Files.walk(root)) {
				walk.filter((file) -> file.toString().endsWith(".java"))
					.filter((file) -> !file.getFileName().toString().equals("SchemaWait.java"))
					.forEach(files::add);
			}
		}
		assertThat(files).as("sources read").hasSizeGreaterThan(50);
		return files;
	}

	private static void migrateTo(String version) {
		Flyway.configure()
			.dataSource(services.jdbcUrl(), io.crony.test.LocalServices.DB_USER,
					io.crony.test.LocalServices.DB_PASSWORD)
			.locations("filesystem:../crony-web/src/main/resources/db/migration")
			.target(version)
			.load()
			.migrate();
	}

	/** The SQL in a Java source: its string literals that read as SQL. */
	private static final class AgentSql {

		// Crony writes SQL keywords in capitals, columns and tables in lower case
		private static final Pattern LOOKS_LIKE_SQL = Pattern
			.compile("\\b(SELECT|INSERT|UPDATE|DELETE|FROM|WHERE|SET|VALUES|JOIN|AND|OR|IN|AS|COALESCE|CASE)\\b"
					+ "|\\?|\\b[a-z_]+\\.?[a-z_]* = ");

		private static final Pattern TABLE = Pattern.compile("\\b(?:FROM|JOIN|INTO|UPDATE)\\s+([a-z_][a-z0-9_]*)");

		private static final Pattern WORD = Pattern.compile("(?<![\\w'])[a-z_][a-z0-9_]*(?![\\w'])");

		static String of(String source) {
			StringBuilder sql = new StringBuilder();
			int i = 0;
			while (i < source.length()) {
				char c = source.charAt(i);
				if (source.startsWith("//", i)) {
					i = source.indexOf('\n', i);
					i = (i < 0) ? source.length() : i;
				}
				else if (source.startsWith("/*", i)) {
					i = source.indexOf("*/", i + 2) + 2;
				}
				else if (c == '\'') {
					i = source.indexOf('\'', i + ((source.charAt(i + 1) == '\\') ? 3 : 2)) + 1;
				}
				else if (c == '"') {
					StringBuilder literal = new StringBuilder();
					i++;
					while (source.charAt(i) != '"') {
						literal.append(source.charAt(i));
						i += (source.charAt(i) == '\\') ? 2 : 1;
					}
					i++;
					if (LOOKS_LIKE_SQL.matcher(literal).find()) {
						sql.append(literal).append(' ');
					}
				}
				else {
					i++;
				}
			}
			return sql.toString();
		}

		static Set<String> tables(String sql) {
			Set<String> tables = new TreeSet<>();
			Matcher matcher = TABLE.matcher(sql);
			while (matcher.find()) {
				tables.add(matcher.group(1));
			}
			return tables;
		}

		static Set<String> words(String sql) {
			Set<String> words = new TreeSet<>();
			Matcher matcher = WORD.matcher(sql);
			while (matcher.find()) {
				words.add(matcher.group());
			}
			return words;
		}

	}

}
