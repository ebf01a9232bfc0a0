// Package problem is crony-web's refusal of a request, read once for every Go client of
// this module: the HTTP status and the RFC 7807 problem details that came with it.
//
// The reporting client ([crony.io/sdk-go]) and the REST client
// ([crony.io/sdk-go/cronyapi]) both return a [*Details]; their APIError and Error names
// are aliases of it, so a caller branches the same way whichever client it uses.
package problem

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// Status classes a refusal matches with [errors.Is]. The clients re-export them under
// names that fit their calls (crony.ErrNotFound, crony.ErrInvalidReport, ...).
var (
	// ErrUnauthorized: HTTP 401 or 403 (gRPC UNAUTHENTICATED, PERMISSION_DENIED).
	ErrUnauthorized = errors.New("crony: not authorized")
	// ErrNotFound: HTTP 404 (gRPC NOT_FOUND).
	ErrNotFound = errors.New("crony: not found")
	// ErrInvalid: HTTP 400 or 422 (gRPC INVALID_ARGUMENT); the fields are in Errors.
	ErrInvalid = errors.New("crony: invalid request")
	// ErrConflict: HTTP 409 (gRPC FAILED_PRECONDITION).
	ErrConflict = errors.New("crony: conflict")
)

// FieldError names one bad field (or query parameter) of a refused request.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Details is crony-web's refusal of a request. A body that was not problem details (a
// proxy's page, say) is in Detail, shortened.
type Details struct {
	StatusCode int    `json:"status"`
	Type       string `json:"type,omitempty"`
	Title      string `json:"title,omitempty"`
	Detail     string `json:"detail,omitempty"`
	Instance   string `json:"instance,omitempty"`
	// Code is crony-web's stable error code (VALIDATION_FAILED, UNAUTHENTICATED, ...):
	// branch on it, not on the prose.
	Code   string       `json:"code,omitempty"`
	Errors []FieldError `json:"errors,omitempty"`
}

// Error reads "crony: HTTP 404 Not Found: Job 7 does not exist (field: message; ...)".
func (e *Details) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "crony: HTTP %d", e.StatusCode)
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
	if len(e.Errors) > 0 {
		fields := make([]string, len(e.Errors))
		for i, f := range e.Errors {
			fields[i] = f.Field + ": " + f.Message
		}
		b.WriteString(" (" + strings.Join(fields, "; ") + ")")
	}
	return b.String()
}

// Is matches the status class of e (see the Err variables), and every error [Named]
// after that class.
func (e *Details) Is(target error) bool {
	switch {
	case errors.Is(target, ErrUnauthorized):
		return e.StatusCode == http.StatusUnauthorized || e.StatusCode == http.StatusForbidden
	case errors.Is(target, ErrNotFound):
		return e.StatusCode == http.StatusNotFound
	case errors.Is(target, ErrInvalid):
		return e.StatusCode == http.StatusBadRequest || e.StatusCode == http.StatusUnprocessableEntity
	case errors.Is(target, ErrConflict):
		return e.StatusCode == http.StatusConflict
	}
	return false
}

// Named is a sentinel error with its own message that belongs to a status class: a
// refusal of that class matches it with [errors.Is], and it matches the class. A client
// names a class for its calls this way ("execution already finished" for a 409).
func Named(message string, class error) error { return &named{message, class} }

type named struct {
	message string
	class   error
}

func (n *named) Error() string { return n.message }
func (n *named) Unwrap() error { return n.class }

// ExcerptLen bounds what an error shows of an answer that is not the JSON expected.
const ExcerptLen = 300

// Parse builds the refusal for a non-2xx answer with the given body.
func Parse(status int, body []byte) *Details {
	e := &Details{}
	if json.Unmarshal(body, e) != nil || (e.Title == "" && e.Detail == "" && len(e.Errors) == 0) {
		e = &Details{Title: http.StatusText(status), Detail: Excerpt(body, ExcerptLen)}
	}
	e.StatusCode = status
	return e
}

// Excerpt is the start of a body for an error: line breaks and runs of blanks folded,
// cut on a character boundary.
func Excerpt(body []byte, max int) string {
	s := strings.Join(strings.Fields(strings.ToValidUTF8(string(body), "?")), " ")
	if len(s) > max {
		cut := max
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}
