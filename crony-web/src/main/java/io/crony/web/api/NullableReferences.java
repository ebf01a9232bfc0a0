package io.crony.web.api;

import java.lang.annotation.Annotation;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.oas.models.media.ComposedSchema;
import io.swagger.v3.oas.models.media.Schema;
import org.springdoc.core.customizers.PropertyCustomizer;

/**
 * An object-valued field that is written even when null ({@code @JsonInclude(ALWAYS)}) is
 * declared nullable: OpenAPI 3.0 ignores {@code nullable} next to a {@code $ref}, so the
 * reference goes inside an {@code allOf} that can carry it.
 */
final class NullableReferences implements PropertyCustomizer {

	@Override
	public Schema customize(Schema property, AnnotatedType type) {
		if (property == null || !writtenWhenNull(type.getCtxAnnotations())) {
			return property;
		}
		if (property.get$ref() != null) {
			ComposedSchema nullable = new ComposedSchema();
			nullable.setAllOf(List.of(new Schema<>().$ref(property.get$ref())));
			nullable.setNullable(true);
			nullable.setDescription(property.getDescription());
			return nullable;
		}
		property.setNullable(true);
		return property;
	}

	private static boolean writtenWhenNull(Annotation[] annotations) {
		if (annotations == null) {
			return false;
		}
		for (Annotation annotation : annotations) {
			if (annotation instanceof JsonInclude include && include.value() == JsonInclude.Include.ALWAYS) {
				return true;
			}
		}
		return false;
	}

}
