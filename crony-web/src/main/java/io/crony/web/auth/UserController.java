package io.crony.web.auth;

import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springdoc.core.annotations.ParameterObject;

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

/** Users API, admins only. */
@RestController
@RequestMapping("/api/v1/users")
@PreAuthorize(Roles.GLOBAL_ADMIN)
@Tag(name = "Users", description = "user accounts and roles (ADMIN only)")
class UserController {

	private final UserService users;

	UserController(UserService users) {
		this.users = users;
	}

	@GetMapping
	@Operation(summary = "List users, newest first")
	PageResponse<UserResponse> list(@Valid @ParameterObject Paging paging) {
		return this.users.list(paging);
	}

	@GetMapping("/{id}")
	@Operation(summary = "One user")
	UserResponse get(@PathVariable long id) {
		return this.users.get(id);
	}

	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Create a user")
	UserResponse create(@Valid @RequestBody UserRequests.Create request,
			@AuthenticationPrincipal CronyPrincipal principal) {
		return this.users.create(request, principal.username());
	}

	@PutMapping("/{id}")
	@Operation(summary = "Change a user's role, enabled flag or password")
	UserResponse update(@PathVariable long id, @Valid @RequestBody UserRequests.Update request,
			@AuthenticationPrincipal CronyPrincipal principal) {
		return this.users.update(id, request, principal.username());
	}

	@DeleteMapping("/{id}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Delete a user (not yourself, not the last admin)")
	void delete(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal principal) {
		this.users.delete(id, principal);
	}

}
