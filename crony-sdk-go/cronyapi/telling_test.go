package cronyapi

import (
	"context"
	"errors"
	"net"
	"strings"
	"syscall"
	"testing"
)

// The context ending as the last attempt starts: the refused connection before it is the
// story, with every attempt counted (TestGivesUpAtTheContextDeadline meets this on a busy
// machine, by chance; here it is made to happen).
func TestAnAttemptCutByTheDeadlineTellsTheRefusalBeforeIt(t *testing.T) {
	refused := &RequestError{Method: "GET", Path: "/api/v1/jobs", Attempts: 44, NoAnswer: true,
		Err: &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}}
	cut := &RequestError{Method: "GET", Path: "/api/v1/jobs", Attempts: 45, NoAnswer: true, Err: context.DeadlineExceeded}

	err := telling(cut, refused)

	want := "GET /api/v1/jobs: crony-web unreachable (45 attempts): dial tcp: connection refused"
	if err.Error() != want {
		t.Fatalf("err = %q, want %q", err, want)
	}
	if !Temporary(err) {
		t.Error("unreachable is worth asking again later")
	}
}

// An attempt before that had connected, or no attempt before: the deadline is the story.
func TestTheDeadlineIsToldWhenNothingBeforeItFailedToConnect(t *testing.T) {
	cut := &RequestError{Method: "GET", Path: "/x", Attempts: 2, NoAnswer: true, Err: context.DeadlineExceeded}
	reset := &RequestError{Method: "GET", Path: "/x", Attempts: 1, NoAnswer: true,
		Err: &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}}
	for name, earlier := range map[string]error{"none": nil, "connected": reset, "refusal": problemOf(503, nil)} {
		if err := telling(cut, earlier); !errors.Is(err, context.DeadlineExceeded) ||
			!strings.Contains(err.Error(), "no answer from crony-web in time (2 attempts)") {
			t.Errorf("%s before: err = %q, want the deadline", name, err)
		}
	}
}
