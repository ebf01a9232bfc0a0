package io.crony.web.support;

import java.util.Iterator;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.springframework.http.HttpMethod;

/**
 * Walks every operation of the API document ({@code /v3/api-docs}), so a test that checks
 * a rule route by route also covers routes added after it.
 */
public final class ApiRoutes {

	private ApiRoutes() {
	}

	/**
	 * Calls the operation with each method and path template under {@code /api/}, as the
	 * document of the running server lists them.
	 */
	public static void forEach(ApiClient client, Operation operation) {
		JsonNode paths = client.get("/v3/api-docs").body().get("paths");
		Iterator<Map.Entry<String, JsonNode>> entries = paths.fields();
		while (entries.hasNext()) {
			Map.Entry<String, JsonNode> entry = entries.next();
			if (!entry.getKey().startsWith("/api/")) {
				continue;
			}
			entry.getValue()
				.fieldNames()
				.forEachRemaining((method) -> operation.call(HttpMethod.valueOf(method.toUpperCase()), entry.getKey()));
		}
	}

	/** One route: its method and path template ({@code /api/v1/jobs/{id}}). */
	@FunctionalInterface
	public interface Operation {

		void call(HttpMethod method, String path);

	}

}
