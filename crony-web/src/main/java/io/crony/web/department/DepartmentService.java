package io.crony.web.department;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.CronyPrincipal;
import io.crony.web.auth.CronyPrincipal.DepartmentRef;
import io.crony.web.auth.DepartmentNotFoundException;
import io.crony.web.auth.MembershipMapper;
import io.crony.web.auth.MembershipMapper.Member;
import io.crony.web.auth.Memberships;
import io.crony.web.auth.Role;
import io.crony.web.department.DepartmentMapper.NewDepartment;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Departments and their members. Global admins create and delete departments; a
 * department's ADMINs edit it and manage its members; every member reads it. A department
 * the caller is not a member of answers as one that does not exist.
 */
@Service
class DepartmentService {

	/** The department existing data moved into (V10); never deleted. */
	static final String HOME = "default";

	private static final Logger log = LoggerFactory.getLogger(DepartmentService.class);

	private final DepartmentMapper departments;

	private final MembershipMapper members;

	private final Memberships memberships;

	private final AuditLog audit;

	DepartmentService(DepartmentMapper departments, MembershipMapper members, Memberships memberships, AuditLog audit) {
		this.departments = departments;
		this.members = members;
		this.memberships = memberships;
		this.audit = audit;
	}

	List<Department> list(CronyPrincipal caller) {
		return caller.globalAdmin() ? this.departments.all() : this.departments.of(caller.id());
	}

	Department get(long id, CronyPrincipal caller) {
		return visible(id, caller);
	}

	@Transactional
	Department create(DepartmentRequests.Create request, CronyPrincipal caller) {
		NewDepartment row = new NewDepartment(request.name(), request.description(), request.retentionDays(),
				caller.username(), now());
		try {
			this.departments.insert(row);
		}
		catch (DuplicateKeyException ex) {
			throw new DepartmentConflictException("Department " + request.name() + " exists already",
					FieldProblem.of("name", "is taken", FieldErrorCode.TAKEN));
		}
		Department created = this.departments.find(row.id);
		this.audit.record(AuditAction.DEPARTMENT_CREATE, created.id(), created.name(), null, audited(created));
		log.info("Department {} '{}' created by {}", created.id(), created.name(), caller.username());
		return created;
	}

	@Transactional
	Department update(long id, DepartmentRequests.Update request, CronyPrincipal caller) {
		Department before = administered(id, caller);
		this.departments.update(id, request.description(), request.retentionDays(), now());
		Department after = this.departments.find(id);
		this.audit.record(AuditAction.DEPARTMENT_UPDATE, id, after.name(), audited(before), audited(after));
		log.info("Department {} '{}' updated by {}", id, after.name(), caller.username());
		return after;
	}

	@Transactional
	void delete(long id, CronyPrincipal caller) {
		Department department = visible(id, caller);
		if (HOME.equals(department.name())) {
			throw new DepartmentConflictException(
					"Department " + HOME + " is where new users and old data live; " + "it cannot be deleted");
		}
		this.departments.lock(id);
		long owned = this.departments.ownedObjects(id);
		if (owned > 0) {
			throw new DepartmentConflictException("Department " + department.name() + " still has " + owned
					+ " jobs, alert channels or unrevoked service tokens; delete or move them first (revoked "
					+ "tokens go with the department)");
		}
		this.departments.deleteMembers(id);
		this.departments.deleteRevokedTokens(id);
		this.departments.forgetDeletedJobs(id);
		this.departments.delete(id);
		this.audit.record(AuditAction.DEPARTMENT_DELETE, id, department.name(), audited(department), null);
		log.info("Department {} '{}' deleted by {}", id, department.name(), caller.username());
	}

	List<Member> members(long id, CronyPrincipal caller) {
		visible(id, caller);
		return this.members.members(id);
	}

	@Transactional
	Member addMember(long id, DepartmentRequests.AddMember request, CronyPrincipal caller) {
		Department department = administered(id, caller);
		Long userId = this.members.userId(request.username());
		if (userId == null) {
			throw new MemberMissingException("No user " + request.username());
		}
		try {
			this.memberships.join(id, userId, request.role());
		}
		catch (DuplicateKeyException ex) {
			throw new DepartmentConflictException(
					request.username() + " is a member of " + department.name() + " already",
					FieldProblem.of("username", "is a member already", FieldErrorCode.TAKEN));
		}
		Member added = this.members.member(id, userId);
		this.audit.record(AuditAction.MEMBER_ADD, id, department.name(), null, added);
		log.info("{} joined department {} as {}, added by {}", added.username(), department.name(), added.role(),
				caller.username());
		return added;
	}

	@Transactional
	Member changeRole(long id, long userId, Role role, CronyPrincipal caller) {
		Department department = administered(id, caller);
		Member before = member(department, userId);
		this.memberships.setRole(ref(department), userId, role);
		Member after = this.members.member(id, userId);
		this.audit.record(AuditAction.MEMBER_UPDATE, id, department.name(), before, after);
		log.info("{} is now {} in department {}, by {}", after.username(), role, department.name(), caller.username());
		return after;
	}

	@Transactional
	void removeMember(long id, long userId, CronyPrincipal caller) {
		Department department = administered(id, caller);
		Member before = member(department, userId);
		this.memberships.leave(ref(department), before);
		this.audit.record(AuditAction.MEMBER_REMOVE, id, department.name(), before, null);
		log.info("{} left department {}, removed by {}", before.username(), department.name(), caller.username());
	}

	private static DepartmentRef ref(Department department) {
		return new DepartmentRef(department.id(), department.name());
	}

	private Member member(Department department, long userId) {
		Member member = this.members.member(department.id(), userId);
		if (member == null) {
			throw new MemberMissingException("User " + userId + " is not a member of " + department.name());
		}
		return member;
	}

	/** The department, when the caller is a member of it (or a global admin). */
	private Department visible(long id, CronyPrincipal caller) {
		Department department = this.departments.find(id);
		if (department == null || (!caller.globalAdmin() && this.members.member(id, caller.id()) == null)) {
			throw new DepartmentNotFoundException(id);
		}
		return department;
	}

	/** The department, when the caller is one of its ADMINs (or a global admin). */
	private Department administered(long id, CronyPrincipal caller) {
		Department department = visible(id, caller);
		if (!caller.globalAdmin() && this.members.member(id, caller.id()).role() != Role.ADMIN) {
			throw new DepartmentRoleException(department.name());
		}
		return department;
	}

	/** A department as the audit log compares it: its counts are not its settings. */
	private static Object audited(Department department) {
		return new Audited(department.name(), department.description(), department.retentionDays());
	}

	private record Audited(String name, String description, Integer retentionDays) {
	}

	private static Instant now() {
		return Instant.now().truncatedTo(ChronoUnit.MILLIS);
	}

}
