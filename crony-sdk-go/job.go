package crony

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"time"
)

// Job is one attempt of a run, as the agent handed it to the service.
type Job struct {
	// Execution is the run's id and report token: what a [Reporter] needs.
	Execution Execution
	JobID     int64
	JobName   string
	// Handler is the name the run was routed by (see [Mux.Register]).
	Handler     string
	ScheduledAt time.Time
	// Attempt is 1 for the first attempt, incremented by each retry and by each move to
	// another instance (see [Job.RequestRebalance]).
	Attempt int
	// Trigger says why the run happened: CRON, MANUAL, RETRY, DEPENDENCY, MISFIRE or API.
	Trigger string
	// Params are the run's parameters as given (often JSON); see [Job.BindParams].
	Params []byte
	// ResumePayload is what an earlier attempt last reported in [Progress.ResumePayload]:
	// where a failed or timed-out attempt got to, or where the instance that asked to
	// move the run stopped. Empty on a first attempt.
	ResumePayload string
	// Deadline is when the run times out; zero when it has none. The handler's ctx
	// carries it too.
	Deadline time.Time
	// Reporter is where [Job.ReportResult] and [Job.ReportProgress] report: the Mux's
	// (see [WithReporter]), nil when it has none. Tests that call a handler directly can
	// set it, to a [Client] on a [FakeServer] say.
	Reporter Reporter

	// moved is 1 once a rebalance report of this job was applied (atomic: a handler may
	// report from a goroutine of its own; an int32 keeps Job copyable).
	moved int32
}

// BindParams decodes the JSON params into v; empty params leave v untouched.
func (j *Job) BindParams(v any) error {
	if len(j.Params) == 0 {
		return nil
	}
	return json.Unmarshal(j.Params, v)
}

// ReportResult reports this run's result through the [Mux]'s [Reporter].
func (j *Job) ReportResult(ctx context.Context, result Result) (*ReportResponse, error) {
	if j.Reporter == nil {
		return nil, ErrNoReporter
	}
	return j.Reporter.ReportResult(ctx, j.Execution, result)
}

// ReportProgress reports this run's progress through the [Mux]'s [Reporter].
func (j *Job) ReportProgress(ctx context.Context, progress Progress) (*ReportResponse, error) {
	if j.Reporter == nil {
		return nil, ErrNoReporter
	}
	resp, err := j.Reporter.ReportProgress(ctx, j.Execution, progress)
	if err == nil && progress.Rebalance && resp != nil && resp.Applied {
		atomic.StoreInt32(&j.moved, 1)
	}
	return resp, err
}

// RequestRebalance asks Crony to move this run to another instance of the service, which
// resumes from resumePayload (see [Rebalance]). When the answer is Applied the handler
// should stop working on the run and return: a [Mux.RegisterAsync] handler's result is
// then not reported, since the run goes on elsewhere. When it is not applied (the run
// already ended) or fails, the run stays here: finish it or return an error.
func (j *Job) RequestRebalance(ctx context.Context, percent int, resumePayload string) (*ReportResponse, error) {
	return j.ReportProgress(ctx, Rebalance(percent, resumePayload))
}

// Moved reports whether a rebalance report of this job was applied: the run goes on at
// another instance.
func (j *Job) Moved() bool { return atomic.LoadInt32(&j.moved) == 1 }

// withDeadline bounds ctx by the job's deadline, if it has one.
func (j *Job) withDeadline(ctx context.Context) (context.Context, context.CancelFunc) {
	if j.Deadline.IsZero() {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, j.Deadline)
}
