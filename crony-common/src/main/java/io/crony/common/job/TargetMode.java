package io.crony.common.job;

/**
 * Whether the target's answer is the result (SYNC) or the result is reported later
 * (ASYNC).
 */
public enum TargetMode {

	SYNC, ASYNC

}
