package io.crony.web.db;

import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DeadlockLoserDataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.UncategorizedSQLException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LockRetryTest {

	private final LockRetry retry = new LockRetry(Duration.ofMillis(1));

	private final AtomicInteger calls = new AtomicInteger();

	@Test
	@SuppressWarnings("deprecation")
	void retriesAWriteThatLostADeadlockUntilItSucceeds() {
		long id = this.retry.call("recording the run", () -> {
			if (this.calls.incrementAndGet() < 3) {
				throw new DeadlockLoserDataAccessException("Deadlock found when trying to get lock", null);
			}
			return 42L;
		});

		assertThat(id).isEqualTo(42L);
		assertThat(this.calls).hasValue(3);
	}

	@Test
	void answersServiceUnavailableWhenEveryAttemptWaitsForALockInVain() {
		assertThatThrownBy(() -> this.retry.run("recording the run", () -> {
			this.calls.incrementAndGet();
			throw new CannotAcquireLockException("Lock wait timeout exceeded");
		})).isInstanceOfSatisfying(DatabaseBusyException.class,
				(ex) -> assertThat(ex.status()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE))
			.hasMessageContaining("recording the run");
		assertThat(this.calls).hasValue(LockRetry.MAX_ATTEMPTS);
	}

	@Test
	void retriesAReadThatFoundTheTableDefinitionChanged() {
		// MariaDB's 1412 when execution gained its days ahead under a transaction's
		// snapshot
		long id = this.retry.call("disabling a job", () -> {
			if (this.calls.incrementAndGet() < 2) {
				throw new UncategorizedSQLException("find", "SELECT",
						new SQLException("Table definition has changed, please retry transaction", "HY000", 1412));
			}
			return 7L;
		});

		assertThat(id).isEqualTo(7L);
		assertThat(this.calls).hasValue(2);
	}

	@Test
	void doesNotRetryOtherDatabaseErrors() {
		assertThatThrownBy(() -> this.retry.run("recording the run", () -> {
			this.calls.incrementAndGet();
			throw new DataIntegrityViolationException("Duplicate entry");
		})).isInstanceOf(DataIntegrityViolationException.class);
		assertThat(this.calls).hasValue(1);
	}

}
