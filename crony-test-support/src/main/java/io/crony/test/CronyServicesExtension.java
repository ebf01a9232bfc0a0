package io.crony.test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Makes sure etcd and MariaDB are up and gives the test class its own database schema and
 * etcd key prefix, so classes neither see nor disturb each other's data. Register it on a
 * static field:
 *
 * <pre>
 * &#64;RegisterExtension
 * static final CronyServicesExtension services = new CronyServicesExtension();
 *
 * &#64;DynamicPropertySource
 * static void properties(DynamicPropertyRegistry registry) {
 *     services.properties().forEach((key, value) -&gt; registry.add(key, () -&gt; value));
 * }
 * </pre>
 *
 * The schema and prefix are named when the extension is built and created on first use,
 * so they are ready whether JUnit or Spring asks first.
 */
public final class CronyServicesExtension implements BeforeAllCallback {

	private final String id = UUID.randomUUID().toString().replace("-", "").substring(0, 12);

	private final LocalServices services;

	private boolean schemaCreated;

	/** Uses the services this JVM shares. */
	public CronyServicesExtension() {
		this(null);
	}

	/**
	 * Uses the given services (a dedicated instance for tests that stop them).
	 * @param services the services, or null for the shared ones
	 */
	public CronyServicesExtension(LocalServices services) {
		this.services = services;
	}

	@Override
	public void beforeAll(ExtensionContext context) {
		ensureSchema();
	}

	public LocalServices services() {
		return (this.services != null) ? this.services : LocalServices.shared();
	}

	public String schema() {
		return "crony_t" + this.id;
	}

	public String keyPrefix() {
		return "/crony-t" + this.id;
	}

	public String etcdEndpoint() {
		return services().etcdEndpoint();
	}

	public String jdbcUrl() {
		ensureSchema();
		return services().jdbcUrl(schema());
	}

	/** The key crony-web and agents under test seal and open stored secrets with. */
	public static final String TEST_SECRET_KEY = "Y3JvbnktdGVzdC1rZXktMzItYnl0ZXMtbG9uZy4uLi4=";

	/** Spring properties that point crony-web or crony-agent at this class's data. */
	public Map<String, String> properties() {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.datasource.url", jdbcUrl());
		properties.put("spring.datasource.username", LocalServices.DB_USER);
		properties.put("spring.datasource.password", LocalServices.DB_PASSWORD);
		properties.put("crony.etcd.endpoints", etcdEndpoint());
		properties.put("crony.etcd.prefix", keyPrefix());
		// every test target is a local server on loopback, as with make run; the default
		// policy (loopback denied) has tests of its own
		properties.put("crony.target-policy.allow-loopback", "true");
		// secrets are stored sealed under this test key (web and agents share it)
		properties.put("crony.secrets.key", TEST_SECRET_KEY);
		return properties;
	}

	private synchronized void ensureSchema() {
		if (!this.schemaCreated) {
			services().createSchema(schema());
			this.schemaCreated = true;
		}
	}

}
