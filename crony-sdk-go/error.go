package crony

import (
	"errors"
	"fmt"

	"crony.io/sdk-go/problem"
)

// Sentinel errors. Errors returned by this package match them with [errors.Is]. The
// refusal classes are those of package problem, named for the calls of this package.
var (
	// ErrUnauthorized: crony-web refused the execution token (HTTP 401/403, gRPC
	// PERMISSION_DENIED/UNAUTHENTICATED).
	ErrUnauthorized = problem.Named("crony: wrong execution token", problem.ErrUnauthorized)
	// ErrNotFound: crony-web knows no such execution (HTTP 404, gRPC NOT_FOUND).
	ErrNotFound = problem.Named("crony: execution not found", problem.ErrNotFound)
	// ErrInvalidReport: the report was refused as malformed (HTTP 400/422, gRPC
	// INVALID_ARGUMENT), or caught before sending (progress outside 0..100, a result
	// that is neither SUCCEEDED nor FAILED).
	ErrInvalidReport = problem.Named("crony: invalid report", problem.ErrInvalid)
	// ErrAlreadyFinished: the run had already finished when the report arrived.
	// Reporters do not return it for that case: crony-web answers Applied=false, which
	// [ReportResponse.Err] turns into this error for callers who want one. A refusal with
	// HTTP 409 or gRPC FAILED_PRECONDITION matches it too.
	ErrAlreadyFinished = problem.Named("crony: execution already finished", problem.ErrConflict)
	// ErrNoReporter: a [Job] was asked to report, but its [Mux] has no [Reporter]
	// (see [WithReporter]).
	ErrNoReporter = errors.New("crony: no reporter configured")
)

// FieldError names one bad field of a refused request.
type FieldError = problem.FieldError

// APIError is crony-web's refusal of a request: an HTTP status with the RFC 7807
// problem details it sent, when it sent any. The gRPC reporter maps status codes to
// the equivalent HTTP status. It is the same type as the REST client's cronyapi.Error.
type APIError = problem.Details

func parseAPIError(status int, body []byte) *APIError { return problem.Parse(status, body) }

func snippet(body []byte) string { return problem.Excerpt(body, problem.ExcerptLen) }

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
