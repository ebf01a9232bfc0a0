package io.crony.web.auth;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.crony.web.discovery.EurekaServerProperties;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;

/**
 * Guards the embedded Eureka server's REST API ({@code /eureka/**}): whoever may write
 * there decides where every {@code lb://} and {@code discovery:///} job calls. Writes
 * (register, renew, status, remove) need the registry user over HTTP Basic; reads need
 * the registry user or a signed-in Crony user (bearer token). Anonymous or wrong
 * credentials: 401 problem details, nothing changed. Ahead of the API's chain, only while
 * the embedded server runs.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "crony.web.eureka-server.enabled", havingValue = "true")
class RegistrySecurityConfiguration {

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	SecurityFilterChain registrySecurity(HttpSecurity http, EurekaServerProperties properties, TokenService tokens,
			ObjectMapper mapper) throws Exception {
		RegistryCredentials credentials = RegistryCredentials.of(properties);
		SecurityProblemHandler problems = new SecurityProblemHandler(mapper, "Basic realm=\"crony-registry\"",
				"The registry needs its user's credentials (HTTP Basic, crony.web.eureka-server.username/password)",
				null);
		return http.securityMatcher("/eureka/**")
			.csrf(AbstractHttpConfigurer::disable)
			.formLogin(AbstractHttpConfigurer::disable)
			.logout(AbstractHttpConfigurer::disable)
			.requestCache(AbstractHttpConfigurer::disable)
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.authenticationManager(credentials.authenticationManager())
			.httpBasic((basic) -> basic.authenticationEntryPoint(problems))
			// people's sessions only: the dashboard reads the registry, machines' tokens
			// do not
			.addFilterBefore(new BearerTokenFilter(List.of(tokens), tokens, problems), AuthorizationFilter.class)
			.exceptionHandling((handling) -> handling.authenticationEntryPoint(problems).accessDeniedHandler(problems))
			.authorizeHttpRequests((requests) -> requests.requestMatchers(HttpMethod.GET, "/eureka/**")
				.authenticated()
				.requestMatchers(HttpMethod.HEAD, "/eureka/**")
				.authenticated()
				.anyRequest()
				.hasRole(RegistryCredentials.ROLE))
			.build();
	}

}
