package io.crony.web.sso;

import java.util.List;

import io.crony.web.auth.CronyPrincipal;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;

import org.springframework.http.HttpStatus;
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
 * The group mappings of single sign-on (global admins; the security chain allows no one
 * else under {@code /api/v1/sso}).
 */
@RestController
@RequestMapping("/api/v1/sso/group-mappings")
@Tag(name = "Single sign-on", description = "which directory group grants which role in which department")
class GroupMappingController {

	private final GroupMappings mappings;

	GroupMappingController(GroupMappings mappings) {
		this.mappings = mappings;
	}

	@GetMapping
	@Operation(summary = "Every group mapping, by group and department (global admins)")
	List<GroupMapping> list() {
		return this.mappings.list();
	}

	@GetMapping("/{id}")
	@Operation(summary = "One group mapping (global admins)")
	GroupMapping get(@PathVariable long id) {
		return this.mappings.get(id);
	}

	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Map a directory group to a role in a department (global admins)",
			description = "Applies to each member of the group at their next sign-in through the directory.")
	GroupMapping create(@Valid @RequestBody GroupMappingRequest request,
			@AuthenticationPrincipal CronyPrincipal caller) {
		return this.mappings.create(request, caller);
	}

	@PutMapping("/{id}")
	@Operation(summary = "Change a group mapping's group, department or role (global admins)")
	GroupMapping update(@PathVariable long id, @Valid @RequestBody GroupMappingRequest request) {
		return this.mappings.update(id, request);
	}

	@DeleteMapping("/{id}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Delete a group mapping (global admins)",
			description = "Its members lose what it granted at their next sign-in.")
	void delete(@PathVariable long id) {
		this.mappings.delete(id);
	}

}
