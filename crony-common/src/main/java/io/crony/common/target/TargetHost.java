package io.crony.common.target;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A host as a URL or a channel names it, brought to the one form the target policy
 * decides on: clients accept many spellings of the same address, and a check that reads
 * only the usual one is passed by the others.
 *
 * <ul>
 * <li>names: lower case, without trailing dots ({@code LocalHost.} is
 * {@code localhost});</li>
 * <li>IPv6 literals: without brackets and without a zone id ({@code fe80::1%25eth0},
 * {@code fe80::1%eth0});</li>
 * <li>IPv4 literals in every form {@code inet_aton} reads, which is what C resolvers,
 * curl and browsers call: hexadecimal ({@code 0xA9FEA9FE}), octal
 * ({@code 0251.0376.0251.0376}), one decimal integer ({@code 2852039166}), and fewer than
 * four parts ({@code 169.254.43518});</li>
 * <li>IPv4 addresses embedded in IPv6 ones: IPv4-mapped ({@code ::ffff:a.b.c.d}),
 * IPv4-translated ({@code ::ffff:0:a.b.c.d}), IPv4-compatible ({@code ::a.b.c.d}), NAT64
 * ({@code 64:ff9b::a.b.c.d}), 6to4 ({@code 2002:AABB:CCDD::}) and Teredo clients
 * ({@code 2001:0::/32}): each is also checked as the IPv4 address it reaches.</li>
 * </ul>
 *
 * @param name the host in its normal form: a name, or an address literal
 * @param literal the address the host spells, null when it is a name
 */
public record TargetHost(String name, InetAddress literal) {

	private static final Pattern IPV6 = Pattern.compile("[0-9a-f:.]+");

	/**
	 * A host as written: a name, an IPv4 literal, an IPv6 literal with or without
	 * brackets.
	 */
	public static TargetHost of(String host) {
		String text = host.trim().toLowerCase(Locale.ROOT);
		if (text.startsWith("[") && text.endsWith("]")) {
			text = text.substring(1, text.length() - 1);
		}
		int zone = text.indexOf('%');
		if (zone >= 0 && text.indexOf(':') >= 0) {
			// a zone id picks an interface, not another address: fe80::1%eth0 is fe80::1
			text = text.substring(0, zone);
		}
		while (text.endsWith(".") && text.length() > 1) {
			text = text.substring(0, text.length() - 1);
		}
		InetAddress literal = (text.indexOf(':') >= 0) ? ipv6(text) : ipv4(text);
		return new TargetHost((literal != null) ? literal.getHostAddress() : text, literal);
	}

	/** The addresses to check: the literal, if any, and those the name resolved to. */
	List<InetAddress> with(List<InetAddress> resolved) {
		if (this.literal == null || resolved.contains(this.literal)) {
			return resolved;
		}
		List<InetAddress> all = new ArrayList<>(resolved.size() + 1);
		all.add(this.literal);
		all.addAll(resolved);
		return all;
	}

	/**
	 * The addresses with the IPv4 address each IPv6 one embeds added; the same list when
	 * none embeds one (the usual case, checked on every call without allocating).
	 */
	static List<InetAddress> withEmbedded(List<InetAddress> addresses) {
		List<InetAddress> all = null;
		for (int i = 0; i < addresses.size(); i++) {
			InetAddress embedded = embedded(addresses.get(i));
			if (embedded != null) {
				if (all == null) {
					all = new ArrayList<>(addresses);
				}
				all.add(embedded);
			}
		}
		return (all != null) ? all : addresses;
	}

	/** The IPv4 address an IPv6 address reaches through a translation, or null. */
	static InetAddress embedded(InetAddress address) {
		if (!(address instanceof Inet6Address)) {
			return null;
		}
		byte[] b = address.getAddress();
		int from;
		if (zeros(b, 0, 10) && (b[10] & b[11] & 0xFF) == 0xFF) {
			from = 12; // ::ffff:a.b.c.d, mapped (Java reads most of these as IPv4
						// already)
		}
		else if (zeros(b, 0, 8) && (b[8] & b[9] & 0xFF) == 0xFF && zeros(b, 10, 12)) {
			from = 12; // ::ffff:0:a.b.c.d, translated
		}
		else if (zeros(b, 0, 12) && !zeros(b, 12, 15)) {
			from = 12; // ::a.b.c.d, compatible (not :: nor ::1, which are themselves)
		}
		else if (b[0] == 0 && b[1] == 0x64 && (b[2] & 0xFF) == 0xFF && (b[3] & 0xFF) == 0x9B && zeros(b, 4, 12)) {
			from = 12; // 64:ff9b::a.b.c.d, NAT64's well-known prefix
		}
		else if (b[0] == 0x20 && b[1] == 0x02) {
			from = 2; // 2002:AABB:CCDD::, 6to4
		}
		else if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0) {
			// Teredo: the client's address, every bit inverted, in the last four bytes
			byte[] client = new byte[4];
			for (int i = 0; i < 4; i++) {
				client[i] = (byte) ~b[12 + i];
			}
			return ipv4(client);
		}
		else {
			return null;
		}
		byte[] ipv4 = new byte[4];
		System.arraycopy(b, from, ipv4, 0, 4);
		return ipv4(ipv4);
	}

	private static boolean zeros(byte[] bytes, int from, int to) {
		for (int i = from; i < to; i++) {
			if (bytes[i] != 0) {
				return false;
			}
		}
		return true;
	}

	private static InetAddress ipv6(String text) {
		if (!IPV6.matcher(text).matches()) {
			return null;
		}
		try {
			// a literal of hex digits, ':' and '.' only: parsed, never looked up
			return InetAddress.getByName(text);
		}
		catch (UnknownHostException ex) {
			return null;
		}
	}

	/**
	 * An IPv4 literal as {@code inet_aton} reads it: one to four parts, each decimal,
	 * octal (leading 0) or hexadecimal (leading 0x), the last filling the bytes left.
	 * Parsed by hand: every call's host comes through here.
	 */
	private static InetAddress ipv4(String text) {
		if (text.isEmpty() || text.length() > 64 || !Character.isDigit(text.charAt(0))) {
			// a name (the usual case): no parsing
			return null;
		}
		long[] values = new long[4];
		int parts = 0;
		int start = 0;
		while (start <= text.length()) {
			int end = text.indexOf('.', start);
			if (end < 0) {
				end = text.length();
			}
			if (parts == 4) {
				return null;
			}
			long value = part(text, start, end);
			if (value < 0) {
				return null;
			}
			values[parts++] = value;
			start = end + 1;
		}
		long address = 0;
		for (int i = 0; i < parts - 1; i++) {
			if (values[i] > 0xFF) {
				return null;
			}
			address |= values[i] << (8 * (3 - i));
		}
		long last = values[parts - 1];
		if (last >= (1L << (8 * (5 - parts)))) {
			return null;
		}
		address |= last;
		return ipv4(new byte[] { (byte) (address >>> 24), (byte) (address >>> 16), (byte) (address >>> 8),
				(byte) address });
	}

	/** One part of an IPv4 literal, -1 when it is not a number in any base. */
	private static long part(String text, int start, int end) {
		if (start == end || end - start > 12) {
			return -1;
		}
		int radix = 10;
		int from = start;
		if (text.charAt(start) == '0' && end - start > 1) {
			boolean hex = text.charAt(start + 1) == 'x' || text.charAt(start + 1) == 'X';
			radix = hex ? 16 : 8;
			from = hex ? start + 2 : start + 1;
		}
		long value = 0;
		for (int i = from; i < end; i++) {
			int digit = Character.digit(text.charAt(i), radix);
			if (digit < 0) {
				return -1;
			}
			value = value * radix + digit;
		}
		return value;
	}

	private static InetAddress ipv4(byte[] bytes) {
		try {
			return Inet4Address.getByAddress(bytes);
		}
		catch (UnknownHostException ex) {
			throw new IllegalStateException("four bytes are an IPv4 address", ex);
		}
	}

}
