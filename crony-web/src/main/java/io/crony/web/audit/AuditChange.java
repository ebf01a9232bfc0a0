package io.crony.web.audit;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One changed field of an audited object.
 *
 * @param field the field's path, nested fields joined by dots ({@code target.url})
 * @param before the value before (text, or JSON for anything but text); null when the
 * field was absent; a secret is the mask {@code ******}
 * @param after the value after, in the same form
 */
public record AuditChange(String field, @Schema(
		description = "the value before (JSON unless text); null when absent; a secret is ******") @JsonInclude(JsonInclude.Include.ALWAYS) String before,
		@Schema(description = "the value after (JSON unless text); null when absent; a secret is ******") @JsonInclude(JsonInclude.Include.ALWAYS) String after) {

}
