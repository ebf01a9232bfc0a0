package io.crony.alert;

/** How a mail channel protects its SMTP connection. */
public enum MailSecurity {

	/** Plain SMTP (a local relay). */
	NONE,
	/** Upgrade with STARTTLS, required (usually port 587). */
	STARTTLS,
	/** TLS from the first byte (SMTPS, usually port 465). */
	SSL

}
