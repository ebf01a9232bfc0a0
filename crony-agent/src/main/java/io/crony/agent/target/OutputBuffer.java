package io.crony.agent.target;

import io.crony.common.execution.OutputCap;

/**
 * A command's output as it is read: the first {@code limit} bytes are kept and the rest
 * only counted, so its text (capped like the final output, {@link OutputCap}) can be
 * taken at any time, from another thread, while the command still writes.
 */
public final class OutputBuffer {

	private final int limit;

	private final byte[] head;

	private int headLength;

	private long more;

	/**
	 * @param limit bytes kept (the agent's output limit)
	 */
	public OutputBuffer(int limit) {
		this.limit = limit;
		this.head = new byte[limit];
	}

	/** Adds bytes read from the command. */
	public synchronized void append(byte[] bytes, int offset, int length) {
		int kept = Math.min(length, this.limit - this.headLength);
		System.arraycopy(bytes, offset, this.head, this.headLength, kept);
		this.headLength += kept;
		this.more += length - kept;
	}

	/** How many bytes were read so far: grows whenever the output changes. */
	public synchronized long size() {
		return this.headLength + this.more;
	}

	/** The output so far, capped. */
	public synchronized String text() {
		return OutputCap.cap(this.head, this.headLength, this.more, this.limit);
	}

}
