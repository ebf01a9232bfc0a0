package crony

import (
	"context"
	"encoding/json"
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
	// Attempt is 1 for the first attempt, incremented by each retry.
	Attempt int
	// Trigger says why the run happened: CRON, MANUAL, RETRY, DEPENDENCY, MISFIRE or API.
	Trigger string
	// Params are the run's parameters as given (often JSON); see [Job.BindParams].
	Params []byte
	// ResumePayload is what an earlier attempt last reported in [Progress.ResumePayload].
	ResumePayload string
	// Deadline is when the run times out; zero when it has none. The handler's ctx
	// carries it too.
	Deadline time.Time
	// Reporter is where [Job.ReportResult] and [Job.ReportProgress] report: the Mux's
	// (see [WithReporter]), nil when it has none. Tests that call a handler directly can
	// set it, to a [Client] on a [FakeServer] say.
	Reporter Reporter
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
	return j.Reporter.ReportProgress(ctx, j.Execution, progress)
}

// withDeadline bounds ctx by the job's deadline, if it has one.
func (j *Job) withDeadline(ctx context.Context) (context.Context, context.CancelFunc) {
	if j.Deadline.IsZero() {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, j.Deadline)
}
