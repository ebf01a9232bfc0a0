package io.crony.web.secret;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.crony.alert.ChannelConfig;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.common.secret.SecretBox;
import io.crony.common.secret.SecretHeaders;
import io.crony.common.sql.SqlTime;
import io.crony.web.db.JobChangeLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * At start: refuses to go on when stored secrets are sealed under a key this instance
 * does not have (none configured, or another one), and seals again under the current key
 * what a previous key sealed (key rotation) or what was stored in clear before secrets
 * were encrypted. A job whose headers are sealed again is marked changed, so the leader
 * publishes it to its agent.
 */
@Component
@Order(0)
class StoredSecrets implements ApplicationRunner {

	private static final Logger log = LoggerFactory.getLogger(StoredSecrets.class);

	private final JdbcTemplate jdbc;

	private final SecretBox box;

	private final JobChangeLog changes;

	private final TransactionTemplate transaction;

	StoredSecrets(JdbcTemplate jdbc, SecretBox box, JobChangeLog changes, PlatformTransactionManager transactions) {
		this.jdbc = jdbc;
		this.box = box;
		this.changes = changes;
		this.transaction = new TransactionTemplate(transactions);
	}

	@Override
	public void run(ApplicationArguments args) {
		List<Map<String, Object>> channels = this.jdbc.queryForList("SELECT id, secret, config FROM alert_channel");
		List<Map<String, Object>> jobs = this.jdbc.queryForList("SELECT id, spec FROM job WHERE spec LIKE ?",
				"%enc:v1:%");
		checkOpenable(channels, jobs);
		if (!this.box.hasKey()) {
			long clear = channels.stream().filter((row) -> stale((String) row.get("secret"))).count();
			if (clear > 0) {
				log.warn("{} alert channel secrets are stored in clear: set crony.secrets.key (CRONY_SECRET_KEY) "
						+ "to store them encrypted", clear);
			}
			return;
		}
		int channelsSealed = 0;
		for (Map<String, Object> row : channels) {
			String secret = (String) row.get("secret");
			ChannelConfig config = CronyJson.fromJson((String) row.get("config"), ChannelConfig.class);
			if (stale(secret) || stale(config.url())) {
				this.jdbc.update("UPDATE alert_channel SET secret = ?, config = ? WHERE id = ?", sealAgain(secret),
						CronyJson.toJson((config.url() != null) ? config.withUrl(sealAgain(config.url())) : config),
						row.get("id"));
				channelsSealed++;
			}
		}
		int jobsSealed = 0;
		for (Map<String, Object> row : jobs) {
			JobSpec spec = CronyJson.fromJson((String) row.get("spec"), JobSpec.class);
			JobSpec resealed = SecretHeaders.reseal(spec, this.box);
			if (resealed != spec) {
				long id = ((Number) row.get("id")).longValue();
				// with its change row, so the leader publishes the resealed spec
				this.transaction.executeWithoutResult((status) -> {
					this.jdbc.update("UPDATE job SET spec = ?, updated_at = ? WHERE id = ?", CronyJson.toJson(resealed),
							SqlTime.of(Instant.now().truncatedTo(ChronoUnit.MILLIS)), id);
					this.changes.changed(List.of(id));
				});
				jobsSealed++;
			}
		}
		if (channelsSealed + jobsSealed > 0) {
			log.info("Secrets sealed under the current key: {} alert channels, {} jobs", channelsSealed, jobsSealed);
		}
	}

	/** In clear (from before secrets were encrypted), or sealed under a previous key. */
	private boolean stale(String value) {
		return value != null && !value.isEmpty() && (!SecretBox.isSealed(value) || this.box.needsResealing(value));
	}

	private String sealAgain(String value) {
		return (value == null || value.isEmpty()) ? value : this.box.seal(this.box.open(value));
	}

	private void checkOpenable(List<Map<String, Object>> channels, List<Map<String, Object>> jobs) {
		long locked = channels.stream()
			.flatMap((row) -> Stream.of((String) row.get("secret"),
					CronyJson.fromJson((String) row.get("config"), ChannelConfig.class).url()))
			.filter((value) -> value != null && !this.box.canOpen(value))
			.count();
		locked += jobs.stream()
			.map((row) -> CronyJson.fromJson((String) row.get("spec"), JobSpec.class))
			.filter((spec) -> !SecretHeaders.canOpen(spec, this.box))
			.count();
		if (locked > 0) {
			throw new IllegalStateException(locked + " stored secrets are encrypted under a key this instance "
					+ (this.box.hasKey() ? "does not have" : "is not given")
					+ ": set crony.secrets.key (env CRONY_SECRET_KEY) to the key they were stored with, or add that "
					+ "key to crony.secrets.previous-keys");
		}
	}

}
