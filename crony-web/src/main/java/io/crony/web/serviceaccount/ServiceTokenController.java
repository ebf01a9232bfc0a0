package io.crony.web.serviceaccount;

import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.auth.CronyPrincipal;
import io.crony.web.auth.Roles;
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
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Service-account tokens API, admins only. */
@RestController
@RequestMapping("/api/v1/service-tokens")
@PreAuthorize(Roles.ADMIN)
@Tag(name = "Service tokens", description = "API tokens for machines, with scopes and an expiry (ADMIN only)")
class ServiceTokenController {

	private final ServiceTokens tokens;

	ServiceTokenController(ServiceTokens tokens) {
		this.tokens = tokens;
	}

	@GetMapping
	@Operation(summary = "List service tokens, newest first (never the tokens themselves)")
	PageResponse<ServiceTokenResponse> list(@Valid @ParameterObject Paging paging) {
		return this.tokens.list(paging);
	}

	@GetMapping("/{id}")
	@Operation(summary = "One service token")
	ServiceTokenResponse get(@PathVariable long id) {
		return this.tokens.get(id);
	}

	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Create a service token; the answer shows the token once")
	CreatedServiceToken create(@Valid @RequestBody ServiceTokenRequest request,
			@AuthenticationPrincipal CronyPrincipal principal) {
		return this.tokens.create(request, principal.username());
	}

	@DeleteMapping("/{id}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Delete a service token: revoked at once if it was not, its record gone")
	void delete(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal principal) {
		this.tokens.delete(id, principal.username());
	}

	@PostMapping("/{id}/revoke")
	@Operation(summary = "Revoke a service token for good (its record stays)")
	ServiceTokenResponse revoke(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal principal) {
		return this.tokens.revoke(id, principal.username());
	}

}
