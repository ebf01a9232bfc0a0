package io.crony.web.auth;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.baomidou.mybatisplus.extension.plugins.pagination.Page;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.MembershipMapper.Membership;
import io.crony.web.auth.MembershipMapper.UserMembership;
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

	private final MembershipMapper memberships;

	private final Memberships membershipWrites;

	UserService(AppUserMapper users, PasswordEncoder encoder, PasswordPolicy policy, AuditLog audit,
			MembershipMapper memberships, Memberships membershipWrites) {
		this.audit = audit;
		this.memberships = memberships;
		this.membershipWrites = membershipWrites;
		this.policy = policy;
		this.users = users;
		this.encoder = encoder;
	}

	PageResponse<UserResponse> list(Paging paging) {
		Page<AppUser> page = this.users.selectPage(paging.toPage(),
				new LambdaQueryWrapper<AppUser>().orderByDesc(AppUser::getId));
		Map<Long, List<Membership>> memberships = new HashMap<>();
		if (!page.getRecords().isEmpty()) {
			for (UserMembership row : this.memberships
				.membershipsOfUsers(page.getRecords().stream().map(AppUser::getId).toList())) {
				memberships.computeIfAbsent(row.userId(), (id) -> new ArrayList<>()).add(row.membership());
			}
		}
		long department = Departments.current();
		return PageResponse.of(page,
				(user) -> UserResponse.of(user, memberships.getOrDefault(user.getId(), List.of()), department), paging);
	}

	UserResponse get(long id) {
		return response(load(id));
	}

	private UserResponse response(AppUser user) {
		return UserResponse.of(user, this.memberships.membershipsOf(user.getId()), Departments.current());
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
		user.setGlobalAdmin(Boolean.TRUE.equals(request.globalAdmin()));
		user.setEnabled(request.enabled() == null || request.enabled());
		user.setCreatedAt(now);
		user.setUpdatedAt(now);
		try {
			this.users.insert(user);
		}
		catch (DuplicateKeyException ex) {
			throw new DuplicateUsernameException(request.username());
		}
		if (request.role() != null) {
			this.membershipWrites.join(Departments.current(), user.getId(), request.role());
		}
		UserResponse created = response(user);
		this.audit.record(AuditAction.USER_CREATE, user.getId(), user.getUsername(), null, audited(user, created));
		log.info("User {} created with role {} in department {} by {}", user.getUsername(), request.role(),
				Departments.principal().department().name(), by);
		return created;
	}

	@Transactional
	UserResponse update(long id, UserRequests.Update request, String by) {
		long admins = this.users.lockEnabledAdmins();
		AppUser user = load(id);
		Object before = audited(user, response(user));
		if (request.password() != null) {
			checkPassword(user.getUsername(), request.password());
		}
		boolean wasActiveAdmin = isActiveAdmin(user);
		if (request.globalAdmin() != null) {
			user.setGlobalAdmin(request.globalAdmin());
		}
		if (request.enabled() != null) {
			user.setEnabled(request.enabled());
		}
		boolean isActiveAdmin = isActiveAdmin(user);
		if (wasActiveAdmin && !isActiveAdmin && admins <= 1) {
			throw new UserChangeRefusedException("User " + user.getUsername() + " is the last enabled global admin");
		}
		if (request.password() != null) {
			user.setPasswordHash(this.encoder.encode(request.password()));
		}
		if (request.role() != null) {
			// before the user row changes, so the rule sees the user as they were: the
			// department keeps an enabled ADMIN, as through the members API
			this.membershipWrites.setRole(Departments.currentDepartment(), id, request.role());
		}
		Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		user.setUpdatedAt(now);
		this.users.updateById(user);
		if (request.password() != null || !user.getEnabled()) {
			// a new password or a disabled account ends every session the user had
			this.users.deleteTokensOf(id);
		}
		UserResponse updated = response(user);
		this.audit.record(AuditAction.USER_UPDATE, id, user.getUsername(), before, audited(user, updated));
		log.info("User {} updated by {}: role here {}, global admin {}, enabled {}, password {}", user.getUsername(),
				by, updated.role(), updated.globalAdmin(), user.getEnabled(),
				(request.password() != null) ? "changed" : "kept");
		return updated;
	}

	private void checkPassword(String username, String password) {
		this.policy.violation(username, password).ifPresent((problem) -> {
			throw InvalidRequestException.of(problem);
		});
	}

	@Transactional
	void delete(long id, CronyPrincipal by) {
		long admins = this.users.lockEnabledAdmins();
		AppUser user = load(id);
		if (user.getId() == by.id()) {
			throw new UserChangeRefusedException("You cannot delete yourself");
		}
		if (isActiveAdmin(user) && admins <= 1) {
			throw new UserChangeRefusedException("User " + user.getUsername() + " is the last enabled global admin");
		}
		Object before = audited(user, response(user));
		this.users.deleteTokensOf(id);
		// department_member rows go with the user (ON DELETE CASCADE)
		this.users.deleteById(id);
		this.audit.record(AuditAction.USER_DELETE, id, user.getUsername(), before, null);
		log.info("User {} deleted by {}", user.getUsername(), by.username());
	}

	/** The user as the audit log compares it: a new password hash shows as a change. */
	private static Object audited(AppUser user, UserResponse shown) {
		return AuditLog.withField(shown, "password", user.getPasswordHash());
	}

	/** A global admin who may sign in: the platform must keep one. */
	private static boolean isActiveAdmin(AppUser user) {
		return Boolean.TRUE.equals(user.getGlobalAdmin()) && user.getEnabled();
	}

	private AppUser load(long id) {
		AppUser user = this.users.selectById(id);
		if (user == null) {
			throw new UserNotFoundException(id);
		}
		return user;
	}

}
