package io.crony.web.alert;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Which alert channels exist, for features that refer to them (a job's alert rules). */
@Component
public class AlertChannels {

	private final JdbcTemplate jdbc;

	AlertChannels(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** The ids among these that name no channel. */
	public Set<Long> missing(Collection<Long> ids) {
		Set<Long> missing = new HashSet<>(ids);
		missing.remove(null);
		if (missing.isEmpty()) {
			return missing;
		}
		String in = String.join(",", missing.stream().map((id) -> "?").toList());
		List<Long> found = this.jdbc.queryForList("SELECT id FROM alert_channel WHERE id IN (" + in + ")", Long.class,
				missing.toArray());
		found.forEach(missing::remove);
		return missing;
	}

}
