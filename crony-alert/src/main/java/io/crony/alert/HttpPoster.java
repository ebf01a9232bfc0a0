package io.crony.alert;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.json.CronyJson;
import io.crony.common.target.PolicedDnsResolver;
import io.crony.common.target.TargetPolicy;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * Posts JSON (Apache HttpClient 5, one pooled client, connections reused) and reads the
 * answer. Every connection's addresses pass the target policy as it is opened: the check
 * before a send ({@link ChannelPolicy}) resolves the name once, and a name that answers
 * differently a moment later (DNS rebinding) must not reach a denied address.
 */
final class HttpPoster {

	private final CloseableHttpClient client;

	HttpPoster(Duration timeout, TargetPolicy policy) {
		Timeout limit = Timeout.ofMilliseconds(timeout.toMillis());
		this.client = HttpClients.custom()
			.setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
				.setDnsResolver(new PolicedDnsResolver(policy))
				.setDefaultConnectionConfig(ConnectionConfig.custom()
					.setConnectTimeout(limit)
					.setSocketTimeout(limit)
					.setValidateAfterInactivity(TimeValue.ofSeconds(2))
					.build())
				.build())
			.setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(limit).build())
			// a redirect would lead past the check of the channel's address
			.disableRedirectHandling()
			.disableCookieManagement()
			// the alert sender's retry policy decides about retries
			.disableAutomaticRetries()
			.build();
	}

	/**
	 * @return the answer's body parsed as JSON (an empty object when it is not JSON)
	 * @throws SendFailedException on a network error, an address the target policy
	 * denies, or a status other than 2xx
	 */
	JsonNode post(String url, String body, Map<String, String> headers) {
		HttpPost request = new HttpPost(url);
		request.setEntity(new StringEntity(body, ContentType.APPLICATION_JSON.withCharset(StandardCharsets.UTF_8)));
		headers.forEach(request::setHeader);
		Answer answer;
		try {
			answer = this.client.execute(request, (response) -> new Answer(response.getCode(),
					(response.getEntity() != null) ? EntityUtils.toString(response.getEntity()) : ""));
		}
		catch (PolicedDnsResolver.RefusedAddressException ex) {
			throw new SendFailedException(host(url) + " refused by the target policy: " + ex.getMessage(),
					"the target policy refused the endpoint's address", ex);
		}
		catch (IOException | RuntimeException ex) {
			throw new SendFailedException(host(url) + " unreachable: " + ex, "the endpoint was unreachable", ex);
		}
		if (answer.status() / 100 != 2) {
			// the status only: the body is the endpoint's, and this message is kept in
			// the
			// alert history anyone in the department reads
			throw new SendFailedException(host(url) + " answered " + answer.status(),
					"the endpoint answered HTTP " + answer.status() / 100 + "xx");
		}
		try {
			return CronyJson.mapper().readTree(answer.body());
		}
		catch (IOException | RuntimeException ex) {
			return CronyJson.mapper().createObjectNode();
		}
	}

	private record Answer(int status, String body) {
	}

	// the URL of a bot carries its access token: errors name the host only
	private static String host(String url) {
		try {
			URI uri = URI.create(url);
			return uri.getScheme() + "://" + uri.getAuthority();
		}
		catch (IllegalArgumentException ex) {
			return "the endpoint";
		}
	}

}
