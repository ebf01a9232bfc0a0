package io.crony.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.maintenance.StatusResponse;
import io.etcd.jetcd.options.GetOption;

/**
 * What holding the jobs costs the stores and processes, read once the cluster is settled:
 * etcd's own status (as {@code etcdctl endpoint status -w json} shows it: backend size
 * and the part in use, revision), the keys under the prefix, the resident memory of etcd
 * and crony-web (crony-web's peak too: a full reconcile's read may have come and gone),
 * crony-web's live heap, the job table's size in MariaDB, and how long the leader's
 * change poll takes at this size ({@link ChangePoll}).
 */
record ClusterFootprint(long etcdDbBytes, long etcdDbInUseBytes, long revision, long keys, long etcdRssBytes,
		long webRssBytes, long webPeakRssBytes, long webLiveHeapBytes, long jobTableBytes, ChangePoll poll) {

	static ClusterFootprint read(Client client, String endpoint, String prefix, long etcdPid, long webPid,
			Connection db) throws Exception {
		StatusResponse status = client.getMaintenanceClient().statusMember(endpoint).get(30, TimeUnit.SECONDS);
		GetResponse keys = client.getKVClient()
			.get(ByteSequence.from(prefix + "/", StandardCharsets.UTF_8),
					GetOption.builder().isPrefix(true).withCountOnly(true).build())
			.get(60, TimeUnit.SECONDS);
		return new ClusterFootprint(status.getDbSize(), status.getDbSizeInUse(), keys.getHeader().getRevision(),
				keys.getCount(), rss(etcdPid), rss(webPid), memory(webPid, "VmHWM:"), LiveHeap.of(webPid).bytes(),
				jobTableBytes(db), ChangePoll.time(db));
	}

	/** Resident set size from {@code /proc/<pid>/status}. */
	static long rss(long pid) {
		return memory(pid, "VmRSS:");
	}

	/**
	 * A size from {@code /proc/<pid>/status}: {@code VmRSS:} resident now, {@code VmHWM:}
	 * the most it has been resident.
	 */
	static long memory(long pid, String field) {
		try {
			for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
				if (line.startsWith(field)) {
					return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
				}
			}
			return -1;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the memory of process " + pid, ex);
		}
	}

	private static long jobTableBytes(Connection db) throws SQLException {
		// InnoDB's estimate (data + indexes), refreshed by ANALYZE.
		try (PreparedStatement analyze = db.prepareStatement("ANALYZE TABLE job")) {
			analyze.execute();
		}
		try (PreparedStatement size = db.prepareStatement(
				"SELECT data_length + index_length FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'job'");
				ResultSet rs = size.executeQuery()) {
			rs.next();
			return rs.getLong(1);
		}
	}

	String line(long assignments) {
		return String.format(
				"etcd: db size %.1f MB (in use %.1f MB), revision %d, %d keys under the prefix (%d assignment keys),"
						+ " %.0f bytes of backend per assignment key; etcd RSS %.0f MB, crony-web RSS %.0f MB"
						+ " (at most %.0f MB so far; live heap after a full GC %.0f MB);"
						+ " MariaDB job table %.0f MB; leader's change poll: %s",
				this.etcdDbBytes / 1e6, this.etcdDbInUseBytes / 1e6, this.revision, this.keys, assignments,
				(double) this.etcdDbInUseBytes / Math.max(1, assignments), this.etcdRssBytes / 1e6,
				this.webRssBytes / 1e6, this.webPeakRssBytes / 1e6, this.webLiveHeapBytes / 1e6,
				this.jobTableBytes / 1e6, this.poll.line());
	}

}
