package crony

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"
)

// Handler runs a job. It answers a [Result] (an error makes the run FAILED with the
// error as message; a zero Result means SUCCEEDED), or [Accepted] when the result is
// reported later through [Job.ReportResult]. ctx ends at the job's deadline and when
// the agent's call ends: work that goes on after answering Accepted needs a context of
// its own (or use [Mux.RegisterAsync], which gives it one).
type Handler func(ctx context.Context, job *Job) (Result, error)

// Mux routes the runs of a service to its job handlers by name. It is safe for
// concurrent use; handlers may be registered while it serves.
type Mux struct {
	reporter Reporter
	logger   *slog.Logger

	mu       sync.RWMutex
	handlers map[string]Handler
	statuses map[string]StatusFunc
	async    sync.WaitGroup
}

// MuxOption configures a [Mux].
type MuxOption func(*Mux)

// WithReporter sets the [Reporter] that [Job.ReportResult], [Job.ReportProgress] and
// [Mux.RegisterAsync] handlers report through, usually a [*Client].
func WithReporter(r Reporter) MuxOption { return func(m *Mux) { m.reporter = r } }

// WithLogger sets where the Mux logs what it cannot answer to anyone: handler panics
// and async reports that failed. The default is [slog.Default].
func WithLogger(l *slog.Logger) MuxOption {
	return func(m *Mux) {
		if l != nil {
			m.logger = l
		}
	}
}

// NewMux returns an empty Mux.
func NewMux(opts ...MuxOption) *Mux {
	m := &Mux{handlers: map[string]Handler{}, logger: slog.Default()}
	for _, opt := range opts {
		opt(m)
	}
	return m
}

// Register routes the runs for name to h. name is the last path segment of the job's
// target (http://svc/crony/jobs/NAME, static://host:port/NAME) or, for a gRPC target
// without a path, the job's name. Registering a name twice replaces the handler.
func (m *Mux) Register(name string, h Handler) {
	if name == "" || strings.Contains(name, "/") || h == nil {
		panic(fmt.Sprintf("crony: invalid handler registration %q", name))
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.handlers[name] = h
}

// RegisterAsync registers h for an ASYNC target: each run is answered ACCEPTED at
// once, h runs in its own goroutine with a context that ends at the job's deadline
// (not when the agent's call ends), may report progress through job, and its Result is
// reported through the Mux's [Reporter] (required: see [WithReporter]), except after an
// applied [Job.RequestRebalance]: the run then goes on at another instance. [Mux.Wait]
// waits for running async handlers.
func (m *Mux) RegisterAsync(name string, h Handler) {
	if m.reporter == nil {
		panic("crony: RegisterAsync needs a Mux with a Reporter (crony.WithReporter)")
	}
	m.Register(name, func(ctx context.Context, job *Job) (Result, error) {
		m.async.Add(1)
		go func() {
			defer m.async.Done()
			runCtx, cancel := job.withDeadline(context.WithoutCancel(ctx))
			defer cancel()
			result := m.call(runCtx, h, job)
			if result.Outcome == OutcomeAccepted {
				return // the handler reports by itself
			}
			if job.Moved() {
				// Another instance carries the run on: a result from here would end it.
				m.logger.Info("crony: async run moved to another instance", "jobId", job.JobID,
					"executionId", job.Execution.ID, "handler", job.Handler)
				return
			}
			// Report even when the run's own deadline has passed: crony-web decides.
			reportCtx, cancelReport := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
			defer cancelReport()
			if _, err := job.ReportResult(reportCtx, result); err != nil {
				m.logger.Error("crony: reporting async result failed", "jobId", job.JobID,
					"executionId", job.Execution.ID, "outcome", result.Outcome, "error", err)
			}
		}()
		return Accepted(), nil
	})
}

// Wait blocks until every async handler started by [Mux.RegisterAsync] has returned and
// reported. Call it on shutdown, after the servers stopped taking calls.
func (m *Mux) Wait() { m.async.Wait() }

// Names lists the registered handler names, sorted.
func (m *Mux) Names() []string {
	m.mu.RLock()
	defer m.mu.RUnlock()
	names := make([]string, 0, len(m.handlers))
	for n := range m.handlers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (m *Mux) lookup(name string) (Handler, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	h, ok := m.handlers[name]
	return h, ok
}

// execute runs the handler for job.Handler; ok is false when there is none.
func (m *Mux) execute(ctx context.Context, job *Job) (result Result, ok bool) {
	h, ok := m.lookup(job.Handler)
	if !ok {
		return Result{}, false
	}
	if job.Reporter == nil {
		job.Reporter = m.reporter
	}
	ctx, cancel := job.withDeadline(ctx)
	defer cancel()
	return m.call(ctx, h, job), true
}

// call runs h, turning a panic into a FAILED result so one bad run cannot take the
// service down.
func (m *Mux) call(ctx context.Context, h Handler, job *Job) (result Result) {
	defer func() {
		if p := recover(); p != nil {
			m.logger.Error("crony: job handler panicked", "jobId", job.JobID, "executionId", job.Execution.ID,
				"handler", job.Handler, "panic", p, "stack", string(debug.Stack()))
			result = Failed(fmt.Sprintf("crony: handler %q panicked: %v", job.Handler, p))
		}
	}()
	return resultOf(h(ctx, job))
}

func (m *Mux) unknownHandler(name string) string {
	return fmt.Sprintf("crony: no handler %q in this service (it has: %s)", name, strings.Join(m.Names(), ", "))
}
