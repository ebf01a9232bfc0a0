package crony_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	crony "crony.io/sdk-go"
	"crony.io/sdk-go/cronyv1"
)

func TestGRPCStatusAnswersWithTheRegisteredFunction(t *testing.T) {
	jobs := make(chan crony.Job, 1)
	mux := crony.NewMux()
	mux.RegisterStatus("index-status", func(ctx context.Context, job *crony.Job) (crony.Status, error) {
		jobs <- *job
		s := crony.Running(40, "page 4 of 10")
		s.ResumePayload = "page-4"
		return s, nil
	})

	resp, err := jobTargetClient(t, mux).Status(context.Background(), &cronyv1.StatusRequest{
		ExecutionId: 101, JobId: 7, JobName: "nightly", Handler: "index-status", Attempt: 2,
		Params: `{"day":"2026-11-21"}`, ReportToken: "tok",
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetOutcome() != cronyv1.Outcome_RUNNING || resp.Progress == nil || resp.GetProgress() != 40 ||
		resp.GetMessage() != "page 4 of 10" || resp.ResumePayload == nil || resp.GetResumePayload() != "page-4" {
		t.Fatalf("answer: %v", resp)
	}
	job := <-jobs
	if job.Execution.ID != 101 || job.Execution.Token != "tok" || job.JobID != 7 || job.JobName != "nightly" ||
		job.Handler != "index-status" || job.Attempt != 2 || string(job.Params) != `{"day":"2026-11-21"}` {
		t.Fatalf("job: %+v", job)
	}
}

func TestGRPCStatusOfAFinishedRunLeavesProgressAndPayloadUnset(t *testing.T) {
	mux := crony.NewMux()
	mux.RegisterStatus("done", func(ctx context.Context, job *crony.Job) (crony.Status, error) {
		return crony.Finished(crony.Failed("disk full").WithOutput("log")), nil
	})
	mux.RegisterStatus("quiet", func(ctx context.Context, job *crony.Job) (crony.Status, error) {
		return crony.Running(-1, ""), nil
	})
	client := jobTargetClient(t, mux)

	resp, err := client.Status(context.Background(), &cronyv1.StatusRequest{Handler: "done"})
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetOutcome() != cronyv1.Outcome_FAILED || resp.GetMessage() != "disk full" || resp.GetOutput() != "log" ||
		resp.Progress != nil || resp.ResumePayload != nil {
		t.Fatalf("answer: %v", resp)
	}
	resp, err = client.Status(context.Background(), &cronyv1.StatusRequest{Handler: "quiet"})
	if err != nil || resp.GetOutcome() != cronyv1.Outcome_RUNNING || resp.Progress != nil {
		t.Fatalf("answer: %v, %v", resp, err)
	}
}

func TestGRPCStatusRefusesAnUnknownHandlerAndPassesErrorsOn(t *testing.T) {
	mux := crony.NewMux()
	mux.RegisterStatus("broken", func(ctx context.Context, job *crony.Job) (crony.Status, error) {
		return crony.Status{}, errors.New("index store down")
	})
	mux.RegisterStatus("busy", func(ctx context.Context, job *crony.Job) (crony.Status, error) {
		return crony.Status{}, status.Error(codes.Unavailable, "try later")
	})
	mux.RegisterStatus("panics", func(ctx context.Context, job *crony.Job) (crony.Status, error) {
		panic("boom")
	})
	client := jobTargetClient(t, mux)

	_, err := client.Status(context.Background(), &cronyv1.StatusRequest{Handler: "other"})
	if status.Code(err) != codes.NotFound || !strings.Contains(err.Error(), `no status function "other"`) ||
		!strings.Contains(err.Error(), "broken, busy, panics") {
		t.Fatalf("unknown handler: %v", err)
	}
	_, err = client.Status(context.Background(), &cronyv1.StatusRequest{Handler: "broken"})
	if status.Code(err) != codes.Unknown || !strings.Contains(err.Error(), "index store down") {
		t.Fatalf("error: %v", err)
	}
	_, err = client.Status(context.Background(), &cronyv1.StatusRequest{Handler: "busy"})
	if status.Code(err) != codes.Unavailable {
		t.Fatalf("gRPC error: %v", err)
	}
	_, err = client.Status(context.Background(), &cronyv1.StatusRequest{Handler: "panics"})
	if status.Code(err) != codes.Unknown || !strings.Contains(err.Error(), "panicked") {
		t.Fatalf("panic: %v", err)
	}
}

func TestRegisterStatusRefusesAnInvalidName(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	crony.NewMux().RegisterStatus("a/b", func(ctx context.Context, job *crony.Job) (crony.Status, error) {
		return crony.Status{}, nil
	})
}
