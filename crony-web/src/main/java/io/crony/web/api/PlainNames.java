package io.crony.web.api;

import java.util.Locale;

/**
 * What a name may not hold: characters that make it look other than it is. A U+202E
 * (right-to-left override) shows {@code report-fdp.exe} as {@code report-exe.pdf}; a
 * U+200B (zero-width space) makes two names that look the same; a control character
 * breaks lines in logs; a lone surrogate cannot be stored and turns into {@code ?}.
 */
public final class PlainNames {

	private PlainNames() {
	}

	/**
	 * @param name a name, null for none
	 * @return what is wrong with it, naming the first character refused and where; null
	 * when nothing is
	 */
	public static String problem(String name) {
		if (name == null) {
			return null;
		}
		int i = 0;
		while (i < name.length()) {
			int codePoint = name.codePointAt(i);
			if (Character.charCount(codePoint) == 1 && Character.isSurrogate((char) codePoint)) {
				return "is not well-formed text: a lone surrogate " + code(codePoint) + " at index " + i;
			}
			if (refused(codePoint)) {
				String what = Character.getName(codePoint);
				return "must not contain " + code(codePoint) + ((what != null) ? " (" + what + ")" : "") + " at index "
						+ i
						+ ": control, bidirectional-override, zero-width and other invisible characters are refused";
			}
			i += Character.charCount(codePoint);
		}
		return null;
	}

	/**
	 * Control characters (Cc), format characters (Cf: the bidirectional marks, overrides
	 * and isolates, zero-width spaces and joiners, the byte order mark, the invisible tag
	 * characters) and the line and paragraph separators.
	 */
	private static boolean refused(int codePoint) {
		int type = Character.getType(codePoint);
		return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
				|| type == Character.PARAGRAPH_SEPARATOR;
	}

	private static String code(int codePoint) {
		return String.format(Locale.ROOT, "U+%04X", codePoint);
	}

}
