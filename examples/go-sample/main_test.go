package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	crony "crony.io/sdk-go"
	"crony.io/sdk-go/cronyv1"
)

// startSample runs the whole service on free loopback ports against a fake crony-web
// and stops it when the test ends.
func startSample(t *testing.T, cronyURL string) (httpAddr, grpcAddr string) {
	t.Helper()
	httpAddr, grpcAddr, _ = startSampleWith(t, cronyURL, time.Millisecond)
	return httpAddr, grpcAddr
}

// startSampleWith runs the service with step per shard or batch; stop shuts it down as
// a signal does and returns once its async runs are done (the test's end calls it too).
func startSampleWith(t *testing.T, cronyURL string, step time.Duration) (httpAddr, grpcAddr string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan [2]string, 1)
	done := make(chan error, 1)
	cfg := config{httpAddr: "127.0.0.1:0", grpcAddr: "127.0.0.1:0", cronyURL: cronyURL, step: step}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	go func() { done <- run(ctx, cfg, log, func(h, g string) { addrs <- [2]string{h, g} }) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("run: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	select {
	case a := <-addrs:
		return a[0], a[1], stop
	case err := <-done:
		t.Fatalf("run ended early: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("sample did not start")
	}
	return "", "", stop
}

func TestSettleOrdersRunsSynchronouslyOverHTTP(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	httpAddr, _ := startSample(t, fake.URL)

	resp, err := http.Post("http://"+httpAddr+"/crony/jobs/settle-orders", "application/json",
		strings.NewReader(`{"day":"2026-11-21","orders":[12.5,7]}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var res crony.Result
	if err := json.NewDecoder(resp.Body).Decode(&res); err != nil {
		t.Fatal(err)
	}
	want := crony.Succeeded("settled 2 orders for 2026-11-21").WithOutput("total=19.50")
	if resp.StatusCode != http.StatusOK || res != want {
		t.Errorf("answer = %d %+v", resp.StatusCode, res)
	}
}

// A sharded fire calls each shard with its index and total: each settles only the
// orders dealt to it (order i to shard i % total), over HTTP as over gRPC.
func TestSettleOrdersSettlesOnlyItsShardsOrders(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	httpAddr, grpcAddr := startSample(t, fake.URL)
	params := `{"day":"2026-11-21","orders":[10,1,20,2,30]}`

	req, err := http.NewRequest(http.MethodPost, "http://"+httpAddr+"/crony/jobs/settle-orders", strings.NewReader(params))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set(crony.HeaderShardIndex, "0")
	req.Header.Set(crony.HeaderShardTotal, "2")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var res crony.Result
	if err := json.NewDecoder(resp.Body).Decode(&res); err != nil {
		t.Fatal(err)
	}
	want := crony.Succeeded("settled 3 of 5 orders for 2026-11-21").WithOutput("shard 0/2: total=60.00")
	if resp.StatusCode != http.StatusOK || res != want {
		t.Errorf("shard 0 answer = %d %+v", resp.StatusCode, res)
	}

	conn, err := grpc.NewClient(grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	out, err := cronyv1.NewJobTargetClient(conn).Execute(context.Background(), &cronyv1.ExecuteRequest{
		JobName: "settle-orders", Params: params, ShardIndex: 1, ShardTotal: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	if out.GetOutcome() != cronyv1.Outcome_SUCCEEDED || out.GetMessage() != "settled 2 of 5 orders for 2026-11-21" ||
		out.GetOutput() != "shard 1/2: total=3.00" {
		t.Errorf("shard 1 answer = %v", out)
	}
}

func TestSettleOrdersShardWithNoOrdersSettlesNothing(t *testing.T) {
	job := &crony.Job{Params: []byte(`{"day":"2026-11-21","orders":[12.5,7]}`), Shard: crony.Shard{Index: 3, Total: 4}}

	res, err := settleOrders(context.Background(), job)
	if err != nil || res != crony.Succeeded("settled 0 of 2 orders for 2026-11-21").WithOutput("shard 3/4: total=0.00") {
		t.Errorf("result = %+v, %v", res, err)
	}
}

func TestRebuildIndexIsAcceptedOverGRPCAndResumesFromThePayload(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	_, grpcAddr := startSample(t, fake.URL)
	conn, err := grpc.NewClient(grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	exec := fake.NewExecution()

	resp, err := cronyv1.NewJobTargetClient(conn).Execute(context.Background(), &cronyv1.ExecuteRequest{
		ExecutionId: exec.ID, ReportToken: exec.Token, JobName: "rebuild-index", Attempt: 2, ResumePayload: "3",
	})
	if err != nil || resp.GetOutcome() != cronyv1.Outcome_ACCEPTED {
		t.Fatalf("Execute = %v, %v", resp, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	result, err := fake.WaitResult(ctx, exec.ID)
	if err != nil || result != crony.Succeeded("rebuilt shards 4..5") {
		t.Fatalf("result = %+v, %v", result, err)
	}
	var percents []int
	for _, p := range fake.ProgressReports(exec.ID) {
		percents = append(percents, p.Percent)
	}
	if len(percents) != 2 || percents[0] != 80 || percents[1] != 100 {
		t.Errorf("progress = %v", percents)
	}
}

func TestConfigComesFromFlagsThenEnvironment(t *testing.T) {
	env := map[string]string{"SAMPLE_HTTP_ADDR": ":7000", "CRONY_URL": "http://web:8080"}
	cfg, err := parseConfig([]string{"-crony-url", "http://other:8080"}, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.httpAddr != ":7000" || cfg.grpcAddr != "127.0.0.1:9090" || cfg.cronyURL != "http://other:8080" || cfg.step != 2*time.Second {
		t.Errorf("config = %+v", cfg)
	}
}

func TestRebuildIndexStopsWhenTheRunIsAlreadyOver(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	exec := fake.NewExecution()
	fake.SetStatus(exec.ID, "CANCELLED")
	client, err := crony.NewClient(fake.URL)
	if err != nil {
		t.Fatal(err)
	}
	job := &crony.Job{Execution: exec, Handler: "rebuild-index", Reporter: client}

	res, err := rebuildIndex(context.Background(), job, time.Millisecond)
	if err != nil || res != crony.Failed("run already CANCELLED at shard 1") {
		t.Errorf("result = %+v, %v", res, err)
	}
}

// The step is an hour: the run sits in its first batch until the instance drains, so
// what it reports depends on the drain alone.
func TestExportLedgerMovesToAnotherInstanceWhenAnAdminDrainsThisOne(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	httpAddr, _, stop := startSampleWith(t, fake.URL, time.Hour)
	exec := fake.NewExecution()

	req, _ := http.NewRequest(http.MethodPost, "http://"+httpAddr+"/crony/jobs/export-ledger", strings.NewReader(""))
	req.Header.Set(crony.HeaderExecutionID, strconv.FormatInt(exec.ID, 10))
	req.Header.Set(crony.HeaderToken, exec.Token)
	req.Header.Set(crony.HeaderAttempt, "2")
	req.Header.Set(crony.HeaderResumePayload, base64.StdEncoding.EncodeToString([]byte(`{"offset":100000}`)))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("status = %d", resp.StatusCode)
	}
	drained, err := http.Post("http://"+httpAddr+"/admin/drain", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	drained.Body.Close()
	if drained.StatusCode != http.StatusAccepted {
		t.Fatalf("drain status = %d", drained.StatusCode)
	}
	stop() // returns once the run's handler has returned

	want := crony.Progress{Percent: 10, ResumePayload: `{"offset":100000}`, Rebalance: true}
	if p := fake.ProgressReports(exec.ID); len(p) != 1 || p[0] != want {
		t.Errorf("progress = %+v", p)
	}
	if r, ok := fake.Result(exec.ID); ok || fake.Status(exec.ID) != "RUNNING" {
		t.Errorf("a moved run was ended here: %+v, status %s", r, fake.Status(exec.ID))
	}
}

func TestExportLedgerMovesToAnotherInstanceOnShutdown(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	_, grpcAddr, stop := startSampleWith(t, fake.URL, time.Hour)
	conn, err := grpc.NewClient(grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	exec := fake.NewExecution()

	resp, err := cronyv1.NewJobTargetClient(conn).Execute(context.Background(), &cronyv1.ExecuteRequest{
		ExecutionId: exec.ID, ReportToken: exec.Token, JobName: "export-ledger", Attempt: 1,
		Params: `{"items":2000,"batch":500}`,
	})
	if err != nil || resp.GetOutcome() != cronyv1.Outcome_ACCEPTED {
		t.Fatalf("Execute = %v, %v", resp, err)
	}
	stop() // as SIGTERM does

	want := crony.Progress{Percent: 0, ResumePayload: `{"offset":0}`, Rebalance: true}
	if p := fake.ProgressReports(exec.ID); len(p) != 1 || p[0] != want {
		t.Errorf("progress = %+v", p)
	}
	if _, ok := fake.Result(exec.ID); ok {
		t.Error("a moved run was ended here")
	}
}

// drainAfter drains the instance once the progress report with resume payload at is
// applied: a drain that comes mid-run, between two batches.
type drainAfter struct {
	crony.Reporter
	at string
	d  *drain
}

func (r drainAfter) ReportProgress(ctx context.Context, exec crony.Execution, p crony.Progress) (*crony.ReportResponse, error) {
	resp, err := r.Reporter.ReportProgress(ctx, exec, p)
	if p.ResumePayload == r.at && !p.Rebalance {
		r.d.start()
	}
	return resp, err
}

func TestExportLedgerReportsEveryBatchThenMovesFromWhereItGot(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	client, err := crony.NewClient(fake.URL)
	if err != nil {
		t.Fatal(err)
	}
	exec := fake.NewExecution()
	d := newDrain()
	job := &crony.Job{Execution: exec, Handler: "export-ledger", Attempt: 3, ResumePayload: `{"offset":100000}`,
		Reporter: drainAfter{Reporter: client, at: `{"offset":300000}`, d: d}}

	res, err := exportLedger(context.Background(), job, time.Millisecond, d.done())
	if err != nil || res != (crony.Result{}) || !job.Moved() {
		t.Fatalf("result = %+v, %v, moved %v", res, err, job.Moved())
	}
	want := []crony.Progress{
		{Percent: 20, ResumePayload: `{"offset":200000}`, Message: "exported 200000 of 1000000"},
		{Percent: 30, ResumePayload: `{"offset":300000}`, Message: "exported 300000 of 1000000"},
		{Percent: 30, ResumePayload: `{"offset":300000}`, Rebalance: true},
	}
	if p := fake.ProgressReports(exec.ID); len(p) != len(want) || p[0] != want[0] || p[1] != want[1] || p[2] != want[2] {
		t.Errorf("progress = %+v", p)
	}
}

func TestExportLedgerFinishesFromItsResumeOffset(t *testing.T) {
	fake := crony.NewFakeServer()
	defer fake.Close()
	client, err := crony.NewClient(fake.URL)
	if err != nil {
		t.Fatal(err)
	}
	exec := fake.NewExecution()
	job := &crony.Job{Execution: exec, Handler: "export-ledger", Attempt: 2, ResumePayload: `{"offset":100000}`,
		Params: []byte(`{"items":300000}`), Reporter: client}

	res, err := exportLedger(context.Background(), job, time.Millisecond, newDrain().done())
	if err != nil || res != crony.Succeeded("exported items 100000..300000 on attempt 2") || job.Moved() {
		t.Fatalf("result = %+v, %v", res, err)
	}
	if p := fake.ProgressReports(exec.ID); len(p) != 2 || p[1].ResumePayload != `{"offset":300000}` || p[1].Percent != 100 {
		t.Errorf("progress = %+v", p)
	}
}

func TestExportLedgerRefusesAResumePayloadThatIsNotAnOffset(t *testing.T) {
	for _, payload := range []string{"3", `{"offset":-1}`, `{"offset":1000001}`} {
		job := &crony.Job{ResumePayload: payload}
		if _, err := exportLedger(context.Background(), job, time.Millisecond, newDrain().done()); err == nil {
			t.Errorf("%s: no error", payload)
		}
	}
}
