package io.crony.web.execution;

import java.time.Instant;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.apache.ibatis.annotations.UpdateProvider;

/**
 * The conditional updates of SDK reports: each changes a row only while it is RUNNING and
 * still at the attempt the report's token was made for, so a report after the run ended
 * (or a second report, or one from an attempt the run has gone on from) changes nothing.
 * {@code attempt} is {@link io.crony.common.execution.ExecutionTokens#LEGACY} (0) for a
 * legacy per-execution token, which proves no attempt: its report applies to whichever
 * attempt is running.
 */
@Mapper
interface ReportMapper {

	String ATTEMPT = " AND (#{attempt} = 0 OR attempt = #{attempt})";

	/** RUNNING → the reported outcome ({@link StatusWrites#finishReport()}). */
	@UpdateProvider(type = StatusWrites.class, method = "finishReport")
	int finish(@Param("id") long id, @Param("attempt") int attempt, @Param("status") String status,
			@Param("output") String output, @Param("error") String error, @Param("message") String message,
			@Param("outputs") String outputs, @Param("now") Instant now);

	@Update("UPDATE execution SET progress = #{progress}, resume_payload = COALESCE(#{resumePayload}, resume_payload),"
			+ " message = COALESCE(#{message}, message), updated_at = #{now} WHERE id = #{id} AND status = 'RUNNING'"
			+ ATTEMPT)
	int progress(@Param("id") long id, @Param("attempt") int attempt, @Param("progress") int progress,
			@Param("resumePayload") String resumePayload, @Param("message") String message, @Param("now") Instant now);

	/**
	 * Progress that asks to move the run elsewhere: only an ASYNC run's agent tracks its
	 * attempt and can move it.
	 */
	@Update("UPDATE execution SET progress = #{progress}, resume_payload = COALESCE(#{resumePayload}, resume_payload),"
			+ " message = COALESCE(#{message}, message), move_requested_at = #{now}, updated_at = #{now}"
			+ " WHERE id = #{id} AND status = 'RUNNING' AND mode = 'ASYNC'" + ATTEMPT)
	int progressAndMove(@Param("id") long id, @Param("attempt") int attempt, @Param("progress") int progress,
			@Param("resumePayload") String resumePayload, @Param("message") String message, @Param("now") Instant now);

	@Select("SELECT status, attempt FROM execution WHERE id = #{id}")
	Row row(@Param("id") long id);

	/** Where a run stands, read when a report changed nothing. */
	record Row(String status, int attempt) {
	}

}
