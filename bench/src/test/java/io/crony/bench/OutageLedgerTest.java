package io.crony.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OutageLedgerTest {

	private static final long FROM = 1_800_000_000L;

	private static LoopbackTarget.Call call(long jobId, long second) {
		return new LoopbackTarget.Call(jobId, Instant.ofEpochSecond(second).toString(), 1, "agent", second * 1000 + 5);
	}

	private static OutageLedger.Row row(long jobId, long second, String status) {
		return new OutageLedger.Row(jobId, second * 1000, status);
	}

	@Test
	void everyFireCalledOnceWithItsSucceededRowIsExactlyOnce() {
		List<LoopbackTarget.Call> calls = new ArrayList<>();
		List<OutageLedger.Row> rows = new ArrayList<>();
		for (long job = 1; job <= 2; job++) {
			for (long second = FROM; second < FROM + 3; second++) {
				calls.add(call(job, second));
				rows.add(row(job, second, "SUCCEEDED"));
			}
		}
		OutageLedger ledger = OutageLedger.of(calls, rows, 1, 2, 1, FROM, FROM + 3);
		assertThat(ledger).isEqualTo(new OutageLedger(6, 6, 0, 0, 0, 0, 0, 0));
		assertThat(ledger.exactlyOnce()).isTrue();
	}

	@Test
	void countsDuplicatesLostFiresAndMissingRows() {
		List<LoopbackTarget.Call> calls = List.of(call(1, FROM), call(1, FROM), call(1, FROM + 1),
				// a retry attempt and a call outside the window count for nothing
				new LoopbackTarget.Call(1, Instant.ofEpochSecond(FROM + 1).toString(), 2, "agent", 0),
				call(1, FROM + 5));
		List<OutageLedger.Row> rows = List.of(row(1, FROM, "SUCCEEDED"), row(1, FROM + 1, "RUNNING"),
				row(1, FROM + 2, "MISSED"), row(1, FROM + 3, "SUCCEEDED"));
		OutageLedger ledger = OutageLedger.of(calls, rows, 1, 1, 1, FROM, FROM + 5);
		// FROM+1 called, row not SUCCEEDED; FROM+2 not run by policy; FROM+3 a
		// SUCCEEDED row never called; FROM+4 never called, no row at all
		assertThat(ledger).isEqualTo(new OutageLedger(5, 2, 1, 1, 2, 1, 0, 1));
		assertThat(ledger.exactlyOnce()).isFalse();
	}

	@Test
	void onlyCountsTheInstantsTheScheduleHas() {
		// job 1 every 2 s fires at odd seconds of the minute; FROM is at second 0
		List<LoopbackTarget.Call> calls = List.of(call(1, FROM + 1), call(1, FROM + 3));
		List<OutageLedger.Row> rows = List.of(row(1, FROM + 1, "SUCCEEDED"), row(1, FROM + 3, "SUCCEEDED"));
		assertThat(OutageLedger.of(calls, rows, 1, 1, 2, FROM, FROM + 4))
			.isEqualTo(new OutageLedger(2, 2, 0, 0, 0, 0, 0, 0));
	}

}
