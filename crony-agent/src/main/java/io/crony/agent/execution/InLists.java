package io.crony.agent.execution;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/** Long {@code IN} lists of the agent's SQL. */
final class InLists {

	private InLists() {
	}

	// long IN lists go in chunks, one statement each: each stays well within the server's
	// packet size and is still read through the index
	static <T> List<List<T>> chunks(Collection<T> values, int size) {
		List<T> all = List.copyOf(values);
		List<List<T>> chunks = new ArrayList<>();
		for (int from = 0; from < all.size(); from += size) {
			chunks.add(all.subList(from, Math.min(all.size(), from + size)));
		}
		return chunks;
	}

	// the placeholders of an IN list of n values
	static String marks(int n) {
		return String.join(", ", Collections.nCopies(n, "?"));
	}

}
