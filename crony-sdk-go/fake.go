package crony

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// FakeServer stands in for crony-web's report endpoints in tests: it serves
// POST /api/v1/executions/{id}/result and /progress as crony-web does (token check,
// validation, a field crony-web does not know refused with a 400 naming it,
// applied=false once a run has finished, RFC 7807 problem details) and
// records what it was told. Point a [Client] at its URL. It is safe for concurrent use.
type FakeServer struct {
	// URL is the base URL to give [NewClient].
	URL string

	srv     *httptest.Server
	mu      sync.Mutex
	runs    map[int64]*fakeRun
	nextID  int64
	fail    []int
	calls   int
	changed chan struct{} // closed and replaced on every change
}

type fakeRun struct {
	token    string
	status   string
	result   *Result
	progress []Progress
}

// NewFakeServer starts a fake on a loopback port; Close it when done.
func NewFakeServer() *FakeServer {
	f := &FakeServer{runs: map[int64]*fakeRun{}, nextID: 1000, changed: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/v1/executions/{id}/result", f.handle(f.result))
	mux.HandleFunc("POST /api/v1/executions/{id}/progress", f.handle(f.progress))
	f.srv = httptest.NewServer(mux)
	f.URL = f.srv.URL
	return f
}

// Close shuts the fake down.
func (f *FakeServer) Close() { f.srv.Close() }

// NewExecution registers a RUNNING execution with a fresh id and token, as if an
// agent had just fired it.
func (f *FakeServer) NewExecution() Execution {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	f.runs[f.nextID] = &fakeRun{token: hex.EncodeToString(b), status: "RUNNING"}
	return Execution{ID: f.nextID, Token: hex.EncodeToString(b)}
}

// SetStatus sets an execution's status, to play a run that timed out
// ("TIMED_OUT") or was cancelled ("CANCELLED"): later reports answer applied=false.
func (f *FakeServer) SetStatus(id int64, status string) {
	f.update(func() {
		if r := f.runs[id]; r != nil {
			r.status = status
		}
	})
}

// FailNext makes the next n report requests fail with HTTP status (503, say)
// before they are looked at, to exercise retries.
func (f *FakeServer) FailNext(n, status int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for range n {
		f.fail = append(f.fail, status)
	}
}

// Requests counts the report requests received, failed ones included.
func (f *FakeServer) Requests() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

// Status is an execution's status ("" for an unknown one).
func (f *FakeServer) Status(id int64) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r := f.runs[id]; r != nil {
		return r.status
	}
	return ""
}

// Result is the result reported for an execution, if any.
func (f *FakeServer) Result(id int64) (Result, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r := f.runs[id]; r != nil && r.result != nil {
		return *r.result, true
	}
	return Result{}, false
}

// ProgressReports lists the progress reports applied to an execution, in order; a
// request to move the run to another instance has [Progress.Rebalance] set. The fake
// keeps the run RUNNING after one, as crony-web does while the run moves.
func (f *FakeServer) ProgressReports(id int64) []Progress {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r := f.runs[id]; r != nil {
		return append([]Progress(nil), r.progress...)
	}
	return nil
}

// WaitResult waits until a result is reported for the execution, or ctx ends.
func (f *FakeServer) WaitResult(ctx context.Context, id int64) (Result, error) {
	for {
		f.mu.Lock()
		changed := f.changed
		var res *Result
		if r := f.runs[id]; r != nil {
			res = r.result
		}
		f.mu.Unlock()
		if res != nil {
			return *res, nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return Result{}, context.Cause(ctx)
		}
	}
}

func (f *FakeServer) update(change func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	change()
	close(f.changed)
	f.changed = make(chan struct{})
}

// handle does what both endpoints share: injected failures, id and token checks.
// apply runs under the lock with the decoded body's bytes and answers the response.
func (f *FakeServer) handle(apply func(run *fakeRun, body json.RawMessage) (int, any)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var body json.RawMessage
		decodeErr := json.NewDecoder(r.Body).Decode(&body)
		var status int
		var answer any
		f.update(func() {
			f.calls++
			id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
			run := f.runs[id]
			switch {
			case len(f.fail) > 0:
				status, answer = f.fail[0], refusal(f.fail[0], "injected failure", nil)
				f.fail = f.fail[1:]
			case err != nil || run == nil:
				status, answer = http.StatusNotFound, refusal(http.StatusNotFound, "no execution "+r.PathValue("id"), nil)
			case r.Header.Get(HeaderToken) != run.token:
				status, answer = http.StatusUnauthorized, refusal(http.StatusUnauthorized, "wrong execution token", nil)
			case decodeErr != nil:
				status, answer = http.StatusBadRequest, refusal(http.StatusBadRequest, "body is not JSON", nil)
			default:
				status, answer = apply(run, body)
			}
		})
		ct := "application/json"
		if status != http.StatusOK {
			ct = "application/problem+json"
		}
		w.Header().Set("Content-Type", ct)
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(answer)
	}
}

// The fields crony-web's report bodies have; any other is refused, as crony-web does.
var (
	resultFields   = []string{"message", "outcome", "output", "outputs"}
	progressFields = []string{"message", "progress", "rebalance", "resumePayload"}
)

// unknownField answers crony-web's 400 for the first field of body (in the order sent)
// that is not one of known, say "params"; ok is false when every field is known or
// body is not an object (the decoding that follows refuses that).
func unknownField(body json.RawMessage, known []string) (status int, answer any, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return 0, nil, false
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return 0, nil, false
		}
		name, _ := tok.(string)
		if !slices.Contains(known, name) {
			msg := "unknown field; the known fields here are [" + strings.Join(known, ", ") + "]"
			return http.StatusBadRequest, refusal(http.StatusBadRequest, name+": "+msg,
				[]FieldError{{Field: name, Message: msg}}), true
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return 0, nil, false
		}
	}
	return 0, nil, false
}

func (f *FakeServer) result(run *fakeRun, body json.RawMessage) (int, any) {
	if status, answer, ok := unknownField(body, resultFields); ok {
		return status, answer
	}
	var res Result
	if err := json.Unmarshal(body, &res); err != nil || (res.Outcome != OutcomeSucceeded && res.Outcome != OutcomeFailed) {
		return http.StatusBadRequest, refusal(http.StatusBadRequest, "invalid result",
			[]FieldError{{Field: "outcome", Message: "must be SUCCEEDED or FAILED"}})
	}
	if run.status != "RUNNING" {
		return http.StatusOK, ReportResponse{Applied: false, Status: run.status, Message: "execution already finished"}
	}
	run.result, run.status = &res, string(res.Outcome)
	return http.StatusOK, ReportResponse{Applied: true, Status: run.status}
}

func (f *FakeServer) progress(run *fakeRun, body json.RawMessage) (int, any) {
	if status, answer, ok := unknownField(body, progressFields); ok {
		return status, answer
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err == nil {
		if v, ok := fields["rebalance"]; ok && string(v) != "true" && string(v) != "false" && string(v) != "null" {
			return http.StatusBadRequest, refusal(http.StatusBadRequest, "rebalance: must be a boolean",
				[]FieldError{{Field: "rebalance", Message: "must be a boolean"}})
		}
	}
	var p Progress
	if err := json.Unmarshal(body, &p); err != nil || p.Percent < 0 || p.Percent > 100 {
		return http.StatusBadRequest, refusal(http.StatusBadRequest, "invalid progress",
			[]FieldError{{Field: "progress", Message: "must be between 0 and 100"}})
	}
	if run.status != "RUNNING" {
		return http.StatusOK, ReportResponse{Applied: false, Status: run.status, Message: "execution already finished"}
	}
	run.progress = append(run.progress, p)
	return http.StatusOK, ReportResponse{Applied: true, Status: run.status}
}

func refusal(status int, detail string, errs []FieldError) *APIError {
	return &APIError{Type: "about:blank", Title: http.StatusText(status), StatusCode: status, Detail: detail, Errors: errs}
}
