package io.crony.sdk.spring;

import java.io.IOException;
import java.io.InputStream;

import feign.Response;
import feign.RetryableException;

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

	@Override
	public Answer post(long executionId, String report, String token, byte[] json) throws IOException {
		try (Response response = this.api.report(executionId, report, token, json)) {
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
