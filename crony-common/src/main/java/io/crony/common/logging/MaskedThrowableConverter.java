package io.crony.common.logging;

import ch.qos.logback.classic.pattern.ExtendedThrowableProxyConverter;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.CoreConstants;

/**
 * Spring Boot's {@code %wEx} (a stack trace with packaging data, set apart by blank
 * lines) with the passwords of URLs masked ({@link UrlCredentials}): an exception's
 * message names the URL a request failed on.
 */
public class MaskedThrowableConverter extends ExtendedThrowableProxyConverter {

	@Override
	protected String throwableProxyToString(IThrowableProxy proxy) {
		return CoreConstants.LINE_SEPARATOR + UrlCredentials.mask(super.throwableProxyToString(proxy))
				+ CoreConstants.LINE_SEPARATOR;
	}

}
