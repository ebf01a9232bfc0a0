package io.crony.common.execution;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.function.LongSupplier;

import javax.sql.DataSource;

import io.crony.common.sql.SqlTime;

/**
 * Execution ids taken ahead of any row, from blocks of table {@code execution_id_block}
 * (V34): every writer of {@code execution} inserts its rows with ids from here, so that a
 * fire has its id (its {@code X-Crony-Execution-Id}, its execution token) before its row
 * is written, and a row written only at a run's end can still have been called with it.
 * <p>
 * Since V31 the primary key is {@code (id, scheduled_at)}: the database no longer refuses
 * a second row with an id at another instant, and ids are unique only because every
 * writer takes them from one source. Before V34 that source was {@code AUTO_INCREMENT};
 * during a rolling upgrade writers older than V34 still use it. So a block is reserved in
 * {@code AUTO_INCREMENT} as well: in one short transaction of its own, on a connection of
 * its own, the allocator locks the counter row ({@code FOR UPDATE}: allocators take
 * blocks one at a time), inserts a placeholder row by {@code AUTO_INCREMENT} to learn
 * where it stands, inserts a second one with the block's last id (InnoDB moves
 * {@code AUTO_INCREMENT} past an id inserted explicitly, and a rollback does not move it
 * back), rolls both back to a savepoint, and moves the counter row past the block. An
 * older writer's next id is then above the block. When {@code AUTO_INCREMENT} stood
 * beyond the counter (an older writer took ids since the last block), the block starts
 * {@link #OLDER_WRITERS_MARGIN} higher, above what older writers can take between the two
 * placeholders; a reservation slower than {@link #RESERVATION_LIMIT} is given up and
 * taken again. Blocks of two allocators (agents, web instances, an allocator before and
 * after a restart) never overlap, since each is a committed move of the one counter. One
 * transaction per {@value #BLOCK} ids; ids of a block not used (a block given up, an
 * agent that stops) are gaps: ids are unique and grow with time, not dense.
 * <p>
 * A block is used for at most {@link #MAX_AGE}: ids stay close to the order of the rows'
 * writes across writers (run history lists a job's runs newest id first), and a web that
 * starts a manual run once an hour takes a fresh block for it instead of one an hour old.
 */
public final class ExecutionIds {

	/** Ids per block: a block's transaction is one write per this many fires. */
	public static final int BLOCK = 1000;

	/** How long a block is used at most before a fresh one is taken. */
	public static final Duration MAX_AGE = Duration.ofSeconds(10);

	/**
	 * How far above {@code AUTO_INCREMENT} a block starts while older writers may be
	 * about: more than they insert during one reservation.
	 */
	public static final long OLDER_WRITERS_MARGIN = 1_000_000;

	/**
	 * How long after an older writer was last seen (an {@code AUTO_INCREMENT} beyond the
	 * counter) blocks keep the margin: an older writer inserts far more often than that,
	 * so one idle since is gone.
	 */
	public static final Duration OLDER_WRITERS_MEMORY = Duration.ofHours(1);

	/** A reservation that took longer is given up: older writers may have passed it. */
	public static final Duration RESERVATION_LIMIT = Duration.ofSeconds(1);

	private static final String LOCK = "SELECT next_id, older_writer_seen_at FROM execution_id_block WHERE id = 1 "
			+ "FOR UPDATE";

	// placeholders, never committed: job 0 does not exist, and their instant lies in the
	// oldest partition
	private static final String PLACEHOLDER = "INSERT INTO execution (job_id, job_name, trigger_type, status, "
			+ "scheduled_at, updated_at) VALUES (0, '', 'CRON', ?, '2000-01-01 00:00:00', '2000-01-01 00:00:00')";

	private static final String PLACEHOLDER_AT = "INSERT INTO execution (id, job_id, job_name, trigger_type, status, "
			+ "scheduled_at, updated_at) VALUES (?, 0, '', 'CRON', ?, '2000-01-01 00:00:01', '2000-01-01 00:00:01')";

	// the placeholders' status (the column is NOT NULL), from the run state machine
	// (RunTransition: a row is inserted PENDING, WAITING or SKIPPED): a closed one, so
	// that for the moment a placeholder stands it is among no rows the agents and the
	// leader look for (PENDING, RUNNING)
	private static final ExecutionStatus PLACEHOLDER_STATUS = ExecutionStatus.SKIPPED;

	private static final String MOVE = "UPDATE execution_id_block SET next_id = ?, older_writer_seen_at = ?, "
			+ "updated_at = ? WHERE id = 1";

	private final DataSource dataSource;

	private final int blockSize;

	private final long maxAgeNanos;

	private final LongSupplier nanoTime;

	// guarded by this: the block's next id and its end (exclusive); empty when equal
	private long next;

	private long end;

	private long takenAtNanos;

	private long blocks;

	// when the counter row, as this allocator last took a block, said an older writer was
	// seen (its at null: never); null before it took one
	private volatile OlderWriterSeen olderWriterSeen;

	public ExecutionIds(DataSource dataSource) {
		this(dataSource, BLOCK, MAX_AGE, System::nanoTime);
	}

	public ExecutionIds(DataSource dataSource, int blockSize, Duration maxAge, LongSupplier nanoTime) {
		if (blockSize < 1) {
			throw new IllegalArgumentException("blockSize must be positive: " + blockSize);
		}
		this.dataSource = dataSource;
		this.blockSize = blockSize;
		this.maxAgeNanos = maxAge.toNanos();
		this.nanoTime = nanoTime;
	}

	/** One id. */
	public long next() {
		return next(1)[0];
	}

	/**
	 * Ids for {@code count} rows, ascending, all of one block: a block left too small for
	 * them is given up and a fresh one taken (at least {@code count} ids).
	 * @throws IllegalStateException when the database cannot give a block; no id is then
	 * handed out
	 */
	public synchronized long[] next(int count) {
		long now = this.nanoTime.getAsLong();
		if (this.end - this.next < count || now - this.takenAtNanos > this.maxAgeNanos) {
			take(Math.max(count, this.blockSize), now);
		}
		long[] ids = new long[count];
		for (int i = 0; i < count; i++) {
			ids[i] = this.next++;
		}
		return ids;
	}

	/**
	 * Whether no writer older than V34 was seen for {@link #OLDER_WRITERS_MEMORY} before
	 * {@code now}, as the counter row said when this allocator last took a block (at most
	 * {@link #MAX_AGE} ago while it takes ids): a fire's record may be written once, with
	 * no claim row, only then, as an older agent's claim row of the same instant would
	 * let both run it (docs/scaling.md, "Plan" 3 (c)). False before this allocator took a
	 * block: not known yet.
	 */
	public boolean noOlderWriterSeenBefore(Instant now) {
		OlderWriterSeen last = this.olderWriterSeen;
		return last != null && (last.at() == null || !last.at().plus(OLDER_WRITERS_MEMORY).isAfter(now));
	}

	/** How many blocks this allocator took: a block's cost is one short transaction. */
	public synchronized long blocks() {
		return this.blocks;
	}

	private void take(int size, long now) {
		for (int attempt = 1;; attempt++) {
			try {
				if (reserve(size, now)) {
					return;
				}
			}
			catch (SQLException ex) {
				throw new IllegalStateException("No block of execution ids: " + ex.getMessage(), ex);
			}
			if (attempt == 3) {
				throw new IllegalStateException("No block of execution ids: three reservations took longer than "
						+ RESERVATION_LIMIT.toMillis() + " ms");
			}
		}
	}

	// whether a block was reserved; false when the reservation was too slow to trust
	private boolean reserve(int size, long now) throws SQLException {
		try (Connection connection = this.dataSource.getConnection()) {
			boolean autoCommit = connection.getAutoCommit();
			connection.setAutoCommit(false);
			try {
				long counter;
				Instant seen;
				try (PreparedStatement lock = connection.prepareStatement(LOCK); ResultSet row = lock.executeQuery()) {
					if (!row.next()) {
						throw new IllegalStateException("execution_id_block has no row (migration V34)");
					}
					counter = row.getLong(1);
					seen = SqlTime.instant(row.getTimestamp(2));
				}
				long started = this.nanoTime.getAsLong();
				Savepoint placeholders = connection.setSavepoint();
				long autoIncrement;
				try (PreparedStatement placeholder = connection.prepareStatement(PLACEHOLDER,
						Statement.RETURN_GENERATED_KEYS)) {
					placeholder.setString(1, PLACEHOLDER_STATUS.name());
					placeholder.executeUpdate();
					try (ResultSet key = placeholder.getGeneratedKeys()) {
						key.next();
						autoIncrement = key.getLong(1);
					}
				}
				// Where the last block left it, unless someone else moved AUTO_INCREMENT:
				// an older writer (or a database that lost its last commits). While one
				// may be about, it may take ids until the second placeholder: the block
				// starts far above.
				Instant at = Instant.now();
				if (autoIncrement != counter) {
					seen = at;
				}
				boolean olderWriters = seen != null && seen.plus(OLDER_WRITERS_MEMORY).isAfter(at);
				long start = Math.max(counter, autoIncrement + 1 + (olderWriters ? OLDER_WRITERS_MARGIN : 0));
				long end = start + size;
				// the next id AUTO_INCREMENT gives is past the block
				try (PreparedStatement last = connection.prepareStatement(PLACEHOLDER_AT)) {
					last.setLong(1, end);
					last.setString(2, PLACEHOLDER_STATUS.name());
					last.executeUpdate();
				}
				connection.rollback(placeholders);
				boolean tooSlow = this.nanoTime.getAsLong() - started > RESERVATION_LIMIT.toNanos();
				// moved even when the block is given up: the placeholders moved
				// AUTO_INCREMENT past it all the same, and a counter left behind would
				// read as an older writer at the next block (records written once then
				// off for an hour on a loaded machine's slow reservation); the block's
				// ids are skipped, none is handed out
				try (PreparedStatement move = connection.prepareStatement(MOVE)) {
					move.setLong(1, end + 1);
					move.setString(2, SqlTime.ofNullable(seen));
					move.setString(3, SqlTime.of(at));
					move.executeUpdate();
				}
				connection.commit();
				if (tooSlow) {
					return false;
				}
				this.olderWriterSeen = new OlderWriterSeen(seen);
				this.next = start;
				this.end = end;
				this.takenAtNanos = now;
				this.blocks++;
				return true;
			}
			catch (SQLException | RuntimeException ex) {
				connection.rollback();
				throw ex;
			}
			finally {
				connection.setAutoCommit(autoCommit);
			}
		}
	}

	private record OlderWriterSeen(Instant at) {
	}

}
