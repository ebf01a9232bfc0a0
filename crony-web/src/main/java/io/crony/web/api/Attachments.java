package io.crony.web.api;

import java.nio.charset.StandardCharsets;

import org.springframework.web.util.UriUtils;

/**
 * The {@code Content-Disposition} of a file the API hands out, as RFC 6266 says: the name
 * in UTF-8 as {@code filename*}, and a plain ASCII fallback as {@code filename} for
 * clients that do not read the first. Spring's own builder writes a non-ASCII fallback as
 * an RFC 2047 encoded word, which {@code curl -OJ} saves literally
 * ({@code =?UTF-8?Q?...?=}).
 */
public final class Attachments {

	private Attachments() {
	}

	/** The header's value for a download saved as {@code fileName}. */
	public static String contentDisposition(String fileName) {
		return "attachment; filename=\"" + asciiFallback(fileName) + "\"; filename*=UTF-8''"
				+ UriUtils.encode(fileName, StandardCharsets.UTF_8);
	}

	/**
	 * The name with every character that is not printable ASCII, or that a quoted string
	 * or a file system would take specially, replaced by an underscore.
	 */
	static String asciiFallback(String fileName) {
		StringBuilder ascii = new StringBuilder(fileName.length());
		for (int i = 0; i < fileName.length(); i++) {
			char c = fileName.charAt(i);
			boolean plain = c > 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '/' && c != '%' && c != ';';
			ascii.append(plain ? c : '_');
		}
		return ascii.toString();
	}

}
