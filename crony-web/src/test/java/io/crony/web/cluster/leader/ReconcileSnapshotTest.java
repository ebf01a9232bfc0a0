package io.crony.web.cluster.leader;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A snapshot tells which jobs it read, and the last id it read, from its rows in the
 * order of id: a correction leaves the jobs past that id to the change scan unread.
 */
class ReconcileSnapshotTest {

	@Test
	void findsTheJobsItReadAndItsLastId() {
		ReconcileSnapshot snapshot = new ReconcileSnapshot(7, Map.of(), List.of(row(2), row(5), row(9), row(12)));

		assertThat(snapshot.hasRow(2)).isTrue();
		assertThat(snapshot.hasRow(9)).isTrue();
		assertThat(snapshot.hasRow(12)).isTrue();
		assertThat(snapshot.hasRow(1)).isFalse();
		assertThat(snapshot.hasRow(6)).isFalse();
		assertThat(snapshot.hasRow(13)).isFalse();
		assertThat(snapshot.lastId()).isEqualTo(12);
	}

	@Test
	void anEmptyOneReadNothing() {
		ReconcileSnapshot snapshot = new ReconcileSnapshot(7, Map.of(), List.of());

		assertThat(snapshot.hasRow(1)).isFalse();
		assertThat(snapshot.lastId()).isZero();
	}

	private static ReconcileSnapshot.Row row(long id) {
		return new ReconcileSnapshot.Row(id, 1, true, null, null);
	}

}
