package io.crony.common.output;

/**
 * Outputs a run may not publish (not a JSON object, or over the limit): the message says
 * which and by how much.
 */
public final class OutputsException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	OutputsException(String message) {
		super(message);
	}

}
