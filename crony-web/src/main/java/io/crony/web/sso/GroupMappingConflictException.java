package io.crony.web.sso;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** The group is mapped to the department already. */
final class GroupMappingConflictException extends ApiException {

	GroupMappingConflictException(String group, String department) {
		super(HttpStatus.CONFLICT, "Group " + group + " is mapped to department " + department + " already");
	}

}
