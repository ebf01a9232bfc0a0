package io.crony.agent.execution;

import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.ConcurrencyFailureException;

/**
 * Tries a database write again when it loses a deadlock or lock wait: the database
 * answers, so this is not an outage, and treating it as one (spooling, claiming locally)
 * would let another agent that claims in the database run the same fires.
 */
public final class LockConflicts {

	/** Tries in all, the first included. */
	public static final int ATTEMPTS = 3;

	private static final Logger logger = LoggerFactory.getLogger(LockConflicts.class);

	private LockConflicts() {
	}

	/**
	 * Runs {@code work}, again in a new transaction after a lock conflict.
	 * @param <T> the result
	 * @param what what is written, for the debug line
	 * @param work one try
	 * @return its result
	 * @throws ConcurrencyFailureException when every try lost
	 */
	public static <T> T retry(String what, Supplier<T> work) {
		for (int attempt = 1;; attempt++) {
			try {
				return work.get();
			}
			catch (ConcurrencyFailureException ex) {
				if (attempt >= ATTEMPTS) {
					throw ex;
				}
				logger.debug("{} lost a lock conflict ({}); trying again", what, ex.getMessage());
			}
		}
	}

}
