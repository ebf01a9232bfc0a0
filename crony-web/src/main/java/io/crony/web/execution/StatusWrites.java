package io.crony.web.execution;

import io.crony.common.execution.lifecycle.RunTransition;

/**
 * The SQL of the mappers' status changes, built by the state machine
 * ({@link RunTransition}): an annotation's SQL must be a constant, so these mapper
 * methods name this class as their provider (MyBatis calls public methods only).
 */
public final class StatusWrites {

	private StatusWrites() {
	}

	/** A user cancels a PENDING run ({@link ExecutionMapper#cancelPending}). */
	public static String cancelPending() {
		return "UPDATE execution SET " + RunTransition.CANCEL.set() + ", finished_at = #{now}, updated_at = #{now}"
				+ " WHERE id = #{id} AND " + RunTransition.CANCEL.where();
	}

	/** An SDK report ends the run ({@link ReportMapper#finish}). */
	public static String finishReport() {
		return "UPDATE execution SET " + RunTransition.REPORT.setTo(null, "#{status}")
				+ ", output = #{output}, error = #{error}, reason = NULL, message = #{message}, outputs = #{outputs},"
				+ " progress = CASE WHEN #{status} = 'SUCCEEDED' THEN 100 ELSE progress END,"
				+ " finished_at = #{now}, updated_at = #{now} WHERE id = #{id} AND "
				+ RunTransition.REPORT.where(null, "#{status}") + ReportMapper.ATTEMPT;
	}

}
