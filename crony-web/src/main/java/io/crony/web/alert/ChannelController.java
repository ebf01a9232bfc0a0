package io.crony.web.alert;

import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.auth.CronyPrincipal;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springdoc.core.annotations.ParameterObject;

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
 * Alert channels. VIEWER reads, OPERATOR writes and sends test messages (the API's
 * default rules); secrets are write-only.
 */
@RestController
@RequestMapping("/api/v1/alert-channels")
@Tag(name = "Alert channels", description = "where alerts go: mail, Feishu, DingTalk, webhook")
class ChannelController {

	private final ChannelService channels;

	ChannelController(ChannelService channels) {
		this.channels = channels;
	}

	@GetMapping
	@Operation(summary = "List alert channels, oldest first")
	PageResponse<ChannelResponse> list(@Valid @ParameterObject Paging paging) {
		return this.channels.list(paging);
	}

	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Create an alert channel")
	ChannelResponse create(@Valid @RequestBody ChannelRequest request, @AuthenticationPrincipal CronyPrincipal user) {
		return this.channels.create(request, user.username());
	}

	@GetMapping("/{id}")
	@Operation(summary = "One alert channel (secretSet tells whether a secret is stored)")
	ChannelResponse get(@PathVariable long id) {
		return this.channels.get(id);
	}

	@PutMapping("/{id}")
	@Operation(summary = "Replace an alert channel; without a secret the stored one stays")
	ChannelResponse update(@PathVariable long id, @Valid @RequestBody ChannelRequest request,
			@AuthenticationPrincipal CronyPrincipal user) {
		return this.channels.update(id, request, user.username());
	}

	@DeleteMapping("/{id}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Delete an alert channel (its history stays)")
	void delete(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal user) {
		this.channels.delete(id, user.username());
	}

	@PostMapping("/{id}/test")
	@Operation(summary = "Send a test message now; answers whether it was delivered, or the error")
	TestResult test(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal user) {
		return this.channels.test(id, user.username());
	}

}
