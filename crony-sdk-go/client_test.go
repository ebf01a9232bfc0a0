package crony_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	crony "crony.io/sdk-go"
)

func newClient(t *testing.T, baseURL string, opts ...crony.Option) *crony.Client {
	t.Helper()
	c, err := crony.NewClient(baseURL, append([]crony.Option{crony.WithRetry(3, time.Millisecond)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestReportResultSendsTheContractRequest(t *testing.T) {
	type seen struct {
		method, path, token, contentType, userAgent string
		body                                        map[string]any
	}
	got := make(chan seen, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s := seen{method: r.Method, path: r.URL.Path, token: r.Header.Get("X-Crony-Token"),
			contentType: r.Header.Get("Content-Type"), userAgent: r.Header.Get("User-Agent")}
		_ = json.NewDecoder(r.Body).Decode(&s.body)
		got <- s
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"applied":true,"status":"SUCCEEDED","message":"ok"}`)
	}))
	defer srv.Close()
	c := newClient(t, srv.URL+"/crony-web/", crony.WithUserAgent("settle/1.0"))

	resp, err := c.ReportResult(context.Background(), crony.Execution{ID: 42, Token: "tok"},
		crony.Succeeded("settled 12 orders").WithOutput("12"))
	if err != nil {
		t.Fatal(err)
	}
	if *resp != (crony.ReportResponse{Applied: true, Status: "SUCCEEDED", Message: "ok"}) {
		t.Errorf("response = %+v", resp)
	}
	s := <-got
	want := map[string]any{"outcome": "SUCCEEDED", "message": "settled 12 orders", "output": "12"}
	if s.method != "POST" || s.path != "/crony-web/api/v1/executions/42/result" || s.token != "tok" ||
		s.contentType != "application/json" || s.userAgent != "settle/1.0" || !equalJSON(s.body, want) {
		t.Errorf("request = %+v", s)
	}
}

func TestReportResultSendsTheOutputsAsAJSONObject(t *testing.T) {
	got := make(chan map[string]any, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		got <- body
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"applied":true,"status":"SUCCEEDED"}`)
	}))
	defer srv.Close()
	c := newClient(t, srv.URL)

	result := crony.Succeeded("loaded").WithOutputs(map[string]any{"day": "20261128", "rows": 42,
		"file": map[string]any{"path": "/in/a.csv"}})
	if _, err := c.ReportResult(context.Background(), crony.Execution{ID: 7, Token: "tok"}, result); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"outcome": "SUCCEEDED", "message": "loaded",
		"outputs": map[string]any{"day": "20261128", "rows": 42, "file": map[string]any{"path": "/in/a.csv"}}}
	if body := <-got; !equalJSON(body, want) {
		t.Errorf("body = %v, want %v", body, want)
	}
	// a result stays comparable, and one without outputs sends none
	if crony.Succeeded("x") != crony.Succeeded("x").WithOutputs(nil) {
		t.Error("WithOutputs(nil) changed the result")
	}
}

func TestTheFakeServerRecordsTheReportedOutputs(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	exec := fake.NewExecution()
	c := newClient(t, fake.URL)
	result := crony.Succeeded("loaded").WithOutputs(map[string]any{"day": "20261128"})
	if _, err := c.ReportResult(context.Background(), exec, result); err != nil {
		t.Fatal(err)
	}
	if got, ok := fake.Result(exec.ID); !ok || got.Outputs != `{"day":"20261128"}` {
		t.Errorf("recorded %+v", got)
	}
}

func TestReportProgressSendsTheContractBody(t *testing.T) {
	got := make(chan map[string]any, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/executions/7/progress" {
			http.NotFound(w, r)
			return
		}
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		got <- body
		_, _ = io.WriteString(w, `{"applied":true,"status":"RUNNING"}`)
	}))
	defer srv.Close()

	_, err := newClient(t, srv.URL).ReportProgress(context.Background(), crony.Execution{ID: 7, Token: "t"},
		crony.Progress{Percent: 40, ResumePayload: `{"page":4}`, Message: "page 4 of 10"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"progress": float64(40), "resumePayload": `{"page":4}`, "message": "page 4 of 10"}
	if body := <-got; !equalJSON(body, want) {
		t.Errorf("body = %v", body)
	}
}

func TestRequestRebalanceSendsRebalanceWithTheResumePayload(t *testing.T) {
	got := make(chan map[string]any, 2)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		got <- body
		_, _ = io.WriteString(w, `{"applied":true,"status":"RUNNING","message":"moving"}`)
	}))
	defer srv.Close()
	c := newClient(t, srv.URL)
	exec := crony.Execution{ID: 7, Token: "t"}

	resp, err := c.RequestRebalance(context.Background(), exec, 40, `{"offset":100000}`)
	if err != nil || !resp.Applied || resp.Status != "RUNNING" || resp.Message != "moving" {
		t.Fatalf("RequestRebalance = %+v, %v", resp, err)
	}
	want := map[string]any{"progress": float64(40), "resumePayload": `{"offset":100000}`, "rebalance": true}
	if body := <-got; !equalJSON(body, want) {
		t.Errorf("body = %v", body)
	}
	// A plain progress report leaves the field out, so an older crony-web is not sent it.
	if _, err := c.ReportProgress(context.Background(), exec, crony.Progress{Percent: 41}); err != nil {
		t.Fatal(err)
	}
	if body := <-got; !equalJSON(body, map[string]any{"progress": float64(41)}) {
		t.Errorf("body = %v", body)
	}
}

func TestRebalanceIsRecordedByTheFakeServerAndTheRunStaysRunning(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	c := newClient(t, fake.URL)
	exec := fake.NewExecution()
	ctx := context.Background()

	resp, err := c.RequestRebalance(ctx, exec, 25, `{"offset":100000}`)
	if err != nil || !resp.Applied || resp.Status != "RUNNING" {
		t.Fatalf("RequestRebalance = %+v, %v", resp, err)
	}
	want := []crony.Progress{{Percent: 25, ResumePayload: `{"offset":100000}`, Rebalance: true}}
	if p := fake.ProgressReports(exec.ID); len(p) != 1 || p[0] != want[0] || fake.Status(exec.ID) != "RUNNING" {
		t.Errorf("progress = %+v, status %s", p, fake.Status(exec.ID))
	}
	fake.SetStatus(exec.ID, "CANCELLED")
	if resp, err := c.RequestRebalance(ctx, exec, 30, `{"offset":120000}`); err != nil || resp.Applied || resp.Status != "CANCELLED" {
		t.Errorf("after the run ended: %+v, %v", resp, err)
	}
	if p := fake.ProgressReports(exec.ID); len(p) != 1 {
		t.Errorf("progress = %+v", p)
	}
}

func TestTheFakeServerRefusesARebalanceThatIsNotABoolean(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	exec := fake.NewExecution()
	req, _ := http.NewRequest(http.MethodPost, fake.URL+"/api/v1/executions/"+strconv.FormatInt(exec.ID, 10)+"/progress",
		strings.NewReader(`{"progress":50,"rebalance":"yes"}`))
	req.Header.Set(crony.HeaderToken, exec.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var problem crony.APIError
	_ = json.NewDecoder(resp.Body).Decode(&problem)
	if resp.StatusCode != http.StatusBadRequest || len(problem.Errors) != 1 || problem.Errors[0].Field != "rebalance" {
		t.Errorf("%d %+v", resp.StatusCode, problem)
	}
	if p := fake.ProgressReports(exec.ID); len(p) != 0 {
		t.Errorf("recorded %+v", p)
	}
}

func TestReportsAreRecordedByTheFakeServer(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	c := newClient(t, fake.URL)
	exec := fake.NewExecution()
	ctx := context.Background()

	if _, err := c.ReportProgress(ctx, exec, crony.Progress{Percent: 50, ResumePayload: "cursor-50"}); err != nil {
		t.Fatal(err)
	}
	resp, err := c.ReportResult(ctx, exec, crony.Failed("bank API down"))
	if err != nil || !resp.Applied || resp.Status != "FAILED" {
		t.Fatalf("ReportResult = %+v, %v", resp, err)
	}
	if p := fake.ProgressReports(exec.ID); len(p) != 1 || p[0].Percent != 50 || p[0].ResumePayload != "cursor-50" {
		t.Errorf("progress = %+v", p)
	}
	if r, ok := fake.Result(exec.ID); !ok || r != crony.Failed("bank API down") {
		t.Errorf("result = %+v, %v", r, ok)
	}
}

// crony-web refuses a report with a field it does not know, and so does the fake: the
// resume state goes in resumePayload, never in a "params" field; a result cannot ask to
// move the run. What the client sends is known.
func TestTheFakeServerRefusesAnUnknownFieldNamingIt(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	exec := fake.NewExecution()
	for _, c := range []struct{ path, body, field string }{
		{"progress", `{"progress":50,"rebalance":true,"params":{"offset":100000}}`, "params"},
		{"result", `{"outcome":"SUCCEEDED","rebalance":true}`, "rebalance"},
	} {
		req, _ := http.NewRequest(http.MethodPost, fake.URL+"/api/v1/executions/"+strconv.FormatInt(exec.ID, 10)+"/"+c.path, strings.NewReader(c.body))
		req.Header.Set(crony.HeaderToken, exec.Token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var problem crony.APIError
		_ = json.NewDecoder(resp.Body).Decode(&problem)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || len(problem.Errors) != 1 || problem.Errors[0].Field != c.field ||
			!strings.HasPrefix(problem.Detail, c.field+": unknown field") {
			t.Errorf("%s: %d %+v", c.path, resp.StatusCode, problem)
		}
	}
	if p := fake.ProgressReports(exec.ID); len(p) != 0 || fake.Status(exec.ID) != "RUNNING" {
		t.Errorf("recorded %+v, status %s", p, fake.Status(exec.ID))
	}
	c := newClient(t, fake.URL)
	if _, err := c.ReportProgress(context.Background(), exec, crony.Progress{Percent: 50, ResumePayload: "offset=100000", Message: "half way"}); err != nil {
		t.Fatal(err)
	}
	if resp, err := c.ReportResult(context.Background(), exec, crony.Succeeded("done")); err != nil || !resp.Applied {
		t.Fatalf("ReportResult = %+v, %v", resp, err)
	}
}

func TestReportAfterTheRunFinishedIsNotAppliedAndNotAnError(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	exec := fake.NewExecution()
	fake.SetStatus(exec.ID, "TIMED_OUT")

	resp, err := newClient(t, fake.URL).ReportResult(context.Background(), exec, crony.Succeeded("late"))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Applied || resp.Status != "TIMED_OUT" {
		t.Errorf("response = %+v", resp)
	}
	if !errors.Is(resp.Err(), crony.ErrAlreadyFinished) {
		t.Errorf("Err() = %v", resp.Err())
	}
	if _, ok := fake.Result(exec.ID); ok {
		t.Error("a late result was recorded")
	}
}

func TestRetriesOn503ThenSucceeds(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	exec := fake.NewExecution()
	fake.FailNext(2, http.StatusServiceUnavailable)

	resp, err := newClient(t, fake.URL).ReportResult(context.Background(), exec, crony.Succeeded("done"))
	if err != nil || !resp.Applied {
		t.Fatalf("ReportResult = %+v, %v", resp, err)
	}
	if n := fake.Requests(); n != 3 {
		t.Errorf("requests = %d, want 3", n)
	}
}

func TestGivesUpAfterMaxAttemptsWithTheLastAnswer(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	exec := fake.NewExecution()
	fake.FailNext(5, http.StatusBadGateway)

	_, err := newClient(t, fake.URL).ReportResult(context.Background(), exec, crony.Succeeded("done"))
	var apiErr *crony.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadGateway {
		t.Fatalf("err = %v", err)
	}
	if n := fake.Requests(); n != 3 {
		t.Errorf("requests = %d, want 3", n)
	}
}

func TestDoesNotRetryAWrongToken(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	exec := fake.NewExecution()
	exec.Token = "forged"

	_, err := newClient(t, fake.URL).ReportResult(context.Background(), exec, crony.Succeeded("done"))
	if !errors.Is(err, crony.ErrUnauthorized) {
		t.Fatalf("err = %v, want ErrUnauthorized", err)
	}
	var apiErr *crony.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 401 || apiErr.Detail != "wrong execution token" {
		t.Errorf("APIError = %+v", apiErr)
	}
	if n := fake.Requests(); n != 1 {
		t.Errorf("requests = %d, want 1", n)
	}
}

func TestUnknownExecutionIsErrNotFound(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()

	_, err := newClient(t, fake.URL).ReportProgress(context.Background(), crony.Execution{ID: 1, Token: "x"},
		crony.Progress{Percent: 1})
	if !errors.Is(err, crony.ErrNotFound) || errors.Is(err, crony.ErrUnauthorized) {
		t.Fatalf("err = %v, want ErrNotFound", err)
	}
}

func TestParsesProblemDetails(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"type":"about:blank","title":"Bad Request","status":400,
			"detail":"Invalid request content.","instance":"/api/v1/executions/9/progress",
			"errors":[{"field":"progress","message":"must be less than or equal to 100"},
			          {"field":"message","message":"size must be between 0 and 2000"}]}`)
	}))
	defer srv.Close()

	_, err := newClient(t, srv.URL).ReportProgress(context.Background(), crony.Execution{ID: 9, Token: "t"},
		crony.Progress{Percent: 100})
	var apiErr *crony.APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("err = %v", err)
	}
	want := crony.APIError{StatusCode: 400, Type: "about:blank", Title: "Bad Request", Detail: "Invalid request content.",
		Instance: "/api/v1/executions/9/progress", Errors: []crony.FieldError{
			{Field: "progress", Message: "must be less than or equal to 100"},
			{Field: "message", Message: "size must be between 0 and 2000"}}}
	if !equalAPIError(*apiErr, want) {
		t.Errorf("APIError = %+v", apiErr)
	}
	if !errors.Is(err, crony.ErrInvalidReport) {
		t.Error("a 400 does not match ErrInvalidReport")
	}
	const msg = "crony: HTTP 400 Bad Request: Invalid request content. (progress: must be less than or equal to 100; " +
		"message: size must be between 0 and 2000)"
	if err.Error() != msg {
		t.Errorf("Error() = %q", err.Error())
	}
}

func TestErrorBodyThatIsNotProblemDetailsBecomesTheDetail(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusForbidden)
		_, _ = io.WriteString(w, "<html>denied by proxy</html>\n")
	}))
	defer srv.Close()

	_, err := newClient(t, srv.URL).ReportResult(context.Background(), crony.Execution{ID: 1}, crony.Succeeded(""))
	var apiErr *crony.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 403 || apiErr.Detail != "<html>denied by proxy</html>" {
		t.Fatalf("err = %#v", err)
	}
	if !errors.Is(err, crony.ErrUnauthorized) {
		t.Error("a 403 does not match ErrUnauthorized")
	}
}

func TestRetriesNetworkErrorsAndWrapsTheCause(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now: every attempt is refused

	_, err = newClient(t, "http://"+addr).ReportResult(context.Background(), crony.Execution{ID: 3, Token: "t"},
		crony.Succeeded("done"))
	var reqErr *crony.RequestError
	if !errors.As(err, &reqErr) || reqErr.Attempts != 3 || reqErr.ExecutionID != 3 || reqErr.Op != "report result" {
		t.Fatalf("err = %v", err)
	}
	var opErr *net.OpError
	if !errors.As(err, &opErr) {
		t.Errorf("the cause is not reachable through Unwrap: %v", err)
	}
}

func TestBackoffEndsWhenTheContextDoes(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	exec := fake.NewExecution()
	fake.FailNext(1, http.StatusServiceUnavailable)
	c := newClient(t, fake.URL, crony.WithRetry(5, time.Hour))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()

	start := time.Now()
	_, err := c.ReportResult(ctx, exec, crony.Succeeded("done"))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the context's deadline", err)
	}
	if elapsed := time.Since(start); elapsed > 10*time.Second {
		t.Errorf("waited %s despite the context", elapsed)
	}
	if n := fake.Requests(); n != 1 {
		t.Errorf("requests = %d, want 1", n)
	}
}

func TestInvalidReportsAreRefusedBeforeSending(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	c := newClient(t, fake.URL)
	exec := fake.NewExecution()

	if _, err := c.ReportProgress(context.Background(), exec, crony.Progress{Percent: 101}); !errors.Is(err, crony.ErrInvalidReport) {
		t.Errorf("progress 101: err = %v", err)
	}
	if _, err := c.ReportResult(context.Background(), exec, crony.Accepted()); !errors.Is(err, crony.ErrInvalidReport) {
		t.Errorf("ACCEPTED result: err = %v", err)
	}
	if n := fake.Requests(); n != 0 {
		t.Errorf("requests = %d, want 0", n)
	}
}

func TestNewClientRejectsABaseURLWithoutHTTPScheme(t *testing.T) {
	for _, u := range []string{"", "crony-web:8080", "ftp://crony-web", "http://"} {
		if _, err := crony.NewClient(u); err == nil || !strings.HasPrefix(err.Error(), "crony: ") {
			t.Errorf("NewClient(%q) err = %v", u, err)
		}
	}
}

func equalJSON(a, b map[string]any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

func equalAPIError(a, b crony.APIError) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

func TestUndecodableSuccessAnswerIsAnErrorAndNotRetried(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		_, _ = io.WriteString(w, "<html>login page</html>")
	}))
	defer srv.Close()

	_, err := newClient(t, srv.URL).ReportResult(context.Background(), crony.Execution{ID: 1}, crony.Succeeded(""))
	var reqErr *crony.RequestError
	if !errors.As(err, &reqErr) || !strings.Contains(err.Error(), "login page") {
		t.Fatalf("err = %v", err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("requests = %d, want 1", n)
	}
}
