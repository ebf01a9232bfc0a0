package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	crony "crony-sdk-go"
)

// registerJobs puts the sample's two jobs on mux. step is how long one shard of the
// async job takes, so a demo run can be watched in the dashboard.
func registerJobs(mux *crony.Mux, step time.Duration) {
	mux.Register("settle-orders", settleOrders)
	mux.RegisterAsync("rebuild-index", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		return rebuildIndex(ctx, job, step)
	})
}

// settleOrders is a SYNC job: the answer to the agent's call is the run's result.
// Params: {"day":"2026-11-21","orders":[12.5, 7]}.
func settleOrders(ctx context.Context, job *crony.Job) (crony.Result, error) {
	var p struct {
		Day    string    `json:"day"`
		Orders []float64 `json:"orders"`
	}
	if err := job.BindParams(&p); err != nil {
		return crony.Result{}, fmt.Errorf("params: %w", err)
	}
	if p.Day == "" { // no params: settle the day the run was scheduled for
		day := job.ScheduledAt
		if day.IsZero() {
			day = time.Now()
		}
		p.Day = day.Format(time.DateOnly)
	}
	total := 0.0
	for _, amount := range p.Orders {
		if amount < 0 {
			return crony.Failed(fmt.Sprintf("order amount %.2f is negative", amount)), nil
		}
		total += amount
	}
	return crony.Succeeded(fmt.Sprintf("settled %d orders for %s", len(p.Orders), p.Day)).
		WithOutput(fmt.Sprintf("total=%.2f", total)), nil
}

const shards = 5

// rebuildIndex is an ASYNC job: the agent is answered ACCEPTED at once, progress is
// reported per shard with the next shard as resume payload, so a retry picks up where
// the failed attempt stopped. The returned Result is reported by the Mux.
func rebuildIndex(ctx context.Context, job *crony.Job, step time.Duration) (crony.Result, error) {
	start := 0
	if job.ResumePayload != "" {
		n, err := strconv.Atoi(job.ResumePayload)
		if err != nil || n < 0 || n > shards {
			return crony.Result{}, fmt.Errorf("resume payload %q is not a shard number", job.ResumePayload)
		}
		start = n
	}
	for shard := start; shard < shards; shard++ {
		t := time.NewTimer(step) // stands in for the real work on one shard
		select {
		case <-ctx.Done():
			t.Stop()
			return crony.Result{}, fmt.Errorf("stopped at shard %d: %w", shard, ctx.Err())
		case <-t.C:
		}
		resp, err := job.ReportProgress(ctx, crony.Progress{
			Percent:       (shard + 1) * 100 / shards,
			ResumePayload: strconv.Itoa(shard + 1),
			Message:       fmt.Sprintf("shard %d of %d rebuilt", shard+1, shards),
		})
		switch {
		case errors.Is(err, crony.ErrUnauthorized), errors.Is(err, crony.ErrNotFound):
			return crony.Result{}, fmt.Errorf("crony-web refused progress: %w", err)
		case err != nil:
			// Progress is best effort: crony-web being briefly away is no reason to stop.
			slog.Warn("rebuild-index progress not reported", "executionId", job.Execution.ID, "error", err)
		case !resp.Applied:
			// The run is over (timed out, cancelled): stop working for nobody.
			return crony.Failed("run already " + resp.Status + " at shard " + strconv.Itoa(shard+1)), nil
		}
	}
	return crony.Succeeded(fmt.Sprintf("rebuilt shards %d..%d", start+1, shards)), nil
}
