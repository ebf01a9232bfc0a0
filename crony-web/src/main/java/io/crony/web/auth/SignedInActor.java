package io.crony.web.auth;

import java.util.Optional;

import io.crony.web.audit.Actor;
import io.crony.web.audit.ActorSource;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;

/**
 * The audit log's actor: the user, or the service account, the request's bearer token
 * signed in.
 */
@Component
class SignedInActor implements ActorSource {

	@Override
	public Optional<Actor> current() {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication != null && authentication.getPrincipal() instanceof CronyPrincipal user) {
			return Optional.of(user.serviceAccount() ? Actor.token(user.id(), user.username())
					: Actor.user(user.id(), user.username()));
		}
		return Optional.empty();
	}

	@Override
	public Optional<Long> department() {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication != null && authentication.getPrincipal() instanceof CronyPrincipal user
				&& user.department() != null) {
			return Optional.of(user.department().id());
		}
		return Optional.empty();
	}

}
