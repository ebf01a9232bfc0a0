package io.crony.common.json;

import java.io.IOException;
import java.io.UncheckedIOException;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The JSON codec for every value Crony stores in etcd or in a JSON column. Web and agent
 * use this one configuration, so a value written by one is read the same by the other:
 * ISO-8601 times, unknown fields ignored (an older agent reads a newer spec), nulls left
 * out.
 */
public final class CronyJson {

	private static final ObjectMapper MAPPER = configure(new ObjectMapper());

	private CronyJson() {
	}

	/**
	 * Applies Crony's settings to a mapper (the web reuses them for its own).
	 * @param mapper the mapper to configure
	 * @return the same mapper
	 */
	public static ObjectMapper configure(ObjectMapper mapper) {
		return mapper.registerModule(new JavaTimeModule())
			.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
			.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
			.setSerializationInclusion(JsonInclude.Include.NON_NULL);
	}

	public static ObjectMapper mapper() {
		return MAPPER;
	}

	public static byte[] toBytes(Object value) {
		try {
			return MAPPER.writeValueAsBytes(value);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write " + value.getClass().getSimpleName() + " as JSON", ex);
		}
	}

	public static String toJson(Object value) {
		try {
			return MAPPER.writeValueAsString(value);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write " + value.getClass().getSimpleName() + " as JSON", ex);
		}
	}

	public static <T> T fromBytes(byte[] json, Class<T> type) {
		try {
			return MAPPER.readValue(json, type);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read JSON as " + type.getSimpleName(), ex);
		}
	}

	public static <T> T fromJson(String json, Class<T> type) {
		try {
			return MAPPER.readValue(json, type);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read JSON as " + type.getSimpleName(), ex);
		}
	}

}
