package crony

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
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
	// Shard says which slice of a sharded or broadcast fire this call is; the zero Shard
	// (see [Shard.Sharded]) on a plain single call.
	Shard Shard
	// Reporter is where [Job.ReportResult] and [Job.ReportProgress] report: the Mux's
	// (see [WithReporter]), nil when it has none. Tests that call a handler directly can
	// set it, to a [Client] on a [FakeServer] say.
	Reporter Reporter

	// moved is 1 once a rebalance report of this job was applied (atomic: a handler may
	// report from a goroutine of its own; an int32 keeps Job copyable).
	moved int32
}

// Shard is one call's place in a sharded or broadcast fire: the fire made Total calls,
// spread over the service's instances, and this is the one numbered Index (from 0). A
// broadcast fire is sharded over the instances it called: one shard per instance.
type Shard struct {
	// Index is this call's shard, from 0 to Total-1.
	Index int
	// Total is how many shards the fire made; 0 when the call is not sharded.
	Total int
	// Params are this shard's parameters as the job lists them (opaque text, often
	// JSON); empty when the job gives none.
	Params string
}

// Sharded reports whether the call is one shard of a sharded or broadcast fire; when it
// is not, the handler does the whole work.
func (s Shard) Sharded() bool { return s.Total > 0 }

// Owns reports whether item number i (from 0) is this shard's when items are dealt out
// round-robin (i % Total == Index). An unsharded call owns every item.
func (s Shard) Owns(i int) bool { return !s.Sharded() || i%s.Total == s.Index }

// String is "2/4" for shard Index 2 of 4 (0-based index), "" when not sharded.
func (s Shard) String() string {
	if !s.Sharded() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Total)
}

// maxShards bounds a shard's index and total as the gRPC contract's int32 does, so an
// HTTP header cannot overflow an int on a 32-bit platform.
const maxShards = math.MaxInt32

// validate checks the shard fields as the contract bounds them.
func (s Shard) validate() error {
	switch {
	case s.Total < 0:
		return fmt.Errorf("shard total %d is negative", s.Total)
	case s.Total == 0 && (s.Index != 0 || s.Params != ""):
		return fmt.Errorf("shard index or params given without a shard total")
	case s.Total > 0 && (s.Index < 0 || s.Index >= s.Total):
		return fmt.Errorf("shard index %d is not in [0, %d)", s.Index, s.Total)
	}
	return nil
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
