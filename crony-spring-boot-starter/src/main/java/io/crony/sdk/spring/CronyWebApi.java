package io.crony.sdk.spring;

import feign.Response;

import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;

import io.crony.sdk.CronyTransport;

/**
 * crony-web's report endpoints as an OpenFeign client. It answers the raw
 * {@link Response} so that the SDK client, not Feign, decides what a status means.
 */
interface CronyWebApi {

	@PostMapping(path = "/api/v1/executions/{id}/{report}", consumes = "application/json",
			produces = { "application/json", "application/problem+json" })
	Response report(@PathVariable("id") long executionId, @PathVariable("report") String report,
			@RequestHeader(CronyTransport.TOKEN_HEADER) String token,
			@RequestHeader(name = CronyTransport.TRACEPARENT_HEADER, required = false) String traceparent,
			@RequestBody byte[] json);

}
