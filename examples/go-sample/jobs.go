package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	crony "crony.io/sdk-go"
)

// registerJobs puts the sample's jobs on mux. step is how long one shard or batch of the
// async jobs takes, so a demo run can be watched in the dashboard; export-ledger moves
// its runs to another instance once d drains.
func registerJobs(mux *crony.Mux, step time.Duration, d *drain) {
	mux.Register("settle-orders", settleOrders)
	mux.RegisterAsync("rebuild-index", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		return rebuildIndex(ctx, job, step)
	})
	mux.RegisterAsync("export-ledger", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		return exportLedger(ctx, job, step, d.done())
	})
}

// settleOrders is a SYNC job: the answer to the agent's call is the run's result.
// Params: {"day":"2026-11-21","orders":[12.5, 7]}. When the job is sharded (or
// broadcast), each call settles only its own slice of the orders, dealt out round-robin
// (order i goes to shard i % total), and its output names the shard: "shard 1/2:
// total=7.00". Unsharded, it settles them all.
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
	total, settled := 0.0, 0
	for i, amount := range p.Orders {
		if !job.Shard.Owns(i) {
			continue // another shard's order
		}
		if amount < 0 {
			return crony.Failed(fmt.Sprintf("order amount %.2f is negative", amount)), nil
		}
		total += amount
		settled++
	}
	if job.Shard.Sharded() {
		return crony.Succeeded(fmt.Sprintf("settled %d of %d orders for %s", settled, len(p.Orders), p.Day)).
			WithOutput(fmt.Sprintf("shard %s: total=%.2f", job.Shard, total)), nil
	}
	return crony.Succeeded(fmt.Sprintf("settled %d orders for %s", settled, p.Day)).
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

// ledgerPosition is export-ledger's resume payload: the next item to export.
type ledgerPosition struct {
	Offset int `json:"offset"`
}

// exportLedger is a long ASYNC job that moves: it exports items batch by batch from the
// offset in the resume payload ({"offset":100000}; 0 on a first attempt), reporting the
// next offset as resume payload after every batch. When the instance drains, it asks
// Crony to move the run to another instance with the current offset and stops: that
// instance is called with the next attempt number and this offset, and goes on from
// there. Params: {"items":1000000,"batch":100000} (these are the defaults).
func exportLedger(ctx context.Context, job *crony.Job, step time.Duration, draining <-chan struct{}) (crony.Result, error) {
	p := struct {
		Items int `json:"items"`
		Batch int `json:"batch"`
	}{Items: 1_000_000, Batch: 100_000}
	if err := job.BindParams(&p); err != nil {
		return crony.Result{}, fmt.Errorf("params: %w", err)
	}
	if p.Items < 0 || p.Batch <= 0 {
		return crony.Result{}, fmt.Errorf("params: items %d must be >= 0 and batch %d > 0", p.Items, p.Batch)
	}
	offset := 0
	if job.ResumePayload != "" {
		var pos ledgerPosition
		if err := json.Unmarshal([]byte(job.ResumePayload), &pos); err != nil || pos.Offset < 0 || pos.Offset > p.Items {
			return crony.Result{}, fmt.Errorf("resume payload %q is not an offset within 0..%d", job.ResumePayload, p.Items)
		}
		offset = pos.Offset
	}
	from := offset
	for offset < p.Items {
		select {
		case <-draining: // checked first, so a draining instance never starts another batch
			return moveLedgerExport(ctx, job, offset, p.Items)
		default:
		}
		t := time.NewTimer(step) // stands in for the real work on one batch
		select {
		case <-ctx.Done():
			t.Stop()
			return crony.Result{}, fmt.Errorf("stopped at offset %d: %w", offset, ctx.Err())
		case <-draining:
			t.Stop()
			return moveLedgerExport(ctx, job, offset, p.Items)
		case <-t.C:
		}
		offset = min(offset+p.Batch, p.Items)
		resp, err := job.ReportProgress(ctx, crony.Progress{
			Percent:       percentOf(offset, p.Items),
			ResumePayload: ledgerPayload(offset),
			Message:       fmt.Sprintf("exported %d of %d", offset, p.Items),
		})
		switch {
		case errors.Is(err, crony.ErrUnauthorized), errors.Is(err, crony.ErrNotFound):
			return crony.Result{}, fmt.Errorf("crony-web refused progress: %w", err)
		case err != nil:
			slog.Warn("export-ledger progress not reported", "executionId", job.Execution.ID, "error", err)
		case !resp.Applied:
			return crony.Failed(fmt.Sprintf("run already %s at offset %d", resp.Status, offset)), nil
		}
	}
	return crony.Succeeded(fmt.Sprintf("exported items %d..%d on attempt %d", from, p.Items, job.Attempt)), nil
}

// moveLedgerExport asks Crony to carry the run on at another instance from offset. Once
// that is applied the Mux reports no result for this attempt. If it cannot be asked,
// the attempt fails: the job's retry policy resumes from the last offset reported.
func moveLedgerExport(ctx context.Context, job *crony.Job, offset, items int) (crony.Result, error) {
	resp, err := job.RequestRebalance(ctx, percentOf(offset, items), ledgerPayload(offset))
	switch {
	case err != nil:
		return crony.Result{}, fmt.Errorf("draining at offset %d, could not move the run: %w", offset, err)
	case !resp.Applied:
		return crony.Failed(fmt.Sprintf("run already %s at offset %d", resp.Status, offset)), nil
	}
	slog.Info("export-ledger moved to another instance", "executionId", job.Execution.ID, "offset", offset)
	return crony.Result{}, nil
}

func ledgerPayload(offset int) string {
	b, _ := json.Marshal(ledgerPosition{Offset: offset})
	return string(b)
}

func percentOf(done, total int) int {
	if total == 0 {
		return 100
	}
	return int(int64(done) * 100 / int64(total))
}
