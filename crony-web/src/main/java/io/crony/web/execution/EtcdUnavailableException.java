package io.crony.web.execution;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** etcd did not answer in time; the request changed nothing there. */
public final class EtcdUnavailableException extends ApiException {

	EtcdUnavailableException(String what, Throwable cause) {
		super(HttpStatus.SERVICE_UNAVAILABLE, "etcd did not answer while " + what + "; try again");
		initCause(cause);
	}

}
