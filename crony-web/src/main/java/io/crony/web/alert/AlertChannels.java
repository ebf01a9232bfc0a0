package io.crony.web.alert;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.crony.web.auth.Departments;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Which alert channels exist, for features that refer to them (a job's alert rules). */
@Component
public class AlertChannels {

	private final JdbcTemplate jdbc;

	AlertChannels(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * The ids among these that name no channel of the request's department (another
	 * department's channel is as missing as one that does not exist).
	 */
	public Set<Long> missing(Collection<Long> ids) {
		Set<Long> missing = new HashSet<>(ids);
		missing.remove(null);
		if (missing.isEmpty()) {
			return missing;
		}
		String in = String.join(",", missing.stream().map((id) -> "?").toList());
		List<Object> args = new ArrayList<>(missing);
		args.add(Departments.current());
		List<Long> found = this.jdbc.queryForList(
				"SELECT id FROM alert_channel WHERE id IN (" + in + ") AND department_id = ?", Long.class,
				args.toArray());
		found.forEach(missing::remove);
		return missing;
	}

}
