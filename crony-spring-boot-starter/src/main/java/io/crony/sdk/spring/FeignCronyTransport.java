package io.crony.sdk.spring;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;

import feign.Request;
import feign.Response;
import feign.RetryableException;

import org.springframework.cloud.openfeign.FeignClientBuilder;
import org.springframework.context.ApplicationContext;
import org.springframework.util.StringUtils;

import io.crony.sdk.CronyTransport;

/**
 * Sends reports through OpenFeign, so crony-web is found by service name (Spring Cloud
 * LoadBalancer over the service's discovery client, Eureka say) or by URL. No instance of
 * crony-web answers 503, which the client retries like any unavailable answer.
 */
final class FeignCronyTransport implements CronyTransport {

	private final CronyWebApi api;

	FeignCronyTransport(CronyWebApi api) {
		this.api = api;
	}

	/** Built here, not in the auto-configuration, so that only this class needs Feign. */
	static FeignCronyTransport create(ApplicationContext context, CronySdkProperties properties) {
		FeignClientBuilder.Builder<CronyWebApi> feign = new FeignClientBuilder(context)
			.forType(CronyWebApi.class, properties.webService())
			.contextId("crony-sdk-reports")
			.customize((builder) -> builder.options(new Request.Options(properties.connectTimeout().toMillis(),
					TimeUnit.MILLISECONDS, properties.requestTimeout().toMillis(), TimeUnit.MILLISECONDS, true)));
		if (StringUtils.hasText(properties.webUrl())) {
			feign.url(properties.webUrl());
		}
		return new FeignCronyTransport(feign.build());
	}

	@Override
	public Answer post(long executionId, String report, String token, byte[] json) throws IOException {
		return post(executionId, report, token, null, json);
	}

	@Override
	public Answer post(long executionId, String report, String token, String traceparent, byte[] json)
			throws IOException {
		try (Response response = this.api.report(executionId, report, token, traceparent, json)) {
			byte[] body = new byte[0];
			if (response.body() != null) {
				try (InputStream in = response.body().asInputStream()) {
					body = in.readAllBytes();
				}
			}
			return new Answer(response.status(), body);
		}
		catch (RetryableException ex) {
			// Feign's wrapper of a connection that failed: no answer came back.
			throw new IOException(ex.getMessage(), ex);
		}
	}

}
