package io.crony.web.auth;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.crony.web.audit.Actor;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.CronyPrincipal.DepartmentRef;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirements;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.ResponseEntity;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Sign in (user + password for a bearer token), sign out, and who am I. */
@RestController
@RequestMapping("/api/v1/auth")
@Tag(name = "Auth", description = "sign in and out")
class AuthController {

	private static final Logger log = LoggerFactory.getLogger(AuthController.class);

	private final AuthenticationManager authentication;

	private final AppUserMapper users;

	private final TokenService tokens;

	private final LoginThrottle throttle;

	private final AuditLog audit;

	private final DepartmentResolver departments;

	private final ObjectProvider<ExternalSignIn> directory;

	private final ObjectProvider<ProviderSignIn> provider;

	// where the run page links a run's trace: {traceId} is replaced; null for no link
	private final String traceLinkTemplate;

	AuthController(AuthenticationManager authentication, AppUserMapper users, TokenService tokens,
			LoginThrottle throttle, AuditLog audit, DepartmentResolver departments,
			ObjectProvider<ExternalSignIn> directory, ObjectProvider<ProviderSignIn> provider,
			@Value("${crony.web.tracing.link-template:}") String traceLinkTemplate) {
		this.traceLinkTemplate = traceLinkTemplate.isBlank() ? null : traceLinkTemplate;
		this.directory = directory;
		this.provider = provider;
		this.audit = audit;
		this.departments = departments;
		this.throttle = throttle;
		this.authentication = authentication;
		this.users = users;
		this.tokens = tokens;
	}

	@PostMapping("/login")
	@Operation(summary = "Exchange user name and password for a bearer token",
			description = "After repeated failures for a user or from an address the answer is 429 with Retry-After. "
					+ "With `\"cookie\": true` (the dashboard) the token is not in the answer but in an HttpOnly, "
					+ "SameSite=Strict cookie, and every change signed in by it must carry the X-XSRF-TOKEN header "
					+ "with the XSRF-TOKEN cookie's value. With LDAP configured, a user name that is no local user "
					+ "is signed in by the directory, and its groups decide the departments at every sign-in; "
					+ "403 when none of the user's groups is mapped to a department.")
	@SecurityRequirements
	LoginResponse login(@Valid @RequestBody LoginRequest request, HttpServletRequest http,
			HttpServletResponse response) {
		if (request.password().getBytes(StandardCharsets.UTF_8).length > PasswordPolicy.MAX_BYTES) {
			// no stored password is this long (the hash reads 72 bytes), and BCrypt
			// refuses it
			throw InvalidRequestException
				.of(FieldProblem.of("password", "must be at most " + PasswordPolicy.MAX_BYTES + " bytes",
						FieldErrorCode.PASSWORD_TOO_LONG, PasswordPolicy.MAX_BYTES));
		}
		String address = http.getRemoteAddr();
		this.throttle.check(request.username(), address);
		AppUser account = this.users.findByUsername(request.username());
		ExternalSignIn directory = this.directory.getIfAvailable();
		boolean throughDirectory = directory != null && (account == null || !account.isLocal());
		long userId;
		try {
			userId = throughDirectory ? signInThroughDirectory(directory, request) : signInLocally(request);
		}
		catch (AuthenticationException ex) {
			this.throttle.failed(request.username(), address);
			log.warn("Sign-in failed for user {} from {}", request.username(), address);
			this.audit.record(Actor.anonymous(request.username()), AuditAction.LOGIN_FAILED, null, request.username(),
					null, null);
			throw new LoginFailedException();
		}
		this.throttle.succeeded(request.username());
		CronyPrincipal user = this.departments.principal(this.users.selectById(userId), null);
		TokenService.IssuedToken token = this.tokens.issue(user);
		this.audit.record(Actor.user(user.id(), user.username()), AuditAction.LOGIN, user.id(), user.username(), null,
				throughDirectory ? Map.of("source", UserSource.LDAP.name()) : null);
		log.info("User {} signed in", user.username());
		if (request.wantsCookie()) {
			String previous = SessionCookie.token(http);
			if (previous != null) {
				// signing in again over an older session ends that one
				this.tokens.revoke(previous);
			}
			// the token goes where script cannot read it; the answer tells only who
			// signed in
			SessionCookie.write(http, response, token.token(), token.lifetime());
			return new LoginResponse(null, token.expiresAt(), user.username(), user.role(), user.globalAdmin());
		}
		return new LoginResponse(token.token(), token.expiresAt(), user.username(), user.role(), user.globalAdmin());
	}

	private long signInLocally(LoginRequest request) {
		this.authentication
			.authenticate(UsernamePasswordAuthenticationToken.unauthenticated(request.username(), request.password()));
		return this.users.findByUsername(request.username()).getId();
	}

	private static long signInThroughDirectory(ExternalSignIn directory, LoginRequest request) {
		return directory.signIn(request.username(), request.password())
			.orElseThrow(() -> new BadCredentialsException("refused by the directory"));
	}

	@PostMapping("/logout")
	@Operation(summary = "Revoke the token of this request (bearer or session cookie)",
			description = "204 when done. 200 with `redirectTo` when an OpenID Connect provider signed this session "
					+ "in and ends its own sessions (RP-initiated logout): the dashboard sends the browser there, "
					+ "and the provider sends it back to the sign-in page.")
	@ApiResponse(responseCode = "200", description = "Signed out here; the provider's session ends at `redirectTo`")
	@ApiResponse(responseCode = "204", description = "Signed out", content = @Content)
	ResponseEntity<SignedOut> logout(HttpServletRequest request, HttpServletResponse response,
			@AuthenticationPrincipal CronyPrincipal principal) {
		String token = BearerTokenFilter.bearerToken(request);
		if (token == null) {
			token = SessionCookie.token(request);
			SessionCookie.clear(request, response);
		}
		Optional<String> providerSignOut = Optional.empty();
		if (token != null) {
			// asked before the token goes: the provider's session is found by it
			ProviderSignIn signIn = this.provider.getIfAvailable();
			if (signIn != null) {
				providerSignOut = signIn.signOutUrl(TokenService.hash(token), request);
			}
			this.tokens.revoke(token);
		}
		this.audit.record(AuditAction.LOGOUT, principal.id(), principal.username(), null, null);
		return providerSignOut.map((url) -> ResponseEntity.ok(new SignedOut(url)))
			.orElseGet(() -> ResponseEntity.noContent().build());
	}

	@GetMapping("/sign-in-options")
	@Operation(summary = "How one may sign in besides a user name and password (open to all)",
			description = "`oidc` is absent unless OpenID Connect sign-in is configured; then the dashboard shows "
					+ "a button with its name that sends the browser to its `path`. `traceLinkTemplate` "
					+ "(crony.web.tracing.link-template) is where the run page links a run's trace, `{traceId}` "
					+ "replaced by its trace id; absent when not configured.")
	@SecurityRequirements
	SignInOptions signInOptions() {
		ProviderSignIn signIn = this.provider.getIfAvailable();
		return new SignInOptions(
				(signIn == null) ? null : new SignInOptions.SignInProvider(signIn.displayName(), signIn.startPath()),
				this.traceLinkTemplate);
	}

	/**
	 * @param redirectTo the provider's sign-out address, with this session's ID token
	 */
	record SignedOut(String redirectTo) {
	}

	/**
	 * @param oidc the OpenID Connect provider's button; absent when not configured
	 * @param traceLinkTemplate the trace viewer's address of a trace, with
	 * {@code {traceId}} in it; absent when not configured
	 */
	record SignInOptions(@JsonInclude(JsonInclude.Include.NON_NULL) SignInProvider oidc,
			@JsonInclude(JsonInclude.Include.NON_NULL) String traceLinkTemplate) {

		/**
		 * @param name the button's name
		 * @param path where the browser starts the sign-in
		 */
		record SignInProvider(String name, String path) {
		}

	}

	@GetMapping("/me")
	@Operation(summary = "The signed-in user, the department this request works in and the ones they may switch to",
			description = "A request names its department in the X-Crony-Department header; without it, the user's "
					+ "home department: `default` when a member of it, else the first by name.")
	Me me(@AuthenticationPrincipal CronyPrincipal principal) {
		AppUser user = this.users.selectById(principal.id());
		List<UserResponse.MyDepartment> mine = this.departments.departmentsOf(user)
			.stream()
			.map((m) -> new UserResponse.MyDepartment(m.id(), m.name(), m.role()))
			.toList();
		return new Me(principal.id(), principal.username(), principal.role(), principal.globalAdmin(),
				principal.department(), mine);
	}

	/**
	 * @param cookie true to keep the session in an HttpOnly cookie instead of answering
	 * the token (the dashboard); absent or false for API clients
	 */
	record LoginRequest(@NotBlank String username, @NotBlank String password, Boolean cookie) {

		boolean wantsCookie() {
			return Boolean.TRUE.equals(this.cookie);
		}

	}

	/**
	 * @param token the bearer token; absent when the session is in the cookie
	 * @param role the role in the user's home department; null when a member of none
	 */
	record LoginResponse(@JsonInclude(JsonInclude.Include.NON_NULL) String token, Instant expiresAt, String username,
			Role role, boolean globalAdmin) {
	}

	/**
	 * @param role the role in this request's department; null when a member of none
	 * @param department this request's department; null when a member of none
	 * @param departments the departments the user may switch to (every one, for a global
	 * admin)
	 */
	record Me(long id, String username, Role role, boolean globalAdmin, DepartmentRef department,
			List<UserResponse.MyDepartment> departments) {
	}

}
