package io.crony.web.job;

import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JobDiffTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	@Test
	void listsOnlyTheFieldsThatDifferByTheirDottedPath() {
		JsonNode before = json("{\"name\":\"a\",\"schedule\":\"0 0 1 * * ?\",\"retry\":{\"maxAttempts\":3}}");
		JsonNode after = json("{\"name\":\"a\",\"schedule\":\"0 30 2 * * ?\",\"retry\":{\"maxAttempts\":5}}");

		List<JobDiff.Change> changes = JobDiff.of(before, after, Set.of());

		assertThat(changes).extracting(JobDiff.Change::field).containsExactly("schedule", "retry.maxAttempts");
		assertThat(changes.get(0).before().asText()).isEqualTo("0 0 1 * * ?");
		assertThat(changes.get(0).after().asText()).isEqualTo("0 30 2 * * ?");
		assertThat(changes.get(1).after().asInt()).isEqualTo(5);
	}

	@Test
	void showsAddedAndRemovedFieldsWithNullOnTheSideWithout() {
		JsonNode before = json("{\"labels\":{\"team\":\"pay\"},\"contact\":\"a@example.com\"}");
		JsonNode after = json("{\"labels\":{\"team\":\"pay\",\"env\":\"prod\"}}");

		List<JobDiff.Change> changes = JobDiff.of(before, after, Set.of());

		assertThat(changes).extracting(JobDiff.Change::field).containsExactly("contact", "labels.env");
		assertThat(changes.get(0).after()).isNull();
		assertThat(changes.get(1).before()).isNull();
	}

	@Test
	void countsEmptyObjectsListsAndNullsAsAbsent() {
		JsonNode before = json("{\"labels\":{},\"target\":{\"successCodes\":[]},\"description\":null}");
		JsonNode after = json("{\"target\":{}}");

		assertThat(JobDiff.of(before, after, Set.of())).isEmpty();
	}

	@Test
	void comparesListsWhole() {
		JsonNode before = json("{\"alerts\":{\"channelIds\":[1,2]}}");
		JsonNode after = json("{\"alerts\":{\"channelIds\":[2,1]}}");

		assertThat(JobDiff.of(before, after, Set.of())).extracting(JobDiff.Change::field)
			.containsExactly("alerts.channelIds");
	}

	@Test
	void masksSecretFieldsYetComparesThemByValue() {
		JsonNode before = json("{\"target\":{\"headers\":{\"Authorization\":\"Bearer old\",\"X-Env\":\"a\"}}}");
		JsonNode same = json("{\"target\":{\"headers\":{\"Authorization\":\"Bearer old\",\"X-Env\":\"b\"}}}");
		JsonNode rotated = json("{\"target\":{\"headers\":{\"Authorization\":\"Bearer new\",\"X-Env\":\"a\"}}}");
		Set<String> secret = Set.of("target.headers.Authorization");

		assertThat(JobDiff.of(before, same, secret)).extracting(JobDiff.Change::field)
			.containsExactly("target.headers.X-Env");
		List<JobDiff.Change> changes = JobDiff.of(before, rotated, secret);
		assertThat(changes).extracting(JobDiff.Change::field).containsExactly("target.headers.Authorization");
		assertThat(changes.get(0).before().asText()).isEqualTo("******");
		assertThat(changes.get(0).after().asText()).isEqualTo("******");
	}

	@Test
	void masksASecretAddedWhereThereWasNone() {
		JsonNode after = json("{\"target\":{\"headers\":{\"Authorization\":\"Bearer new\"}}}");

		List<JobDiff.Change> changes = JobDiff.of(json("{}"), after, Set.of("target.headers.Authorization"));

		assertThat(changes.get(0).before()).isNull();
		assertThat(changes.get(0).after().asText()).isEqualTo("******");
	}

	private static JsonNode json(String text) {
		try {
			return JSON.readTree(text);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
