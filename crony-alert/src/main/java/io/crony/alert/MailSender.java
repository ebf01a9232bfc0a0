package io.crony.alert;

import java.time.Duration;
import java.util.Properties;

import io.crony.common.target.TargetPolicy;

import org.springframework.mail.MailException;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSenderImpl;

/**
 * Mail through the channel's own SMTP server: a {@link JavaMailSenderImpl} built from the
 * channel's settings, so neither web nor agent needs {@code spring.mail} config.
 */
final class MailSender implements ChannelSender {

	private final Duration timeout;

	private final PolicedSocketFactory sockets;

	MailSender(Duration timeout, TargetPolicy policy) {
		this.timeout = timeout;
		this.sockets = new PolicedSocketFactory(policy);
	}

	@Override
	public ChannelType type() {
		return ChannelType.MAIL;
	}

	@Override
	public void send(Channel channel, Alert alert) {
		ChannelConfig config = channel.config();
		SimpleMailMessage message = new SimpleMailMessage();
		message.setFrom(config.from());
		message.setTo(config.to().toArray(String[]::new));
		// UTF-8 throughout (setDefaultEncoding): the subject goes out RFC 2047 encoded
		message.setSubject(AlertText.subject(alert, channel.language()));
		message.setText(AlertText.text(alert, channel.language()));
		try {
			smtp(channel).send(message);
		}
		catch (MailException ex) {
			throw new SendFailedException(
					"SMTP " + config.host() + ":" + config.port() + " refused the mail: "
							+ ex.getMostSpecificCause().getMessage(),
					"the SMTP server refused the mail or was unreachable", ex);
		}
	}

	JavaMailSenderImpl smtp(Channel channel) {
		ChannelConfig config = channel.config();
		JavaMailSenderImpl smtp = new JavaMailSenderImpl();
		smtp.setHost(config.host());
		smtp.setPort(config.port());
		smtp.setDefaultEncoding("UTF-8");
		Properties properties = smtp.getJavaMailProperties();
		boolean auth = config.username() != null && !config.username().isBlank();
		if (auth) {
			smtp.setUsername(config.username());
			smtp.setPassword(channel.secret());
		}
		MailSecurity security = (config.security() != null) ? config.security() : MailSecurity.NONE;
		String protocol = (security == MailSecurity.SSL) ? "smtps" : "smtp";
		smtp.setProtocol(protocol);
		properties.put("mail." + protocol + ".auth", Boolean.toString(auth));
		if (security == MailSecurity.STARTTLS) {
			properties.put("mail.smtp.starttls.enable", "true");
			properties.put("mail.smtp.starttls.required", "true");
		}
		String millis = Long.toString(this.timeout.toMillis());
		properties.put("mail." + protocol + ".connectiontimeout", millis);
		properties.put("mail." + protocol + ".timeout", millis);
		properties.put("mail." + protocol + ".writetimeout", millis);
		// every connection's address passes the target policy (SMTPS wraps this socket)
		properties.put("mail." + protocol + ".socketFactory", this.sockets);
		// by default a failed connect is tried again on a plain socket, past the check
		properties.put("mail." + protocol + ".socketFactory.fallback", "false");
		return smtp;
	}

}
