package io.crony.web.auth;

import java.util.Map;

import io.crony.web.audit.Actor;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Opens the dashboard's session for a user whom a provider signed in outside
 * {@code POST /api/v1/auth/login} (OpenID Connect's redirect flow): the same revocable
 * token in the same {@link SessionCookie}, and the same {@code LOGIN} record, with the
 * provider as its source.
 */
@Component
public class SignInSessions {

	private static final Logger log = LoggerFactory.getLogger(SignInSessions.class);

	private final AppUserMapper users;

	private final DepartmentResolver departments;

	private final TokenService tokens;

	private final AuditLog audit;

	SignInSessions(AppUserMapper users, DepartmentResolver departments, TokenService tokens, AuditLog audit) {
		this.users = users;
		this.departments = departments;
		this.tokens = tokens;
		this.audit = audit;
	}

	/**
	 * Issues the session token into the cookie (ending an older session of this browser)
	 * and records the sign-in.
	 * @return the stored form (hash) of the new token, by which the session is found
	 * again at sign-out
	 */
	public String open(long userId, UserSource source, HttpServletRequest request, HttpServletResponse response) {
		CronyPrincipal user = this.departments.principal(this.users.selectById(userId), null);
		TokenService.IssuedToken token = this.tokens.issue(user);
		String previous = SessionCookie.token(request);
		if (previous != null) {
			this.tokens.revoke(previous);
		}
		SessionCookie.write(request, response, token.token(), token.lifetime());
		this.audit.record(Actor.user(user.id(), user.username()), AuditAction.LOGIN, user.id(), user.username(), null,
				Map.of("source", source.name()));
		log.info("User {} signed in through {}", user.username(), source);
		return TokenService.hash(token.token());
	}

}
