package io.crony.alert;

import io.crony.common.secret.SecretBox;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import io.crony.common.json.CronyJson;
import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * The alert SQL web and agent share: channels to send through, the history, and the state
 * deduplication reads back from it (which is why it survives failover). Instants are
 * bound as {@link SqlTime} literals so they keep their milliseconds.
 */
public class AlertStore {

	private static final String CHANNEL_COLUMNS = "SELECT id, name, type, config, secret, language FROM alert_channel ";

	private static final int TEXT_LIMIT = 4000;

	private final JdbcTemplate jdbc;

	private final RowMapper<Channel> channel;

	/**
	 * @param secrets opens the channels' secrets, stored sealed
	 */
	public AlertStore(JdbcTemplate jdbc, SecretBox secrets) {
		this.jdbc = jdbc;
		this.channel = (rs, row) -> new Channel(rs.getLong("id"), rs.getString("name"),
				ChannelType.valueOf(rs.getString("type")),
				opened(CronyJson.fromJson(rs.getString("config"), ChannelConfig.class), secrets),
				secrets.open(rs.getString("secret")), AlertLanguage.ofStored(rs.getString("language")));
	}

	/** The enabled channels among these ids. */
	public List<Channel> channels(Collection<Long> ids) {
		if (ids.isEmpty()) {
			return List.of();
		}
		String in = ids.stream().map((id) -> "?").collect(Collectors.joining(","));
		return this.jdbc.query(CHANNEL_COLUMNS + "WHERE enabled = 1 AND id IN (" + in + ") ORDER BY id", this.channel,
				ids.toArray());
	}

	/** The enabled channels that receive platform alerts. */
	public List<Channel> platformChannels() {
		return this.jdbc.query(CHANNEL_COLUMNS + "WHERE enabled = 1 AND platform = 1 ORDER BY id", this.channel);
	}

	/** A channel, enabled or not; null when there is none. */
	public Channel channel(long id) {
		List<Channel> found = this.jdbc.query(CHANNEL_COLUMNS + "WHERE id = ?", this.channel, id);
		return found.isEmpty() ? null : found.get(0);
	}

	public void record(AlertRecord row) {
		this.jdbc.update(
				"INSERT INTO alert (channel_id, kind, job_id, execution_id, agent_id, dedup_key, status, attempts,"
						+ " error, subject, text, created_at, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
				row.channelId(), row.kind().name(), row.jobId(), row.executionId(), row.agentId(), row.dedupKey(),
				row.status().name(), row.attempts(), cut(row.error(), 1024), cut(row.subject(), 255),
				cut(row.text(), TEXT_LIMIT), SqlTime.of(row.createdAt()), SqlTime.ofNullable(row.sentAt()));
	}

	/**
	 * When an alert with this key was last sent or tried (not suppressed); null: never.
	 */
	public Instant lastAttempt(String dedupKey) {
		Timestamp last = this.jdbc.queryForObject(
				"SELECT MAX(created_at) FROM alert WHERE dedup_key = ? AND status <> 'SUPPRESSED'", Timestamp.class,
				dedupKey);
		return (last != null) ? last.toInstant() : null;
	}

	/** When an alert with one of these keys last went out (SENT); null: never. */
	public Instant lastSent(Collection<String> dedupKeys) {
		String in = dedupKeys.stream().map((key) -> "?").collect(Collectors.joining(","));
		Timestamp last = this.jdbc.queryForObject(
				"SELECT MAX(created_at) FROM alert WHERE status = 'SENT' AND dedup_key IN (" + in + ")",
				Timestamp.class, dedupKeys.toArray());
		return (last != null) ? last.toInstant() : null;
	}

	/** How many alerts with this key were suppressed after {@code since}. */
	public int suppressedSince(String dedupKey, Instant since) {
		Integer count = this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM alert WHERE dedup_key = ? AND status = 'SUPPRESSED' AND created_at > ?",
				Integer.class, dedupKey, SqlTime.of(since));
		return (count != null) ? count : 0;
	}

	private static ChannelConfig opened(ChannelConfig config, SecretBox secrets) {
		return (config.url() != null) ? config.withUrl(secrets.open(config.url())) : config;
	}

	private static String cut(String text, int limit) {
		return (text != null && text.length() > limit) ? text.substring(0, limit - 1) + "…" : text;
	}

}
