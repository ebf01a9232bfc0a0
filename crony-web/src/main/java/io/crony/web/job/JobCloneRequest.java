package io.crony.web.job;

import io.crony.web.api.PlainName;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * A copy of a job under another name ({@code POST /jobs/{id}/clone}).
 *
 * @param name the copy's name, unique
 * @param enabled whether the copy fires at once; default false, so that a copy does not
 * call the same target twice before it is edited
 */
record JobCloneRequest(@NotBlank @Size(max = 128) @PlainName String name, @Schema(
		description = "whether the copy fires at once; default false: a copy calls the same target as its source "
				+ "until it is edited") Boolean enabled) {

}
