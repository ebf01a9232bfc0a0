package io.crony.web.audit;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crony.common.secret.SecretBox;
import io.crony.common.secret.SecretHeaders;

/**
 * The fields that differ between two states of an object, secrets masked. Both states are
 * flattened to dotted paths (arrays compare whole); bookkeeping every write changes (ids,
 * versions, timestamps) is left out, so a change shows what someone changed. A value is
 * masked as the API masks it ({@link SecretBox#MASK}) when it is sealed or its field
 * names a credential (password, secret, token, Authorization, ...): a changed secret
 * shows as changed, never its value.
 */
final class AuditDiff {

	/** Fields every write sets by itself. */
	static final Set<String> BOOKKEEPING = Set.of("id", "version", "createdAt", "updatedAt", "createdBy", "enabledAt");

	private AuditDiff() {
	}

	/**
	 * @param before the object before, null when it is new
	 * @param after the object after, null when it is gone
	 */
	static List<AuditChange> of(JsonNode before, JsonNode after) {
		Map<String, JsonNode> was = flatten(before);
		Map<String, JsonNode> is = flatten(after);
		Set<String> fields = new LinkedHashSet<>(was.keySet());
		fields.addAll(is.keySet());
		List<AuditChange> changes = new ArrayList<>();
		for (String field : fields) {
			JsonNode old = was.get(field);
			JsonNode now = is.get(field);
			if (old == null ? now == null : old.equals(now)) {
				continue;
			}
			boolean secret = isSecret(field, old) || isSecret(field, now);
			changes.add(new AuditChange(field, show(old, secret), show(now, secret)));
		}
		return changes;
	}

	private static Map<String, JsonNode> flatten(JsonNode node) {
		Map<String, JsonNode> fields = new LinkedHashMap<>();
		if (node != null && node.isObject()) {
			flatten((ObjectNode) node, "", fields);
		}
		return fields;
	}

	private static void flatten(ObjectNode node, String prefix, Map<String, JsonNode> fields) {
		Iterator<Map.Entry<String, JsonNode>> entries = node.fields();
		while (entries.hasNext()) {
			Map.Entry<String, JsonNode> entry = entries.next();
			if (prefix.isEmpty() && BOOKKEEPING.contains(entry.getKey())) {
				continue;
			}
			String path = prefix + entry.getKey();
			JsonNode value = entry.getValue();
			if (value.isObject() && !value.isEmpty()) {
				flatten((ObjectNode) value, path + ".", fields);
			}
			else if (!value.isNull()) {
				fields.put(path, value);
			}
		}
	}

	private static boolean isSecret(String field, JsonNode value) {
		if (value == null || !value.isTextual()) {
			return false;
		}
		String name = field.substring(field.lastIndexOf('.') + 1);
		return SecretHeaders.isSecretName(name) || SecretBox.isSealed(value.asText());
	}

	private static String show(JsonNode value, boolean secret) {
		if (value == null) {
			return null;
		}
		if (secret) {
			return SecretBox.MASK;
		}
		return value.isTextual() ? value.asText() : value.toString();
	}

}
