package crony

import (
	"context"
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
)

// OutcomeRunning: an accepted run is still going. Only a [Status] answer may say it,
// never a handler's answer or a report.
const OutcomeRunning Outcome = "RUNNING"

// Status is a status function's answer on how an accepted run is doing: the gRPC form
// of a job's status URL (see [Mux.RegisterStatus]).
type Status struct {
	// Outcome is OutcomeRunning while the run goes on, OutcomeSucceeded or
	// OutcomeFailed when it is over. Anything else is not usable: the agent asks again
	// at its next status interval.
	Outcome Outcome
	// Percent done, 0..100 (the agent clamps it); negative: not given.
	Percent int
	// Message is a short line on where the run is, or why it failed.
	Message string
	// Output is a finished run's output.
	Output string
	// ResumePayload is state a retry resumes from; empty keeps the last one.
	ResumePayload string
}

// Running is the status of a run that goes on, percent done (negative: not given).
func Running(percent int, message string) Status {
	return Status{Outcome: OutcomeRunning, Percent: percent, Message: message}
}

// Finished is the status of a run that is over, with result's outcome (SUCCEEDED or
// FAILED), message and output.
func Finished(result Result) Status {
	return Status{Outcome: result.Outcome, Percent: -1, Message: result.Message, Output: result.Output}
}

// StatusFunc answers how the accepted run job describes is doing. job carries what the
// agent's ask names: the execution (id and report token), the job's id and name, the
// status handler's name, the accepted attempt and the run's parameters. An error is no
// answer (the agent logs it and asks again); it is not the run's failure: say that
// with [Finished]([Failed](...)).
type StatusFunc func(ctx context.Context, job *Job) (Status, error)

// RegisterStatus makes f answer crony.v1.JobTarget/Status for name: an ASYNC gRPC job
// whose target.statusUrl is "/"+name is asked through it, every status interval, on
// the instance that took the call, instead of waiting for a report. name is often the
// async handler's own name. Registering a name twice replaces the function.
func (m *Mux) RegisterStatus(name string, f StatusFunc) {
	if name == "" || strings.Contains(name, "/") || f == nil {
		panic(fmt.Sprintf("crony: invalid status registration %q", name))
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.statuses == nil {
		m.statuses = map[string]StatusFunc{}
	}
	m.statuses[name] = f
}

// status runs the status function for job.Handler; ok is false when there is none.
func (m *Mux) status(ctx context.Context, job *Job) (answer Status, ok bool, err error) {
	m.mu.RLock()
	f, ok := m.statuses[job.Handler]
	m.mu.RUnlock()
	if !ok {
		return Status{}, false, nil
	}
	defer func() {
		if p := recover(); p != nil {
			m.logger.Error("crony: status function panicked", "jobId", job.JobID, "executionId", job.Execution.ID,
				"handler", job.Handler, "panic", p, "stack", string(debug.Stack()))
			answer, err = Status{}, fmt.Errorf("crony: status function %q panicked: %v", job.Handler, p)
		}
	}()
	answer, err = f(ctx, job)
	return answer, true, err
}

func (m *Mux) unknownStatus(name string) string {
	m.mu.RLock()
	names := make([]string, 0, len(m.statuses))
	for n := range m.statuses {
		names = append(names, n)
	}
	m.mu.RUnlock()
	sort.Strings(names)
	return fmt.Sprintf("crony: no status function %q in this service (it has: %s)", name, strings.Join(names, ", "))
}
