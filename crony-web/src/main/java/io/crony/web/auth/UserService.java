package io.crony.web.auth;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.error.InvalidRequestException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** User management, guarding against locking everyone out. */
@Service
class UserService {

	private static final Logger log = LoggerFactory.getLogger(UserService.class);

	private final AppUserMapper users;

	private final PasswordEncoder encoder;

	private final PasswordPolicy policy;

	private final AuditLog audit;

	UserService(AppUserMapper users, PasswordEncoder encoder, PasswordPolicy policy, AuditLog audit) {
		this.audit = audit;
		this.policy = policy;
		this.users = users;
		this.encoder = encoder;
	}

	PageResponse<UserResponse> list(Paging paging) {
		return PageResponse.of(
				this.users.selectPage(paging.toPage(), new LambdaQueryWrapper<AppUser>().orderByDesc(AppUser::getId)),
				UserResponse::of, paging);
	}

	UserResponse get(long id) {
		return UserResponse.of(load(id));
	}

	/**
	 * Creates a user.
	 * @throws DuplicateUsernameException when the name is taken (also in a race)
	 */
	@Transactional
	UserResponse create(UserRequests.Create request, String by) {
		checkPassword(request.username(), request.password());
		if (this.users.findByUsername(request.username()) != null) {
			throw new DuplicateUsernameException(request.username());
		}
		Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		AppUser user = new AppUser();
		user.setUsername(request.username());
		user.setPasswordHash(this.encoder.encode(request.password()));
		user.setRole(request.role());
		user.setEnabled(request.enabled() == null || request.enabled());
		user.setCreatedAt(now);
		user.setUpdatedAt(now);
		try {
			this.users.insert(user);
		}
		catch (DuplicateKeyException ex) {
			throw new DuplicateUsernameException(request.username());
		}
		this.audit.record(AuditAction.USER_CREATE, user.getId(), user.getUsername(), null, audited(user));
		log.info("User {} created with role {} by {}", user.getUsername(), user.getRole(), by);
		return UserResponse.of(user);
	}

	@Transactional
	UserResponse update(long id, UserRequests.Update request, String by) {
		long admins = this.users.lockEnabledAdmins();
		AppUser user = load(id);
		Object before = audited(user);
		if (request.password() != null) {
			checkPassword(user.getUsername(), request.password());
		}
		boolean wasActiveAdmin = user.getRole() == Role.ADMIN && user.getEnabled();
		if (request.role() != null) {
			user.setRole(request.role());
		}
		if (request.enabled() != null) {
			user.setEnabled(request.enabled());
		}
		boolean isActiveAdmin = user.getRole() == Role.ADMIN && user.getEnabled();
		if (wasActiveAdmin && !isActiveAdmin && admins <= 1) {
			throw new UserChangeRefusedException("User " + user.getUsername() + " is the last enabled admin");
		}
		if (request.password() != null) {
			user.setPasswordHash(this.encoder.encode(request.password()));
		}
		user.setUpdatedAt(Instant.now().truncatedTo(ChronoUnit.MILLIS));
		this.users.updateById(user);
		if (request.password() != null || !user.getEnabled()) {
			// a new password or a disabled account ends every session the user had
			this.users.deleteTokensOf(id);
		}
		this.audit.record(AuditAction.USER_UPDATE, id, user.getUsername(), before, audited(user));
		log.info("User {} updated by {}: role {}, enabled {}, password {}", user.getUsername(), by, user.getRole(),
				user.getEnabled(), (request.password() != null) ? "changed" : "kept");
		return UserResponse.of(user);
	}

	private void checkPassword(String username, String password) {
		this.policy.violation(username, password).ifPresent((rule) -> {
			throw InvalidRequestException.of("password", rule);
		});
	}

	@Transactional
	void delete(long id, CronyPrincipal by) {
		long admins = this.users.lockEnabledAdmins();
		AppUser user = load(id);
		if (user.getId() == by.id()) {
			throw new UserChangeRefusedException("You cannot delete yourself");
		}
		if (user.getRole() == Role.ADMIN && user.getEnabled() && admins <= 1) {
			throw new UserChangeRefusedException("User " + user.getUsername() + " is the last enabled admin");
		}
		this.users.deleteTokensOf(id);
		this.users.deleteById(id);
		this.audit.record(AuditAction.USER_DELETE, id, user.getUsername(), audited(user), null);
		log.info("User {} deleted by {}", user.getUsername(), by.username());
	}

	/** The user as the audit log compares it: a new password hash shows as a change. */
	private static Object audited(AppUser user) {
		return AuditLog.withField(UserResponse.of(user), "password", user.getPasswordHash());
	}

	private AppUser load(long id) {
		AppUser user = this.users.selectById(id);
		if (user == null) {
			throw new UserNotFoundException(id);
		}
		return user;
	}

}
