package io.crony.web.api;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.security.SecurityRequirements;
import io.swagger.v3.oas.annotations.security.SecurityScheme;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springdoc.core.customizers.PropertyCustomizer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document at {@code /v3/api-docs} (Swagger UI at {@code /swagger-ui.html}):
 * every endpoint takes the bearer token that {@code POST /api/v1/auth/login} returns.
 */
@Configuration(proxyBeanMethods = false)
@OpenAPIDefinition(
		info = @Info(title = "Crony API", version = "v1",
				description = "Jobs, executions, users and the cluster of a Crony installation."),
		security = @SecurityRequirement(name = OpenApiConfiguration.BEARER))
@SecurityScheme(name = OpenApiConfiguration.BEARER, type = SecuritySchemeType.HTTP, scheme = "bearer",
		description = "Token from POST /api/v1/auth/login")
public class OpenApiConfiguration {

	/** Name of the bearer security scheme in the document. */
	public static final String BEARER = "bearer";

	/** Fields written even when null are declared nullable. */
	@Bean
	PropertyCustomizer nullableReferences() {
		return new NullableReferences();
	}

	/**
	 * The department header on every route that takes a bearer token (named here, not in
	 * the auth feature, which depends on this package).
	 */
	@Bean
	OperationCustomizer departmentHeader() {
		return (operation, handler) -> {
			if (!handler.hasMethodAnnotation(SecurityRequirements.class)) {
				operation.addParametersItem(new HeaderParameter().name("X-Crony-Department")
					.required(false)
					.description("The department the request works in (its name); absent: the caller's home "
							+ "department. One the caller may not enter answers 404.")
					.schema(new StringSchema().pattern("^[a-z0-9][a-z0-9-]{0,62}$")));
			}
			return operation;
		};
	}

	/** The error answers of every route, as problem details. */
	@Bean
	OpenApiCustomizer errorResponses() {
		return new ErrorResponses();
	}

}
