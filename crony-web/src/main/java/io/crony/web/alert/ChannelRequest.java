package io.crony.web.alert;

import java.util.List;

import io.crony.alert.ChannelConfig;
import io.crony.alert.ChannelType;
import io.crony.alert.MailSecurity;
import io.crony.web.api.PlainName;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * An alert channel as {@code POST /alert-channels} and {@code PUT /alert-channels/{id}}
 * take it. Rules that depend on the type are {@link ChannelValidator}'s.
 *
 * @param name unique name
 * @param type MAIL, FEISHU, DINGTALK or WEBHOOK
 * @param enabled default true
 * @param platform whether it receives platform alerts (agent lost, no agent alive, jobs
 * not placed); default false
 * @param config the settings of its type
 * @param secret MAIL: SMTP password; FEISHU, DINGTALK, WEBHOOK: signing secret. Never
 * returned; absent on update keeps the stored one
 * @param language the language of its messages, {@code en} or {@code zh-CN}; default
 * {@code en} on create, absent on update keeps the stored one. A string here so that any
 * other value is a problem naming the field ({@link ChannelValidator})
 */
record ChannelRequest(@NotBlank @Size(max = 128) @PlainName String name, @NotNull ChannelType type, Boolean enabled,
		Boolean platform, @NotNull @Valid ConfigRequest config, @Size(max = 1024) String secret,
		@Schema(description = LANGUAGE, allowableValues = {
				"en", "zh-CN" }, defaultValue = "en") String language){

	static final String LANGUAGE = "the language of the channel's messages (subject, title and text); "
			+ "webhook field names and values stay the same";

	/**
	 * @param url FEISHU, DINGTALK, WEBHOOK: {@code http(s)://} endpoint
	 * @param host MAIL: SMTP host
	 * @param port MAIL: SMTP port
	 * @param username MAIL: SMTP user, absent for no authentication
	 * @param security MAIL: NONE, STARTTLS (default) or SSL
	 * @param from MAIL: sender address
	 * @param to MAIL: recipients
	 */
	record ConfigRequest(@Size(max = 2048) String url, @Size(max = 255) String host, @Min(1) @Max(65535) Integer port,
			@Size(max = 255) String username, MailSecurity security, @Size(max = 255) String from,
			@Size(max = 50) List<@NotBlank @Size(max = 255) String> to) {

		ChannelConfig toConfig(ChannelType type) {
			if (type == ChannelType.MAIL) {
				return new ChannelConfig(null, trim(this.host), this.port, blankToNull(this.username),
						(this.security != null) ? this.security : MailSecurity.STARTTLS, trim(this.from),
						(this.to != null) ? this.to.stream().map(String::trim).toList() : List.of());
			}
			return ChannelConfig.webhook(trim(this.url));
		}

		private static String trim(String value) {
			return (value != null) ? value.trim() : null;
		}

		private static String blankToNull(String value) {
			return (value == null || value.isBlank()) ? null : value.trim();
		}

	}

}
