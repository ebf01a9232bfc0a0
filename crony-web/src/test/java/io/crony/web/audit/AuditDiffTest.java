package io.crony.web.audit;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.json.CronyJson;
import io.crony.common.secret.SecretBox;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AuditDiffTest {

	private static final SecretBox BOX = SecretBox.of("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", List.of());

	@Test
	void listsOnlyTheChangedFieldsByTheirPathLeavingBookkeepingOut() {
		JsonNode before = tree(Map.of("id", 7, "version", 3, "name", "settle", "retry",
				Map.of("maxAttempts", 3, "backoffSeconds", 5), "tags", List.of("a")));
		JsonNode after = tree(Map.of("id", 7, "version", 4, "name", "settle", "retry",
				Map.of("maxAttempts", 5, "backoffSeconds", 5), "tags", List.of("a", "b")));

		assertThat(AuditDiff.of(before, after)).containsExactlyInAnyOrder(
				new AuditChange("retry.maxAttempts", "3", "5"), new AuditChange("tags", "[\"a\"]", "[\"a\",\"b\"]"));
	}

	@Test
	void showsEveryFieldOfANewOrRemovedObjectAgainstNull() {
		assertThat(AuditDiff.of(null, tree(Map.of("name", "settle", "enabled", true)))).containsExactlyInAnyOrder(
				new AuditChange("name", null, "settle"), new AuditChange("enabled", null, "true"));
		assertThat(AuditDiff.of(tree(Map.of("name", "settle")), null))
			.containsExactly(new AuditChange("name", "settle", null));
	}

	@Test
	void masksSealedValuesAndCredentialFieldsButShowsThatTheyChanged() {
		JsonNode before = tree(
				Map.of("headers", Map.of("X-Auth", BOX.seal("one")), "password", "$2a$10$abc", "secretSet", false));
		JsonNode after = tree(
				Map.of("headers", Map.of("X-Auth", BOX.seal("two")), "password", "$2a$10$xyz", "secretSet", true));

		assertThat(AuditDiff.of(before, after)).containsExactlyInAnyOrder(
				new AuditChange("headers.X-Auth", SecretBox.MASK, SecretBox.MASK),
				new AuditChange("password", SecretBox.MASK, SecretBox.MASK),
				new AuditChange("secretSet", "false", "true"));
	}

	@Test
	void recordsNothingForAnUnchangedSecret() {
		String sealed = BOX.seal("same");
		assertThat(AuditDiff.of(tree(Map.of("token", sealed)), tree(Map.of("token", sealed)))).isEmpty();
	}

	private static JsonNode tree(Object value) {
		return CronyJson.mapper().valueToTree(value);
	}

}
