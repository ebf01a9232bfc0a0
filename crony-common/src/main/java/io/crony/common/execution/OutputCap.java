package io.crony.common.execution;

import java.nio.charset.StandardCharsets;

/**
 * Keeps an execution's output within a byte limit: larger output keeps its head, cut at a
 * whole character, followed by a marker saying how much was dropped, and the whole fits
 * the limit. The agent caps what targets answer and crony-web what SDKs report, so a
 * chatty job cannot fill the execution table (the {@code output} column holds at most
 * 65,535 bytes).
 */
public final class OutputCap {

	/** The most the {@code execution.output} column (TEXT) holds. */
	public static final int COLUMN_LIMIT = 65_535;

	private static final String MARKER = "\n… [output truncated: %d bytes dropped]";

	/** The smallest cap a setting may give: room for the marker and some output. */
	public static final int MIN_LIMIT = 256;

	private OutputCap() {
	}

	/** A configured cap brought into {@link #MIN_LIMIT}..{@link #COLUMN_LIMIT}. */
	public static int bounded(int limit) {
		return Math.max(MIN_LIMIT, Math.min(limit, COLUMN_LIMIT));
	}

	/**
	 * The text itself when it fits {@code limit} bytes in UTF-8, else its head and the
	 * marker.
	 */
	public static String cap(String text, int limit) {
		if (text == null || text.length() <= limit / 4) {
			return text;
		}
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		return (bytes.length <= limit) ? text : cap(bytes, bytes.length, 0, limit);
	}

	/**
	 * Output read only in part: {@code head} bytes of it were kept and {@code more}
	 * further bytes were read and discarded.
	 */
	public static String cap(byte[] head, int headLength, long more, int limit) {
		long total = headLength + more;
		if (total <= limit) {
			return new String(head, 0, headLength, StandardCharsets.UTF_8);
		}
		// the marker is longest with all of it dropped: reserve that much
		int reserve = MARKER.formatted(total).getBytes(StandardCharsets.UTF_8).length;
		int room = Math.min(headLength, limit - reserve);
		if (room <= 0) {
			String cut = new String(head, 0, Math.min(headLength, limit), StandardCharsets.UTF_8);
			return cut.endsWith("\uFFFD") ? cut.substring(0, cut.length() - 1) : cut;
		}
		String kept = new String(head, 0, room, StandardCharsets.UTF_8);
		// a multi-byte character cut in half decodes as U+FFFD: drop it
		if (kept.endsWith("\uFFFD")) {
			kept = kept.substring(0, kept.length() - 1);
		}
		long dropped = total - kept.getBytes(StandardCharsets.UTF_8).length;
		return kept + MARKER.formatted(dropped);
	}

}
