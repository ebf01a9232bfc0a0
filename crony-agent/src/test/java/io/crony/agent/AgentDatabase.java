package io.crony.agent;

import java.sql.DriverManager;
import java.sql.SQLException;

import io.crony.test.CronyServicesExtension;
import io.crony.test.LocalServices;
import org.flywaydb.core.Flyway;

import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * The test class's MariaDB schema as crony-web makes it, and connections of their own to
 * it: a test that reads a session's statement counters needs every statement of its store
 * on one connection.
 */
public final class AgentDatabase {

	private AgentDatabase() {
	}

	/** Applies crony-web's migrations, as crony-web does when it starts. */
	public static void migrate(CronyServicesExtension services) {
		Flyway.configure()
			.dataSource(services.jdbcUrl(), LocalServices.DB_USER, LocalServices.DB_PASSWORD)
			.locations("filesystem:../crony-web/src/main/resources/db/migration")
			.load()
			.migrate();
	}

	/**
	 * A connection of its own (one session), kept open until the caller destroys the data
	 * source.
	 */
	public static SingleConnectionDataSource connection(CronyServicesExtension services) throws SQLException {
		return new SingleConnectionDataSource(
				DriverManager.getConnection(services.jdbcUrl(), LocalServices.DB_USER, LocalServices.DB_PASSWORD),
				true);
	}

}
