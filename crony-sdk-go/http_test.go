package crony_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	crony "crony.io/sdk-go"
)

// callTarget plays the agent: it POSTs a run to the target as the HTTP contract says.
func callTarget(t *testing.T, url string, headers map[string]string, params string) (int, crony.Result) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(params))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var res crony.Result
	if err := json.NewDecoder(resp.Body).Decode(&res); err != nil {
		t.Fatalf("status %d, undecodable body: %v", resp.StatusCode, err)
	}
	return resp.StatusCode, res
}

func runHeaders(deadline time.Time) map[string]string {
	return map[string]string{
		crony.HeaderExecutionID:   "101",
		crony.HeaderJobID:         "7",
		crony.HeaderJobName:       "settle-orders",
		crony.HeaderScheduledAt:   "2026-11-22T01:00:00+08:00",
		crony.HeaderAttempt:       "2",
		crony.HeaderDeadline:      deadline.Format(time.RFC3339Nano),
		crony.HeaderToken:         "tok-101",
		crony.HeaderTrigger:       "RETRY",
		crony.HeaderResumePayload: base64.StdEncoding.EncodeToString([]byte(`{"page":3}`)),
	}
}

func TestHTTPHandlerRunsASyncJobWithTheRunsFields(t *testing.T) {
	deadline := time.Now().Add(time.Minute).Truncate(time.Millisecond)
	jobs := make(chan crony.Job, 1)
	mux := crony.NewMux()
	mux.Register("settle-orders", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		jobs <- *job
		var p struct{ Day string }
		if err := job.BindParams(&p); err != nil {
			return crony.Result{}, err
		}
		return crony.Succeeded("settled " + p.Day).WithOutput("12 orders"), nil
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	status, res := callTarget(t, srv.URL+"/crony/jobs/settle-orders", runHeaders(deadline), `{"day":"2026-11-21"}`)
	if status != http.StatusOK || res != crony.Succeeded("settled 2026-11-21").WithOutput("12 orders") {
		t.Fatalf("answer = %d %+v", status, res)
	}
	job := <-jobs
	scheduled, _ := time.Parse(time.RFC3339, "2026-11-22T01:00:00+08:00")
	if job.Execution != (crony.Execution{ID: 101, Token: "tok-101"}) || job.JobID != 7 || job.JobName != "settle-orders" ||
		job.Handler != "settle-orders" || !job.ScheduledAt.Equal(scheduled) || job.Attempt != 2 ||
		!job.Deadline.Equal(deadline) || job.Trigger != "RETRY" || job.ResumePayload != `{"page":3}` ||
		string(job.Params) != `{"day":"2026-11-21"}` {
		t.Errorf("job = %+v", job)
	}
}

func TestHTTPHandlerAnswersFailedWhenTheHandlerErrs(t *testing.T) {
	mux := crony.NewMux()
	mux.Register("settle-orders", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		return crony.Result{Output: "3 of 12 done"}, errors.New("bank API down")
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	status, res := callTarget(t, srv.URL+"/crony/jobs/settle-orders", nil, "")
	if status != http.StatusOK || res != (crony.Result{Outcome: crony.OutcomeFailed, Message: "bank API down", Output: "3 of 12 done"}) {
		t.Fatalf("answer = %d %+v", status, res)
	}
}

func TestHTTPHandlerAnswersFailedWhenTheHandlerPanics(t *testing.T) {
	mux := crony.NewMux()
	mux.Register("boom", func(ctx context.Context, job *crony.Job) (crony.Result, error) { panic("nil map") })
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	status, res := callTarget(t, srv.URL+"/crony/jobs/boom", nil, "")
	if status != http.StatusOK || res.Outcome != crony.OutcomeFailed || !strings.Contains(res.Message, "nil map") {
		t.Fatalf("answer = %d %+v", status, res)
	}
}

func TestHTTPHandlerAnswers202ForAnAcceptedRun(t *testing.T) {
	mux := crony.NewMux()
	mux.Register("rebuild-index", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		return crony.Accepted(), nil
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	status, res := callTarget(t, srv.URL+"/crony/jobs/rebuild-index", nil, "")
	if status != http.StatusAccepted || res.Outcome != crony.OutcomeAccepted {
		t.Fatalf("answer = %d %+v", status, res)
	}
}

func TestHTTPHandlerPutsTheRunsDeadlineOnTheContext(t *testing.T) {
	deadline := time.Now().Add(200 * time.Millisecond)
	mux := crony.NewMux()
	mux.Register("slow", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		if d, ok := ctx.Deadline(); !ok || !d.Equal(deadline) {
			return crony.Failed("deadline not on ctx"), nil
		}
		<-ctx.Done() // a job that would run forever is stopped by the run's deadline
		return crony.Result{}, ctx.Err()
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	status, res := callTarget(t, srv.URL+"/crony/jobs/slow",
		map[string]string{crony.HeaderDeadline: deadline.Format(time.RFC3339Nano)}, "")
	if status != http.StatusOK || res != crony.Failed(context.DeadlineExceeded.Error()) {
		t.Fatalf("answer = %d %+v", status, res)
	}
}

func TestHTTPHandlerAnswers404NamingTheHandlersForAnUnknownJob(t *testing.T) {
	mux := crony.NewMux()
	noop := func(ctx context.Context, job *crony.Job) (crony.Result, error) { return crony.Result{}, nil }
	mux.Register("b-job", noop)
	mux.Register("a-job", noop)
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	status, res := callTarget(t, srv.URL+"/crony/jobs/nope", nil, "")
	if status != http.StatusNotFound || res.Outcome != crony.OutcomeFailed ||
		res.Message != `crony: no handler "nope" in this service (it has: a-job, b-job)` {
		t.Fatalf("answer = %d %+v", status, res)
	}
}

func TestHTTPHandlerAnswers400ForAMalformedHeader(t *testing.T) {
	var called atomic.Bool
	mux := crony.NewMux()
	mux.Register("job", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		called.Store(true)
		return crony.Result{}, nil
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	status, res := callTarget(t, srv.URL+"/crony/jobs/job", map[string]string{crony.HeaderDeadline: "tomorrow"}, "")
	if status != http.StatusBadRequest || res.Outcome != crony.OutcomeFailed || called.Load() {
		t.Fatalf("answer = %d %+v, handler called: %v", status, res, called.Load())
	}
}

func TestAsyncHandlerIsAcceptedThenReportsProgressAndResult(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	client, err := crony.NewClient(fake.URL)
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	mux := crony.NewMux(crony.WithReporter(client))
	mux.RegisterAsync("rebuild-index", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		<-release // still running after the agent's call was answered
		if ctx.Err() != nil {
			return crony.Result{}, ctx.Err()
		}
		if _, err := job.ReportProgress(ctx, crony.Progress{Percent: 50, ResumePayload: "shard-5"}); err != nil {
			return crony.Result{}, err
		}
		return crony.Succeeded("rebuilt 10 shards"), nil
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()
	exec := fake.NewExecution()
	headers := map[string]string{
		crony.HeaderExecutionID: strconv.FormatInt(exec.ID, 10), crony.HeaderToken: exec.Token,
		crony.HeaderDeadline: time.Now().Add(time.Minute).Format(time.RFC3339),
	}

	status, res := callTarget(t, srv.URL+"/crony/jobs/rebuild-index", headers, "")
	if status != http.StatusAccepted || res.Outcome != crony.OutcomeAccepted {
		t.Fatalf("answer = %d %+v", status, res)
	}
	close(release)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	result, err := fake.WaitResult(ctx, exec.ID)
	if err != nil || result != crony.Succeeded("rebuilt 10 shards") {
		t.Fatalf("reported = %+v, %v", result, err)
	}
	if p := fake.ProgressReports(exec.ID); len(p) != 1 || p[0].ResumePayload != "shard-5" {
		t.Errorf("progress = %+v", p)
	}
	mux.Wait()
}

func TestAsyncHandlerThatMovedItsRunReportsNoResult(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	client, err := crony.NewClient(fake.URL)
	if err != nil {
		t.Fatal(err)
	}
	mux := crony.NewMux(crony.WithReporter(client))
	mux.RegisterAsync("move", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		resp, err := job.RequestRebalance(ctx, 10, "offset=10")
		if err != nil || !resp.Applied || !job.Moved() {
			return crony.Failed("not moved"), err
		}
		// what the handler answers after an applied rebalance is not reported
		return crony.Succeeded("stopped here"), nil
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()
	exec := fake.NewExecution()

	status, _ := callTarget(t, srv.URL+"/crony/jobs/move", map[string]string{
		crony.HeaderExecutionID: strconv.FormatInt(exec.ID, 10), crony.HeaderToken: exec.Token,
	}, "")
	if status != http.StatusAccepted {
		t.Fatalf("status = %d", status)
	}
	mux.Wait()
	if r, ok := fake.Result(exec.ID); ok || fake.Status(exec.ID) != "RUNNING" {
		t.Errorf("result = %+v (%v), status %s", r, ok, fake.Status(exec.ID))
	}
	if p := fake.ProgressReports(exec.ID); len(p) != 1 || !p[0].Rebalance || p[0].ResumePayload != "offset=10" {
		t.Errorf("progress = %+v", p)
	}
}

func TestARebalanceThatWasNotAppliedDoesNotMoveTheJob(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	client, err := crony.NewClient(fake.URL)
	if err != nil {
		t.Fatal(err)
	}
	exec := fake.NewExecution()
	fake.SetStatus(exec.ID, "TIMED_OUT")
	job := &crony.Job{Execution: exec, Reporter: client}

	resp, err := job.RequestRebalance(context.Background(), 10, "offset=10")
	if err != nil || resp.Applied || job.Moved() {
		t.Errorf("RequestRebalance = %+v, %v; moved %v", resp, err, job.Moved())
	}
}

func TestJobWithoutReporterRefusesToReport(t *testing.T) {
	errs := make(chan error, 1)
	mux := crony.NewMux()
	mux.Register("job", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		_, err := job.ReportResult(ctx, crony.Succeeded(""))
		errs <- err
		return crony.Result{}, nil
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	callTarget(t, srv.URL+"/crony/jobs/job", nil, "")
	if err := <-errs; !errors.Is(err, crony.ErrNoReporter) {
		t.Errorf("err = %v", err)
	}
}

func TestHTTPHandlerAnswersFailedForAnOutcomeTheContractDoesNotKnow(t *testing.T) {
	mux := crony.NewMux()
	mux.Register("job", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		return crony.Result{Outcome: "DONE"}, nil
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	status, res := callTarget(t, srv.URL+"/crony/jobs/job", nil, "")
	if status != http.StatusOK || res != crony.Failed(`crony: handler answered unknown outcome "DONE"`) {
		t.Fatalf("answer = %d %+v", status, res)
	}
}

func TestAsyncResultThatCannotBeReportedIsLoggedWithTheRunsIDs(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	client, err := crony.NewClient(fake.URL, crony.WithRetry(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	var logs syncBuffer
	mux := crony.NewMux(crony.WithReporter(client), crony.WithLogger(slog.New(slog.NewTextHandler(&logs, nil))))
	mux.RegisterAsync("job", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		return crony.Succeeded("done"), nil
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()
	exec := fake.NewExecution()

	status, _ := callTarget(t, srv.URL+"/crony/jobs/job", map[string]string{
		crony.HeaderExecutionID: strconv.FormatInt(exec.ID, 10), crony.HeaderJobID: "7", crony.HeaderToken: "forged"}, "")
	mux.Wait()
	line := logs.String()
	if status != http.StatusAccepted || !strings.Contains(line, "jobId=7") ||
		!strings.Contains(line, "executionId="+strconv.FormatInt(exec.ID, 10)) || !strings.Contains(line, "wrong execution token") {
		t.Errorf("status %d, log = %q", status, line)
	}
}

// syncBuffer is a bytes.Buffer safe to write from the async goroutine and read from the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestHTTPHandlerGivesTheJobItsShard(t *testing.T) {
	shards := make(chan crony.Shard, 2)
	mux := crony.NewMux()
	mux.Register("job", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		shards <- job.Shard
		return crony.Succeeded(""), nil
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	status, res := callTarget(t, srv.URL+"/crony/jobs/job", map[string]string{
		crony.HeaderShardIndex:  "2",
		crony.HeaderShardTotal:  "4",
		crony.HeaderShardParams: base64.StdEncoding.EncodeToString([]byte(`{"from":200,"to":300}`)),
	}, "")
	if status != http.StatusOK || res.Outcome != crony.OutcomeSucceeded {
		t.Fatalf("answer = %d %+v", status, res)
	}
	if s := <-shards; s != (crony.Shard{Index: 2, Total: 4, Params: `{"from":200,"to":300}`}) || !s.Sharded() ||
		s.String() != "2/4" || !s.Owns(6) || s.Owns(7) {
		t.Errorf("shard = %+v", s)
	}

	// A plain single call: no shard headers, the zero Shard, which owns every item.
	if status, _ := callTarget(t, srv.URL+"/crony/jobs/job", nil, ""); status != http.StatusOK {
		t.Fatalf("status = %d", status)
	}
	if s := <-shards; s != (crony.Shard{}) || s.Sharded() || !s.Owns(7) || s.String() != "" {
		t.Errorf("unsharded shard = %+v", s)
	}
}

func TestHTTPHandlerAnswers400ForMalformedShardHeaders(t *testing.T) {
	var called atomic.Bool
	mux := crony.NewMux()
	mux.Register("job", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		called.Store(true)
		return crony.Result{}, nil
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	for name, headers := range map[string]map[string]string{
		"index not a number":   {crony.HeaderShardIndex: "two", crony.HeaderShardTotal: "4"},
		"total not a number":   {crony.HeaderShardIndex: "0", crony.HeaderShardTotal: "4.0"},
		"total zero":           {crony.HeaderShardIndex: "0", crony.HeaderShardTotal: "0"},
		"total negative":       {crony.HeaderShardIndex: "0", crony.HeaderShardTotal: "-1"},
		"index at the total":   {crony.HeaderShardIndex: "4", crony.HeaderShardTotal: "4"},
		"index negative":       {crony.HeaderShardIndex: "-1", crony.HeaderShardTotal: "4"},
		"index without total":  {crony.HeaderShardIndex: "1"},
		"params without total": {crony.HeaderShardParams: base64.StdEncoding.EncodeToString([]byte("a"))},
		"total too large":      {crony.HeaderShardIndex: "0", crony.HeaderShardTotal: "99999999999"},
		"params not base64":    {crony.HeaderShardIndex: "0", crony.HeaderShardTotal: "1", crony.HeaderShardParams: "{not base64}"},
	} {
		t.Run(name, func(t *testing.T) {
			status, res := callTarget(t, srv.URL+"/crony/jobs/job", headers, "")
			if status != http.StatusBadRequest || res.Outcome != crony.OutcomeFailed ||
				!strings.Contains(res.Message, "X-Crony-Shard-") || called.Load() {
				t.Fatalf("answer = %d %+v, handler called: %v", status, res, called.Load())
			}
		})
	}
}
