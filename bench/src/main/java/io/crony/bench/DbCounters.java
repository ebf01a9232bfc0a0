package io.crony.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * MariaDB's own statement counters ({@code SHOW GLOBAL STATUS}), read before and after a
 * window to count the statements every client sent in it: the agent's claims and records,
 * and crony-web's too (its change scan, agent liveness), which run against the same
 * server. The bench reads them with one statement at each end and sends nothing in
 * between; the read that closes the window counts itself in {@code Questions} (and in
 * {@code Com_show_status}, not read), in no other counter read here.
 *
 * @param values counter values by name, in {@link #KINDS} then {@link #OTHERS} order
 */
record DbCounters(Map<String, Long> values) {

	/** Statement kinds, summed into the total. */
	static final List<String> KINDS = List.of("Com_insert", "Com_insert_select", "Com_update", "Com_update_multi",
			"Com_delete", "Com_select");

	/**
	 * Every statement a client sent (commits, SETs and SHOWs included), and the rows
	 * written and updated in tables (MariaDB 10.11 has no {@code Innodb_rows_*}; the
	 * handler counters count the same rows, internal temporary tables apart), and the
	 * rows read: index lookups and the rows read on from them. Last, InnoDB's logical
	 * page reads and page changes in its buffer pool: the work of every index a row
	 * touches, counted, so they compare runs on a machine whose speed varies, where CPU
	 * time does not.
	 */
	static final List<String> OTHERS = List.of("Questions", "Handler_write", "Handler_update", "Handler_read_key",
			"Handler_read_next", "Innodb_buffer_pool_read_requests", "Innodb_buffer_pool_write_requests");

	static DbCounters read(Connection db) throws SQLException {
		String names = Stream.concat(KINDS.stream(), OTHERS.stream())
			.map((name) -> "'" + name + "'")
			.collect(Collectors.joining(", "));
		Map<String, Long> values = new LinkedHashMap<>();
		try (Statement statement = db.createStatement();
				ResultSet rows = statement.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN (" + names + ")")) {
			while (rows.next()) {
				values.put(rows.getString(1), Long.parseLong(rows.getString(2)));
			}
		}
		return of(values);
	}

	/** The counters in their order; a counter the server lacks is 0. */
	static DbCounters of(Map<String, Long> read) {
		Map<String, Long> values = new LinkedHashMap<>();
		KINDS.forEach((name) -> values.put(name, read.getOrDefault(name, 0L)));
		OTHERS.forEach((name) -> values.put(name, read.getOrDefault(name, 0L)));
		return new DbCounters(values);
	}

	/** What each counter grew by since {@code before}. */
	DbCounters since(DbCounters before) {
		Map<String, Long> delta = new LinkedHashMap<>();
		this.values.forEach((name, value) -> delta.put(name, value - before.values.getOrDefault(name, 0L)));
		return new DbCounters(delta);
	}

	long get(String name) {
		return this.values.getOrDefault(name, 0L);
	}

	/** The statements of the kinds in {@link #KINDS}. */
	long total() {
		return KINDS.stream().mapToLong(this::get).sum();
	}

	/**
	 * These counts (a delta) per fire, e.g.
	 * {@code insert 1.00 insert_select 0.00 ... | total 2.01 | questions 2.05 | rows written 1.00 updated 1.00
	 * | index lookups 1.02, rows read on 0.01 | pages read 30.5 changed 12.0}; "no fires"
	 * when {@code fires} is 0.
	 */
	String perFire(long fires) {
		if (fires <= 0) {
			return "no fires";
		}
		StringBuilder text = new StringBuilder();
		for (String kind : KINDS) {
			text.append(String.format("%s %.2f ", kind.substring("Com_".length()), get(kind) / (double) fires));
		}
		return text.append(String.format(
				"| total %.2f | questions %.2f | rows written %.2f updated %.2f | index lookups %.2f, rows read on %.2f"
						+ " | pages read %.1f changed %.1f",
				total() / (double) fires, get("Questions") / (double) fires, get("Handler_write") / (double) fires,
				get("Handler_update") / (double) fires, get("Handler_read_key") / (double) fires,
				get("Handler_read_next") / (double) fires, get("Innodb_buffer_pool_read_requests") / (double) fires,
				get("Innodb_buffer_pool_write_requests") / (double) fires))
			.toString();
	}

}
