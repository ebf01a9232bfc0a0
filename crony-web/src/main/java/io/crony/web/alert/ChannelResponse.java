package io.crony.web.alert;

import java.time.Instant;

import io.crony.common.secret.SecretBox;
import io.crony.alert.AlertLanguage;
import io.crony.alert.ChannelConfig;
import io.crony.alert.ChannelType;
import io.crony.common.json.CronyJson;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * An alert channel as the API shows it: never the secret, only whether one is set.
 */
record ChannelResponse(long id, String name, ChannelType type, boolean enabled, boolean platform, ChannelConfig config,
		@Schema(description = ChannelRequest.LANGUAGE, allowableValues = {
				"en", "zh-CN" }, requiredMode = Schema.RequiredMode.REQUIRED) String language,
		boolean secretSet, String createdBy, Instant createdAt, Instant updatedAt){

	/**
	 * The row as shown: a sealed URL (it carries a bot's token) opened only to be masked.
	 */
	static ChannelResponse of(ChannelEntity row, SecretBox secrets) {
		ChannelConfig config = CronyJson.fromJson(row.config, ChannelConfig.class);
		if (config.url() != null && SecretBox.isSealed(config.url())) {
			config = config.withUrl(secrets.canOpen(config.url()) ? ChannelConfig.maskedUrl(secrets.open(config.url()))
					: SecretBox.MASK);
		}
		return new ChannelResponse(row.id, row.name, ChannelType.valueOf(row.type), Boolean.TRUE.equals(row.enabled),
				Boolean.TRUE.equals(row.platform), config, AlertLanguage.ofStored(row.language).tag(),
				row.secret != null && !row.secret.isEmpty(), row.createdBy, row.createdAt, row.updatedAt);
	}

}
