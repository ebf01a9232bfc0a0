package io.crony.web.job;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.crony.common.secret.SecretBox;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The fields that differ between two versions of a job as a job file writes it, for an
 * import's dry run. Both are flattened to dotted paths ({@code target.url},
 * {@code labels.team}, {@code retention.days}); lists compare whole, and an empty object
 * or list is the same as an absent one. A secret field is compared by what it opens to
 * and shown as the mask, so a changed secret shows as changed and never its value.
 */
final class JobDiff {

	private static final JsonNode MASK = TextNode.valueOf(SecretBox.MASK);

	private JobDiff() {
	}

	/**
	 * @param before the job as stored, secrets opened
	 * @param after the job as the file has it, secrets opened
	 * @param secretFields the paths whose values are secret
	 * @return the differing fields in the order the job lists them, {@code before} first
	 */
	static List<Change> of(JsonNode before, JsonNode after, Set<String> secretFields) {
		Map<String, JsonNode> was = flatten(before);
		Map<String, JsonNode> is = flatten(after);
		Set<String> fields = new LinkedHashSet<>(was.keySet());
		fields.addAll(is.keySet());
		List<Change> changes = new ArrayList<>();
		for (String field : fields) {
			JsonNode old = was.get(field);
			JsonNode now = is.get(field);
			if ((old == null) ? now == null : old.equals(now)) {
				continue;
			}
			boolean secret = secretFields.contains(field);
			changes.add(new Change(field, (secret && old != null) ? MASK : old, (secret && now != null) ? MASK : now));
		}
		return changes;
	}

	static Map<String, JsonNode> flatten(JsonNode node) {
		Map<String, JsonNode> fields = new LinkedHashMap<>();
		if (node != null && node.isObject()) {
			flatten(node, "", fields);
		}
		return fields;
	}

	private static void flatten(JsonNode node, String prefix, Map<String, JsonNode> fields) {
		Iterator<Map.Entry<String, JsonNode>> entries = node.fields();
		while (entries.hasNext()) {
			Map.Entry<String, JsonNode> entry = entries.next();
			String path = prefix + entry.getKey();
			JsonNode value = entry.getValue();
			if (value.isObject()) {
				flatten(value, path + ".", fields);
			}
			else if (!value.isNull() && !(value.isArray() && value.isEmpty())) {
				fields.put(path, value);
			}
		}
	}

	/**
	 * One field that differs.
	 *
	 * @param field its path in the job
	 * @param before its stored value, null when it had none
	 * @param after its value in the file, null when it has none
	 */
	record Change(String field, @Schema(
			description = "the stored value (any JSON value), null when none; a secret shows as ******") @JsonInclude(JsonInclude.Include.ALWAYS) JsonNode before,
			@Schema(description = "the value in the file, null when none; a secret shows as ******") @JsonInclude(JsonInclude.Include.ALWAYS) JsonNode after) {

	}

}
