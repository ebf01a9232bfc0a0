package io.crony.test.arch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.test.arch.PortableSql.Construct;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class PortableSqlTest {

	@TempDir
	Path sources;

	@Test
	void findsEachConstructInTheLiteralsOfAStatementAndNoneInProseOrComments() throws IOException {
		write("a/Store.java",
				"""
						class Store {
							// INSERT IGNORE in a comment is no SQL
							static final String CLAIM = "INSERT IGNORE INTO execution (id) VALUES (?)";
							void run() {
								jdbc.update("INSERT INTO agent (id) VALUES (?) ON DUPLICATE KEY UPDATE id = VALUES(id)", id);
								String sql = CLAIM + (ids ? " RETURNING id" : "");
								jdbc.update("REPLACE INTO agent (id) VALUES (?)", id);
								jdbc.query("SELECT id FROM job WHERE id = ? FOR UPDATE SKIP LOCKED", id);
								jdbc.query("SELECT name FROM job WHERE id IN (?) LOCK IN SHARE MODE", id);
								jdbc.query("SELECT GET_LOCK('leader', 1)");
								jdbc.update("SET @last = 0");
								jdbc.update("UPDATE execution e JOIN job j ON j.id = e.job_id SET e.agent_id = NULL");
								jdbc.update("DELETE FROM job_change WHERE changed_at < NOW(3) - INTERVAL " + m + " MINUTE LIMIT 1000");
								jdbc.update("CREATE TRIGGER t AFTER INSERT ON job FOR EACH ROW SET @x = 1");
								log.info("Sent mail to ops@example.com: returning the lock");
							}
						}
						""");

		List<PortableSql.Use> uses = PortableSql.uses(this.sources, (file) -> true);

		assertThat(uses).extracting(PortableSql.Use::construct)
			.containsExactlyInAnyOrder(Construct.INSERT_IGNORE, Construct.ON_DUPLICATE_KEY_UPDATE, Construct.RETURNING,
					Construct.REPLACE_INTO, Construct.SKIP_LOCKED, Construct.LOCK_IN_SHARE_MODE, Construct.NAMED_LOCK,
					Construct.USER_VARIABLE, Construct.JOINED_WRITE, Construct.WRITE_LIMIT, Construct.STORED_CODE,
					Construct.USER_VARIABLE);
		assertThat(uses).extracting(PortableSql.Use::file).containsOnly("Store");
	}

	@Test
	void aConstructNotKeptFailsAndSoDoesOneKeptButNoLongerUsed() throws IOException {
		write("Claims.java", """
				class Claims {
					static final String CLAIM = "INSERT IGNORE INTO execution (id) VALUES (?)";
				}
				""");
		List<PortableSql.Use> uses = PortableSql.uses(this.sources, (file) -> true);

		assertThat(PortableSql.problems(uses, Map.of("Claims", Set.of(Construct.INSERT_IGNORE)))).isEmpty();
		assertThat(PortableSql.problems(uses, Map.of())).singleElement()
			.asString()
			.startsWith(
					"not portable and not on the allow-list: Claims: INSERT_IGNORE in INSERT IGNORE INTO execution");
		assertThat(PortableSql.problems(uses,
				Map.of("Claims", Set.of(Construct.INSERT_IGNORE), "Gone", Set.of(Construct.RETURNING))))
			.containsExactly("on the allow-list but no longer used: Gone RETURNING");
	}

	@Test
	void findsTheWritersOfATableButNotOfATableWhoseNameStartsWithIt() throws IOException {
		write("Jobs.java", """
				class Jobs {
					void write() {
						jdbc.update("UPDATE job SET spec = ? WHERE id = ?", spec, id);
					}
				}
				""");
		write("Changes.java", """
				class Changes {
					void write() {
						jdbc.update("INSERT INTO job_change (job_id) VALUES (?)", id);
						jdbc.update("UPDATE execution e LEFT JOIN job j ON j.id = e.job_id SET e.agent_id = NULL");
					}
				}
				""");

		assertThat(PortableSql.writersOf("job", this.sources, (file) -> true)).containsExactly("Jobs");
	}

	private void write(String path, String source) throws IOException {
		Path file = this.sources.resolve(path);
		Files.createDirectories(file.getParent());
		Files.writeString(file, source);
	}

}
