package io.crony.web.support;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.jdbc.core.JdbcTemplate;

/** Job bodies for tests, as the API takes them, with a way to change one field. */
public final class Jobs {

	private Jobs() {
	}

	/**
	 * Writes a bare job row with this id in the {@code default} department, unless there
	 * is one, for tests that write execution rows directly: runs are read through their
	 * job.
	 */
	public static void ensureRow(JdbcTemplate jdbc, long id) {
		jdbc.update("INSERT IGNORE INTO job (id, name, schedule, time_zone, target_type, spec, enabled, version,"
				+ " created_at, updated_at) VALUES (?, ?, '0 0 * * * ?', 'UTC', 'HTTP', '{}', 0, 1, NOW(3), NOW(3))",
				id, "job-" + id);
	}

	/** A valid HTTP job. */
	public static Map<String, Object> http(String name) {
		Map<String, Object> target = new LinkedHashMap<>();
		target.put("type", "HTTP");
		target.put("method", "POST");
		target.put("url", "http://127.0.0.1:9000/settle");
		target.put("headers", Map.of("X-Env", "test"));
		target.put("body", "{\"day\":\"${scheduledAt}\"}");
		Map<String, Object> job = new LinkedHashMap<>();
		job.put("name", name);
		job.put("description", "nightly settlement");
		job.put("schedule", "0 0 1 * * ?");
		job.put("timeZone", "Asia/Shanghai");
		job.put("target", target);
		job.put("timeoutSeconds", 30);
		job.put("retry", new LinkedHashMap<>(Map.of("maxAttempts", 3, "backoffSeconds", 5)));
		return job;
	}

	/** A copy of a body with the field at a dotted path set (null removes it). */
	@SuppressWarnings("unchecked")
	public static Map<String, Object> with(Map<String, Object> job, String path, Object value) {
		Map<String, Object> copy = deepCopy(job);
		String[] parts = path.split("\\.");
		Map<String, Object> node = copy;
		for (int i = 0; i < parts.length - 1; i++) {
			node = (Map<String, Object>) node.computeIfAbsent(parts[i], (key) -> new LinkedHashMap<>());
		}
		if (value == null) {
			node.remove(parts[parts.length - 1]);
		}
		else {
			node.put(parts[parts.length - 1], value);
		}
		return copy;
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> deepCopy(Map<String, Object> map) {
		Map<String, Object> copy = new LinkedHashMap<>();
		map.forEach((key, value) -> copy.put(key,
				(value instanceof Map<?, ?> nested) ? deepCopy((Map<String, Object>) nested) : value));
		return copy;
	}

}
