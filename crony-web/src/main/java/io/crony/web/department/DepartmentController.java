package io.crony.web.department;

import java.util.List;

import io.crony.web.auth.CronyPrincipal;
import io.crony.web.auth.MembershipMapper.Member;
import io.crony.web.auth.Roles;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;

import org.springframework.http.HttpStatus;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Departments API. The role checked is the caller's role in the department of the path,
 * not in the request's department.
 */
@RestController
@RequestMapping("/api/v1/departments")
@Tag(name = "Departments", description = "the teams sharing Crony, and their members")
class DepartmentController {

	private final DepartmentService departments;

	DepartmentController(DepartmentService departments) {
		this.departments = departments;
	}

	@GetMapping
	@Operation(summary = "The departments you are a member of (every one for a global admin)")
	List<Department> list(@AuthenticationPrincipal CronyPrincipal caller) {
		return this.departments.list(caller);
	}

	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	@PreAuthorize(Roles.GLOBAL_ADMIN)
	@Operation(summary = "Create a department (global admins)")
	Department create(@Valid @RequestBody DepartmentRequests.Create request,
			@AuthenticationPrincipal CronyPrincipal caller) {
		return this.departments.create(request, caller);
	}

	@GetMapping("/{id}")
	@Operation(summary = "One department (its members, global admins)")
	Department get(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal caller) {
		return this.departments.get(id, caller);
	}

	@PutMapping("/{id}")
	@Operation(summary = "Change a department's description and retention default (its ADMINs)")
	Department update(@PathVariable long id, @Valid @RequestBody DepartmentRequests.Update request,
			@AuthenticationPrincipal CronyPrincipal caller) {
		return this.departments.update(id, request, caller);
	}

	@DeleteMapping("/{id}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@PreAuthorize(Roles.GLOBAL_ADMIN)
	@Operation(summary = "Delete an empty department (global admins; never `default`)")
	void delete(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal caller) {
		this.departments.delete(id, caller);
	}

	@GetMapping("/{id}/members")
	@Operation(summary = "A department's members, by name (its members, global admins)")
	List<Member> members(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal caller) {
		return this.departments.members(id, caller);
	}

	@PostMapping("/{id}/members")
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Add a user to a department with a role (its ADMINs)")
	Member addMember(@PathVariable long id, @Valid @RequestBody DepartmentRequests.AddMember request,
			@AuthenticationPrincipal CronyPrincipal caller) {
		return this.departments.addMember(id, request, caller);
	}

	@PutMapping("/{id}/members/{userId}")
	@Operation(summary = "Change a member's role (its ADMINs; a department keeps one enabled ADMIN)")
	Member changeRole(@PathVariable long id, @PathVariable long userId,
			@Valid @RequestBody DepartmentRequests.ChangeRole request, @AuthenticationPrincipal CronyPrincipal caller) {
		return this.departments.changeRole(id, userId, request.role(), caller);
	}

	@DeleteMapping("/{id}/members/{userId}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Remove a member (its ADMINs; a department keeps one enabled ADMIN)")
	void removeMember(@PathVariable long id, @PathVariable long userId,
			@AuthenticationPrincipal CronyPrincipal caller) {
		this.departments.removeMember(id, userId, caller);
	}

}
