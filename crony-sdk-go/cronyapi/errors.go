package cronyapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// FieldError names one bad field (or query parameter) of a refused request.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Error is crony-web's refusal of a request: the HTTP status and the RFC 7807 problem
// details it sent. A body that was not problem details (a proxy's page) is in Detail,
// shortened.
type Error struct {
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

// Error reads "HTTP 404 Not Found: Job 7 does not exist (field: message; ...)".
func (e *Error) Error() string {
	msg := fmt.Sprintf("HTTP %d", e.StatusCode)
	title := e.Title
	if title == "" {
		title = http.StatusText(e.StatusCode)
	}
	if title != "" {
		msg += " " + title
	}
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	if len(e.Errors) > 0 {
		fields := make([]string, len(e.Errors))
		for i, f := range e.Errors {
			fields[i] = f.Field + ": " + f.Message
		}
		msg += " (" + strings.Join(fields, "; ") + ")"
	}
	return msg
}

// excerptLen bounds what a log line shows of an answer that is not the JSON expected.
const excerptLen = 300

func problemOf(status int, raw []byte) *Error {
	e := &Error{}
	if json.Unmarshal(raw, e) != nil || (e.Title == "" && e.Detail == "" && len(e.Errors) == 0) {
		e = &Error{Title: http.StatusText(status), Detail: excerpt(raw, excerptLen)}
	}
	e.StatusCode = status
	return e
}

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

// excerpt is the start of a body for an error: line breaks and runs of blanks folded,
// cut on a character boundary.
func excerpt(body []byte, max int) string {
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
