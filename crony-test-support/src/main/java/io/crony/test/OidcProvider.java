package io.crony.test;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import org.apache.catalina.Context;

import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.servlet.context.AnnotationConfigServletWebServerApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.oidc.OidcScopes;
import org.springframework.security.oauth2.core.oidc.endpoint.OidcParameterNames;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.config.annotation.web.configuration.OAuth2AuthorizationServerConfiguration;
import org.springframework.security.oauth2.server.authorization.config.annotation.web.configurers.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * A real OpenID Connect provider on a free loopback port: Spring Authorization Server
 * with its login form, discovery, JWKS, token and RP-initiated logout
 * ({@code end_session_endpoint}) endpoints, in its own web server and application
 * context. Users sign in with a password; each user's groups go into the ID token's
 * {@value #GROUPS_CLAIM} claim as they are at that sign-in, so a test can move a user
 * between groups as a company's provider would.
 * <p>
 * Its session cookie is {@value #SESSION_COOKIE}, not {@code JSESSIONID}: cookies do not
 * tell ports apart, and the client under test on the same address has sessions too.
 */
public final class OidcProvider implements AutoCloseable {

	public static final String GROUPS_CLAIM = "groups";

	public static final String SESSION_COOKIE = "PROVIDER_SESSION";

	private final AnnotationConfigServletWebServerApplicationContext context;

	private final int port;

	private final State state;

	private OidcProvider(AnnotationConfigServletWebServerApplicationContext context, int port, State state) {
		this.context = context;
		this.port = port;
		this.state = state;
	}

	/**
	 * Starts the provider with one client.
	 * @param clientId the client's id
	 * @param clientSecret its secret (client_secret_basic or client_secret_post)
	 * @param users each user's password
	 */
	public static OidcProvider start(String clientId, String clientSecret, Map<String, String> users) {
		return start(LocalServices.freePort(), clientId, clientSecret, users);
	}

	/** Starts the provider on the given loopback port (a script picked it). */
	public static OidcProvider start(int port, String clientId, String clientSecret, Map<String, String> users) {
		State state = new State("http://127.0.0.1:" + port, clientId, clientSecret, users);
		AnnotationConfigServletWebServerApplicationContext context = new AnnotationConfigServletWebServerApplicationContext();
		context.registerBean(State.class, () -> state);
		context.registerBean(TomcatServletWebServerFactory.class, () -> {
			TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory(port);
			factory.setAddress(java.net.InetAddress.getLoopbackAddress());
			// the filters run on a request some servlet is mapped to: Tomcat answers 404
			// before any filter otherwise
			factory.setRegisterDefaultServlet(true);
			factory.addContextCustomizers((Context tomcat) -> tomcat.setSessionCookieName(SESSION_COOKIE));
			return factory;
		});
		context.register(Provider.class);
		context.refresh();
		return new OidcProvider(context, port, state);
	}

	/**
	 * Runs the provider as a process until it is killed, for the dashboard's browser
	 * tests (scripts/test-e2e.sh), on the classpath the build writes to
	 * {@code crony-test-support/target/runtime.classpath}. Arguments: the port, the
	 * client's base address (its redirect URI {@code <base>/login/oauth2/code/oidc} and
	 * post-logout {@code <base>/login} are registered), the client id, then each user as
	 * {@code name:password:group,group}; the client secret comes from the environment
	 * ({@code OIDC_CLIENT_SECRET}), not the command line.
	 */
	public static void main(String[] args) {
		if (args.length < 4 || System.getenv("OIDC_CLIENT_SECRET") == null) {
			throw new IllegalArgumentException(
					"usage: OIDC_CLIENT_SECRET=... OidcProvider <port> <client base url> <client id> <user:password:group,group>...");
		}
		Map<String, String> passwords = new java.util.LinkedHashMap<>();
		Map<String, String[]> groups = new java.util.LinkedHashMap<>();
		for (String user : List.of(args).subList(3, args.length)) {
			String[] parts = user.split(":", 3);
			if (parts.length != 3) {
				throw new IllegalArgumentException("a user is name:password:group,group, not " + parts[0] + ":...");
			}
			passwords.put(parts[0], parts[1]);
			groups.put(parts[0], parts[2].isEmpty() ? new String[0] : parts[2].split(","));
		}
		OidcProvider provider = start(Integer.parseInt(args[0]), args[2], System.getenv("OIDC_CLIENT_SECRET"),
				passwords);
		String base = args[1].replaceAll("/$", "");
		provider.allowRedirects(base + "/login/oauth2/code/oidc", base + "/login");
		groups.forEach(provider::setGroups);
		// the script waits for this line; Tomcat's threads keep the process running
		System.out.println("OpenID Connect provider up at " + provider.issuer());
	}

	/** {@code http://127.0.0.1:port}: the issuer, whose discovery document is there. */
	public String issuer() {
		return this.state.issuer;
	}

	public int port() {
		return this.port;
	}

	/**
	 * Lets the client come back to this address after sign-in and after sign-out (the
	 * provider takes registered addresses only, exactly).
	 */
	public void allowRedirects(String redirectUri, String postLogoutRedirectUri) {
		this.state.redirectUris.add(redirectUri);
		this.state.postLogoutRedirectUris.add(postLogoutRedirectUri);
	}

	/** The groups the user's next sign-in puts into the ID token. */
	public void setGroups(String username, String... groups) {
		this.state.groups.put(username, List.of(groups));
	}

	@Override
	public void close() {
		this.context.close();
	}

	/** What the tests change while the provider runs. */
	static final class State {

		private final String issuer;

		private final String clientId;

		private final String clientSecret;

		private final Map<String, String> users;

		private final Set<String> redirectUris = ConcurrentHashMap.newKeySet();

		private final Set<String> postLogoutRedirectUris = ConcurrentHashMap.newKeySet();

		private final Map<String, List<String>> groups = new ConcurrentHashMap<>();

		State(String issuer, String clientId, String clientSecret, Map<String, String> users) {
			this.issuer = issuer;
			this.clientId = clientId;
			this.clientSecret = clientSecret;
			this.users = Map.copyOf(users);
		}

		RegisteredClient client() {
			return RegisteredClient.withId("crony")
				.clientId(this.clientId)
				.clientSecret("{noop}" + this.clientSecret)
				.clientAuthenticationMethod(ClientAuthenticationMethod.CLIENT_SECRET_BASIC)
				.clientAuthenticationMethod(ClientAuthenticationMethod.CLIENT_SECRET_POST)
				.authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
				.redirectUris((uris) -> uris.addAll(this.redirectUris))
				.postLogoutRedirectUris((uris) -> uris.addAll(this.postLogoutRedirectUris))
				.scopes((scopes) -> scopes.addAll(Set.of(OidcScopes.OPENID, OidcScopes.PROFILE, "email", "groups")))
				// PKCE is what the client must use; no consent page in the way
				.clientSettings(
						ClientSettings.builder().requireProofKey(true).requireAuthorizationConsent(false).build())
				.build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebSecurity
	static class Provider {

		@Bean
		@org.springframework.core.annotation.Order(1)
		SecurityFilterChain authorizationServer(HttpSecurity http) throws Exception {
			OAuth2AuthorizationServerConfigurer server = OAuth2AuthorizationServerConfigurer.authorizationServer();
			http.securityMatcher(server.getEndpointsMatcher())
				.with(server, (configurer) -> configurer.oidc(Customizer.withDefaults()))
				.authorizeHttpRequests((requests) -> requests.anyRequest().authenticated())
				.csrf((csrf) -> csrf.ignoringRequestMatchers(server.getEndpointsMatcher()))
				.exceptionHandling((handling) -> handling.authenticationEntryPoint(
						new org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint(
								"/login")));
			return http.build();
		}

		@Bean
		@org.springframework.core.annotation.Order(2)
		SecurityFilterChain signIn(HttpSecurity http) throws Exception {
			return http.authorizeHttpRequests((requests) -> requests.anyRequest().authenticated())
				.formLogin(Customizer.withDefaults())
				.build();
		}

		@Bean
		UserDetailsService users(State state) {
			InMemoryUserDetailsManager users = new InMemoryUserDetailsManager();
			state.users.forEach((name, password) -> users
				.createUser(User.withUsername(name).password("{noop}" + password).roles("USER").build()));
			return users;
		}

		@Bean
		RegisteredClientRepository clients(State state) {
			// built anew at each look-up: the redirect addresses are added while it runs
			return new RegisteredClientRepository() {

				@Override
				public void save(RegisteredClient client) {
					// the provider saves a client whose secret it would encode anew
					// ({noop}); the test's client stays as the test set it
				}

				@Override
				public RegisteredClient findById(String id) {
					return "crony".equals(id) ? state.client() : null;
				}

				@Override
				public RegisteredClient findByClientId(String clientId) {
					return state.clientId.equals(clientId) ? state.client() : null;
				}

			};
		}

		@Bean
		OAuth2TokenCustomizer<JwtEncodingContext> groupsInTheIdToken(State state) {
			return (token) -> {
				if (OidcParameterNames.ID_TOKEN.equals(token.getTokenType().getValue())) {
					String user = token.getPrincipal().getName();
					token.getClaims().claim("preferred_username", user);
					token.getClaims().claim(GROUPS_CLAIM, state.groups.getOrDefault(user, List.of()));
				}
			};
		}

		@Bean
		JWKSource<SecurityContext> keys() throws NoSuchAlgorithmException {
			KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
			generator.initialize(2048);
			KeyPair pair = generator.generateKeyPair();
			RSAKey key = new RSAKey.Builder((RSAPublicKey) pair.getPublic())
				.privateKey((RSAPrivateKey) pair.getPrivate())
				.keyID(UUID.randomUUID().toString())
				.build();
			return new ImmutableJWKSet<>(new JWKSet(key));
		}

		@Bean
		org.springframework.security.oauth2.jwt.JwtDecoder jwtDecoder(JWKSource<SecurityContext> keys) {
			// the logout endpoint reads the id_token_hint with it
			return OAuth2AuthorizationServerConfiguration.jwtDecoder(keys);
		}

		@Bean
		AuthorizationServerSettings settings(State state) {
			return AuthorizationServerSettings.builder().issuer(state.issuer).build();
		}

	}

}
