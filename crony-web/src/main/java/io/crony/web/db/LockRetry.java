package io.crony.web.db;

import java.sql.SQLException;
import java.time.Duration;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.retry.RetryCallback;
import org.springframework.retry.RetryContext;
import org.springframework.retry.RetryListener;
import org.springframework.retry.support.RetryTemplate;
import org.springframework.stereotype.Component;

/**
 * Runs a write again when MariaDB picks it as a deadlock victim or its lock wait times
 * out: agents write the {@code execution} table in batches and the web leader mirrors
 * placements into {@code job}, so under load a request's statements can lose to them (a
 * job save inserting its dependency rows lost to the leader's placement update). Spring
 * translates both (error 1213 and 1205) to a {@link PessimisticLockingFailureException}
 * ({@code DeadlockLoser...}, {@code CannotAcquireLockException}); a losing transaction
 * was rolled back whole, so running it again cannot write twice: call it outside the
 * work's transaction. After {@link #MAX_ATTEMPTS} the caller gets a
 * {@link DatabaseBusyException} (503), never a 500.
 */
@Component
public class LockRetry {

	public static final int MAX_ATTEMPTS = 4;

	private static final Logger log = LoggerFactory.getLogger(LockRetry.class);

	private final RetryTemplate retry;

	LockRetry() {
		this(Duration.ofMillis(25));
	}

	/**
	 * @param firstBackoff the first wait; each next one is three times longer, jittered
	 */
	LockRetry(Duration firstBackoff) {
		this.retry = RetryTemplate.builder()
			.maxAttempts(MAX_ATTEMPTS)
			.exponentialBackoff(firstBackoff, 3, firstBackoff.multipliedBy(20), true)
			.retryOn(PessimisticLockingFailureException.class)
			.traversingCauses()
			.withListener(new Logging())
			.build();
	}

	/**
	 * @param what what the work does, for the log and the 503's detail
	 * @throws DatabaseBusyException when every attempt lost a lock
	 */
	public <T> T call(String what, Supplier<T> work) {
		try {
			return this.retry.execute((context) -> {
				try {
					return work.get();
				}
				catch (DataAccessException ex) {
					throw TableDefinitionChanged.orItself(ex);
				}
			});
		}
		catch (PessimisticLockingFailureException ex) {
			log.warn("Write {} lost a lock {} times, giving up: {}", what, MAX_ATTEMPTS,
					ex.getMostSpecificCause().getMessage());
			throw new DatabaseBusyException(what, ex);
		}
	}

	public void run(String what, Runnable work) {
		call(what, () -> {
			work.run();
			return null;
		});
	}

	/**
	 * MariaDB's error 1412, "Table definition has changed, please retry transaction": a
	 * transaction read a table whose definition changed after its snapshot began, as
	 * {@code execution}'s does when {@code ExecutionPartitions} adds days ahead (a job
	 * disabled then answered 500). Spring leaves it uncategorized; the transaction was
	 * rolled back whole, so it is run again like a lost lock.
	 */
	static final class TableDefinitionChanged extends PessimisticLockingFailureException {

		static final int ER_TABLE_DEF_CHANGED = 1412;

		private TableDefinitionChanged(DataAccessException cause) {
			super(cause.getMessage(), cause);
		}

		static DataAccessException orItself(DataAccessException ex) {
			for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
				if (cause instanceof SQLException sql && sql.getErrorCode() == ER_TABLE_DEF_CHANGED) {
					return new TableDefinitionChanged(ex);
				}
			}
			return ex;
		}

	}

	private static final class Logging implements RetryListener {

		@Override
		public <T, E extends Throwable> void onError(RetryContext context, RetryCallback<T, E> callback,
				Throwable error) {
			log.info("Write lost a lock (attempt {} of {}): {}", context.getRetryCount(), MAX_ATTEMPTS,
					error.getClass().getSimpleName());
		}

	}

}
