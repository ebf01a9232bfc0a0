package crony_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	crony "crony.io/sdk-go"
	"crony.io/sdk-go/cronyv1"
)

// serveGRPC starts a real gRPC server on a loopback port with register applied, and
// returns a client connection to it. Both are stopped when the test ends.
func serveGRPC(t *testing.T, register func(*grpc.Server)) *grpc.ClientConn {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer()
	register(srv)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(srv.Stop)
	conn, err := grpc.NewClient(ln.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

func jobTargetClient(t *testing.T, mux *crony.Mux) cronyv1.JobTargetClient {
	conn := serveGRPC(t, func(s *grpc.Server) { crony.RegisterJobTarget(s, mux) })
	return cronyv1.NewJobTargetClient(conn)
}

func TestGRPCJobTargetRunsASyncJobWithTheRunsFields(t *testing.T) {
	deadline := time.Now().Add(time.Minute).Truncate(time.Millisecond)
	scheduled := time.Date(2026, 11, 21, 17, 0, 0, 0, time.UTC)
	jobs := make(chan crony.Job, 1)
	mux := crony.NewMux()
	mux.Register("settle-orders", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		jobs <- *job
		return crony.Succeeded("settled").WithOutput("12 orders"), nil
	})

	resp, err := jobTargetClient(t, mux).Execute(context.Background(), &cronyv1.ExecuteRequest{
		ExecutionId: 101, JobId: 7, JobName: "nightly", Handler: "settle-orders",
		ScheduledAt: timestamppb.New(scheduled), Attempt: 1, Params: `{"day":"2026-11-21"}`,
		Deadline: timestamppb.New(deadline), ReportToken: "tok", Trigger: "CRON", ResumePayload: "cursor",
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetOutcome() != cronyv1.Outcome_SUCCEEDED || resp.GetMessage() != "settled" || resp.GetOutput() != "12 orders" {
		t.Errorf("response = %v", resp)
	}
	job := <-jobs
	if job.Execution != (crony.Execution{ID: 101, Token: "tok"}) || job.JobID != 7 || job.JobName != "nightly" ||
		job.Handler != "settle-orders" || !job.ScheduledAt.Equal(scheduled) || job.Attempt != 1 ||
		!job.Deadline.Equal(deadline) || job.Trigger != "CRON" || job.ResumePayload != "cursor" ||
		string(job.Params) != `{"day":"2026-11-21"}` {
		t.Errorf("job = %+v", job)
	}
}

func TestGRPCJobTargetRoutesByJobNameWhenTheHandlerIsEmpty(t *testing.T) {
	mux := crony.NewMux()
	mux.Register("nightly", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		return crony.Result{}, errors.New("ledger locked")
	})

	resp, err := jobTargetClient(t, mux).Execute(context.Background(), &cronyv1.ExecuteRequest{JobName: "nightly"})
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetOutcome() != cronyv1.Outcome_FAILED || resp.GetMessage() != "ledger locked" {
		t.Errorf("response = %v", resp)
	}
}

func TestGRPCJobTargetAnswersAcceptedForAnAsyncRun(t *testing.T) {
	mux := crony.NewMux()
	mux.Register("rebuild-index", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		return crony.Accepted(), nil
	})

	resp, err := jobTargetClient(t, mux).Execute(context.Background(), &cronyv1.ExecuteRequest{Handler: "rebuild-index"})
	if err != nil || resp.GetOutcome() != cronyv1.Outcome_ACCEPTED {
		t.Fatalf("response = %v, %v", resp, err)
	}
}

func TestGRPCJobTargetPutsTheRunsDeadlineOnTheContext(t *testing.T) {
	deadline := time.Now().Add(200 * time.Millisecond)
	mux := crony.NewMux()
	mux.Register("slow", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		if d, ok := ctx.Deadline(); !ok || d.After(deadline) {
			return crony.Failed("deadline not on ctx"), nil
		}
		<-ctx.Done()
		return crony.Result{}, ctx.Err()
	})

	// The agent's call itself has no deadline: only the run's deadline stops the job.
	resp, err := jobTargetClient(t, mux).Execute(context.Background(),
		&cronyv1.ExecuteRequest{Handler: "slow", Deadline: timestamppb.New(deadline)})
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetOutcome() != cronyv1.Outcome_FAILED || resp.GetMessage() != context.DeadlineExceeded.Error() {
		t.Errorf("response = %v", resp)
	}
}

func TestGRPCJobTargetAnswersNotFoundForAnUnknownHandler(t *testing.T) {
	_, err := jobTargetClient(t, crony.NewMux()).Execute(context.Background(), &cronyv1.ExecuteRequest{Handler: "nope"})
	if status.Code(err) != codes.NotFound {
		t.Fatalf("err = %v, want NOT_FOUND", err)
	}
}

// fakeReports plays crony-web's ExecutionReports service with the contract's errors.
type fakeReports struct {
	cronyv1.UnimplementedExecutionReportsServer
	results chan *cronyv1.ReportResultRequest
}

func (f *fakeReports) ReportResult(ctx context.Context, req *cronyv1.ReportResultRequest) (*cronyv1.ReportResponse, error) {
	switch {
	case req.GetExecutionId() != 5:
		return nil, status.Error(codes.NotFound, "no execution")
	case req.GetToken() != "tok":
		return nil, status.Error(codes.PermissionDenied, "wrong execution token")
	}
	f.results <- req
	return &cronyv1.ReportResponse{Applied: true, Status: req.GetOutcome().String()}, nil
}

func (f *fakeReports) ReportProgress(ctx context.Context, req *cronyv1.ReportProgressRequest) (*cronyv1.ReportResponse, error) {
	return &cronyv1.ReportResponse{Applied: false, Status: "TIMED_OUT", Message: "already finished"}, nil
}

func TestGRPCReporterReportsToExecutionReports(t *testing.T) {
	fake := &fakeReports{results: make(chan *cronyv1.ReportResultRequest, 1)}
	reporter := crony.NewGRPCReporter(serveGRPC(t, func(s *grpc.Server) { cronyv1.RegisterExecutionReportsServer(s, fake) }))
	ctx := context.Background()

	resp, err := reporter.ReportResult(ctx, crony.Execution{ID: 5, Token: "tok"}, crony.Failed("disk full").WithOutput("log"))
	if err != nil || !resp.Applied || resp.Status != "FAILED" {
		t.Fatalf("ReportResult = %+v, %v", resp, err)
	}
	if req := <-fake.results; req.GetOutcome() != cronyv1.Outcome_FAILED || req.GetMessage() != "disk full" || req.GetOutput() != "log" {
		t.Errorf("request = %v", req)
	}
	resp, err = reporter.ReportProgress(ctx, crony.Execution{ID: 5, Token: "tok"}, crony.Progress{Percent: 10})
	if err != nil || resp.Applied || resp.Status != "TIMED_OUT" {
		t.Errorf("ReportProgress = %+v, %v", resp, err)
	}
}

// progressReports plays crony-web's ExecutionReports service for progress: it records
// the requests and answers applied.
type progressReports struct {
	cronyv1.UnimplementedExecutionReportsServer
	got chan *cronyv1.ReportProgressRequest
}

func (f *progressReports) ReportProgress(ctx context.Context, req *cronyv1.ReportProgressRequest) (*cronyv1.ReportResponse, error) {
	f.got <- req
	return &cronyv1.ReportResponse{Applied: true, Status: "RUNNING"}, nil
}

func TestGRPCReporterRequestsARebalance(t *testing.T) {
	fake := &progressReports{got: make(chan *cronyv1.ReportProgressRequest, 2)}
	reporter := crony.NewGRPCReporter(serveGRPC(t, func(s *grpc.Server) { cronyv1.RegisterExecutionReportsServer(s, fake) }))
	exec := crony.Execution{ID: 5, Token: "tok"}

	resp, err := reporter.RequestRebalance(context.Background(), exec, 40, `{"offset":100000}`)
	if err != nil || !resp.Applied || resp.Status != "RUNNING" {
		t.Fatalf("RequestRebalance = %+v, %v", resp, err)
	}
	if req := <-fake.got; req.GetExecutionId() != 5 || req.GetToken() != "tok" || req.GetProgress() != 40 ||
		req.GetResumePayload() != `{"offset":100000}` || !req.GetRebalance() {
		t.Errorf("request = %v", req)
	}
	if _, err := reporter.ReportProgress(context.Background(), exec, crony.Progress{Percent: 41}); err != nil {
		t.Fatal(err)
	}
	if req := <-fake.got; req.GetRebalance() {
		t.Errorf("plain progress asked to rebalance: %v", req)
	}
}

func TestGRPCReporterMapsRefusalsToTheSentinelErrors(t *testing.T) {
	fake := &fakeReports{results: make(chan *cronyv1.ReportResultRequest, 1)}
	reporter := crony.NewGRPCReporter(serveGRPC(t, func(s *grpc.Server) { cronyv1.RegisterExecutionReportsServer(s, fake) }))
	ctx := context.Background()

	_, err := reporter.ReportResult(ctx, crony.Execution{ID: 5, Token: "forged"}, crony.Succeeded(""))
	var apiErr *crony.APIError
	if !errors.Is(err, crony.ErrUnauthorized) || !errors.As(err, &apiErr) || apiErr.Detail != "wrong execution token" {
		t.Errorf("wrong token: err = %v", err)
	}
	if _, err := reporter.ReportResult(ctx, crony.Execution{ID: 6, Token: "tok"}, crony.Succeeded("")); !errors.Is(err, crony.ErrNotFound) {
		t.Errorf("unknown execution: err = %v", err)
	}
}

func TestGRPCReporterWrapsAnUnreachableServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()

	_, err = crony.NewGRPCReporter(conn).ReportResult(context.Background(), crony.Execution{ID: 5}, crony.Succeeded(""))
	var reqErr *crony.RequestError
	if !errors.As(err, &reqErr) || status.Code(errors.Unwrap(err)) != codes.Unavailable {
		t.Fatalf("err = %v", err)
	}
}

func TestGRPCJobTargetGivesTheJobItsShard(t *testing.T) {
	shards := make(chan crony.Shard, 1)
	mux := crony.NewMux()
	mux.Register("job", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		shards <- job.Shard
		return crony.Succeeded(""), nil
	})

	_, err := jobTargetClient(t, mux).Execute(context.Background(), &cronyv1.ExecuteRequest{
		Handler: "job", ShardIndex: 1, ShardTotal: 3, ShardParams: "east",
	})
	if err != nil {
		t.Fatal(err)
	}
	if s := <-shards; s != (crony.Shard{Index: 1, Total: 3, Params: "east"}) || !s.Sharded() {
		t.Errorf("shard = %+v", s)
	}
}

func TestGRPCJobTargetAnswersInvalidArgumentForBadShardFields(t *testing.T) {
	var called atomic.Bool
	mux := crony.NewMux()
	mux.Register("job", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		called.Store(true)
		return crony.Result{}, nil
	})
	client := jobTargetClient(t, mux)

	for name, req := range map[string]*cronyv1.ExecuteRequest{
		"index at the total":  {Handler: "job", ShardIndex: 3, ShardTotal: 3},
		"index negative":      {Handler: "job", ShardIndex: -1, ShardTotal: 3},
		"total negative":      {Handler: "job", ShardTotal: -2},
		"index without total": {Handler: "job", ShardIndex: 1},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := client.Execute(context.Background(), req)
			if status.Code(err) != codes.InvalidArgument || !strings.Contains(status.Convert(err).Message(), "shard") || called.Load() {
				t.Fatalf("err = %v, handler called: %v", err, called.Load())
			}
		})
	}
}
