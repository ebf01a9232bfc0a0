package io.crony.agent.target.grpc;

import java.net.URI;

/**
 * A gRPC target address split into the channel it needs and the handler it names:
 * {@code static://host:port/settle-orders} is channel {@code static://host:port} and
 * handler {@code settle-orders}; {@code discovery:///java-sample/rebuild-index} is
 * channel {@code discovery:///java-sample} (service {@code java-sample}). No path: the
 * handler is empty (the target uses the job's name).
 *
 * @param channel what the channel factory resolves (net.devh's {@code static} and
 * {@code discovery} name resolvers)
 * @param service the service name for {@code discovery:///}, else null
 * @param handler the handler name, empty when none
 */
record GrpcAddress(String channel, String service, String handler) {

	static GrpcAddress parse(String url) {
		if (url == null) {
			throw new IllegalArgumentException("A gRPC target needs an address");
		}
		URI uri = URI.create(url.trim());
		String scheme = uri.getScheme();
		if ("static".equals(scheme) && uri.getAuthority() != null) {
			return new GrpcAddress("static://" + uri.getAuthority(), null, strip(uri.getPath()));
		}
		if ("discovery".equals(scheme) && uri.getPath() != null && uri.getPath().length() > 1) {
			String path = uri.getPath().substring(1);
			int slash = path.indexOf('/');
			String service = (slash < 0) ? path : path.substring(0, slash);
			String handler = (slash < 0) ? "" : strip(path.substring(slash));
			return new GrpcAddress("discovery:///" + service, service, handler);
		}
		throw new IllegalArgumentException("Unsupported gRPC target address " + url
				+ " (static://host:port[/handler] or discovery:///service[/handler])");
	}

	private static String strip(String path) {
		if (path == null) {
			return "";
		}
		String p = path;
		while (p.startsWith("/")) {
			p = p.substring(1);
		}
		return p;
	}

}
