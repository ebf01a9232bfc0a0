package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	crony "crony-sdk-go"
	"crony-sdk-go/cronyv1"
)

// startSample runs the whole service on free loopback ports against a fake crony-web
// and stops it when the test ends.
func startSample(t *testing.T, cronyURL string) (httpAddr, grpcAddr string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan [2]string, 1)
	done := make(chan error, 1)
	cfg := config{httpAddr: "127.0.0.1:0", grpcAddr: "127.0.0.1:0", cronyURL: cronyURL, step: time.Millisecond}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	go func() { done <- run(ctx, cfg, log, func(h, g string) { addrs <- [2]string{h, g} }) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	})
	select {
	case a := <-addrs:
		return a[0], a[1]
	case err := <-done:
		t.Fatalf("run ended early: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("sample did not start")
	}
	return "", ""
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
