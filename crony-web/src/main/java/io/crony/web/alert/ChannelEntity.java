package io.crony.web.alert;

import java.time.Instant;

import com.baomidou.mybatisplus.annotation.FieldStrategy;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;

/** A row of {@code alert_channel}; {@code config} is {@code ChannelConfig} as JSON. */
@TableName("alert_channel")
class ChannelEntity {

	@TableId(type = IdType.AUTO)
	Long id;

	Long departmentId;

	String name;

	String type;

	Boolean enabled;

	Boolean platform;

	String config;

	/** An {@code AlertLanguage} tag: {@code en} or {@code zh-CN}. */
	String language;

	/** Written only when a request carries a new one. */
	@TableField(updateStrategy = FieldStrategy.NOT_NULL)
	String secret;

	@TableField(updateStrategy = FieldStrategy.NEVER)
	String createdBy;

	@TableField(updateStrategy = FieldStrategy.NEVER)
	Instant createdAt;

	Instant updatedAt;

}
