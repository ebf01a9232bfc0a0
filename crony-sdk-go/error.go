package crony

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// Sentinel errors. Errors returned by this package match them with [errors.Is].
var (
	// ErrUnauthorized: crony-web refused the execution token (HTTP 401/403, gRPC
	// PERMISSION_DENIED/UNAUTHENTICATED).
	ErrUnauthorized = errors.New("crony: wrong execution token")
	// ErrNotFound: crony-web knows no such execution (HTTP 404, gRPC NOT_FOUND).
	ErrNotFound = errors.New("crony: execution not found")
	// ErrInvalidReport: the report was refused as malformed (HTTP 400/422, gRPC
	// INVALID_ARGUMENT), or caught before sending (progress outside 0..100, a result
	// that is neither SUCCEEDED nor FAILED).
	ErrInvalidReport = errors.New("crony: invalid report")
	// ErrAlreadyFinished: the run had already finished when the report arrived.
	// Reporters do not return it for that case: crony-web answers Applied=false, which
	// [ReportResponse.Err] turns into this error for callers who want one. A refusal with
	// HTTP 409 or gRPC FAILED_PRECONDITION matches it too.
	ErrAlreadyFinished = errors.New("crony: execution already finished")
	// ErrNoReporter: a [Job] was asked to report, but its [Mux] has no [Reporter]
	// (see [WithReporter]).
	ErrNoReporter = errors.New("crony: no reporter configured")
)

// FieldError names one bad field of a refused request.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// APIError is crony-web's refusal of a request: an HTTP status with the RFC 7807
// problem details it sent, when it sent any. The gRPC reporter maps status codes to
// the equivalent HTTP status.
type APIError struct {
	StatusCode int          `json:"status"`
	Type       string       `json:"type,omitempty"`
	Title      string       `json:"title,omitempty"`
	Detail     string       `json:"detail,omitempty"`
	Instance   string       `json:"instance,omitempty"`
	Errors     []FieldError `json:"errors,omitempty"`
}

func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "crony: %d", e.StatusCode)
	title := e.Title
	if title == "" {
		title = http.StatusText(e.StatusCode)
	}
	if title != "" {
		b.WriteString(" " + title)
	}
	if e.Detail != "" {
		b.WriteString(": " + e.Detail)
	}
	for i, fe := range e.Errors {
		sep := ", "
		if i == 0 {
			sep = " ("
		}
		fmt.Fprintf(&b, "%s%s: %s", sep, fe.Field, fe.Message)
		if i == len(e.Errors)-1 {
			b.WriteString(")")
		}
	}
	return b.String()
}

// Is matches the sentinel error for e's status code.
func (e *APIError) Is(target error) bool {
	switch target {
	case ErrUnauthorized:
		return e.StatusCode == http.StatusUnauthorized || e.StatusCode == http.StatusForbidden
	case ErrNotFound:
		return e.StatusCode == http.StatusNotFound
	case ErrInvalidReport:
		return e.StatusCode == http.StatusBadRequest || e.StatusCode == http.StatusUnprocessableEntity
	case ErrAlreadyFinished:
		return e.StatusCode == http.StatusConflict
	}
	return false
}

// parseAPIError builds the error for a non-2xx answer. A body that is not problem
// details (a proxy's HTML page, say) becomes the Detail, trimmed.
func parseAPIError(status int, body []byte) *APIError {
	e := &APIError{}
	if err := json.Unmarshal(body, e); err != nil || (e.Title == "" && e.Detail == "" && len(e.Errors) == 0) {
		e = &APIError{Detail: snippet(body)}
	}
	e.StatusCode = status
	return e
}

func snippet(body []byte) string {
	const max = 200
	s := strings.TrimSpace(string(body))
	if len(s) > max {
		s = s[:max] + "..."
	}
	return s
}

// RequestError is a report that did not get an answer from crony-web: the connection
// failed, timed out, or the context ended. Err is the cause.
type RequestError struct {
	// Op is the report being sent: "report result" or "report progress".
	Op          string
	ExecutionID int64
	// Attempts is how many times the request was sent.
	Attempts int
	Err      error
}

func (e *RequestError) Error() string {
	return fmt.Sprintf("crony: %s for execution %d failed after %d attempt(s): %v", e.Op, e.ExecutionID, e.Attempts, e.Err)
}

func (e *RequestError) Unwrap() error { return e.Err }
