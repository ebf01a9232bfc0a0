package io.crony.web.audit;

import java.time.Instant;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

/** The audit log table: inserts and reads; only the retention purge deletes. */
@Mapper
interface AuditMapper extends BaseMapper<AuditEntity> {

	/** Deletes up to {@code limit} of the oldest rows before the cutoff. */
	@Delete("DELETE FROM audit_log WHERE occurred_at < #{cutoff} ORDER BY occurred_at LIMIT #{limit}")
	int deleteBefore(@Param("cutoff") Instant cutoff, @Param("limit") int limit);

}
