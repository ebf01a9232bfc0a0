package io.crony.web.calendar;

import java.nio.charset.StandardCharsets;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.crony.web.api.Attachments;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.auth.CronyPrincipal;
import io.crony.web.calendar.CalendarImportResponse.ImportMode;

/**
 * Business calendars. VIEWER reads, OPERATOR writes (the API's default rules); a calendar
 * is its department's.
 */
@RestController
@RequestMapping("/api/v1/calendars")
@Tag(name = "Calendars", description = "business-day calendars jobs follow: holidays, make-up working days")
class CalendarController {

	private final CalendarService calendars;

	private final CalendarImports files;

	CalendarController(CalendarService calendars, CalendarImports files) {
		this.calendars = calendars;
		this.files = files;
	}

	@GetMapping
	@Operation(summary = "List the department's calendars, by name")
	PageResponse<CalendarResponse> list(@Valid @ParameterObject Paging paging) {
		return this.calendars.list(paging);
	}

	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Create a calendar")
	CalendarResponse create(@Valid @RequestBody CalendarRequest request, @AuthenticationPrincipal CronyPrincipal user) {
		return this.calendars.create(request, user.username());
	}

	@GetMapping("/{id}")
	@Operation(summary = "One calendar, with how many jobs follow it")
	CalendarResponse get(@PathVariable long id) {
		return this.calendars.get(id);
	}

	@PutMapping("/{id}")
	@Operation(summary = "Replace a calendar; every job that follows it gets the new calendar at once (a new version)")
	CalendarResponse update(@PathVariable long id, @Valid @RequestBody CalendarRequest request,
			@AuthenticationPrincipal CronyPrincipal user) {
		return this.calendars.update(id, request, user.username());
	}

	@DeleteMapping("/{id}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Delete a calendar no job follows (409 naming the jobs otherwise)")
	void delete(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal user) {
		this.calendars.delete(id, user.username());
	}

	@GetMapping(value = "/{id}/ics", produces = IcsCodec.MEDIA_TYPE)
	@Operation(summary = "The calendar as an iCalendar file: an all-day event per holiday or make-up day range")
	ResponseEntity<String> export(@PathVariable long id) {
		CalendarImports.IcsFile file = this.files.export(id);
		return ResponseEntity.ok()
			.contentType(new MediaType("text", "calendar", StandardCharsets.UTF_8))
			.header(HttpHeaders.CONTENT_DISPOSITION, Attachments.contentDisposition(file.name()))
			.body(file.text());
	}

	// any content type: a file picked in a browser or sent by curl is often labelled
	// text/plain or application/octet-stream, and the text decides what it is
	@PostMapping("/{id}/ics")
	@Operation(
			summary = "Import an iCalendar file: a dry run (the default) shows what changes; dryRun=false applies it",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
					description = "the .ics file's text",
					content = @Content(mediaType = IcsCodec.MEDIA_TYPE, schema = @Schema(type = "string"))))
	CalendarImportResponse importFile(@PathVariable long id, @RequestBody String file,
			@Parameter(description = "true (default): only answer what would change") @RequestParam(
					defaultValue = "true") boolean dryRun,
			@Parameter(
					description = "MERGE (default): add the file's days; REPLACE: the calendar's days become the file's") @RequestParam(
							defaultValue = "MERGE") ImportMode mode,
			@AuthenticationPrincipal CronyPrincipal user) {
		return this.files.importFile(id, file, mode, dryRun, user.username());
	}

}
