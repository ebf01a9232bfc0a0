package io.crony.web.api;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How large a request body the API takes ({@link RequestBodyLimit}).
 *
 * @param body every API route's limit but those below
 * @param largeBody the limit of the routes that carry many things or a file:
 * {@code POST /jobs/bulk}, {@code POST /jobs/import}, {@code POST /calendars/{id}/ics},
 * and an SDK's {@code POST /executions/{id}/result} (up to 1,048,576 characters of
 * output)
 */
@ConfigurationProperties("crony.web.request-limits")
public record RequestLimitsProperties(@DefaultValue("1MB") DataSize body, @DefaultValue("16MB") DataSize largeBody) {

	public RequestLimitsProperties {
		if (body.toBytes() < 1 || largeBody.toBytes() < body.toBytes()) {
			throw new IllegalArgumentException("crony.web.request-limits: body must be at least 1 byte and large-body "
					+ "at least body, not " + body + " and " + largeBody);
		}
	}

}
