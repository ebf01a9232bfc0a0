package io.crony.web.execution;

import java.time.Instant;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/**
 * The conditional updates of SDK reports: each changes a row only while it is RUNNING, so
 * a report after the run ended (or a second report) changes nothing.
 */
@Mapper
interface ReportMapper {

	@Update("UPDATE execution SET status = #{status}, output = #{output}, error = #{error}, message = #{message},"
			+ " progress = CASE WHEN #{status} = 'SUCCEEDED' THEN 100 ELSE progress END,"
			+ " finished_at = #{now}, updated_at = #{now} WHERE id = #{id} AND status = 'RUNNING'")
	int finish(@Param("id") long id, @Param("status") String status, @Param("output") String output,
			@Param("error") String error, @Param("message") String message, @Param("now") Instant now);

	@Update("UPDATE execution SET progress = #{progress}, resume_payload = COALESCE(#{resumePayload}, resume_payload),"
			+ " message = COALESCE(#{message}, message), updated_at = #{now} WHERE id = #{id} AND status = 'RUNNING'")
	int progress(@Param("id") long id, @Param("progress") int progress, @Param("resumePayload") String resumePayload,
			@Param("message") String message, @Param("now") Instant now);

	/**
	 * Progress that asks to move the run elsewhere: only an ASYNC run's agent tracks its
	 * attempt and can move it.
	 */
	@Update("UPDATE execution SET progress = #{progress}, resume_payload = COALESCE(#{resumePayload}, resume_payload),"
			+ " message = COALESCE(#{message}, message), move_requested_at = #{now}, updated_at = #{now}"
			+ " WHERE id = #{id} AND status = 'RUNNING' AND mode = 'ASYNC'")
	int progressAndMove(@Param("id") long id, @Param("progress") int progress,
			@Param("resumePayload") String resumePayload, @Param("message") String message, @Param("now") Instant now);

	@Select("SELECT status FROM execution WHERE id = #{id}")
	String status(@Param("id") long id);

}
