package io.crony.common.logging;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * {@code %m}, {@code %msg} and {@code %message} with the passwords of URLs masked
 * ({@link UrlCredentials}): every log line Crony's processes write goes through it.
 */
public class MaskedMessageConverter extends MessageConverter {

	@Override
	public String convert(ILoggingEvent event) {
		return UrlCredentials.mask(super.convert(event));
	}

}
