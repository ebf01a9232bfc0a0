package io.crony.agent;

import java.util.Map;

import io.crony.common.job.Labels;

import org.springframework.core.convert.converter.Converter;

/**
 * Lets {@code crony.agent.labels} be given as one string, {@code dept=pay,zone=a}: an
 * environment variable ({@code CRONY_AGENT_LABELS}) or a command-line argument cannot
 * spell a map with its keys' case kept. The YAML map form binds as before.
 */
final class LabelListConverter implements Converter<String, Map<String, String>> {

	@Override
	public Map<String, String> convert(String source) {
		return Labels.parse(source);
	}

}
