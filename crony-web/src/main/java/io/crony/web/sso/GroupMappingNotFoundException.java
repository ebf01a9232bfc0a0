package io.crony.web.sso;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** No group mapping with this id. */
final class GroupMappingNotFoundException extends ApiException {

	GroupMappingNotFoundException(long id) {
		super(HttpStatus.NOT_FOUND, "No group mapping " + id);
	}

}
