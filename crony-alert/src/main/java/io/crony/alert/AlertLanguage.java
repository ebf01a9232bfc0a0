package io.crony.alert;

import java.util.Arrays;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The language a channel's messages are written in. Stored and shown by its tag
 * ({@code en}, {@code zh-CN}); only the human text changes, never the webhook's field
 * names, kinds or values.
 */
public enum AlertLanguage {

	/** English, the default: what every channel sent before channels had a language. */
	EN("en"),
	/** Simplified Chinese. */
	ZH_CN("zh-CN");

	private final String tag;

	AlertLanguage(String tag) {
		this.tag = tag;
	}

	@JsonValue
	public String tag() {
		return this.tag;
	}

	/**
	 * @throws IllegalArgumentException for anything but one of the tags (exact case)
	 */
	@JsonCreator
	public static AlertLanguage ofTag(String tag) {
		for (AlertLanguage language : values()) {
			if (language.tag.equals(tag)) {
				return language;
			}
		}
		throw new IllegalArgumentException("'" + tag + "' is not one of " + tags());
	}

	/** The language of a stored tag; null or unknown (a newer release's) reads as EN. */
	public static AlertLanguage ofStored(String tag) {
		for (AlertLanguage language : values()) {
			if (language.tag.equals(tag)) {
				return language;
			}
		}
		return EN;
	}

	/** The tags, as a message lists them: {@code [en, zh-CN]}. */
	public static String tags() {
		return Arrays.stream(values()).map(AlertLanguage::tag).collect(Collectors.joining(", ", "[", "]"));
	}

	@Override
	public String toString() {
		return this.tag;
	}

}
