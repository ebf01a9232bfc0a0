package io.crony.web.discovery;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.StringUtils;

/**
 * Registers crony-web in Eureka at the loopback address it listens on
 * ({@code server.address}, make run: 127.0.0.1). Eureka's client would publish the host's
 * first non-loopback address, where nothing listens then, and every report a service
 * sends to crony-web found through Eureka was refused. A default only:
 * {@code eureka.instance.ip-address} set anywhere wins.
 */
class LoopbackInstanceAddress implements EnvironmentPostProcessor, Ordered {

	static final String SOURCE = "cronyLoopbackInstanceAddress";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		String address = environment.getProperty("server.address");
		if (!StringUtils.hasText(address) || environment.containsProperty("eureka.instance.ip-address")) {
			return;
		}
		InetAddress listening = resolve(address.trim());
		if (listening == null || !listening.isLoopbackAddress()) {
			return;
		}
		String ip = listening.getHostAddress();
		environment.getPropertySources()
			.addLast(new MapPropertySource(SOURCE,
					Map.of("eureka.instance.ip-address", ip, "eureka.instance.hostname", ip)));
	}

	private static InetAddress resolve(String address) {
		try {
			return InetAddress.getByName(address);
		}
		catch (UnknownHostException ex) {
			// the server fails to bind it and says so
			return null;
		}
	}

	@Override
	public int getOrder() {
		// after application.yml and the profiles' files are read
		return ConfigDataEnvironmentPostProcessor.ORDER + 1;
	}

}
