package io.crony.web.alert;

import java.time.Instant;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;

/** A row of the alert history ({@code alert}); written by crony-alert's AlertStore. */
@TableName("alert")
class AlertEntity {

	@TableId(type = IdType.AUTO)
	Long id;

	Long channelId;

	String kind;

	Long jobId;

	Long executionId;

	String agentId;

	String dedupKey;

	String status;

	Integer attempts;

	String error;

	String subject;

	String text;

	Instant createdAt;

	Instant sentAt;

}
