package io.crony.web.alert;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.crony.alert.AlertLanguage;
import io.crony.alert.ChannelType;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;

/** The rules of a channel that depend on its type; the annotations checked the shape. */
final class ChannelValidator {

	private ChannelValidator() {
	}

	/**
	 * @param secretSet whether the channel will have a secret (sent now, or kept)
	 * @return every problem found, empty when the channel may be saved
	 */
	static List<FieldProblem> validate(ChannelRequest channel, boolean secretSet) {
		List<FieldProblem> problems = new ArrayList<>();
		if (channel.name().indexOf('/') >= 0 || channel.name().chars().anyMatch(Character::isISOControl)) {
			problems.add(FieldProblem.of("name", "must not contain '/' nor control characters",
					FieldErrorCode.SLASH_OR_CONTROL_CHARACTERS));
		}
		if (channel.language() != null && !isLanguage(channel.language())) {
			problems
				.add(FieldProblem.of("language", "'" + channel.language() + "' is not one of " + AlertLanguage.tags(),
						FieldErrorCode.NOT_ONE_OF, AlertLanguage.tags()));
		}
		ChannelRequest.ConfigRequest config = channel.config();
		if (channel.type() == ChannelType.MAIL) {
			checkMail(config, secretSet, problems);
		}
		else {
			checkUrl(config.url(), problems);
			if (!secretSet) {
				problems.add(FieldProblem.required("secret",
						"is required for a " + channel.type() + " channel: the signing secret the endpoint checks"));
			}
		}
		return problems;
	}

	private static void checkMail(ChannelRequest.ConfigRequest config, boolean secretSet, List<FieldProblem> problems) {
		if (isBlank(config.host())) {
			problems.add(FieldProblem.of("config.host", "is required for a MAIL channel", FieldErrorCode.REQUIRED));
		}
		if (config.port() == null) {
			problems.add(FieldProblem.of("config.port", "is required for a MAIL channel", FieldErrorCode.REQUIRED));
		}
		if (isBlank(config.from())) {
			problems.add(FieldProblem.of("config.from", "is required for a MAIL channel", FieldErrorCode.REQUIRED));
		}
		else if (!isAddress(config.from())) {
			problems.add(FieldProblem.of("config.from", "'" + config.from() + "' is not a mail address",
					FieldErrorCode.NOT_AN_EMAIL, config.from()));
		}
		if (config.to() == null || config.to().isEmpty()) {
			problems.add(FieldProblem.of("config.to", "needs at least one recipient", FieldErrorCode.TOO_SHORT, 1));
		}
		else {
			for (int i = 0; i < config.to().size(); i++) {
				String to = config.to().get(i);
				if (to != null && !to.isBlank() && !isAddress(to)) {
					problems.add(FieldProblem.of("config.to[" + i + "]", "'" + to + "' is not a mail address",
							FieldErrorCode.NOT_AN_EMAIL, to));
				}
			}
		}
		if (!isBlank(config.username()) && !secretSet) {
			problems.add(FieldProblem.of("secret", "is required when config.username is set: the SMTP password",
					FieldErrorCode.REQUIRED));
		}
	}

	private static void checkUrl(String url, List<FieldProblem> problems) {
		if (isBlank(url)) {
			problems.add(FieldProblem.of("config.url", "is required", FieldErrorCode.REQUIRED));
			return;
		}
		try {
			URI uri = new URI(url.trim());
			String scheme = (uri.getScheme() != null) ? uri.getScheme().toLowerCase(Locale.ROOT) : "";
			if ((scheme.equals("http") || scheme.equals("https")) && !isBlank(uri.getHost())) {
				return;
			}
		}
		catch (URISyntaxException ex) {
			// reported below
		}
		problems.add(FieldProblem.of("config.url", "must be an http:// or https:// URL",
				FieldErrorCode.WRONG_ADDRESS_FORM, "http://host/path, https://host/path"));
	}

	private static boolean isLanguage(String tag) {
		try {
			AlertLanguage.ofTag(tag);
			return true;
		}
		catch (IllegalArgumentException ex) {
			return false;
		}
	}

	static boolean isAddress(String value) {
		try {
			InternetAddress address = new InternetAddress(value.trim(), true);
			String plain = address.getAddress();
			int at = plain.indexOf('@');
			return at > 0 && at < plain.length() - 1 && address.getPersonal() == null;
		}
		catch (AddressException ex) {
			return false;
		}
	}

	private static boolean isBlank(String value) {
		return value == null || value.isBlank();
	}

}
