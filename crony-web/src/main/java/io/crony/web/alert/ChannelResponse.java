package io.crony.web.alert;

import java.time.Instant;

import io.crony.alert.ChannelConfig;
import io.crony.alert.ChannelType;
import io.crony.common.json.CronyJson;

/**
 * An alert channel as the API shows it: never the secret, only whether one is set.
 */
record ChannelResponse(long id, String name, ChannelType type, boolean enabled, boolean platform, ChannelConfig config,
		boolean secretSet, String createdBy, Instant createdAt, Instant updatedAt) {

	static ChannelResponse of(ChannelEntity row) {
		return new ChannelResponse(row.id, row.name, ChannelType.valueOf(row.type), Boolean.TRUE.equals(row.enabled),
				Boolean.TRUE.equals(row.platform), CronyJson.fromJson(row.config, ChannelConfig.class),
				row.secret != null && !row.secret.isEmpty(), row.createdBy, row.createdAt, row.updatedAt);
	}

}
