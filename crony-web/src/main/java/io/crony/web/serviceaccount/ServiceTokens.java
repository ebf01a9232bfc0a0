package io.crony.web.serviceaccount;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.BearerAuthenticator;
import io.crony.web.auth.CronyPrincipal;
import io.crony.web.auth.CronyPrincipal.DepartmentRef;
import io.crony.web.auth.DepartmentNotFoundException;
import io.crony.web.auth.Departments;
import io.crony.web.auth.OpaqueTokens;
import io.crony.web.auth.Scope;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Service-account tokens: API access for machines, limited to their scopes and expiry. A
 * token is {@code crony_sa_} and an {@link OpaqueTokens opaque token}; the prefix tells
 * it from a person's session token without a lookup, and makes a leaked one easy to find
 * in logs and repositories. Only its SHA-256 is stored. A token belongs to the department
 * it was made in, and works only there.
 */
@Service
class ServiceTokens implements BearerAuthenticator {

	static final String PREFIX = "crony_sa_";

	private static final int HINT_LENGTH = PREFIX.length() + 4;

	// how stale last_used_at may get: a busy token is written at most once a minute
	private static final Duration TOUCH_EVERY = Duration.ofMinutes(1);

	private static final Logger log = LoggerFactory.getLogger(ServiceTokens.class);

	private final ServiceTokenMapper tokens;

	private final AuditLog audit;

	private final Clock clock;

	ServiceTokens(ServiceTokenMapper tokens, AuditLog audit) {
		this.tokens = tokens;
		this.audit = audit;
		this.clock = Clock.systemUTC();
	}

	PageResponse<ServiceTokenResponse> list(Paging paging) {
		Instant now = this.clock.instant();
		return PageResponse.of(this.tokens.selectPage(paging.toPage(),
				new LambdaQueryWrapper<ServiceToken>().eq(ServiceToken::getDepartmentId, Departments.current())
					.orderByDesc(ServiceToken::getId)),
				(row) -> ServiceTokenResponse.of(row, now), paging);
	}

	ServiceTokenResponse get(long id) {
		return ServiceTokenResponse.of(load(id), this.clock.instant());
	}

	/**
	 * Creates a token; the answer is the only place the token appears.
	 * @throws DuplicateServiceTokenNameException when the name is taken (also in a race)
	 */
	@Transactional
	CreatedServiceToken create(ServiceTokenRequest request, String by) {
		long department = Departments.current();
		if (this.tokens.findByName(department, request.name()) != null) {
			throw new DuplicateServiceTokenNameException(request.name());
		}
		String token = PREFIX + OpaqueTokens.generate();
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		ServiceToken row = new ServiceToken();
		row.setDepartmentId(department);
		row.setName(request.name());
		row.setTokenHash(OpaqueTokens.hash(token));
		row.setTokenHint(token.substring(0, HINT_LENGTH));
		// stored in the enum's order, so the same scopes always read the same
		row.setScopes(Arrays.stream(Scope.values())
			.filter(request.scopes()::contains)
			.map(Scope::name)
			.collect(Collectors.joining(",")));
		row.setCreatedBy(by);
		row.setCreatedAt(now);
		row.setExpiresAt(now.plus(Duration.ofDays(request.days())));
		try {
			this.tokens.insert(row);
		}
		catch (DuplicateKeyException ex) {
			throw new DuplicateServiceTokenNameException(request.name());
		}
		log.info("Service token {} '{}' created by {} with scopes {}, expiring {}", row.getId(), row.getName(), by,
				row.getScopes(), row.getExpiresAt());
		ServiceTokenResponse created = ServiceTokenResponse.of(row, now);
		this.audit.record(AuditAction.SERVICE_TOKEN_CREATE, row.getId(), row.getName(), null, created);
		return new CreatedServiceToken(token, created);
	}

	/**
	 * Revokes a token for good; revoking it again changes nothing (and records nothing).
	 */
	@Transactional
	ServiceTokenResponse revoke(long id, String by) {
		ServiceTokenResponse before = ServiceTokenResponse.of(load(id), this.clock.instant());
		ServiceTokenResponse after = before;
		if (this.tokens.revoke(id, this.clock.instant().truncatedTo(ChronoUnit.MILLIS), by) > 0) {
			log.info("Service token {} revoked by {}", id, by);
			after = get(id);
			this.audit.record(AuditAction.SERVICE_TOKEN_REVOKE, id, before.name(), before, after);
		}
		return after;
	}

	/**
	 * Deletes a token: it stops working with the delete, and its department no longer
	 * holds it.
	 */
	@Transactional
	void delete(long id, String by) {
		ServiceTokenResponse before = ServiceTokenResponse.of(load(id), this.clock.instant());
		if (this.tokens.deleteById(id) == 0) {
			throw new ServiceTokenNotFoundException(id);
		}
		this.audit.record(AuditAction.SERVICE_TOKEN_DELETE, id, before.name(), before, null);
		log.info("Service token {} '{}' deleted by {}", id, before.name(), by);
	}

	@Override
	public Optional<Authentication> authenticate(String token, String department) {
		if (!token.startsWith(PREFIX) || !OpaqueTokens.isWellFormed(token.substring(PREFIX.length()))) {
			return Optional.empty();
		}
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		ServiceToken row = this.tokens.findUsable(OpaqueTokens.hash(token), now);
		if (row == null) {
			return Optional.empty();
		}
		if (department != null && !department.equals(row.getDepartmentName())) {
			// a token works in its own department only
			throw new DepartmentNotFoundException(department);
		}
		Instant staleBefore = now.minus(TOUCH_EVERY);
		// the row just read says whether a write is due: a busy token costs no UPDATE per
		// request
		if (row.getLastUsedAt() == null || row.getLastUsedAt().isBefore(staleBefore)) {
			this.tokens.touch(row.getId(), now, staleBefore);
		}
		CronyPrincipal principal = CronyPrincipal.serviceAccount(row.getId(), row.getName(),
				new DepartmentRef(row.getDepartmentId(), row.getDepartmentName()));
		var authorities = scopes(row).stream().map((scope) -> new SimpleGrantedAuthority(scope.authority())).toList();
		return Optional.of(UsernamePasswordAuthenticationToken.authenticated(principal, token, authorities));
	}

	static List<Scope> scopes(ServiceToken row) {
		return Arrays.stream(row.getScopes().split(",")).filter((s) -> !s.isEmpty()).map(Scope::valueOf).toList();
	}

	/**
	 * The department's token: another department's answers as one that does not exist.
	 */
	private ServiceToken load(long id) {
		ServiceToken row = this.tokens.selectById(id);
		if (row == null || row.getDepartmentId() != Departments.current()) {
			throw new ServiceTokenNotFoundException(id);
		}
		return row;
	}

}
