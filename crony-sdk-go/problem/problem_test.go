package problem_test

import (
	"errors"
	"strings"
	"testing"

	"crony.io/sdk-go/problem"
)

func TestParseReadsProblemDetailsWithTheirFields(t *testing.T) {
	e := problem.Parse(400, []byte(`{"type":"about:blank","title":"Bad Request","status":400,"code":"VALIDATION_FAILED",
		"detail":"Invalid request content.","errors":[{"field":"cron","message":"field 'hour': 25 is out of range"},
		{"field":"name","message":"must not be blank"}]}`))
	if e.Code != "VALIDATION_FAILED" || len(e.Errors) != 2 || e.Errors[0].Field != "cron" {
		t.Fatalf("%+v", e)
	}
	const want = "crony: HTTP 400 Bad Request: Invalid request content. (cron: field 'hour': 25 is out of range; name: must not be blank)"
	if e.Error() != want {
		t.Errorf("Error() = %q", e.Error())
	}
}

func TestABodyThatIsNotProblemDetailsBecomesAFoldedShortDetail(t *testing.T) {
	e := problem.Parse(502, []byte("<html>\n  bad   gateway\n</html>\n"+strings.Repeat("é", 400)))
	if e.StatusCode != 502 || e.Title != "Bad Gateway" || !strings.HasPrefix(e.Detail, "<html> bad gateway </html> é") {
		t.Fatalf("%+v", e)
	}
	if !strings.HasSuffix(e.Detail, "…") || len(e.Detail) > problem.ExcerptLen+len("…") {
		t.Errorf("detail not cut: %d bytes", len(e.Detail))
	}
	if strings.Contains(e.Detail, "\uFFFD") {
		t.Error("cut inside a character")
	}
}

func TestStatusClassesMatchWithErrorsIs(t *testing.T) {
	cases := []struct {
		status int
		class  error
	}{
		{401, problem.ErrUnauthorized}, {403, problem.ErrUnauthorized}, {404, problem.ErrNotFound},
		{400, problem.ErrInvalid}, {422, problem.ErrInvalid}, {409, problem.ErrConflict},
	}
	all := []error{problem.ErrUnauthorized, problem.ErrNotFound, problem.ErrInvalid, problem.ErrConflict}
	for _, c := range cases {
		err := error(&problem.Details{StatusCode: c.status})
		for _, class := range all {
			if got := errors.Is(err, class); got != (class == c.class) {
				t.Errorf("%d matches %v: %v", c.status, class, got)
			}
		}
	}
	if errors.Is(&problem.Details{StatusCode: 500}, problem.ErrInvalid) {
		t.Error("a 500 matches a refusal class")
	}
}

func TestANamedSentinelMatchesItsClassBothWays(t *testing.T) {
	finished := problem.Named("crony: execution already finished", problem.ErrConflict)
	if !errors.Is(&problem.Details{StatusCode: 409}, finished) || errors.Is(&problem.Details{StatusCode: 404}, finished) {
		t.Error("a refusal does not match the class its sentinel is named after")
	}
	if !errors.Is(finished, problem.ErrConflict) || finished.Error() != "crony: execution already finished" {
		t.Errorf("%v", finished)
	}
}
