package io.crony.web.audit;

import java.time.Instant;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;

/**
 * A row of {@code audit_log}; {@code changes} is a list of {@link AuditChange} as JSON.
 */
@TableName("audit_log")
class AuditEntity {

	@TableId(type = IdType.AUTO)
	Long id;

	Instant occurredAt;

	String actorType;

	Long actorId;

	String actorName;

	String address;

	String action;

	String objectType;

	String objectId;

	String objectName;

	String changes;

	Long departmentId;

}
