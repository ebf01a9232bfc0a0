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
import java.util.Arrays;
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
 * and crony-web, the job table's size in MariaDB, and how long the leader's change-scan
 * stamp query ({@code SELECT MAX(id), MAX(changed_at) FROM job_change}, every poll
 * interval) takes at this size.
 */
record ClusterFootprint(long etcdDbBytes, long etcdDbInUseBytes, long revision, long keys, long etcdRssBytes,
		long webRssBytes, long webLiveHeapBytes, long jobTableBytes, double stampMillis) {

	static ClusterFootprint read(Client client, String endpoint, String prefix, long etcdPid, long webPid,
			Connection db) throws Exception {
		StatusResponse status = client.getMaintenanceClient().statusMember(endpoint).get(30, TimeUnit.SECONDS);
		GetResponse keys = client.getKVClient()
			.get(ByteSequence.from(prefix + "/", StandardCharsets.UTF_8),
					GetOption.builder().isPrefix(true).withCountOnly(true).build())
			.get(60, TimeUnit.SECONDS);
		return new ClusterFootprint(status.getDbSize(), status.getDbSizeInUse(), keys.getHeader().getRevision(),
				keys.getCount(), rss(etcdPid), rss(webPid), LiveHeap.of(webPid).bytes(), jobTableBytes(db),
				stampMillis(db));
	}

	/** Resident set size from {@code /proc/<pid>/status}. */
	static long rss(long pid) {
		try {
			for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
				if (line.startsWith("VmRSS:")) {
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

	/** Median of five runs of the leader's stamp query, in ms. */
	private static double stampMillis(Connection db) throws SQLException {
		double[] millis = new double[5];
		for (int i = 0; i < millis.length; i++) {
			long start = System.nanoTime();
			try (PreparedStatement stamp = db.prepareStatement("SELECT MAX(id), MAX(changed_at) FROM job_change");
					ResultSet rs = stamp.executeQuery()) {
				rs.next();
			}
			millis[i] = (System.nanoTime() - start) / 1e6;
		}
		Arrays.sort(millis);
		return millis[millis.length / 2];
	}

	String line(long assignments) {
		return String.format(
				"etcd: db size %.1f MB (in use %.1f MB), revision %d, %d keys under the prefix (%d assignment keys),"
						+ " %.0f bytes of backend per assignment key; etcd RSS %.0f MB, crony-web RSS %.0f MB"
						+ " (live heap after a full GC %.0f MB);"
						+ " MariaDB job table %.0f MB; leader's stamp query %.1f ms",
				this.etcdDbBytes / 1e6, this.etcdDbInUseBytes / 1e6, this.revision, this.keys, assignments,
				(double) this.etcdDbInUseBytes / Math.max(1, assignments), this.etcdRssBytes / 1e6,
				this.webRssBytes / 1e6, this.webLiveHeapBytes / 1e6, this.jobTableBytes / 1e6, this.stampMillis);
	}

}
