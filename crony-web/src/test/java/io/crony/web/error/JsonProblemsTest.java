package io.crony.web.error;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

class JsonProblemsTest {

	private final ObjectMapper mapper = new ObjectMapper();

	@Test
	void namesTheNestedFieldAndTheAllowedValuesOfAnUnknownEnumValue() {
		Throwable failure = catchThrowable(() -> this.mapper.readValue("{\"target\":{\"type\":\"FTP\"}}", Job.class));
		assertThat(JsonProblems.from(failure)).containsExactly(FieldProblem.of("target.type",
				"'FTP' is not one of [HTTP, GRPC]", FieldErrorCode.NOT_ONE_OF, "[HTTP, GRPC]"));
	}

	@Test
	void namesAnArrayElementByItsIndex() {
		Throwable failure = catchThrowable(() -> this.mapper.readValue("{\"codes\":[200,\"x\"]}", Job.class));
		assertThat(JsonProblems.from(failure)).extracting(FieldProblem::field).containsExactly("codes[1]");
	}

	@Test
	void reportsMalformedJsonOnTheWholeBody() {
		Throwable failure = catchThrowable(() -> this.mapper.readValue("{\"target\": ", Job.class));
		assertThat(JsonProblems.from(failure)).extracting(FieldProblem::field, FieldProblem::code)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("$", FieldErrorCode.MALFORMED_JSON));
	}

	@Test
	void saysWhichTypeAValueShouldHave() {
		Throwable failure = catchThrowable(() -> this.mapper.readValue("{\"target\":\"x\"}", Job.class));
		assertThat(JsonProblems.from(failure))
			.containsExactly(FieldProblem.of("target", "must be an object", FieldErrorCode.WRONG_TYPE, "object"));
	}

	@Test
	void namesAnUnknownFieldAndTheFieldsThatAreKnownThere() {
		ObjectMapper strict = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
		Throwable failure = catchThrowable(() -> strict.readValue("{\"target\":{\"typo\":\"HTTP\"}}", Job.class));
		assertThat(JsonProblems.from(failure)).containsExactly(FieldProblem.of("target.typo",
				"unknown field; the known fields here are [type]", FieldErrorCode.UNKNOWN_FIELD, "type"));
	}

	enum Type {

		HTTP, GRPC

	}

	record Target(Type type) {
	}

	record Job(Target target, List<Integer> codes, Map<String, String> labels) {
	}

}
