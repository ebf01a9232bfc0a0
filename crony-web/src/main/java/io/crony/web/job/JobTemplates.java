package io.crony.web.job;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.crony.common.secret.SecretBox;
import io.crony.common.secret.SecretHeaders;
import io.crony.common.template.RunTemplate;
import io.crony.common.template.TemplateException;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

/**
 * The placeholders of a target's texts, checked when the job is saved, so that a run
 * never finds one it cannot fill in: each problem names the text's place
 * ({@code target.url}, {@code target.headers.X-Day}) and quotes the placeholder. Secret
 * headers are not read: the agent sends them as stored, and a problem must not quote
 * them.
 */
final class JobTemplates {

	private JobTemplates() {
	}

	static void check(JobRequest.TargetRequest target, List<FieldProblem> problems) {
		check("target.url", target.url(), problems);
		check("target.statusUrl", target.statusUrl(), problems);
		check("target.body", target.body(), problems);
		check("target.command", target.command(), problems);
		if (target.env() != null) {
			target.env().forEach((name, value) -> check("target.env." + name, value, problems));
		}
		if (target.headers() == null) {
			return;
		}
		Set<String> marked = target.secretHeadersOrNone()
			.stream()
			.map((name) -> name.toLowerCase(Locale.ROOT))
			.collect(Collectors.toSet());
		for (Map.Entry<String, String> header : target.headers().entrySet()) {
			boolean secret = marked.contains(header.getKey().toLowerCase(Locale.ROOT))
					|| SecretHeaders.isSecretName(header.getKey()) || SecretBox.MASK.equals(header.getValue());
			if (!secret) {
				check("target.headers." + header.getKey(), header.getValue(), problems);
			}
		}
	}

	/**
	 * The text with a stand-in for each placeholder, for checking the shape of an address
	 * filled in per run; the text itself when it has none, null when its placeholders
	 * cannot be read (that problem is reported by {@link #check}).
	 */
	static String sample(String text) {
		if (!RunTemplate.hasPlaceholders(text)) {
			return text;
		}
		return (RunTemplate.problem(text) == null) ? RunTemplate.parse(text).sample() : null;
	}

	private static void check(String place, String text, List<FieldProblem> problems) {
		if (!RunTemplate.hasPlaceholders(text)) {
			return;
		}
		try {
			RunTemplate.parse(text);
		}
		catch (TemplateException ex) {
			problems.add(FieldProblem.of(place, ex.getMessage(), FieldErrorCode.TEMPLATE_INVALID, ex.placeholder()));
		}
	}

}
