package crony_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	crony "crony.io/sdk-go"
	"crony.io/sdk-go/cronyv1"
)

const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

// A job called with a traceparent reports with it: crony-web's span of the report joins
// the run's trace. Real HTTP both ways: the agent's call in, the report out.
func TestAJobsReportsCarryTheTraceparentItsCallCameWith(t *testing.T) {
	mux, reported := reportingMux(t)
	target := httptest.NewServer(mux.HTTPHandler())
	defer target.Close()

	for _, sent := range []string{traceparent, "00-not-a-trace-01"} {
		headers := map[string]string{crony.HeaderExecutionID: "101", crony.HeaderToken: "tok-101",
			crony.HeaderTraceparent: sent}
		if status, res := callTarget(t, target.URL+"/crony/jobs/settle-orders", headers, ""); status != http.StatusOK ||
			res.Outcome != crony.OutcomeSucceeded {
			t.Fatalf("answer = %d %+v", status, res)
		}
	}
	if got := <-reported; got != traceparent {
		t.Errorf("report's traceparent = %q, want %q", got, traceparent)
	}
	if got := <-reported; got != "" {
		t.Errorf("a malformed traceparent was forwarded: %q", got)
	}
}

// The same over gRPC: the traceparent comes as the call's metadata.
func TestAGRPCJobsReportsCarryTheTraceparentItsCallCameWith(t *testing.T) {
	mux, reported := reportingMux(t)
	target := jobTargetClient(t, mux)

	for _, sent := range []string{traceparent, "00-not-a-trace-01"} {
		ctx := metadata.AppendToOutgoingContext(context.Background(), crony.HeaderTraceparent, sent)
		resp, err := target.Execute(ctx, &cronyv1.ExecuteRequest{ExecutionId: 101, ReportToken: "tok-101", Handler: "settle-orders"})
		if err != nil || resp.GetOutcome() != cronyv1.Outcome_SUCCEEDED {
			t.Fatalf("answer = %v, %v", resp, err)
		}
	}
	if got := <-reported; got != traceparent {
		t.Errorf("report's traceparent = %q, want %q", got, traceparent)
	}
	if got := <-reported; got != "" {
		t.Errorf("a malformed traceparent was forwarded: %q", got)
	}
}

// A job reporting over gRPC (GRPCReporter) sends the traceparent its call came with as
// the reports' metadata. Real gRPC both ways: the agent's Execute in, progress and result
// out to a local ExecutionReports server that records the metadata each report carried.
func TestAGRPCReportersReportsCarryTheTraceparentItsCallCameWith(t *testing.T) {
	web := &tracedReports{got: make(chan string, 6)}
	reporter := crony.NewGRPCReporter(serveGRPC(t, func(s *grpc.Server) { cronyv1.RegisterExecutionReportsServer(s, web) }))
	mux := crony.NewMux()
	mux.Register("settle-orders", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		if _, err := reporter.ReportProgress(ctx, job.Execution, crony.Progress{Percent: 10}); err != nil {
			return crony.Result{}, err
		}
		if _, err := reporter.ReportResult(ctx, job.Execution, crony.Succeeded("done")); err != nil {
			return crony.Result{}, err
		}
		return crony.Succeeded("done"), nil
	})
	target := jobTargetClient(t, mux)

	for _, sent := range []string{traceparent, "00-not-a-trace-01"} {
		ctx := metadata.AppendToOutgoingContext(context.Background(), crony.HeaderTraceparent, sent)
		resp, err := target.Execute(ctx, &cronyv1.ExecuteRequest{ExecutionId: 101, ReportToken: "tok-101", Handler: "settle-orders"})
		if err != nil || resp.GetOutcome() != cronyv1.Outcome_SUCCEEDED {
			t.Fatalf("answer = %v, %v", resp, err)
		}
	}
	// an Execution made by hand with a malformed value: dropped too
	forged := crony.Execution{ID: 101, Token: "tok-101", Traceparent: "00-not-a-trace-01"}
	if _, err := reporter.ReportProgress(context.Background(), forged, crony.Progress{Percent: 10}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"progress " + traceparent, "result " + traceparent, "progress ", "result ", "progress "} {
		if got := <-web.got; got != want {
			t.Errorf("report's traceparent metadata = %q, want %q", got, want)
		}
	}
}

// tracedReports plays crony-web's ExecutionReports service: it records each report's
// kind and the traceparent values its metadata carried, and applies it.
type tracedReports struct {
	cronyv1.UnimplementedExecutionReportsServer
	got chan string
}

func (f *tracedReports) ReportProgress(ctx context.Context, req *cronyv1.ReportProgressRequest) (*cronyv1.ReportResponse, error) {
	f.got <- "progress " + traceparentsOf(ctx)
	return &cronyv1.ReportResponse{Applied: true, Status: "RUNNING"}, nil
}

func (f *tracedReports) ReportResult(ctx context.Context, req *cronyv1.ReportResultRequest) (*cronyv1.ReportResponse, error) {
	f.got <- "result " + traceparentsOf(ctx)
	return &cronyv1.ReportResponse{Applied: true, Status: req.GetOutcome().String()}, nil
}

// every traceparent value of the call's metadata, so that one sent twice shows
func traceparentsOf(ctx context.Context) string {
	md, _ := metadata.FromIncomingContext(ctx)
	return strings.Join(md.Get(crony.HeaderTraceparent), ",")
}

// reportingMux serves settle-orders, which reports progress before it succeeds, to a
// real local crony-web that hands over the traceparent each report came with.
func reportingMux(t *testing.T) (*crony.Mux, <-chan string) {
	reported := make(chan string, 2)
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reported <- r.Header.Get("traceparent")
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"applied":true,"status":"RUNNING"}`)
	}))
	t.Cleanup(web.Close)
	client := newClient(t, web.URL)
	mux := crony.NewMux()
	mux.Register("settle-orders", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		if _, err := client.ReportProgress(ctx, job.Execution, crony.Progress{Percent: 10}); err != nil {
			return crony.Result{}, err
		}
		return crony.Succeeded("done"), nil
	})
	return mux, reported
}

func TestValidTraceparentTakesOnlyTheW3CForm(t *testing.T) {
	for v, want := range map[string]bool{
		traceparent: true,
		"ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01": false,
		"00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01": false,
		"00-4bf92f35-00f067aa0ba902b7-01":                         false,
		"":                                                        false,
	} {
		if got := crony.ValidTraceparent(v); got != want {
			t.Errorf("ValidTraceparent(%q) = %v, want %v", v, got, want)
		}
	}
}
