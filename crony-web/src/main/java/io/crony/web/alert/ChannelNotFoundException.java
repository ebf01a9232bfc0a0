package io.crony.web.alert;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** No alert channel with this id. */
final class ChannelNotFoundException extends ApiException {

	ChannelNotFoundException(long id) {
		super(HttpStatus.NOT_FOUND, "Alert channel " + id + " does not exist");
	}

}
