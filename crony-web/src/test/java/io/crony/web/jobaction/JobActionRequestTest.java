package io.crony.web.jobaction;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.crony.web.error.FieldProblem;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JobActionRequestTest {

	@Test
	void acceptsEachActionWithWhatItTakes() {
		assertThat(fields(new JobActionRequest(JobAction.DISABLE, List.of(1L, 2L), null, null, null))).isEmpty();
		assertThat(fields(new JobActionRequest(JobAction.RUN, List.of(1L), null, null, "{\"day\":1}"))).isEmpty();
		assertThat(fields(new JobActionRequest(JobAction.SET_LABELS, List.of(1L), Map.of(), null, null))).isEmpty();
		assertThat(fields(new JobActionRequest(JobAction.ADD_LABELS, List.of(1L), Map.of("team", "pay"), null, null)))
			.isEmpty();
		assertThat(fields(new JobActionRequest(JobAction.REMOVE_LABELS, List.of(1L), null, List.of("team"), null)))
			.isEmpty();
	}

	@Test
	void namesEachBadField() {
		assertThat(fields(new JobActionRequest(null, null, null, null, null))).containsExactly("action", "ids");
		assertThat(fields(new JobActionRequest(JobAction.ENABLE, List.of(1L, 2L, 3L, 4L), null, null, null)))
			.containsExactly("ids");
		assertThat(fields(new JobActionRequest(JobAction.ENABLE, Arrays.asList(1L, null, 1L), null, null, null)))
			.containsExactly("ids[1]", "ids[2]");
		assertThat(fields(new JobActionRequest(JobAction.ADD_LABELS, List.of(1L), Map.of(), null, null)))
			.containsExactly("labels");
		assertThat(fields(new JobActionRequest(JobAction.SET_LABELS, List.of(1L), Map.of("-bad", "x"), null, null)))
			.containsExactly("labels");
		Map<String, String> many = new HashMap<>();
		for (int i = 0; i < 33; i++) {
			many.put("k" + i, "v");
		}
		assertThat(fields(new JobActionRequest(JobAction.SET_LABELS, List.of(1L), many, null, null)))
			.containsExactly("labels");
		assertThat(fields(
				new JobActionRequest(JobAction.REMOVE_LABELS, List.of(1L), null, Arrays.asList(" ", null), null)))
			.containsExactly("labelKeys[0]", "labelKeys[1]");
		assertThat(fields(new JobActionRequest(JobAction.DELETE, List.of(1L), Map.of("a", "b"), List.of("a"), "p")))
			.containsExactly("labels", "labelKeys", "params");
		assertThat(fields(new JobActionRequest(JobAction.RUN, List.of(1L), null, null, "x".repeat(65536))))
			.containsExactly("params");
	}

	private static List<String> fields(JobActionRequest request) {
		return request.problems(3).stream().map(FieldProblem::field).toList();
	}

}
