package io.crony.web.sso;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.CronyPrincipal;
import io.crony.web.auth.CronyPrincipal.DepartmentRef;
import io.crony.web.auth.MembershipMapper;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Which directory group grants which role in which department; read at every directory
 * sign-in, so a change applies to each user at their next sign-in.
 */
@Service
class GroupMappings {

	private final GroupMappingMapper mappings;

	private final MembershipMapper departments;

	private final AuditLog audit;

	GroupMappings(GroupMappingMapper mappings, MembershipMapper departments, AuditLog audit) {
		this.mappings = mappings;
		this.departments = departments;
		this.audit = audit;
	}

	List<GroupMapping> list() {
		return this.mappings.all();
	}

	GroupMapping get(long id) {
		GroupMapping mapping = this.mappings.byId(id);
		if (mapping == null) {
			throw new GroupMappingNotFoundException(id);
		}
		return mapping;
	}

	@Transactional
	GroupMapping create(GroupMappingRequest request, CronyPrincipal caller) {
		DepartmentRef department = department(request.department());
		GroupMappingMapper.NewRow row = new GroupMappingMapper.NewRow(request.group().trim(), department.id(),
				request.role(), caller.username(), now());
		try {
			this.mappings.insert(row);
		}
		catch (DuplicateKeyException ex) {
			throw new GroupMappingConflictException(row.getGroup(), department.name());
		}
		GroupMapping created = this.mappings.byId(row.getId());
		this.audit.record(AuditAction.SSO_MAPPING_CREATE, created.id(), created.group(), null, audited(created));
		return created;
	}

	@Transactional
	GroupMapping update(long id, GroupMappingRequest request) {
		GroupMapping before = get(id);
		DepartmentRef department = department(request.department());
		try {
			this.mappings.update(id, request.group().trim(), department.id(), request.role(), now());
		}
		catch (DuplicateKeyException ex) {
			throw new GroupMappingConflictException(request.group().trim(), department.name());
		}
		GroupMapping after = this.mappings.byId(id);
		this.audit.record(AuditAction.SSO_MAPPING_UPDATE, id, after.group(), audited(before), audited(after));
		return after;
	}

	@Transactional
	void delete(long id) {
		GroupMapping before = get(id);
		this.mappings.delete(id);
		this.audit.record(AuditAction.SSO_MAPPING_DELETE, id, before.group(), audited(before), null);
	}

	private DepartmentRef department(String name) {
		DepartmentRef department = this.departments.department(name);
		if (department == null) {
			throw InvalidRequestException.of(FieldProblem.of("department", "no department named " + name,
					FieldErrorCode.UNKNOWN_DEPARTMENT, name));
		}
		return department;
	}

	// what a change is about, without the bookkeeping every write changes
	private static Audited audited(GroupMapping mapping) {
		return new Audited(mapping.group(), mapping.department(), mapping.role().name());
	}

	private static Instant now() {
		return Instant.now().truncatedTo(ChronoUnit.MILLIS);
	}

	private record Audited(String group, String department, String role) {
	}

}
