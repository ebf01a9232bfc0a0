package io.crony.common.target;

import java.util.ArrayList;
import java.util.List;

/**
 * The target policy a Crony server (crony-web, crony-agent) checks calls against, made
 * from that server's settings: the {@code crony.target-policy} entries, and the
 * platform's own endpoints as its settings name them (etcd, the database, the service
 * registry), always denied. One definition for both servers, so they deny the same; each
 * binds its own settings (Spring, which this module does not use) and crony-web adds its
 * own HTTP port ({@link #withOwnPort}).
 */
public final class PlatformPolicy {

	private final List<String> allow;

	private final List<String> deny;

	private final boolean allowLoopback;

	private final List<String> platform;

	private PlatformPolicy(List<String> allow, List<String> deny, boolean allowLoopback, List<String> platform) {
		this.allow = List.copyOf(allow);
		this.deny = List.copyOf(deny);
		this.allowLoopback = allowLoopback;
		this.platform = List.copyOf(platform);
	}

	/**
	 * @param allow {@code crony.target-policy.allow}
	 * @param deny {@code crony.target-policy.deny}
	 * @param allowLoopback {@code crony.target-policy.allow-loopback}
	 * @param etcdEndpoints {@code crony.etcd.endpoints}
	 * @param jdbcUrl {@code spring.datasource.url}, null when not set
	 * @param registryUrls {@code eureka.client.service-url.defaultZone}, null when not
	 * set
	 */
	public static PlatformPolicy of(List<String> allow, List<String> deny, boolean allowLoopback,
			List<String> etcdEndpoints, String jdbcUrl, String registryUrls) {
		List<String> platform = new ArrayList<>();
		etcdEndpoints.forEach((endpoint) -> PlatformEndpoints.add(platform, endpoint));
		PlatformEndpoints.addJdbc(platform, jdbcUrl);
		PlatformEndpoints.add(platform, registryUrls);
		return new PlatformPolicy(allow, deny, allowLoopback, platform);
	}

	/**
	 * The same, with this server's own HTTP API (and an embedded registry on it) denied
	 * too: a test message must not call crony-web with crony-web's own network position.
	 * @param port {@code server.port}; 0, a random port (tests), is not known yet and
	 * adds nothing
	 */
	public PlatformPolicy withOwnPort(int port) {
		if (port <= 0) {
			return this;
		}
		List<String> platform = new ArrayList<>(this.platform);
		PlatformEndpoints.add(platform, "http://127.0.0.1:" + port);
		return new PlatformPolicy(this.allow, this.deny, this.allowLoopback, platform);
	}

	/** The platform's own endpoints, as {@code host:port}. */
	public List<String> platform() {
		return this.platform;
	}

	public TargetPolicy policy() {
		return TargetPolicy.of(this.allow, this.deny, this.allowLoopback, this.platform);
	}

	/** The settings in words, for the server's log at its start. */
	@Override
	public String toString() {
		return "allow " + this.allow + ", deny " + this.deny + ", loopback "
				+ (this.allowLoopback ? "allowed" : "denied") + ", platform endpoints " + this.platform;
	}

}
