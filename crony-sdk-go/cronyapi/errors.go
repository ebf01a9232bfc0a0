package cronyapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"crony.io/sdk-go/problem"
)

// FieldError names one bad field (or query parameter) of a refused request.
type FieldError = problem.FieldError

// Error is crony-web's refusal of a request: the HTTP status and the RFC 7807 problem
// details it sent, with crony-web's stable Code. A body that was not problem details (a
// proxy's page) is in Detail, shortened. It is the same type as the reporting client's
// crony.APIError, and matches problem.ErrNotFound and the other classes with errors.Is.
type Error = problem.Details

func problemOf(status int, raw []byte) *Error { return problem.Parse(status, raw) }

// RequestError is a request that got no answer from crony-web (or an answer that was not
// the JSON expected): the connection failed, timed out, or the context ended first.
type RequestError struct {
	Method, Path string
	// Attempts is how many times the request was sent.
	Attempts int
	// Err is the cause (the URL left out: it is Path, and a query may hold secrets).
	Err error
	// NoAnswer is true when nothing came back at all (as opposed to an unreadable answer).
	NoAnswer bool
}

func (e *RequestError) Error() string {
	what := "the answer is unreadable"
	switch {
	case e.NoAnswer && errors.Is(e.Err, context.DeadlineExceeded):
		what = "no answer from crony-web in time"
	case e.NoAnswer:
		what = "crony-web unreachable"
	}
	tries := ""
	if e.Attempts > 1 {
		tries = fmt.Sprintf(" (%d attempts)", e.Attempts)
	}
	return fmt.Sprintf("%s %s: %s%s: %v", e.Method, e.Path, what, tries, e.Err)
}

func (e *RequestError) Unwrap() error { return e.Err }

// Temporary says whether err is worth asking again later, by a caller that polls (as
// crony-trigger does while it waits for a run): no answer, a 5xx or a 429. A refusal
// (4xx) or an ended context is not.
func Temporary(err error) bool {
	var ae *Error
	if errors.As(err, &ae) {
		return ae.StatusCode >= 500 || ae.StatusCode == http.StatusTooManyRequests
	}
	var re *RequestError
	return errors.As(err, &re) && re.NoAnswer && !isContextEnd(err)
}

// excerpt is the start of a body for an error, as problem details show it.
func excerpt(body []byte, max int) string { return problem.Excerpt(body, max) }
