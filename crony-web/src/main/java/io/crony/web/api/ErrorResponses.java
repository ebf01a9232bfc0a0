package io.crony.web.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MapSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.ProblemCode;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * Says in the OpenAPI document which errors each route answers, as problem details
 * ({@code application/problem+json}, the {@code Problem} schema): what the server does
 * for every route (400 for a bad parameter, body or a request the firewall rejects, 401
 * without a valid token, 403 when the role in the request's department does not allow it,
 * 404 for a department the caller may not enter), plus what depends on the route: 404 for
 * an id in the path, 409 where a change can conflict, 413 and 415 where a body is read,
 * 429 at sign-in. A route with an error of its own declares it with {@code @ApiResponse};
 * this adds only what is not declared.
 */
final class ErrorResponses implements OpenApiCustomizer {

	static final String PROBLEM = "Problem";

	private static final String PROBLEM_JSON = "application/problem+json";

	@Override
	public void customise(OpenAPI openApi) {
		openApi.getComponents().addSchemas(PROBLEM, problemSchema());
		openApi.getComponents().addSchemas("FieldProblem", fieldProblemSchema());
		if (openApi.getPaths() == null) {
			return;
		}
		openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
			if (path.startsWith("/api/")) {
				addErrors(path, method, operation);
			}
		}));
	}

	private static void addErrors(String path, PathItem.HttpMethod method, Operation operation) {
		ApiResponses responses = (operation.getResponses() != null) ? operation.getResponses() : new ApiResponses();
		operation.setResponses(responses);
		Map<String, String> errors = new LinkedHashMap<>();
		errors.put("400", "Invalid parameter or body; the problem's errors name each bad field");
		errors.put("401", path.equals("/api/v1/auth/login") ? "Wrong user name or password"
				: isReport(path) ? "Wrong execution token" : "No valid bearer token");
		boolean signedIn = !path.equals("/api/v1/auth/login") && !isReport(path);
		if (signedIn) {
			// a user may hold no role in the request's department, even for a read
			errors.put("403", "Your role in the request's department does not allow this");
		}
		if (path.contains("{") || signedIn) {
			errors.put("404", path.contains("{")
					? "No such resource in the request's department, or a department (X-Crony-Department) you are "
							+ "not a member of"
					: "A department (X-Crony-Department) you are not a member of");
		}
		if (method != PathItem.HttpMethod.GET && !path.startsWith("/api/v1/auth/")) {
			errors.put("409", "Conflicts with the current state (a taken name, a stale version, a run that ended)");
		}
		if (operation.getRequestBody() != null) {
			errors.put("413", "The body is larger than the route takes (crony.web.request-limits)");
			errors.put("415", "The body must be application/json");
		}
		if (path.equals("/api/v1/auth/login")) {
			errors.put("403", "The directory accepted the password, but none of the user's groups is mapped to a "
					+ "department (LDAP sign-in)");
			errors.put("503", "The directory that signs the user in cannot be reached (LDAP sign-in)");
			errors.put("429", "Too many failed sign-ins; Retry-After says when to try again");
		}
		errors.forEach((status, description) -> {
			if (!responses.containsKey(status)) {
				responses.addApiResponse(status, problem(description, status.equals("429")));
			}
		});
	}

	private static boolean isReport(String path) {
		return path.endsWith("/result") || path.endsWith("/progress");
	}

	private static ApiResponse problem(String description, boolean retryAfter) {
		ApiResponse response = new ApiResponse().description(description)
			.content(new Content().addMediaType(PROBLEM_JSON,
					new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM))));
		if (retryAfter) {
			response.addHeaderObject("Retry-After",
					new Header().description("Seconds until a sign-in is accepted again").schema(new IntegerSchema()));
		}
		return response;
	}

	private static Schema<?> problemSchema() {
		ObjectSchema schema = new ObjectSchema();
		schema.description("RFC 7807 problem details");
		schema.addProperty("type", new StringSchema());
		schema.addProperty("title", new StringSchema());
		schema.addProperty("status", new IntegerSchema());
		schema.addProperty("detail", new StringSchema());
		schema.addProperty("instance", new StringSchema());
		StringSchema code = new StringSchema();
		code.description("Stable machine-readable code: branch on it, not on title or detail (English prose)");
		for (ProblemCode value : ProblemCode.values()) {
			code.addEnumItem(value.name());
		}
		schema.addProperty("code", code);
		schema.addProperty("errors", new ArraySchema().items(new Schema<>().$ref("#/components/schemas/FieldProblem")));
		schema.setRequired(List.of("title", "status", "code"));
		return schema;
	}

	private static Schema<?> fieldProblemSchema() {
		ObjectSchema schema = new ObjectSchema();
		schema.addProperty("field", new StringSchema());
		schema.addProperty("message", new StringSchema().description("What is wrong, in English prose"));
		StringSchema code = new StringSchema();
		code.description("What is wrong as a stable code: branch on it, and word it in the reader's language");
		for (FieldErrorCode value : FieldErrorCode.values()) {
			code.addEnumItem(value.name());
		}
		schema.addProperty("code", code);
		schema.addProperty("params", new MapSchema().additionalProperties(new StringSchema())
			.description("The code's values by name (docs/api.md lists each code's)"));
		schema.setRequired(List.of("field", "message", "code", "params"));
		return schema;
	}

}
