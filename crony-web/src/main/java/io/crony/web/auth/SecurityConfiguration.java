package io.crony.web.auth;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.crony.web.api.DeclaredMethods;
import jakarta.servlet.DispatcherType;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.authorization.AuthorityAuthorizationManager;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.authorization.AuthorizationManagers;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.access.intercept.RequestAuthorizationContext;
import org.springframework.security.web.csrf.CsrfFilter;
import org.springframework.security.web.csrf.CsrfTokenRequestAttributeHandler;

/**
 * Stateless bearer-token security; the dashboard holds the same token in an HttpOnly
 * {@link SessionCookie}, and its changes carry a CSRF token ({@link CsrfCookies}). A
 * request works in one department ({@link Departments}) and its role is the user's role
 * there. Under {@code /api/v1}: login is open, GET needs VIEWER, every other method
 * OPERATOR, users a global admin; SDK reports ({@code POST
 * /api/v1/executions/{id}/result|progress}) are open here and checked by their execution
 * token; features tighten further with {@code @PreAuthorize(Roles.ADMIN)}. A
 * service-account token has no role, only its {@link Scope}s, which reach the job and run
 * routes and nothing else. Health, metrics, the API docs and the dashboard's static files
 * are open. The embedded Eureka server has its own chain
 * ({@link RegistrySecurityConfiguration}).
 */
@Configuration(proxyBeanMethods = false)
@EnableMethodSecurity
class SecurityConfiguration {

	/**
	 * Also the {@code RequestRejectedHandler} the filter chain proxy looks up by type:
	 * requests the firewall rejects before any filter ran get a problem (405 for a method
	 * it does not let through, else 400) instead of the container's error page.
	 */
	@Bean
	SecurityProblemHandler securityProblems(ObjectMapper mapper, DeclaredMethods declaredMethods) {
		return new SecurityProblemHandler(mapper, declaredMethods);
	}

	@Bean
	SecurityFilterChain apiSecurity(HttpSecurity http, List<BearerAuthenticator> authenticators, TokenService sessions,
			SecurityProblemHandler problems, RoleHierarchy hierarchy) throws Exception {
		// CSRF only where the browser sends the credential by itself: the session cookie.
		// A bearer token is never sent unasked, so bearer clients need no CSRF token.
		return http.csrf((csrf) -> csrf.csrfTokenRepository(CsrfCookies.repository())
			// the plain token, as the cookie holds it: a single-page app echoes the
			// cookie, and BREACH does not apply to a value never in a response body
			.csrfTokenRequestHandler(new CsrfTokenRequestAttributeHandler())
			.requireCsrfProtectionMatcher(SessionCookie::needsCsrfToken))
			.addFilterAfter(new CsrfCookies.Issuer(), CsrfFilter.class)
			.headers(SecurityHeaders.strict())
			.httpBasic(AbstractHttpConfigurer::disable)
			.formLogin(AbstractHttpConfigurer::disable)
			.logout(AbstractHttpConfigurer::disable)
			.requestCache(AbstractHttpConfigurer::disable)
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.addFilterBefore(new BearerTokenFilter(authenticators, sessions, problems), AuthorizationFilter.class)
			.exceptionHandling((handling) -> handling.authenticationEntryPoint(problems).accessDeniedHandler(problems))
			.authorizeHttpRequests((requests) -> requests
				// the dispatch that ends a stream (server-sent events) after its request
				// was authorized: the bearer filter runs once per request, not again here
				.dispatcherTypeMatchers(DispatcherType.ASYNC)
				.permitAll()
				.requestMatchers(HttpMethod.POST, "/api/v1/auth/login")
				.permitAll()
				// the sign-in page asks it before anyone is signed in
				.requestMatchers(HttpMethod.GET, "/api/v1/auth/sign-in-options")
				.permitAll()
				// SDK reports carry an execution token (X-Crony-Token), checked by the
				// execution feature, not a user's bearer token
				.requestMatchers(HttpMethod.POST, "/api/v1/executions/*/result", "/api/v1/executions/*/progress")
				.permitAll()
				// people's own session routes, and the departments they belong to (whose
				// routes check the role in the department they name): not for service
				// accounts
				.requestMatchers("/api/v1/auth/**", "/api/v1/departments", "/api/v1/departments/**")
				.hasAuthority(DepartmentResolver.PERSON)
				.requestMatchers("/api/v1/users/**", "/api/v1/sso/**")
				.hasAuthority(Departments.GLOBAL_ADMIN)
				.requestMatchers(HttpMethod.GET, "/api/v1/jobs", "/api/v1/jobs/**")
				.access(roleOrScope(Role.VIEWER, Scope.JOBS_READ, hierarchy))
				.requestMatchers(HttpMethod.GET, "/api/v1/executions", "/api/v1/executions/**")
				.access(roleOrScope(Role.VIEWER, Scope.RUNS_READ, hierarchy))
				// actions on many jobs: open to whoever may do one of them, the action's
				// own role or scope is checked by the job action feature
				.requestMatchers(HttpMethod.POST, "/api/v1/jobs/actions")
				.access(AuthorizationManagers.anyOf(roleOrScope(Role.OPERATOR, Scope.JOBS_WRITE, hierarchy),
						AuthorityAuthorizationManager.hasAuthority(Scope.RUNS_TRIGGER.authority())))
				.requestMatchers(HttpMethod.POST, "/api/v1/jobs/*/run", "/api/v1/executions/*/cancel",
						"/api/v1/executions/*/clear", "/api/v1/executions/*/rerun-failed-shards")
				.access(roleOrScope(Role.OPERATOR, Scope.RUNS_TRIGGER, hierarchy))
				.requestMatchers(HttpMethod.POST, "/api/v1/jobs", "/api/v1/jobs/**")
				.access(roleOrScope(Role.OPERATOR, Scope.JOBS_WRITE, hierarchy))
				.requestMatchers(HttpMethod.PUT, "/api/v1/jobs/**")
				.access(roleOrScope(Role.OPERATOR, Scope.JOBS_WRITE, hierarchy))
				.requestMatchers(HttpMethod.DELETE, "/api/v1/jobs/**")
				.access(roleOrScope(Role.OPERATOR, Scope.JOBS_WRITE, hierarchy))
				.requestMatchers(HttpMethod.GET, "/api/**")
				.hasRole(Role.VIEWER.name())
				.requestMatchers(HttpMethod.HEAD, "/api/**")
				.hasRole(Role.VIEWER.name())
				.requestMatchers("/api/**")
				.hasRole(Role.OPERATOR.name())
				.requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/prometheus")
				.permitAll()
				.requestMatchers("/actuator/**")
				.hasAuthority(Departments.GLOBAL_ADMIN)
				// API docs, Swagger UI, the dashboard's static files and the error page
				.anyRequest()
				.permitAll())
			.build();
	}

	// the role a person needs, or the scope a service account needs, for the same route
	private static AuthorizationManager<RequestAuthorizationContext> roleOrScope(Role role, Scope scope,
			RoleHierarchy hierarchy) {
		AuthorityAuthorizationManager<RequestAuthorizationContext> byRole = AuthorityAuthorizationManager
			.hasRole(role.name());
		byRole.setRoleHierarchy(hierarchy);
		return AuthorizationManagers.anyOf(byRole, AuthorityAuthorizationManager.hasAuthority(scope.authority()));
	}

	@Bean
	static RoleHierarchy roleHierarchy() {
		return RoleHierarchyImpl.withDefaultRolePrefix()
			.role(Role.ADMIN.name())
			.implies(Role.OPERATOR.name())
			.role(Role.OPERATOR.name())
			.implies(Role.VIEWER.name())
			.build();
	}

	@Bean
	PasswordEncoder passwordEncoder() {
		return new BCryptPasswordEncoder();
	}

	/**
	 * Also keeps Spring Boot from creating its default user with a generated password.
	 */
	@Bean
	UserDetailsService userDetailsService(AppUserMapper users) {
		return (username) -> {
			AppUser user = users.findByUsername(username);
			if (user == null || !user.isLocal()) {
				// a directory's user has no password here: only the directory signs them
				// in
				throw new UsernameNotFoundException("No local user " + username);
			}
			return User.withUsername(user.getUsername())
				.password(user.getPasswordHash())
				.disabled(!Boolean.TRUE.equals(user.getEnabled()))
				.authorities(DepartmentResolver.PERSON)
				.build();
		};
	}

	@Bean
	AuthenticationManager authenticationManager(UserDetailsService users, PasswordEncoder encoder) {
		DaoAuthenticationProvider provider = new DaoAuthenticationProvider(users);
		provider.setPasswordEncoder(encoder);
		return new ProviderManager(provider);
	}

}
